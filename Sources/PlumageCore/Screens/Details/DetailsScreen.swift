/// The details of one post (SPEC §2, seed 001): the post on top, then its Images, Hashtags, Users
/// and URLs, one entry per row. Choosing a photo opens the image view on the post's photos, a
/// hashtag or user opens a search feed, a link opens the desktop browser.
public struct DetailsScreen: Screen {
    /// The source the post belongs to (searches from here search all of it).
    public let source: FeedSource
    /// Index of the post in `source.items`.
    public let item: Int
    /// What the post lists (while a content warning is closed: only its author).
    public internal(set) var content: DetailsContent
    /// The content warning opened and sensitive media shown (the post's own Show more / less).
    public internal(set) var reveals: PostReveals
    /// The vertical scroller; its offset is in content points, like the feed's.
    public internal(set) var scroll = ScrollPhysics(contentHeight: 0, viewportHeight: 0)
    /// The entry chosen with the keyboard (↑ ↓, Enter opens it); nil until a key chooses one.
    public internal(set) var selection: Int?
    /// The layout at the current width, theme and text size; nil before the first frame.
    var layout: DetailsLayout?
    /// The left-button press in progress; nil when the button is up.
    var drag: DragGesture?
    /// Where the post came from when it is a live one (its hashtags and users open live timelines).
    public internal(set) var origin: LiveOrigin?

    /// The details of `source.items[item]`, with what the reader opened of it in `reveals`.
    public init(source: FeedSource, item: Int, reveals: PostReveals = PostReveals()) {
        self.source = source
        self.item = item
        self.reveals = reveals
        content = Self.content(of: source.items[item], reveals: reveals)
    }

    /// What `item` lists: all of it, or while its content warning is closed only its author (its
    /// tags, links and media are part of what the warning hides).
    static func content(of item: Item, reveals: PostReveals) -> DetailsContent {
        guard !reveals.showsContent(of: item) else { return DetailsContent(item: item) }
        var hidden = item
        hidden.text = ""; hidden.entities = []; hidden.media = []
        return DetailsContent(item: hidden)
    }

    /// The post shown.
    public var post: Item { source.items[item] }

    /// The author and the source ("Ada Park · Demo").
    public var windowTitle: String { [post.author.name, source.title].filter { !$0.isEmpty }.joined(separator: " · ") }

    /// The details screen's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, drag", "scroll"), ("click", "open an entry")] + DetailsCommand.keys.helpRows
    }

    /// Beside the list it was opened from, in a wide window.
    public var role: ScreenRole { .detail }

    /// Applies one event: keys of the details table, wheel, clicks and drags on the rows.
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        let time = env.time
        switch event {
        case let .key(key, modifiers):
            if let command = DetailsCommand.keys.command(for: key, modifiers) { return perform(command, env: env) }
        case let .pointerDown(.left, point) where point.y < ChromeMetrics.barHeight:
            return env.bar.rightButton.contains(point) ? [.app(.nextTheme)] : []
        default:
            guard let click = scroll.follow(event, drag: &drag, at: time) else { break }
            if let effects = postClick(at: click, env: env) { return effects }
            if let row = row(at: click, env: env) {
                selection = row
                return choose(row, env: env)
            }
        }
        return []
    }

    /// Carries out a key-bound command.
    mutating func perform(_ command: DetailsCommand, env: ScreenEnvironment) -> [Effect] {
        let time = env.time
        let page = max(FeedMetrics.lineStep, env.windowSize.height - ChromeMetrics.barHeight - FeedMetrics.lineStep)
        switch command {
        case let .select(step): select(step, env: env)
        case .open: if let selection { return choose(selection, env: env) }
        case let .scrollLines(n): scroll.scroll(by: Double(n) * FeedMetrics.lineStep, animated: true, at: time)
        case let .scrollPages(n): scroll.scroll(by: Double(n) * page, animated: true, at: time)
        case .scrollToTop: scroll.scroll(to: 0, animated: true, at: time)
        case .scrollToBottom: scroll.scroll(to: scroll.maxOffset, animated: true, at: time)
        }
        return []
    }

    /// What choosing entry `index` does: the image view, the desktop's player, a search feed, or the browser.
    /// A hidden sensitive medium is shown instead (the next choice opens it).
    mutating func choose(_ index: Int, env: ScreenEnvironment) -> [Effect] {
        let entries = content.entries
        guard entries.indices.contains(index) else { return [] }
        if entries[index].media != nil && !reveals.showsMedia(of: post) {
            reveals.revealMedia(of: post.id)
            return []
        }
        switch entries[index] {
        case let .photo(photo, _):
            return [.push(PhotoScreen(photos: Photo.photos(of: post, source: source.kind), index: photo, context: source.title))]
        case let .video(media):
            return [EntityChoice.play(media, in: source.kind)]
        case let .hashtag(tag):
            return [EntityChoice.effect(of: .hashtag, target: tag, in: source, index: env.searchIndex, origin: origin)]
        case let .user(handle):
            return [EntityChoice.effect(of: .mention, target: handle, in: source, index: env.searchIndex, origin: origin)]
        case let .url(target, _):
            return [EntityChoice.effect(of: .url, target: target, in: source, index: env.searchIndex)]
        }
    }

    /// Moves the keyboard selection `step` entries and scrolls it into view.
    mutating func select(_ step: Int, env: ScreenEnvironment) {
        let count = content.entries.count
        guard count > 0 else { return }
        let next = selection.map { max(0, min(count - 1, $0 + step)) } ?? (step > 0 ? 0 : count - 1)
        selection = next
        guard let frame = layout?.rows[next].frame else { return }
        scroll.reveal(top: frame.minY, bottom: frame.maxY, visible: env.windowSize.height - ChromeMetrics.barHeight,
                      margin: 8, at: env.time)
    }

    /// The entry row under a window point, if any.
    func row(at point: Point, env: ScreenEnvironment) -> Int? {
        guard point.y >= ChromeMetrics.barHeight, let layout else { return nil }
        let column = FeedScreen.columnFrame(windowSize: env.windowSize)
        let local = Point(x: point.x - column.minX, y: point.y - ChromeMetrics.barHeight + scroll.offset.rounded())
        return layout.row(at: local)
    }

    /// True while the content scrolls.
    public func isAnimating(env: ScreenEnvironment) -> Bool { scroll.isAnimating }
}

/// What a key press asks of the details screen.
public enum DetailsCommand: Hashable, Sendable, KeyCommand {
    /// Move the keyboard selection by this many entries.
    case select(Int)
    /// Open the selected entry.
    case open
    /// Scroll by this many lines or pages (negative: up), animated.
    case scrollLines(Int), scrollPages(Int)
    /// Go to the top or the bottom.
    case scrollToTop, scrollToBottom

    /// What the command does, for the `?` overlay.
    public var help: String {
        switch self {
        case .select: "choose an entry"
        case .open: "open it"
        case .scrollLines, .scrollPages: "scroll"
        case .scrollToTop, .scrollToBottom: "top, bottom"
        }
    }

    /// The details screen's key table.
    public static let keys = KeyTable<DetailsCommand>([
        (KeyChord(.down),                        .select(1)),
        (KeyChord(.up),                          .select(-1)),
        (KeyChord(.enter),                       .open),
        (KeyChord(.character("j")),              .scrollLines(1)),
        (KeyChord(.character("k")),              .scrollLines(-1)),
        (KeyChord(.pageDown),                    .scrollPages(1)),
        (KeyChord(.space),                       .scrollPages(1)),
        (KeyChord(.pageUp),                      .scrollPages(-1)),
        (KeyChord(.home),                        .scrollToTop),
        (KeyChord(.end),                         .scrollToBottom),
    ])
}
