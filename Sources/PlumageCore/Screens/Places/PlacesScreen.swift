/// The places list (SPEC §4, seed 002's Top Places): the folders under a root that hold photos,
/// the ones with the most photos first, each with its name, parent folder, count, date span and a
/// mosaic of its first photos. It fills as the background scan reports (`.placesScanned`), never
/// waiting for it; choosing a place pushes its photo list (`PlaceScreen`).
public struct PlacesScreen: Screen {
    /// Every place found so far and their order.
    public private(set) var catalog: PlaceCatalog
    /// The root folder's name: the bar's title.
    public let title: String
    /// The folder (relative to the root) of the place chosen with the keyboard or a click: it stays
    /// chosen while the order changes, and across a reload.
    public internal(set) var selection: String?
    /// The scrolling rows.
    var list = RowList(rowHeight: PlacesScreen.rowHeight)
    /// Laid-out texts of rows recently drawn (a row's text is laid out once, not every frame).
    var texts = PlaceRowTexts()

    /// Height of a place's row, in points.
    static let rowHeight = 96.0

    /// The places list of the folder at `rootPath` (absolute), empty until the scan reports.
    public init(rootPath: String) {
        catalog = PlaceCatalog(rootPath: rootPath)
        title = String(rootPath.split(separator: "/").last ?? "/")
    }

    /// "Photos · Places": the root folder, then what the list is.
    public var windowTitle: String { "\(title) · Places" }

    /// The places list's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, drag", "scroll"), ("click", "open a place")] + RowListCommand.keys.helpRows
    }

    /// How far the list is scrolled, in points from the top.
    public var scrollOffset: Double { list.scroll.offset }

    /// Jumps the list to `offset` points from the top (clamped to the rows known now), without animation.
    public mutating func scrollList(to offset: Double, at time: Seconds) {
        list.scroll.scroll(to: offset, animated: false, at: time)
    }

    /// True while the scan is still looking.
    public var isScanning: Bool { !catalog.isComplete }

    /// The place screen of the place shown at `row` (0-based, in display order), if there is one.
    public func placeScreen(row: Int) -> PlaceScreen? {
        guard catalog.order.indices.contains(row) else { return nil }
        return PlaceScreen(place: catalog.places[catalog.order[row]], context: title, scanning: isScanning,
                           generation: catalog.generation)
    }

    /// Applies one event: the scan's batches and read headers, keys of the list's table, wheel,
    /// clicks and drags on the rows, and the bar's theme button.
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        switch event {
        case let .placesScanned(batch):
            guard catalog.apply(batch) else { return [] }
            return batch.isFinal ? batch.limits.map { .notice($0.notice) } : []
        case let .photoHeaders(batch):
            catalog.apply(batch)
        case let .key(key, modifiers):
            guard let command = RowListCommand.keys.command(for: key, modifiers) else { break }
            let current = selectedRow
            guard let row = list.target(of: command, from: current, count: catalog.order.count, env: env) else { break }
            if command == .open { return open(row: row) }
            selection = catalog.places[catalog.order[row]].folder
            list.reveal(row, env: env)
        case let .pointerDown(.left, point) where point.y < ChromeMetrics.barHeight:
            return env.bar.rightButton.contains(point) ? [.app(.nextTheme)] : []
        default:
            if let row = list.handlePointer(event, count: catalog.order.count, env: env) {
                selection = catalog.places[catalog.order[row]].folder
                return open(row: row)
            }
        }
        return []
    }

    /// The row of the selected place, if it is listed.
    public var selectedRow: Int? {
        selection.flatMap(catalog.id(ofFolder:)).flatMap { catalog.order.firstIndex(of: $0) }
    }

    /// Pushes the photo list of the place at `row`.
    func open(row: Int) -> [Effect] {
        placeScreen(row: row).map { [.push($0)] } ?? []
    }

    /// True while the list scrolls.
    public func isAnimating(env: ScreenEnvironment) -> Bool { list.scroll.isAnimating }
}
