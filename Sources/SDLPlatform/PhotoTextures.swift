internal import CSDL2
import PlumageCore

/// Pyramid levels of photos as textures, split by `TileGrid` into tiles no larger than the texture
/// limit, uploaded on the main thread within a per-frame time budget so no frame stalls: each frame
/// the view `request`s the tiles it wants to draw, `pump` uploads the missing ones (a big tile in row
/// bands across frames), and `textures(for:level:)` returns the finished ones. A tile appears only
/// once completely uploaded, so the view draws a coarser level underneath until then. Tiles are
/// evicted least recently used beyond `byteLimit`. Main thread only.
public final class PhotoTextures {
    /// One uploaded tile: where it sits in its level's pixels and its texture.
    public struct Tile {
        /// The tile's pixels within its pyramid level.
        public let rect: PixelRect
        /// The texture holding those pixels (same size as `rect`).
        public let texture: Texture
    }

    /// A tile of one level of one photo.
    private struct TileKey: Hashable {
        var path: String
        var level: Int
        var index: Int
    }

    /// One level of one photo.
    private struct LevelKey: Hashable {
        var path: String
        var level: Int
    }

    /// A tile waiting for (or in) its upload.
    private struct Upload {
        var key: TileKey
        var bitmap: Bitmap
        var rect: PixelRect
        var opaque: Bool
    }

    /// The renderer the textures belong to.
    public let renderer: Renderer
    /// The side of a full tile in pixels.
    public let tileSide: Int
    /// Band uploads done by the last `pump` (diagnostics).
    public private(set) var uploadsLastPump = 0
    /// Texture rows are uploaded in bands of about this many bytes, with a budget check between bands.
    static let bandBytes = 512 << 10

    private var tiles: CostCache<TileKey, Texture>
    private var grids: [LevelKey: TileGrid] = [:]
    private var wishes: [Upload] = []
    private var streaming: (upload: Upload, texture: Texture, nextRow: Int)?

    /// Creates an empty set for `renderer`; `tileSide` defaults to min(texture limit, 2048), and at most
    /// `byteLimit` bytes of tiles are kept (keep it above what one frame draws: ~100 MB at 1280×800).
    public init(renderer: Renderer, tileSide: Int? = nil, byteLimit: Int = 256 << 20) {
        self.renderer = renderer
        self.tileSide = max(1, min(tileSide ?? 2048, renderer.maxTextureSide))
        tiles = CostCache(costLimit: byteLimit)
    }

    /// Bytes of tile textures held.
    public var totalBytes: Int { tiles.totalCost }

    /// The tile layout used for a level of `size`.
    public func grid(for size: PixelSize) -> TileGrid { TileGrid(imageSize: size, tileSide: tileSide) }

    /// Asks for the tiles of `bitmap` (level `level` of `path`) overlapping `visible` (pixels of that
    /// level; nil = the whole level) to be uploaded, those nearest the middle of `visible` first, after
    /// anything requested earlier since the last `pump`. `opaque` tiles are drawn without blending.
    /// A bitmap of a different size than before for the same level replaces that level's tiles.
    public func request(path: String, level: Int, bitmap: Bitmap, visible: PixelRect? = nil, opaque: Bool) {
        let levelKey = LevelKey(path: path, level: level)
        let grid = self.grid(for: bitmap.size)
        if let old = grids[levelKey], old != grid { removeTiles(of: levelKey, grid: old) }
        grids[levelKey] = grid
        let area = visible ?? PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let centreX = Double(area.x) + Double(area.width) / 2
        let centreY = Double(area.y) + Double(area.height) / 2
        for index in grid.ordered(grid.tiles(intersecting: area), nearestTo: centreX, centreY) {
            let key = TileKey(path: path, level: level, index: index)
            guard !tiles.contains(key), streaming?.upload.key != key else { continue }
            wishes.append(Upload(key: key, bitmap: bitmap, rect: grid.rect(at: index), opaque: opaque))
        }
    }

    /// Uploads requested tiles in order for about `budgetMs` milliseconds (at least one band), then
    /// forgets this frame's requests. Returns true when requested tiles are still missing, so the
    /// caller should draw another frame soon.
    @discardableResult
    public func pump(budgetMs: Double) -> Bool {
        let start = Video.seconds()
        uploadsLastPump = 0
        var next = 0
        while uploadsLastPump == 0 || (Video.seconds() - start) * 1000 < budgetMs {
            if streaming == nil {
                while next < wishes.count && tiles.contains(wishes[next].key) { next += 1 }
                guard next < wishes.count else { break }
                let upload = wishes[next]
                next += 1
                let size = PixelSize(width: upload.rect.width, height: upload.rect.height)
                guard let texture = try? Texture(renderer: renderer, size: size, opaque: upload.opaque) else { continue }
                streaming = (upload, texture, 0)
            }
            uploadBand()
            uploadsLastPump += 1
        }
        let missing = streaming != nil || wishes[next...].contains { !tiles.contains($0.key) }
        wishes = []
        return missing
    }

    /// The finished tiles of level `level` of `path`, marking them recently used.
    public func textures(for path: String, level: Int) -> [Tile] {
        guard let grid = grids[LevelKey(path: path, level: level)] else { return [] }
        return (0..<grid.count).compactMap { index in
            tiles.value(for: TileKey(path: path, level: level, index: index)).map { Tile(rect: grid.rect(at: index), texture: $0) }
        }
    }

    /// True when every tile of level `level` of `path` is uploaded.
    public func isComplete(path: String, level: Int) -> Bool {
        guard let grid = grids[LevelKey(path: path, level: level)] else { return false }
        return (0..<grid.count).allSatisfy { tiles.contains(TileKey(path: path, level: level, index: $0)) }
    }

    /// Drops every texture of `path` (a photo that failed or will not be shown again soon).
    public func remove(path: String) {
        for (levelKey, grid) in grids where levelKey.path == path { removeTiles(of: levelKey, grid: grid) }
        if streaming?.upload.key.path == path { streaming = nil }
    }

    /// Drops every texture.
    public func removeAll() {
        tiles.removeAll()
        grids.removeAll()
        streaming = nil
    }

    /// Copies the next band of rows of the tile being uploaded; a finished tile joins the cache.
    private func uploadBand() {
        guard let (upload, texture, row) = streaming else { return }
        let rect = upload.rect
        let end = min(rect.height, row + max(1, Self.bandBytes / (rect.width * 4)))
        let pitch = upload.bitmap.width * 4
        var band = SDL_Rect(x: 0, y: Int32(row), w: Int32(rect.width), h: Int32(end - row))
        upload.bitmap.pixels.withUnsafeBytes { raw in
            let first = raw.baseAddress! + (rect.y + row) * pitch + rect.x * 4
            _ = SDL_UpdateTexture(texture.handle, &band, first, Int32(pitch))
        }
        if end == rect.height {
            tiles.insert(texture, for: upload.key, cost: texture.byteCount)
            streaming = nil
        } else {
            streaming = (upload, texture, end)
        }
    }

    /// Drops the tiles of one level and forgets its grid.
    private func removeTiles(of levelKey: LevelKey, grid: TileGrid) {
        for index in 0..<grid.count { tiles.removeValue(for: TileKey(path: levelKey.path, level: levelKey.level, index: index)) }
        grids[levelKey] = nil
    }
}
