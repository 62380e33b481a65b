/// Where everything of the details screen sits at one width, in content points (y = 0 is the top
/// of the post, which sits under the bar like the feed's first row).
struct DetailsLayout: Sendable {
    /// What a layout depends on; a change means a new layout.
    struct Key: Hashable, Sendable {
        var width: Double
        var textScale: Double
        var displayScale: Double
        var theme: String
        /// What the reader opened of the post (a content warning, sensitive media).
        var reveals: PostReveals
    }

    /// A section title, in content points relative to the column.
    struct Header: Sendable {
        var block: TextBlock
        var origin: Point
    }

    /// One selectable row: its frame in content points relative to the column and, for text
    /// entries, the laid-out text and where it goes.
    struct Row: Sendable {
        var frame: Rect
        var text: TextBlock?
        var textOrigin: Point
    }

    /// What the layout was made for.
    let key: Key
    /// The post at the top, laid out as a feed cell without its photos.
    let post: CellLayout
    /// The section titles.
    let headers: [Header]
    /// The rows, one per entry of `DetailsContent.entries`, in the same order.
    let rows: [Row]
    /// Total content height.
    let height: Double

    /// Height of a text entry's row.
    static let rowHeight = 44.0
    /// Height of a section title's band.
    static let headerHeight = 40.0

    /// Lays out `item` and `content` for a column `key.width` points wide.
    init(item: Item, content: DetailsContent, key: Key, theme: Theme, now: Timestamp, measurer: some TextMeasuring) {
        self.key = key
        let m = FeedMetrics.self
        var textOnly = item
        textOnly.media = []
        post = CellLayout.make(textOnly, width: key.width, theme: theme, now: now, bodyStyle: .l1, reveals: key.reveals,
                               measurer: measurer)
        var y = post.height
        var headers: [Header] = []
        var rows: [Row] = []
        let inner = max(40, key.width - 2 * m.padding)
        for section in content.sections {
            let title = TextLayout.layout([StyledSpan(Substring(section.title), theme.color(.sectionHeader))],
                                          style: .b1, maxWidth: inner, maxLines: 1, measurer: measurer)
            headers.append(Header(block: title, origin: Point(x: m.padding, y: y + Self.headerHeight - title.size.height - 6)))
            y += Self.headerHeight
            for entry in section.entries {
                switch entry {
                case let .photo(_, media), let .video(media):
                    let aspect = MediaDrawing.aspect(of: media)
                    // Very tall photos (a long screenshot) are shown at most twice as tall as wide,
                    // cropped to the middle; the image view shows them whole.
                    let height = (inner * min(aspect, 2)).rounded()
                    rows.append(Row(frame: Rect(x: m.padding, y: y + 4, width: inner, height: height), text: nil,
                                    textOrigin: .zero))
                    y += height + 8
                case .hashtag, .user, .url:
                    let (label, role) = Self.label(entry)
                    let block = TextLayout.layout([StyledSpan(Substring(label), theme.color(role))], style: .a2,
                                                  maxWidth: inner - 16, maxLines: 1, measurer: measurer)
                    let frame = Rect(x: 0, y: y, width: key.width, height: Self.rowHeight)
                    rows.append(Row(frame: frame, text: block,
                                    textOrigin: Point(x: m.padding, y: (y + (Self.rowHeight - block.size.height) / 2).rounded())))
                    y += Self.rowHeight
                }
            }
        }
        self.headers = headers
        self.rows = rows
        height = y + m.bottomInset
    }

    /// The text a text entry shows and the theme colour it is shown in.
    static func label(_ entry: DetailsContent.Entry) -> (String, ThemeRole) {
        switch entry {
        case let .hashtag(tag): ("#" + tag, .hashtag)
        case let .user(handle): ("@" + handle, .mention)
        case let .url(_, shown): (shown, .link)
        case .photo, .video: ("", .text)
        }
    }

    /// The row under content point `p` (relative to the column), if any.
    func row(at p: Point) -> Int? { rows.firstIndex { $0.frame.contains(p) } }
}
