/// The scrolling list of one section: rows, their layouts at the current width, and the scroller.
/// Content y = 0 is the top of the first cell; the list sits under the bar, so the window shows
/// content y = offset − barHeight at the window's top edge.
///
/// Layout is incremental so a 100,000-item archive opens and resizes at once: every row starts
/// with an estimated height, rows near the viewport are laid out exactly before they are drawn,
/// and the rest are refined in idle time (`refine`). Whenever a height changes, the row at the
/// top of the viewport keeps its place on screen.
public struct FeedList: Sendable {
    /// Item indices of the rows, in display order.
    public private(set) var rows: [Int]
    /// Exact layouts at the current `LayoutKey`; nil for rows still estimated.
    var layouts: [CellLayout?] = []
    /// Height of each row, exact or estimated.
    var heights: [Double] = []
    /// Content y of the top of each row, plus one final entry for the end.
    public private(set) var rowTops: [Double] = [0]
    /// Rows still estimated.
    public private(set) var estimatedCount = 0
    /// Where idle refinement continues.
    var refineCursor = 0
    /// The vertical scroller; its offset is in content points.
    public var scroll: ScrollPhysics
    /// What the current layouts are made for.
    public private(set) var layoutKey: LayoutKey?
    /// Bumped on every relayout so cached text textures of older layouts are never reused.
    public private(set) var generation = 0
    /// Estimated advance of an average character of body text at the current key, in points.
    var averageAdvance = 8.0

    /// Everything a layout depends on; a change means relayout.
    public struct LayoutKey: Hashable, Sendable {
        /// Width of the list column in points.
        public var width: Double
        /// The user's text size (1 = 100 %).
        public var textScale: Double
        /// Device pixels per point.
        public var displayScale: Double
        /// Name of the theme the colours come from.
        public var theme: String
        /// Creates a key.
        public init(width: Double, textScale: Double, displayScale: Double, theme: String) {
            self.width = width; self.textScale = textScale; self.displayScale = displayScale; self.theme = theme
        }
    }

    /// What laying out a row needs besides the row.
    public struct Context {
        /// All items of the source; rows index into it.
        public var items: [Item]
        /// The theme cells are coloured with.
        public var theme: Theme
        /// The moment relative dates ("3h") are measured from.
        public var now: Timestamp
        /// What the reader opened of posts with a content warning or sensitive media.
        public var reveals: PostReveals
        /// Creates a context.
        public init(items: [Item], theme: Theme, now: Timestamp, reveals: PostReveals = PostReveals()) {
            self.items = items; self.theme = theme; self.now = now; self.reveals = reveals
        }
    }

    /// Creates a list of `rows` (item indices) scrolled to the top.
    public init(rows: [Int]) {
        self.rows = rows
        scroll = ScrollPhysics(contentHeight: 0, viewportHeight: 0)
    }

    /// A row to put at the top of the viewport, `points` into it, when the list is first laid out
    /// (a reloaded feed keeps the reader's place); used once.
    public var pendingTop: (row: Int, points: Double)?

    /// A row whose layout is being redone (`invalidate(row:)`) and how far its top sits below the
    /// viewport's top, in content points: kept when it is laid out again; used once.
    var pinnedRow: (row: Int, points: Double)?

    /// Drops the exact layout of `row` (what it shows changed: a content warning opened) for the
    /// next `layoutIfNeeded` or `refine` to redo; meanwhile its top keeps its place on screen.
    public mutating func invalidate(row: Int) {
        guard layouts.indices.contains(row), layouts[row] != nil else { return }
        layouts[row] = nil
        estimatedCount += 1
        refineCursor = min(refineCursor, row)
        pinnedRow = (row, rowTops[row] - scroll.offset)
    }

    /// The row at the top of the viewport and how many points into it the viewport starts; nil before layout.
    public var topRow: (row: Int, points: Double)? {
        anchorRow().map { ($0.row, scroll.offset - rowTops[$0.row]) }
    }

    /// Height of the row after the last one (a live feed's "Loading older posts…"); 0 for none.
    public private(set) var footerHeight = 0.0

    /// Total content height including the space under the bar, the footer and below the last row.
    public var contentHeight: Double { ChromeMetrics.barHeight + (rowTops.last ?? 0) + footerHeight + FeedMetrics.bottomInset }

    /// Sets the footer's height, keeping the scroll offset.
    public mutating func setFooterHeight(_ height: Double) {
        guard height != footerHeight else { return }
        footerHeight = height
        if layoutKey != nil {
            scroll.resize(contentHeight: contentHeight, viewportHeight: scroll.viewportHeight, keepingOffset: scroll.offset)
        }
    }

    /// True when every row has its exact layout.
    public var isFullyLaidOut: Bool { layoutKey != nil && estimatedCount == 0 }

    /// The exact layout of a row, if it has been made (rows on screen always have one).
    public func layout(_ row: Int) -> CellLayout? { layouts.indices.contains(row) ? layouts[row] : nil }

    /// Starts over with estimates when `key` changed, then lays out exactly every row within a
    /// screen of the viewport, keeping the row at the top of the viewport in place.
    public mutating func layoutIfNeeded(
        key: LayoutKey, viewportHeight: Double, context: Context, measurer: some TextMeasuring
    ) {
        if key != layoutKey {
            var anchor = anchorRow()
            // Rows naming no item (a damaged source) are dropped: laying them out would index past the items.
            let count = rows.count
            rows.removeAll { !context.items.indices.contains($0) }
            if rows.count != count { anchor = nil }
            layoutKey = key
            generation += 1
            let sample = "the quick brown fox jumps over a lazy dog 0123456789"
            averageAdvance = measurer.width(of: Substring(sample), face: .text, style: .a2) / Double(sample.count)
            layouts = Array(repeating: nil, count: rows.count)
            heights = rows.map { estimatedHeight(of: context.items[$0], width: key.width, measurer: measurer) }
            estimatedCount = rows.count
            refineCursor = 0
            rebuildTops()
            var offset = anchor.map { rowTops[$0.row] + $0.fraction * heights[$0.row] } ?? scroll.offset
            if let top = pendingTop, rows.indices.contains(top.row) {
                offset = rowTops[top.row] + min(top.points, heights[top.row] - 1)
            }
            pendingTop = nil
            pinnedRow = nil
            scroll.resize(contentHeight: contentHeight, viewportHeight: viewportHeight, keepingOffset: offset)
        } else if scroll.viewportHeight != viewportHeight {
            scroll.resize(contentHeight: contentHeight, viewportHeight: viewportHeight, keepingOffset: scroll.offset)
        }
        // Laying rows out moves the ones below them; repeat until the neighbourhood is stable.
        for _ in 0..<8 {
            let top = scroll.offset - ChromeMetrics.barHeight
            let range = rows(from: top - viewportHeight, to: top + 2 * viewportHeight)
            if !layOut(range, context: context, measurer: measurer) { break }
        }
    }

    /// Lays out up to `maxRows` still-estimated rows (idle-time work); returns true while some remain.
    @discardableResult
    public mutating func refine(maxRows: Int, context: Context, measurer: some TextMeasuring) -> Bool {
        guard layoutKey != nil, estimatedCount > 0 else { return false }
        var batch: [Int] = []
        while batch.count < maxRows && refineCursor < rows.count {
            if layouts[refineCursor] == nil { batch.append(refineCursor) }
            refineCursor += 1
        }
        if let first = batch.first, let last = batch.last { layOut(first..<(last + 1), context: context, measurer: measurer) }
        return estimatedCount > 0
    }

    /// Lays out the estimated rows of `range` exactly; returns true when any height changed.
    @discardableResult
    mutating func layOut(_ range: Range<Int>, context: Context, measurer: some TextMeasuring) -> Bool {
        guard let key = layoutKey else { return false }
        let anchor = anchorRow()
        let pinnedToBottom = scroll.offset >= scroll.maxOffset - 0.5 && scroll.offset > 0 && !scroll.isAnimating
        var changed = false
        for row in range where layouts[row] == nil {
            let layout = CellLayout.make(context.items[rows[row]], width: key.width, theme: context.theme,
                                         now: context.now, reveals: context.reveals, measurer: measurer)
            layouts[row] = layout
            estimatedCount -= 1
            if layout.height != heights[row] { heights[row] = layout.height; changed = true }
        }
        let pin = pinnedRow.flatMap { layouts[$0.row] == nil ? nil : $0 }
        if pin != nil { pinnedRow = nil }
        guard changed else { return false }
        rebuildTops()
        var offset = anchor.map { rowTops[$0.row] + $0.fraction * heights[$0.row] } ?? scroll.offset
        if pinnedToBottom { offset = contentHeight - scroll.viewportHeight }
        if let pin { offset = rowTops[pin.row] - pin.points }
        scroll.resize(contentHeight: contentHeight, viewportHeight: scroll.viewportHeight, keepingOffset: offset)
        return true
    }

    /// A height from the text length and the photos' frames, without measuring words.
    func estimatedHeight(of item: Item, width: Double, measurer: some TextMeasuring) -> Double {
        let m = FeedMetrics.self
        let textWidth = max(40, width - m.padding * 2 - m.avatarSize - m.avatarGap)
        let bodyLine = (measurer.lineHeight(.a2) * m.bodyLineSpacing).rounded()
        // One pass over the UTF-8 bytes, counting scalars per paragraph (continuation bytes are
        // 0b10xxxxxx): no substrings made, so a 10,000-row relayout (the split view) stays cheap.
        let perLine = textWidth / averageAdvance
        var lines = 0.0
        var scalars = 0
        // Only the start that layout keeps (`TextLayout.maxCharacters`) counts: a 50 MB post is not read through.
        for byte in item.text.utf8.prefix(4 * TextLayout.maxCharacters) {
            if byte == 0x0A {
                lines += max(1, (Double(scalars) / perLine).rounded(.up))
                scalars = 0
            } else if byte & 0xC0 != 0x80 {
                scalars += 1
            }
        }
        lines += max(1, (Double(scalars) / perLine).rounded(.up))
        let photos = item.media.isEmpty ? 0
            : CellLayout.photoGrid(item.media, width: textWidth).map(\.maxY).max().map { $0 + m.blockGap + 4 } ?? 0
        let height = m.padding * 2 + measurer.lineHeight(.a1) + m.blockGap / 2 + lines * bodyLine + photos
        return max(height, m.avatarSize + m.padding * 2)
    }

    /// Recomputes `rowTops` from `heights` (a top per row plus the content end).
    mutating func rebuildTops() {
        var tops: [Double] = []
        tops.reserveCapacity(heights.count + 1)
        var y = 0.0
        for h in heights { tops.append(y); y += h }
        tops.append(y)
        rowTops = tops
    }

    /// The row at the top of the viewport and how far into it (0…1) the viewport starts.
    func anchorRow() -> (row: Int, fraction: Double)? {
        guard layoutKey != nil, !heights.isEmpty else { return nil }
        let row = self.row(atContentY: scroll.offset) ?? (scroll.offset <= 0 ? 0 : heights.count - 1)
        let height = max(1, heights[row])
        return (row, max(0, min(1, (scroll.offset - rowTops[row]) / height)))
    }

    /// The row whose cell covers content y, if any (binary search).
    public func row(atContentY y: Double) -> Int? {
        guard !heights.isEmpty, y >= 0, y < rowTops[heights.count] else { return nil }
        var lo = 0, hi = heights.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if rowTops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Rows intersecting the content range [top, bottom).
    public func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard !heights.isEmpty else { return 0..<0 }
        let first = row(atContentY: max(0, top)) ?? (top < 0 ? 0 : heights.count)
        var last = first
        while last < heights.count && rowTops[last] < bottom { last += 1 }
        return first..<last
    }

    /// Window y of content y at the current offset.
    public func windowY(ofContentY y: Double) -> Double { y + ChromeMetrics.barHeight - scroll.offset.rounded() }
}
