/// The feed screen (SPEC §1): a section of a source as a scrolling list of cells under the bar,
/// with the section picker; clicking a photo opens the image view on the item's photos, clicking
/// a video or GIF opens it in the desktop's player.
public struct FeedScreen: Screen {
    /// The feed being shown (replaced when the source is reloaded).
    public private(set) var source: FeedSource
    /// Index of the section shown.
    public private(set) var sectionIndex = 0
    /// The scrolling list of the current section.
    public internal(set) var list: FeedList
    /// The section picker's state and when it last changed (for the slide animation).
    public internal(set) var picker = SectionPicker()
    /// The left-button press in progress over the list; nil when the button is up.
    var drag: DragGesture?
    /// The row chosen with the keyboard (↑ ↓, Enter opens it); nil until a key chooses one.
    public internal(set) var selection: Int?
    /// The search box in the bar while it is open; the list shows its matches as one types.
    public internal(set) var searchField: SearchField?
    /// The list as it was when the search box opened, shown again when it closes.
    var listBeforeSearch: FeedList?
    /// The query a search feed shows the matches of; nil for a source's own feed.
    public private(set) var query: String?
    /// Where the search box sits in the bar while it is open (the IME's rectangle).
    var searchFieldFrame = Rect.zero
    /// Where the runs of drawn post texts really are, by text key (for clicks on links).
    public private(set) var renderedRuns: [String: [[RunExtent]]] = [:]
    /// The live sources shown and their pages; nil for a feed read from files only.
    public internal(set) var live: LiveFeed?
    /// Posts a refresh put above those shown ("12 new posts ↑"); 0 once the reader is at the top.
    public internal(set) var newPostsAbove = 0
    /// The new-posts pill as `update` laid it out (its frame and label), for drawing and clicks;
    /// nil when not shown.
    var newPostsPillLayout: (frame: Rect, label: TextBlock)?
    /// The content warnings opened and sensitive media shown, by item id (kept across reloads).
    public internal(set) var reveals = PostReveals()

    /// Creates the screen showing `source`'s first section from its top.
    public init(source: FeedSource) {
        self.source = source
        list = FeedList(rows: source.sections.first?.itemIndices ?? Array(source.items.indices))
    }

    /// The section being shown.
    public var section: Section? { source.sections.indices.contains(sectionIndex) ? source.sections[sectionIndex] : nil }

    /// The bar title: the section name (the picker chevron follows it).
    public var title: String { section?.name ?? source.title }

    /// True while the search box is open.
    public var capturesText: Bool { searchField != nil }

    /// The search box's place in the bar while it is open.
    public var textInputArea: Rect? { searchField == nil ? nil : searchFieldFrame }

    /// The feed's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, drag", "scroll (drag flings)"), ("click", "open a post, #tag, @user, link"),
         ("click a video", "play it in the video player")]
            + FeedCommand.keys.helpRows + (hasPicker ? [("click the title", "sections")] : [])
    }

    /// The section, then the source ("Timeline · Demo").
    public var windowTitle: String { [section?.name ?? "", source.title].filter { !$0.isEmpty }.joined(separator: " · ") }

    /// Shows section `index` from its top.
    public mutating func selectSection(_ index: Int) {
        guard source.sections.indices.contains(index) else { return }
        sectionIndex = index
        list = FeedList(rows: source.sections[index].itemIndices)
        selection = nil
    }

    /// Shows the section called `name` (case-insensitive); returns false when there is none.
    @discardableResult
    public mutating func selectSection(named name: String) -> Bool {
        guard let index = source.sections.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
            return false
        }
        selectSection(index)
        return true
    }

    /// Jumps the list to `offset` points from the top (clamped), without animation.
    public mutating func scrollList(to offset: Double, at time: Seconds) {
        list.scroll.scroll(to: offset, animated: false, at: time)
    }

    /// Replaces the source (F5 reload), keeping the section by name when it still exists and the
    /// scroll offset as far as the new content allows.
    public mutating func replaceSource(_ newSource: FeedSource, viewportHeight: Double) {
        // The search box's saved list points into the old items: the box closes.
        searchField = nil
        listBeforeSearch = nil
        if let query {
            // A search feed searches the new source again, keeping its query.
            let offset = list.scroll.offset
            let reveals = reveals
            self = Self.search(query, in: newSource)
            self.reveals = reveals
            list.scroll.resize(contentHeight: offset + viewportHeight, viewportHeight: viewportHeight, keepingOffset: offset)
            return
        }
        let name = section?.name
        // The reader's place: the post at the top of the viewport, found again by id (new posts may
        // have arrived above it), else the same scroll offset.
        let top = list.topRow.map { (id: source.items[list.rows[$0.row]].id, points: $0.points) }
        source = newSource
        let index = newSource.sections.firstIndex { $0.name == name } ?? 0
        sectionIndex = index
        selection = nil
        let offset = list.scroll.offset
        list = FeedList(rows: newSource.sections.indices.contains(index) ? newSource.sections[index].itemIndices : [])
        if let top, let row = list.rows.firstIndex(where: { newSource.items[$0].id == top.id }) {
            list.pendingTop = (row, top.points)
        }
        list.scroll.resize(contentHeight: offset + viewportHeight, viewportHeight: viewportHeight, keepingOffset: offset)
    }

    /// The feed's photos in display order (for `snapshot --open-image N`): the item and the photo's
    /// index within it.
    public var feedPhotos: [(item: Int, photo: Int)] {
        list.rows.flatMap { item in
            Photo.photos(of: source.items[item], source: source.kind).indices.map { (item, $0) }
        }
    }

    /// The image view on the photos of item `item`, at photo `photo`, titled after this feed.
    public func photoScreen(item: Int, photo: Int) -> PhotoScreen {
        PhotoScreen(photos: Photo.photos(of: source.items[item], source: source.kind), index: photo, context: source.title)
    }

    /// The details of item `item` (an index into the source's items).
    public func detailsScreen(item: Int) -> DetailsScreen {
        var details = DetailsScreen(source: source, item: item, reveals: reveals)
        details.origin = live?.origin(ofItem: source.items[item].id)
        return details
    }

    /// A feed of the items of `source` matching `query` ("#swift", "@ada", words), titled with the
    /// query; the items are shared with `source`, so searching again searches all of them.
    public static func search(_ query: String, in source: FeedSource, index: SearchIndex? = nil) -> FeedScreen {
        let search = SearchQuery(query)
        let results = Section(name: search.description, itemIndices: matches(of: search, in: source, index: index))
        var feed = FeedScreen(source: FeedSource(kind: source.kind, title: source.title, owner: source.owner,
                                                 sections: [results], items: source.items))
        feed.query = query
        return feed
    }

    /// Applies one event: keys of the feed's table, wheel, clicks and drags on the list, the
    /// picker and the bar's buttons, and a reloaded source.
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        let time = env.time
        if searchField != nil, let effects = handleSearch(event, env: env) { return effects }
        switch event {
        case let .key(key, modifiers):
            if let command = FeedCommand.keys.command(for: key, modifiers) { return perform(command, env: env) }
        case let .wheel(_, dy, _, _):
            list.scroll.wheel(deltaPoints: -dy * FeedMetrics.wheelStep, at: time)
        case let .pointerDown(.left, point):
            return pointerPressed(at: point, env: env)
        case let .pointerMoved(point):
            if var d = drag {
                let wasDrag = d.moved
                if d.moved(to: point) {
                    if !wasDrag { list.scroll.dragBegan(y: d.start.y, at: time) }
                    list.scroll.dragMoved(y: point.y, at: time)
                }
                drag = d
            }
        case let .pointerUp(.left, point):
            guard let d = drag else { break }
            drag = nil
            if d.moved {
                list.scroll.dragEnded(at: time)
            } else if let effects = liveClick(at: point, env: env) {
                return effects
            } else if let effects = revealClick(at: point, env: env) {
                return effects
            } else if let (item, media) = mediaHit(at: point, env: env) {
                return [choose(media: media, of: item)]
            } else if let (item, index) = entityHit(at: point, env: env) {
                let entity = source.items[item].entities[index]
                return [EntityChoice.effect(of: entity.kind, target: entity.target, in: source, index: env.searchIndex,
                                            origin: live?.origin(ofItem: source.items[item].id))]
            } else if let row = rowHit(at: point, env: env) {
                selection = row
                return [.push(detailsScreen(item: list.rows[row]))]
            }
        case let .sourceReloaded(newSource):
            if live != nil {
                // The local sources shown with the live ones were read: merged with them again.
                live?.local = newSource
                replaceLiveSource(env: env)
            } else {
                replaceSource(newSource, viewportHeight: env.windowSize.height)
            }
        case let .livePage(request, result):
            return receiveLivePage(request, result, env: env)
        case let .textRendered(key, runs) where key.hasPrefix("body:"):
            if renderedRuns.count >= 2048 { renderedRuns.removeAll() }
            renderedRuns[key] = runs
        default:
            break
        }
        return []
    }

    /// Back closes the picker when it is open.
    public mutating func back(env: ScreenEnvironment) -> Bool {
        guard picker.isOpen else { return false }
        picker.toggle(at: env.time)
        return true
    }

    /// Carries out a key-bound command; returns what it asks for (opening the selected row).
    mutating func perform(_ command: FeedCommand, env: ScreenEnvironment) -> [Effect] {
        let time = env.time
        let page = max(FeedMetrics.lineStep, env.windowSize.height - ChromeMetrics.barHeight - FeedMetrics.lineStep)
        switch command {
        case let .scrollLines(n): list.scroll.scroll(by: Double(n) * FeedMetrics.lineStep, animated: true, at: time)
        case let .scrollPages(n): list.scroll.scroll(by: Double(n) * page, animated: true, at: time)
        // Far jumps land at once: the rows in between may still be estimates, and an animation
        // through thousands of rows shows nothing anyway.
        case .scrollToTop:
            list.scroll.scroll(to: 0, animated: list.scroll.offset < 2 * page, at: time)
        case .scrollToBottom:
            let distance = list.scroll.maxOffset - list.scroll.offset
            list.scroll.scroll(to: list.scroll.maxOffset, animated: distance < 2 * page, at: time)
        case let .select(step):
            select(step, env: env)
        case .search:
            return openSearch(env: env)
        case .open:
            if let selection, list.rows.indices.contains(selection) {
                return [.push(detailsScreen(item: list.rows[selection]))]
            }
        }
        return []
    }

    /// Moves the keyboard selection `step` rows (the first key chooses the first row whose top is
    /// on screen) and scrolls it into view.
    mutating func select(_ step: Int, env: ScreenEnvironment) {
        // Rows get their places at the next frame's layout (a list just made has none yet).
        guard !list.rows.isEmpty, list.rowTops.count == list.rows.count + 1 else { return }
        let row: Int
        if let selection {
            row = max(0, min(list.rows.count - 1, selection + step))
        } else {
            let first = list.rows(from: list.scroll.offset, to: list.scroll.offset + 1).first ?? 0
            row = list.rowTops[first] < list.scroll.offset - 0.5 && first + 1 < list.rows.count ? first + 1 : first
        }
        selection = row
        list.scroll.reveal(top: list.rowTops[row], bottom: list.rowTops[row + 1],
                           visible: env.windowSize.height - ChromeMetrics.barHeight, at: env.time)
    }

    /// Handles a left press at `point`: picker, bar buttons, or the start of a possible drag on the list.
    mutating func pointerPressed(at point: Point, env: ScreenEnvironment) -> [Effect] {
        let bar = env.bar
        if picker.isOpen {
            if let index = picker.row(at: point, sections: source.sections.count, bar: bar) {
                selectSection(index)
            }
            picker.toggle(at: env.time)
            return []
        }
        if point.y < ChromeMetrics.barHeight {
            if bar.searchButton.contains(point) { return searchField == nil ? openSearch(env: env) : closeSearch() }
            if searchField != nil { return [] }
            if hasPicker && bar.titleButton.contains(point) {
                picker.toggle(at: env.time)
            }
            return bar.rightButton.contains(point) ? [.app(.nextTheme)] : []
        }
        drag = .began(at: point)
        list.scroll.stop()
        return []
    }

    /// True while the list scrolls or the picker slides.
    public func isAnimating(env: ScreenEnvironment) -> Bool {
        list.scroll.isAnimating || picker.isAnimating(at: env.time)
    }

    /// The items of `source` matching `search`, through `index` when it is the source's.
    static func matches(of search: SearchQuery, in source: FeedSource, index: SearchIndex?) -> [Int] {
        if let index, index.itemCount == source.items.count { return index.matches(search) }
        return search.matchingIndices(in: source)
    }

    /// What a post's text keys hold after their kind ("body:"): what their layout depends on
    /// (column width, theme, text size and pixel density, item), so reported run places never
    /// outlive the layout they were drawn from.
    static func textTag(width: Double, env: ScreenEnvironment, item: Item) -> String {
        "\(Int(width)):\(env.theme.name):\(env.textScale)@\(env.displayScale.factor):\(item.id)"
    }

    /// True when the source has sections to choose from (a search feed has only its results).
    public var hasPicker: Bool { source.sections.count > 1 }

    /// The row under a window point in the list, if any.
    func rowHit(at point: Point, env: ScreenEnvironment) -> Int? {
        let column = Self.columnFrame(windowSize: env.windowSize)
        guard point.y >= ChromeMetrics.barHeight, column.contains(point) else { return nil }
        return list.row(atContentY: point.y - ChromeMetrics.barHeight + list.scroll.offset.rounded())
    }

    /// The item and the entity (an index in its `entities`) under a window point in a post's text.
    func entityHit(at point: Point, env: ScreenEnvironment) -> (item: Int, entity: Int)? {
        let column = Self.columnFrame(windowSize: env.windowSize)
        guard let row = rowHit(at: point, env: env), let layout = list.layout(row) else { return nil }
        let origin = Point(x: column.minX + layout.bodyOrigin.x, y: list.windowY(ofContentY: list.rowTops[row]) + layout.bodyOrigin.y)
        let item = list.rows[row]
        let key = "body:" + Self.textTag(width: column.width, env: env, item: source.items[item])
        guard let entity = layout.body.link(at: Point(x: point.x - origin.x, y: point.y - origin.y),
                                            rendered: renderedRuns[key]) else { return nil }
        return source.items[item].entities.indices.contains(entity) ? (item, entity) : nil
    }

    /// What choosing medium `media` (an index into its `media`) of item `item` does: a photo opens
    /// the image view on the item's photos, a video or GIF opens in the desktop's player.
    func choose(media: Int, of item: Int) -> Effect {
        if let photo = Photo.index(ofMedium: media, in: source.items[item]) {
            return .push(photoScreen(item: item, photo: photo))
        }
        return EntityChoice.play(source.items[item].media[media], in: source.kind)
    }

    /// The item and the medium (an index into its `media`) under a window point, if any.
    func mediaHit(at point: Point, env: ScreenEnvironment) -> (item: Int, media: Int)? {
        let column = Self.columnFrame(windowSize: env.windowSize)
        guard point.y >= ChromeMetrics.barHeight, column.contains(point),
              let row = list.row(atContentY: point.y - ChromeMetrics.barHeight + list.scroll.offset.rounded()),
              let layout = list.layout(row) else { return nil }
        let origin = Point(x: column.minX, y: list.windowY(ofContentY: list.rowTops[row]))
        let local = Point(x: point.x - origin.x, y: point.y - origin.y)
        guard let media = layout.photos.firstIndex(where: { $0.contains(local) }) else { return nil }
        let item = list.rows[row]
        return source.items[item].media.indices.contains(media) ? (item, media) : nil
    }
}
