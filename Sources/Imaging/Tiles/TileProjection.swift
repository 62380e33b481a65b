/// Splits the copy of one tile, scaled onto the screen, into pieces whose destinations all lie
/// inside the window. SDL 2's software renderer scales a copy that sticks out of its target via a
/// temporary surface as large as the whole destination (at 400 % a 2048-pixel tile becomes 8192²:
/// 256 MB cleared per tile per frame). Pieces: the texels wholly inside the window, then one-texel
/// strips and corners for texels the window edge cuts, each stretched to just its visible part.
public enum TileProjection {
    /// One copy: `source` in the tile's own pixels (origin at the tile's corner), `destination` in
    /// window pixels.
    public struct Piece: Hashable, Sendable {
        /// The texels copied, in the tile's own pixels.
        public var source: PixelRect
        /// Where they land, in window pixels (always inside the window).
        public var destination: PixelRect
        /// Creates a piece.
        public init(source: PixelRect, destination: PixelRect) { self.source = source; self.destination = destination }
    }

    /// The pieces for `tile` (in level pixels) of a level drawn with its pixel (0,0) at `origin` (window
    /// pixels) and each level pixel `scale` window pixels wide and high, clipped to `window`.
    public static func pieces(tile: PixelRect, origin: DevicePoint, scale: DeviceSize, window: PixelRect) -> [Piece] {
        let xs = spans(start: tile.x, count: tile.width, origin: origin.x, scale: scale.width,
                       low: window.x, high: window.x + window.width)
        let ys = spans(start: tile.y, count: tile.height, origin: origin.y, scale: scale.height,
                       low: window.y, high: window.y + window.height)
        var out: [Piece] = []
        for x in xs {
            for y in ys {
                out.append(Piece(source: PixelRect(x: x.source - tile.x, y: y.source - tile.y, width: x.count, height: y.count),
                                 destination: PixelRect(x: x.low, y: y.low, width: x.high - x.low, height: y.high - y.low)))
            }
        }
        return out
    }

    /// A run of source pixels along one axis and the window pixels it covers.
    struct Span {
        var source: Int
        var count: Int
        var low: Int
        var high: Int
    }

    /// Along one axis: texels [start, start + count) mapped by `origin + u * scale`, clipped to
    /// [low, high): the first partly visible texel, the wholly visible run, the last partly visible texel.
    static func spans(start: Int, count: Int, origin: Double, scale: Double, low: Int, high: Int) -> [Span] {
        guard count > 0, scale > 0, high > low else { return [] }
        func edge(_ u: Int) -> Int { Int((origin + Double(u) * scale).rounded()) }
        let end = start + count
        // Texels whose left edge is at or after `low` and right edge at or before `high`.
        var first = start
        while first < end && edge(first) < low { first += 1 }
        var last = end
        while last > first && edge(last) > high { last -= 1 }
        var out: [Span] = []
        if first > start {
            // The texel the low edge cuts: stretched over the part of it that shows.
            let cut = first - 1, right = min(high, edge(first))
            if edge(cut + 1) > low, right > low { out.append(Span(source: cut, count: 1, low: low, high: right)) }
        }
        if last > first, edge(last) > edge(first) {
            out.append(Span(source: first, count: last - first, low: edge(first), high: edge(last)))
        }
        if last < end {
            let left = max(low, edge(last))
            if edge(last) < high, high > left { out.append(Span(source: last, count: 1, low: left, high: high)) }
        }
        return out
    }
}
