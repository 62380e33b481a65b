/// A place's photos (seed 002's "photos of a place"): one row per photo with its thumbnail, name,
/// date (taken, else the file's time) and pixel size. Headers are read off the main thread for
/// this place only, the rows on screen first (`.readPhotoHeaders`, answered by `.photoHeaders`);
/// photos the scan still finds in the folder are added as they come. Choosing a photo opens the
/// image view with the place's photos as its neighbours.
public struct PlaceScreen: Screen {
    /// The place, growing while the scan adds to it and as its headers are read.
    public private(set) var place: Place
    /// What the place belongs to (the scanned root's name), after it in the window title.
    public let context: String
    /// True while the scan is still looking (more photos may come).
    public private(set) var isScanning: Bool
    /// True when this screen is the root: the folder had no sub-folders, so it shows the scan's
    /// progress and notices itself.
    public let ownsScan: Bool
    /// Photos the whole scan has found so far (shown while it runs, when this screen owns it).
    public private(set) var scannedPhotos = 0
    /// The scan its photos come from; a newer one (a reload) starts the list again.
    public private(set) var generation: Int
    /// The photo chosen with the keyboard or a click.
    public internal(set) var selection: Int?
    /// The scrolling rows.
    var list = RowList(rowHeight: PlaceScreen.rowHeight)
    /// Laid-out texts of rows recently drawn.
    var texts = PlaceRowTexts()
    /// True when the headers still unread should be asked for at the next frame.
    var wantsHeaders = true
    /// The first visible row when headers were last asked for (they are read from there on).
    var headerAnchor = 0

    /// Height of a photo's row, in points.
    static let rowHeight = 72.0

    /// The photo list of `place` (from the places list); `scanning` while the scan still runs.
    public init(place: Place, context: String, scanning: Bool, generation: Int) {
        self.place = place
        self.context = context
        isScanning = scanning
        ownsScan = false
        self.generation = generation
    }

    /// The photo list of a folder without sub-folders, opened directly: empty until the scan reports.
    public init(rootPath: String) {
        place = Place(folder: "", rootPath: rootPath)
        context = ""
        isScanning = true
        ownsScan = true
        generation = 0
    }

    /// "Rome · Photos": the place, then what it belongs to.
    public var windowTitle: String { [place.name, context].filter { !$0.isEmpty }.joined(separator: " · ") }

    /// The photo list's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, drag", "scroll"), ("click", "open a photo")] + RowListCommand.keys.helpRows
    }

    /// The image view on the place's photos, at photo `index` (0-based).
    public func photoScreen(index: Int) -> PhotoScreen? {
        guard place.photos.indices.contains(index) else { return nil }
        return PhotoScreen(photos: place.viewerPhotos, index: index, context: place.name)
    }

    /// Applies one event: the scan's batches and read headers, keys of the list's table, wheel,
    /// clicks and drags on the rows, and the bar's theme button.
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        switch event {
        case let .placesScanned(batch):
            return apply(batch)
        case let .photoHeaders(batch) where batch.folder == place.path:
            place.apply(batch.headers)
        case let .key(key, modifiers):
            guard let command = RowListCommand.keys.command(for: key, modifiers),
                  let row = list.target(of: command, from: selection, count: place.photos.count, env: env) else { break }
            if command == .open { return open(row) }
            selection = row
            list.reveal(row, env: env)
        case let .pointerDown(.left, point) where point.y < ChromeMetrics.barHeight:
            return env.bar.rightButton.contains(point) ? [.app(.nextTheme)] : []
        default:
            if let row = list.handlePointer(event, count: place.photos.count, env: env) {
                selection = row
                return open(row)
            }
        }
        return []
    }

    /// Takes the scan's photos of this folder; a batch of a newer scan starts the list again.
    mutating func apply(_ batch: PlaceScanBatch) -> [Effect] {
        if batch.generation < generation { return [] }
        if batch.generation > generation {
            place = Place(folder: place.folder, rootPath: place.rootPath)
            generation = batch.generation
            selection = nil
        }
        for addition in batch.additions where addition.folder == place.folder {
            place.append(addition.photos)
            wantsHeaders = true
        }
        isScanning = !batch.isFinal
        scannedPhotos = batch.photoCount
        return ownsScan && batch.isFinal ? batch.limits.map { .notice($0.notice) } : []
    }

    /// Pushes the image view at photo `row`.
    func open(_ row: Int) -> [Effect] {
        photoScreen(index: row).map { [.push($0)] } ?? []
    }

    /// The headers still unread, from row `anchor` to the end, then those above it; nil when all
    /// have been read.
    public func headerRequest(from anchor: Int = 0) -> PhotoHeaderRequest? {
        let photos = place.photos
        let start = max(0, min(anchor, photos.count))
        let order = Array(start..<photos.count) + Array(0..<start)
        let tasks = order.filter { !photos[$0].headerRead }.map { PhotoHeaderTask(index: $0, name: photos[$0].name) }
        return tasks.isEmpty ? nil : PhotoHeaderRequest(folder: place.path, tasks: tasks)
    }

    /// Leaving for good stops reading its headers.
    public func closing() -> [Effect] { [.cancelPhotoHeaders] }

    /// Back on top: ask again for headers still unread.
    public mutating func revealed() { wantsHeaders = true }

    /// True while the list scrolls.
    public func isAnimating(env: ScreenEnvironment) -> Bool { list.scroll.isAnimating }
}
