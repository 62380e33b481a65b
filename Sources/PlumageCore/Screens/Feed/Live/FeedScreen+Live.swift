import Imaging

/// A feed screen showing live sources (`FeedScreen.live`): the pages it asks for, the news of
/// them, the row at the end of the list ("Loading older posts…", a failure with Retry, "No older
/// posts"), F5's refresh and the "12 new posts ↑" announcement.
extension FeedScreen {
    /// A feed of `live`'s sources: what is read so far, the rest asked for as pages.
    public init(live: LiveFeed) {
        self.init(source: live.merged)
        self.live = live
    }

    /// The height of the row at the end of a live list: a line of text, or a failure and its Retry.
    static func footerHeight(for live: LiveFeed?) -> Double {
        guard let live else { return 0 }
        return live.failure != nil ? 104 : 56
    }

    /// The pages the screen wants now: a first page at once, an older one when the reader is within
    /// a screen of the end, a refresh after F5.
    func wantedPages(env: ScreenEnvironment) -> [LivePageRequest] {
        guard let live else { return [] }
        let end = ChromeMetrics.barHeight + (list.rowTops.last ?? 0)
        let nearEnd = list.layoutKey != nil && searchField == nil && list.scroll.offset + 2 * env.windowSize.height >= end
        return live.wantedPages(nearEnd: nearEnd)
    }

    /// Takes the news of a live page: merges the posts (the reader's place kept), counts the posts
    /// a refresh put above, and returns the notices it calls for (offline, a failed refresh).
    mutating func receiveLivePage(_ request: LivePageRequest, _ result: LivePageResult, env: ScreenEnvironment) -> [Effect] {
        guard var feed = live else { return [] }
        let outcome = feed.receive(request, result)
        live = feed
        switch outcome {
        case .none:
            return []
        case .posts(let added):
            let wasEmpty = source.items.isEmpty
            replaceLiveSource(env: env)
            if !wasEmpty { newPostsAbove += added }
            if case .page(_, _, .offline(let reason, let time)?) = result {
                return [.notice("offline — showing the copy from \(time) (\(reason))")]
            }
            return []
        case .failed(let reason):
            // A failed older page shows in the row at the end; a failed refresh, or a fresh read
            // failing while a stored copy is shown, as a notice.
            let shownInRow = request.part != .newer && feed.failure != nil
            return shownInRow ? [] : [.notice("cannot refresh \(request.address): \(reason)")]
        }
    }

    /// Shows the live feed's posts as merged now, keeping the reader's place; an open search box
    /// stays open, its matches found again among the new posts.
    mutating func replaceLiveSource(env: ScreenEnvironment) {
        guard let live else { return }
        let field = searchField
        replaceSource(live.merged, viewportHeight: env.windowSize.height)
        guard let field else { return }
        searchField = field
        listBeforeSearch = list
        showMatches(of: field.text, index: nil)
    }

    /// Per frame: the row at the end gets its height, the pill goes once the reader is at the top,
    /// and is laid out once for the frame's drawing and for clicks.
    mutating func updateLive(env: ScreenEnvironment, measurer: some TextMeasuring) {
        guard live != nil else { return }
        list.setFooterHeight(Self.footerHeight(for: live))
        if newPostsAbove > 0, list.scroll.offset <= 1, !list.scroll.isAnimating { newPostsAbove = 0 }
        newPostsPillLayout = newPostsPill(env: env, measurer: measurer)
    }

    /// F5 on a live feed: asks every address for its newest posts.
    public mutating func refreshLive() {
        live?.refresh()
    }

    /// Where the row at the end of the list is, in window points (nil when the feed is not live).
    func footerFrame(env: ScreenEnvironment) -> Rect? {
        guard live != nil else { return nil }
        let column = Self.columnFrame(windowSize: env.windowSize)
        let top = list.windowY(ofContentY: list.rowTops.last ?? 0)
        return Rect(x: column.minX, y: top, width: column.width, height: Self.footerHeight(for: live))
    }

    /// The Retry button of the row at the end, when a page failed.
    func retryButton(env: ScreenEnvironment) -> Rect? {
        guard live?.failure != nil, let footer = footerFrame(env: env) else { return nil }
        return Rect(x: (footer.midX - 44).rounded(), y: footer.maxY - 44, width: 88, height: 30)
    }

    /// The "N new posts ↑" pill under the bar, while posts a refresh brought are above the view.
    func newPostsPill(env: ScreenEnvironment, measurer: some TextMeasuring) -> (frame: Rect, label: TextBlock)? {
        guard newPostsAbove > 0 else { return nil }
        let label = newPostsAbove == 1 ? "1 new post ↑" : "\(newPostsAbove) new posts ↑"
        let block = TextLayout.layout([StyledSpan(Substring(label), .white)], style: .b1, maxWidth: 400, maxLines: 1,
                                      measurer: measurer)
        let column = Self.columnFrame(windowSize: env.windowSize)
        let width = (block.size.width + 32).rounded()
        return (Rect(x: (column.midX - width / 2).rounded(), y: ChromeMetrics.barHeight + 10, width: width, height: 32), block)
    }

    /// A click (press and release without a drag) on the pill or Retry; nil when it hit neither.
    mutating func liveClick(at point: Point, env: ScreenEnvironment) -> [Effect]? {
        if let pill = newPostsPillLayout?.frame, newPostsAbove > 0, pill.contains(point) {
            newPostsAbove = 0
            list.scroll.scroll(to: 0, animated: true, at: env.time)
            return []
        }
        if let retry = retryButton(env: env), retry.contains(point) {
            live?.retry()
            return []
        }
        return nil
    }

    /// Appends the row at the end of a live list and the new-posts pill.
    func drawLive(env: ScreenEnvironment, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        guard let live, let footer = footerFrame(env: env) else { return }
        let theme = env.theme
        if footer.minY < env.windowSize.height && footer.maxY > ChromeMetrics.barHeight {
            let message: String
            let color: RGBA
            if let failure = live.failure {
                let what = source.items.isEmpty ? "Cannot read the feed" : "Cannot load older posts"
                (message, color) = ("\(what): \(failure)", theme.color(.error))
            } else if live.hasMore {
                (message, color) = (source.items.isEmpty ? "Loading…" : "Loading older posts…", theme.color(.date))
            } else {
                (message, color) = (source.items.isEmpty ? "No posts here" : "No older posts", theme.color(.date))
            }
            let block = TextLayout.layout([StyledSpan(Substring(message), color)], style: .b1, maxWidth: footer.width - 40,
                                          maxLines: 2, measurer: measurer)
            commands.append(.text(block, at: Point(x: (footer.midX - block.size.width / 2).rounded(), y: footer.minY + 18),
                                  key: "live-footer:\(message):\(theme.name)"))
            if let retry = retryButton(env: env) {
                let hover = env.pointer.map(retry.contains) ?? false
                commands.append(.roundedFill(retry, radius: 15, theme.color(hover ? .selection : .cardTint)))
                let label = TextLayout.layout([StyledSpan("Retry", theme.color(.link))], style: .b1, maxWidth: retry.width,
                                              maxLines: 1, measurer: measurer)
                commands.append(.text(label, at: Point(x: (retry.midX - label.size.width / 2).rounded(),
                                                       y: (retry.midY - label.size.height / 2).rounded()),
                                      key: "live-retry:\(theme.name)"))
            }
        }
        if let (pill, label) = newPostsPillLayout, newPostsAbove > 0 {
            commands.append(.roundedFill(pill, radius: pill.height / 2, theme.color(.link)))
            commands.append(.text(label, at: Point(x: (pill.midX - label.size.width / 2).rounded(),
                                                   y: (pill.midY - label.size.height / 2).rounded()),
                                  key: "live-pill:\(newPostsAbove)"))
        }
    }
}
