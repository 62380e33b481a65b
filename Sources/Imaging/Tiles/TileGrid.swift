/// The split of an image (or one pyramid level of it) into square tiles no larger than a texture
/// may be: row-major, full `tileSide` tiles except along the right and bottom edges.
public struct TileGrid: Hashable, Sendable {
    /// The size of the image being tiled, in its own pixels.
    public let imageSize: PixelSize
    /// The side of a full tile in pixels (≥ 1).
    public let tileSide: Int
    /// Tiles across (0 for an empty image).
    public let columns: Int
    /// Tiles down (0 for an empty image).
    public let rows: Int

    /// Tiles `imageSize` with tiles of at most `tileSide` (clamped to ≥ 1) pixels a side.
    public init(imageSize: PixelSize, tileSide: Int) {
        self.imageSize = imageSize
        self.tileSide = max(1, tileSide)
        columns = imageSize.width > 0 && imageSize.height > 0 ? (imageSize.width + self.tileSide - 1) / self.tileSide : 0
        rows = columns > 0 ? (imageSize.height + self.tileSide - 1) / self.tileSide : 0
    }

    /// Number of tiles.
    public var count: Int { columns * rows }

    /// The pixels covered by tile `index` (0 ..< count, row-major).
    public func rect(at index: Int) -> PixelRect {
        let x = index % columns * tileSide
        let y = index / columns * tileSide
        return PixelRect(
            x: x, y: y, width: min(tileSide, imageSize.width - x), height: min(tileSide, imageSize.height - y))
    }

    /// Every tile's rectangle, row-major; together they cover the image exactly once.
    public var rects: [PixelRect] { (0..<count).map(rect(at:)) }

    /// The tiles overlapping `area` with positive area, row-major (empty when `area` misses the image).
    public func tiles(intersecting area: PixelRect) -> [Int] {
        let x0 = max(0, area.x)
        let y0 = max(0, area.y)
        let x1 = min(imageSize.width, area.x + area.width)
        let y1 = min(imageSize.height, area.y + area.height)
        guard count > 0, x1 > x0, y1 > y0 else { return [] }
        var result: [Int] = []
        for row in y0 / tileSide...(y1 - 1) / tileSide {
            for column in x0 / tileSide...(x1 - 1) / tileSide { result.append(row * columns + column) }
        }
        return result
    }

    /// `indices` sorted nearest first by the distance from (`x`, `y`) (image pixels) to each tile's
    /// rectangle, 0 for the tile containing the point; ties keep row-major order.
    public func ordered(_ indices: [Int], nearestTo x: Double, _ y: Double) -> [Int] {
        func distance(_ index: Int) -> Double {
            let r = rect(at: index)
            let dx = max(Double(r.x) - x, 0, x - Double(r.x + r.width))
            let dy = max(Double(r.y) - y, 0, y - Double(r.y + r.height))
            return dx * dx + dy * dy
        }
        return indices.map { (index: $0, distance: distance($0)) }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
            .map(\.index)
    }
}
