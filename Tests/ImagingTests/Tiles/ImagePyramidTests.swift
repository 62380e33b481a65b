import Imaging
import Testing

@Suite struct ImagePyramidTests {
    @Test func levelSizesRoundUp() {
        let photo = PixelSize(width: 5312, height: 2988)
        #expect(ImagePyramid.levelSize(0, of: photo) == photo)
        #expect(ImagePyramid.levelSize(2, of: photo) == PixelSize(width: 1328, height: 747))
        #expect(ImagePyramid.levelSize(3, of: PixelSize(width: 641, height: 481)) == PixelSize(width: 81, height: 61))
        #expect(ImagePyramid.levelSize(40, of: photo) == PixelSize(width: 1, height: 1))
    }

    @Test func levelsStopAtTheFirstThatFitsTheView() {
        let photo = PixelSize(width: 5312, height: 2988)
        let levels = ImagePyramid.levels(for: photo, downTo: PixelSize(width: 1280, height: 800))
        #expect(levels == [photo, PixelSize(width: 2656, height: 1494), PixelSize(width: 1328, height: 747),
                           PixelSize(width: 664, height: 374)])
        #expect(ImagePyramid.levels(for: PixelSize(width: 800, height: 600), downTo: PixelSize(width: 1280, height: 800)) == [PixelSize(width: 800, height: 600)])
        #expect(ImagePyramid.levels(for: PixelSize(width: 5, height: 3), downTo: PixelSize(width: 0, height: 0)).last == PixelSize(width: 1, height: 1))
    }

    @Test func coveringLevelMatchesTheJPEGScaleChoice() {
        let photo = PixelSize(width: 5312, height: 2988)
        #expect(ImagePyramid.coveringLevel(of: photo, cover: PixelSize(width: 1280, height: 800)) == 1)
        #expect(ImagePyramid.coveringLevel(of: photo, cover: PixelSize(width: 1280, height: 700)) == 2)
        #expect(ImagePyramid.coveringLevel(of: photo, cover: PixelSize(width: 600, height: 300)) == 3)
        #expect(ImagePyramid.coveringLevel(of: photo, cover: PixelSize(width: 6000, height: 10)) == 0)
        #expect(ImagePyramid.coveringLevel(of: PixelSize(width: 2, height: 2), cover: PixelSize(width: 0, height: 0)) == 1)
    }

    @Test func zoomPicksTheCoarsestLevelNotMagnified() {
        #expect(ImagePyramid.level(forZoom: 1, levelCount: 4) == 0)
        #expect(ImagePyramid.level(forZoom: 0.51, levelCount: 4) == 0)
        #expect(ImagePyramid.level(forZoom: 0.5, levelCount: 4) == 1)
        #expect(ImagePyramid.level(forZoom: 0.2, levelCount: 4) == 2)
        #expect(ImagePyramid.level(forZoom: 0.01, levelCount: 4) == 3)
        #expect(ImagePyramid.level(forZoom: 0.01, levelCount: 1) == 0)
    }

    @Test func halvingAveragesBlocksAndKeepsOddEdges() {
        // 3×3: columns 0-1 / rows 0-1 form one block, the odd column and row average what is left.
        var pixels: [UInt8] = []
        for y in 0..<3 {
            for x in 0..<3 { pixels += [UInt8(x * 10 + y), UInt8(100 + x), UInt8(200 + y), 255] }
        }
        let half = Bitmap(width: 3, height: 3, pixels: pixels).halved()
        #expect(half.size == PixelSize(width: 2, height: 2))
        #expect(half.pixels[0..<4] == [6, 101, 201, 255])  // (0+10+1+11)/4 = 5.5 → 6
        #expect(half.pixels[4..<8] == [21, 102, 201, 255])  // column 2: (20+21)/2 = 20.5 → 21
        #expect(half.pixels[8..<12] == [7, 101, 202, 255])  // row 2: (2+12)/2
        #expect(half.pixels[12..<16] == [22, 102, 202, 255])
        let strip = Bitmap(width: 5, height: 1, fill: RGBA(9, 8, 7, 6)).halved()
        #expect(strip.size == PixelSize(width: 3, height: 1) && strip.pixel(x: 2, y: 0) == RGBA(9, 8, 7, 6))
        let dot = Bitmap(width: 1, height: 1, fill: .white)
        #expect(dot.halved() == dot)
    }

    @Test func repeatedHalvingMatchesLevelSizes() {
        var bitmap = Bitmap(width: 37, height: 11, fill: RGBA(200, 100, 50))
        for level in 1...6 {
            bitmap = bitmap.halved()
            #expect(bitmap.size == ImagePyramid.levelSize(level, of: PixelSize(width: 37, height: 11)))
            #expect(bitmap.pixel(x: bitmap.width - 1, y: bitmap.height - 1) == RGBA(200, 100, 50))
        }
    }

    @Test func previewLevelAllowsTwoPercentShortAndStopsAtOneEighth() {
        let photo = PixelSize(width: 5312, height: 2988)
        // 1/4 is 1328×747: one pixel short of a 748-pixel view, still the preview level.
        #expect(ImagePyramid.coveringLevel(of: photo, cover: PixelSize(width: 1280, height: 748)) == 1)
        #expect(ImagePyramid.previewLevel(of: photo, cover: PixelSize(width: 1280, height: 748)) == 2)
        // 3 % short is too much.
        #expect(ImagePyramid.previewLevel(of: photo, cover: PixelSize(width: 1280, height: 770)) == 1)
        #expect(ImagePyramid.previewLevel(of: photo, cover: PixelSize(width: 100, height: 100)) == 3)
        #expect(ImagePyramid.previewLevel(of: PixelSize(width: 800, height: 600), cover: PixelSize(width: 1280, height: 748)) == 0)
    }
}
