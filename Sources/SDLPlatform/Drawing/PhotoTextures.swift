import Imaging
import PlumageCore

/// Pyramid levels of photos as textures, split by `TileGrid` into tiles no larger than the texture
/// limit, uploaded on the main thread within a per-frame time budget so no frame stalls: each frame
/// the view `request`s the tiles it draws and `prefetch`es the ones it may draw soon (the next finer
/// and coarser levels, a margin for panning); `pump` uploads missing requested tiles within the
/// frame's budget (a big tile in row bands across frames), and `uploadAhead(until:)` uploads the
/// prefetched ones in the loop's idle time between frames. `textures(for:level:)`
/// returns the finished tiles. A tile appears only once completely uploaded, so the view draws a
/// coarser level underneath until then. Tiles are evicted least recently used beyond `byteLimit`.
/// Main thread only.
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
        var source: ResourceLocator
        var level: Int
        var index: Int
    }

    /// One level of one photo.
    private struct LevelKey: Hashable {
        var source: ResourceLocator
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

    private var tiles: CostCache<TileKey, Texture>
    private var grids: [LevelKey: TileGrid] = [:]
    private var wishes: [Upload] = []
    private var hopes: [Upload] = []
    private var streaming: (upload: Upload, band: BandedUpload)?
    /// The clock budgets and deadlines are read on (`Video.seconds`; a test can step its own).
    private let clock: () -> Double

    /// Creates an empty set for `renderer`; `tileSide` defaults to min(texture limit, 2048), and at most
    /// `byteLimit` bytes of tiles are kept (keep it above what one frame draws: ~100 MB at 1280×800).
    /// `clock` tells the time in seconds for budgets and deadlines.
    public init(renderer: Renderer, tileSide: Int? = nil, byteLimit: Int = 256 << 20,
                clock: @escaping () -> Double = Video.seconds) {
        self.renderer = renderer
        self.clock = clock
        self.tileSide = max(1, min(tileSide ?? 2048, renderer.maxTextureSide))
        tiles = CostCache(costLimit: byteLimit)
    }

    /// Bytes of tile textures held.
    public var totalBytes: Int { tiles.totalCost }

    /// The tile layout used for a level of `size`.
    public func grid(for size: PixelSize) -> TileGrid { TileGrid(imageSize: size, tileSide: tileSide) }

    /// Asks for the tiles of `bitmap` (level `level` of `source`) overlapping `visible` (pixels of that
    /// level; nil = the whole level) to be uploaded, those nearest the middle of `visible` first, after
    /// anything requested earlier since the last `pump`. `opaque`: every pixel of the photo is opaque, so
    /// its tiles may lack an alpha channel (`Renderer.opaqueFormat`) and must never be drawn blended.
    /// A bitmap of a different size than before for the same level replaces that level's tiles.
    public func request(source: ResourceLocator, level: Int, bitmap: Bitmap, visible: PixelRect? = nil, opaque: Bool) {
        wishes += uploads(source: source, level: level, bitmap: bitmap, area: visible, opaque: opaque)
    }

    /// Like `request`, for tiles that may be drawn soon: uploaded by `uploadAhead` in idle time.
    /// The list is replaced each frame (see `beginFrame`).
    public func prefetch(source: ResourceLocator, level: Int, bitmap: Bitmap, area: PixelRect, opaque: Bool) {
        hopes += uploads(source: source, level: level, bitmap: bitmap, area: area, opaque: opaque)
    }

    /// Forgets the previous frame's prefetch list; call before drawing a frame.
    public func beginFrame() { hopes = [] }

    /// True when prefetched tiles are still waiting for upload.
    public var hasUploadsAhead: Bool { hopes.contains { !tiles.contains($0.key) } || streaming != nil }

    /// The missing tiles of `area` (nil = all) of a level, nearest its middle first; registers the
    /// level's grid (a different size than before replaces the level's tiles).
    private func uploads(source: ResourceLocator, level: Int, bitmap: Bitmap, area: PixelRect?, opaque: Bool) -> [Upload] {
        let levelKey = LevelKey(source: source, level: level)
        let grid = self.grid(for: bitmap.size)
        if let old = grids[levelKey], old != grid { removeTiles(of: levelKey, grid: old) }
        grids[levelKey] = grid
        let area = area ?? PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let centreX = Double(area.x) + Double(area.width) / 2
        let centreY = Double(area.y) + Double(area.height) / 2
        return grid.ordered(grid.tiles(intersecting: area), nearestTo: centreX, centreY).compactMap { index in
            let key = TileKey(source: source, level: level, index: index)
            guard !tiles.contains(key) else { return nil }
            return Upload(key: key, bitmap: bitmap, rect: grid.rect(at: index), opaque: opaque)
        }
    }

    /// Uploads the missing tiles of `area` of `bitmap` (level `level` of `source`) at once, whole,
    /// whatever the budget: for a photo that would otherwise show nothing this frame (its coarsest
    /// level, about a view's worth of pixels, ~1 ms).
    public func uploadNow(source: ResourceLocator, level: Int, bitmap: Bitmap, area: PixelRect, opaque: Bool) {
        // A tile half uploaded meanwhile resumes afterwards (unless it is one of these).
        let paused = streaming
        for upload in uploads(source: source, level: level, bitmap: bitmap, area: area, opaque: opaque) {
            guard let band = try? banded(upload) else { continue }
            streaming = (upload, band)
            while streaming?.upload.key == upload.key { uploadBand() }
        }
        streaming = paused.flatMap { tiles.contains($0.upload.key) ? nil : $0 }
    }

    /// True when the tile at `index` of level `level` of `source` is uploaded; does not change recency.
    public func contains(source: ResourceLocator, level: Int, index: Int) -> Bool {
        tiles.contains(TileKey(source: source, level: level, index: index))
    }

    /// Uploads requested tiles in order for about `budgetMs` milliseconds (at least one band while
    /// one is missing) and forgets this frame's requests. Prefetched tiles wait for `uploadAhead`:
    /// a frame pays only for what it shows.
    /// Returns true when requested tiles are still missing, so the caller should draw another frame soon.
    @discardableResult
    public func pump(budgetMs: Double) -> Bool {
        let deadline = clock() + budgetMs / 1000
        uploadsLastPump = 0
        var missing = wishes.contains { !tiles.contains($0.key) }
        if missing {
            // A prefetched tile half uploaded yields to a missing requested one.
            if let upload = streaming?.upload, !wishes.contains(where: { $0.key == upload.key }) {
                streaming = nil
                hopes.insert(upload, at: 0)
            }
            missing = upload(from: &wishes, until: deadline, atLeastOne: true)
        }
        wishes = []
        return missing
    }

    /// Continues uploading prefetched tiles until `deadline` (the `clock`'s time, `Video.seconds()`
    /// by default); returns true while some remain. For the loop's idle time between frames.
    @discardableResult
    public func uploadAhead(until deadline: Double) -> Bool {
        upload(from: &hopes, until: deadline, atLeastOne: false)
    }

    /// Uploads bands of the tiles in `list` (the one streaming first) until `deadline`, dropping
    /// finished ones from the front; with `atLeastOne`, one band even past the deadline. Returns
    /// true when tiles of `list` are still missing.
    private func upload(from list: inout [Upload], until deadline: Double, atLeastOne: Bool) -> Bool {
        var forced = atLeastOne
        while forced || clock() < deadline {
            if streaming == nil {
                guard let index = list.firstIndex(where: { !tiles.contains($0.key) }) else { break }
                let upload = list[index]
                list.removeFirst(index + 1)
                guard let band = try? banded(upload) else { continue }
                streaming = (upload, band)
            }
            uploadBand()
            uploadsLastPump += 1
            forced = false
        }
        return streaming != nil || list.contains { !tiles.contains($0.key) }
    }

    /// The finished tiles of level `level` of `source`, marking them recently used.
    public func textures(for source: ResourceLocator, level: Int) -> [Tile] {
        guard let grid = grids[LevelKey(source: source, level: level)] else { return [] }
        return (0..<grid.count).compactMap { index in
            tiles.value(for: TileKey(source: source, level: level, index: index)).map { Tile(rect: grid.rect(at: index), texture: $0) }
        }
    }

    /// True when every tile of level `level` of `source` is uploaded.
    public func isComplete(source: ResourceLocator, level: Int) -> Bool {
        guard let grid = grids[LevelKey(source: source, level: level)] else { return false }
        return (0..<grid.count).allSatisfy { tiles.contains(TileKey(source: source, level: level, index: $0)) }
    }

    /// Drops every texture of `source` (a photo that failed or will not be shown again soon).
    public func remove(source: ResourceLocator) {
        for (levelKey, grid) in grids where levelKey.source == source { removeTiles(of: levelKey, grid: grid) }
        if streaming?.upload.key.source == source { streaming = nil }
        hopes.removeAll { $0.key.source == source }
    }

    /// Drops every texture.
    public func removeAll() {
        tiles.removeAll()
        hopes = []
        grids.removeAll()
        streaming = nil
    }

    /// A fresh banded upload of `upload`'s tile into a new texture.
    private func banded(_ upload: Upload) throws(SDLError) -> BandedUpload {
        try BandedUpload(renderer: renderer, bitmap: upload.bitmap, region: upload.rect, opaque: upload.opaque)
    }

    /// Copies the next band of rows of the tile being uploaded; a finished tile joins the cache.
    private func uploadBand() {
        guard var current = streaming else { return }
        if current.band.step() {
            tiles.insert(current.band.texture, for: current.upload.key, cost: current.band.texture.byteCount)
            streaming = nil
        } else {
            streaming = current
        }
    }

    /// Drops the tiles of one level and forgets its grid.
    private func removeTiles(of levelKey: LevelKey, grid: TileGrid) {
        for index in 0..<grid.count { tiles.removeValue(for: TileKey(source: levelKey.source, level: levelKey.level, index: index)) }
        grids[levelKey] = nil
    }
}
