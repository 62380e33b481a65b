import Imaging
import Testing

@Suite struct TileGridTests {
    @Test func tilesCoverTheImageExactlyOnceRowMajor() {
        let grid = TileGrid(imageSize: PixelSize(width: 5000, height: 3000), tileSide: 2048)
        #expect(grid.columns == 3 && grid.rows == 2 && grid.count == 6)
        #expect(grid.rect(at: 0) == PixelRect(x: 0, y: 0, width: 2048, height: 2048))
        #expect(grid.rect(at: 2) == PixelRect(x: 4096, y: 0, width: 904, height: 2048))
        #expect(grid.rect(at: 5) == PixelRect(x: 4096, y: 2048, width: 904, height: 952))
        #expect(grid.rects.map { $0.width * $0.height }.reduce(0, +) == 5000 * 3000)
    }

    @Test func smallImagesAreOneTileAndEmptyOnesNone() {
        let one = TileGrid(imageSize: PixelSize(width: 1328, height: 747), tileSide: 4096)
        #expect(one.rects == [PixelRect(x: 0, y: 0, width: 1328, height: 747)])
        #expect(TileGrid(imageSize: PixelSize(width: 0, height: 10), tileSide: 64).count == 0)
        #expect(TileGrid(imageSize: PixelSize(width: 0, height: 10), tileSide: 64).tiles(intersecting: PixelRect(x: 0, y: 0, width: 9, height: 9)).isEmpty)
    }

    @Test func intersectingTilesAreClippedToTheImage() {
        let grid = TileGrid(imageSize: PixelSize(width: 1000, height: 1000), tileSide: 256)
        #expect(grid.columns == 4)
        #expect(grid.tiles(intersecting: PixelRect(x: 0, y: 0, width: 256, height: 256)) == [0])
        #expect(grid.tiles(intersecting: PixelRect(x: 255, y: 255, width: 2, height: 2)) == [0, 1, 4, 5])
        #expect(grid.tiles(intersecting: PixelRect(x: -500, y: 900, width: 600, height: 5000)) == [12])
        #expect(grid.tiles(intersecting: PixelRect(x: 1000, y: 0, width: 10, height: 10)).isEmpty)
        #expect(grid.tiles(intersecting: PixelRect(x: -100, y: -100, width: 5000, height: 5000)).count == 16)
    }

    @Test func orderingIsNearestFirstWithRowMajorTies() {
        let grid = TileGrid(imageSize: PixelSize(width: 300, height: 300), tileSide: 100)
        let all = Array(0..<9)
        #expect(grid.ordered(all, nearestTo: 150, 150).first == 4)
        #expect(grid.ordered(all, nearestTo: 150, 150) == [4, 1, 3, 5, 7, 0, 2, 6, 8])
        #expect(grid.ordered(all, nearestTo: 0, 0) == [0, 1, 3, 4, 2, 6, 5, 7, 8])
        #expect(grid.ordered([8, 0], nearestTo: 299, 299) == [8, 0])
    }
}
