/// The scrolling list of one section: rows, their layouts at the current width, and the scroller.
/// Content y = 0 is the top of the first cell; the list sits under the bar, so the window shows
/// content y = offset − barHeight at the window's top edge.
public struct FeedList: Sendable {
    /// Item indices of the rows, in display order.
    public private(set) var rows: [Int]
    /// Layout of each row at the current `LayoutKey` (empty until the first layout).
    public private(set) var layouts: [CellLayout] = []
    /// Content y of the top of each row, plus one final entry for the end.
    public private(set) var rowTops: [Double] = [0]
    /// The vertical scroller; its offset is in content points.
    public var scroll: ScrollPhysics
    /// What the current layouts were made for.
    public private(set) var layoutKey: LayoutKey?
    /// Bumped on every relayout so cached text textures of older layouts are never reused.
    public private(set) var generation = 0

    /// Everything a layout depends on; a change means relayout.
    public struct LayoutKey: Hashable, Sendable {
        public var width: Double
        public var textScale: Double
        public var displayScale: Double
        public var theme: String
        /// Creates a key.
        public init(width: Double, textScale: Double, displayScale: Double, theme: String) {
            self.width = width; self.textScale = textScale; self.displayScale = displayScale; self.theme = theme
        }
    }

    /// Creates a list of `rows` (item indices) scrolled to the top.
    public init(rows: [Int]) {
        self.rows = rows
        scroll = ScrollPhysics(contentHeight: 0, viewportHeight: 0)
    }

    /// Total content height including the space under the bar and below the last row.
    public var contentHeight: Double { FeedMetrics.barHeight + (rowTops.last ?? 0) + FeedMetrics.bottomInset }

    /// Lays out every row again when `key` differs from the last layout, keeping the row at the
    /// top of the viewport in place (a resize never loses the reading position).
    public mutating func layoutIfNeeded(
        key: LayoutKey, viewportHeight: Double, items: [Item], theme: Theme, now: Timestamp,
        measurer: some TextMeasuring
    ) {
        if key == layoutKey {
            if scroll.viewportHeight != viewportHeight {
                scroll.resize(contentHeight: contentHeight, viewportHeight: viewportHeight, keepingOffset: scroll.offset)
            }
            return
        }
        let anchor = anchorRow()
        layouts = rows.map { CellLayout.make(items[$0], width: key.width, theme: theme, now: now, measurer: measurer) }
        var tops: [Double] = []
        tops.reserveCapacity(rows.count + 1)
        var y = 0.0
        for layout in layouts { tops.append(y); y += layout.height }
        tops.append(y)
        rowTops = tops
        layoutKey = key
        generation += 1
        var offset = scroll.offset
        if let (row, fraction) = anchor, row < layouts.count {
            offset = rowTops[row] + fraction * layouts[row].height
        }
        scroll.resize(contentHeight: contentHeight, viewportHeight: viewportHeight, keepingOffset: offset)
    }

    /// The row at the top of the viewport and how far into it (0…1) the viewport starts.
    func anchorRow() -> (Int, Double)? {
        guard layoutKey != nil, !layouts.isEmpty else { return nil }
        let row = self.row(atContentY: scroll.offset) ?? 0
        let height = max(1, layouts[row].height)
        return (row, max(0, min(1, (scroll.offset - rowTops[row]) / height)))
    }

    /// The row whose cell covers content y, if any (binary search).
    public func row(atContentY y: Double) -> Int? {
        guard !layouts.isEmpty, y >= 0, y < rowTops[layouts.count] else { return nil }
        var lo = 0, hi = layouts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if rowTops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Rows intersecting the content range [top, bottom).
    public func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard !layouts.isEmpty else { return 0..<0 }
        let first = row(atContentY: max(0, top)) ?? (top < 0 ? 0 : layouts.count)
        var last = first
        while last < layouts.count && rowTops[last] < bottom { last += 1 }
        return first..<last
    }

    /// Window y of content y at the current offset.
    public func windowY(ofContentY y: Double) -> Double { y + FeedMetrics.barHeight - scroll.offset.rounded() }
}
