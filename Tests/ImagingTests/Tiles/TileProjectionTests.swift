import Imaging
import Testing

@Suite struct TileProjectionTests {
    let window = PixelRect(x: 0, y: 0, width: 1280, height: 748)

    func covered(_ pieces: [TileProjection.Piece]) -> Int { pieces.reduce(0) { $0 + $1.destination.width * $1.destination.height } }

    @Test(arguments: [0.37, 1.0, 2.5, 4.0, 13.7, 32.0])
    func piecesStayInsideTheWindowAndCoverItWithoutOverlap(scale: Double) {
        // A 2048² tile of a big image, panned so it crosses every window edge.
        let tile = PixelRect(x: 2048, y: 0, width: 2048, height: 2048)
        let origin = DevicePoint(x: -2048 * scale - 317.3, y: -41.6)
        let pieces = TileProjection.pieces(tile: tile, origin: origin, scale: DeviceSize(width: scale, height: scale), window: window)
        for p in pieces {
            #expect(p.destination.x >= 0 && p.destination.y >= 0)
            #expect(p.destination.x + p.destination.width <= 1280 && p.destination.y + p.destination.height <= 748)
            #expect(p.source.x >= 0 && p.source.y >= 0 && p.source.x + p.source.width <= 2048
                    && p.source.y + p.source.height <= 2048)
        }
        // The tile's visible area, computed directly.
        let x0 = max(0.0, origin.x + 2048 * scale), x1 = min(1280.0, origin.x + 4096 * scale)
        let y0 = max(0.0, origin.y), y1 = min(748.0, origin.y + 2048 * scale)
        let expected = max(0, Int(x1.rounded()) - Int(x0.rounded())) * max(0, Int(y1.rounded()) - Int(y0.rounded()))
        #expect(abs(covered(pieces) - expected) <= 2 * (1280 + 748))
        // No two pieces overlap.
        for (i, a) in pieces.enumerated() {
            for b in pieces[(i + 1)...] {
                let ox = min(a.destination.x + a.destination.width, b.destination.x + b.destination.width) - max(a.destination.x, b.destination.x)
                let oy = min(a.destination.y + a.destination.height, b.destination.y + b.destination.height) - max(a.destination.y, b.destination.y)
                #expect(ox <= 0 || oy <= 0)
            }
        }
    }

    @Test func aWhollyVisibleTileIsOneCopyAtItsExactPlace() {
        let pieces = TileProjection.pieces(tile: PixelRect(x: 0, y: 0, width: 100, height: 50), origin: DevicePoint(x: 10, y: 20),
                                           scale: DeviceSize(width: 2, height: 2), window: window)
        #expect(pieces == [.init(source: PixelRect(x: 0, y: 0, width: 100, height: 50),
                                 destination: PixelRect(x: 10, y: 20, width: 200, height: 100))])
    }

    @Test func anEdgeCutTexelIsStretchedOverItsVisiblePart() {
        // Texel size 8; the window's left edge cuts texel 0 at 3 px from its right edge.
        let pieces = TileProjection.pieces(tile: PixelRect(x: 0, y: 0, width: 4, height: 1), origin: DevicePoint(x: -5, y: 0),
                                           scale: DeviceSize(width: 8, height: 8), window: window)
        #expect(pieces.map(\.source.x) == [0, 1])
        #expect(pieces[0].destination == PixelRect(x: 0, y: 0, width: 3, height: 8))
        #expect(pieces[1].destination == PixelRect(x: 3, y: 0, width: 24, height: 8))
    }

    @Test func anInvisibleTileHasNoPieces() {
        #expect(TileProjection.pieces(tile: PixelRect(x: 0, y: 0, width: 10, height: 10), origin: DevicePoint(x: 2000, y: 0),
                                      scale: DeviceSize(width: 1, height: 1), window: window).isEmpty)
    }
}
