import PlumageCore

/// Short ways for tests to build an app and reach into its screens. A property of a screen that
/// is not on top reads as an empty value, so an assertion about it fails instead of crashing.
extension AppState {
    /// An app whose root is the feed screen of `source`.
    public static func feed(_ source: FeedSource, theme: Theme = Fixtures.theme) -> AppState {
        AppState(root: FeedScreen(source: source), themes: ThemeLibrary(themes: [theme]), theme: theme)
    }

    /// The feed screen on top, if it is one.
    public var feedScreen: FeedScreen? { top(as: FeedScreen.self) }
    /// The image view on top, if it is one.
    public var photoScreen: PhotoScreen? { top(as: PhotoScreen.self) }
    /// The top feed's list (empty when the top is not a feed).
    public var list: FeedList { feedScreen?.list ?? FeedList(rows: []) }

    /// Jumps the top feed's list to `offset` without animation.
    public mutating func scrollList(to offset: Double, at time: Seconds) {
        updateTop(FeedScreen.self) { $0.scrollList(to: offset, at: time) }
    }

    /// Pushes the image view on `photos` at `index` without a slide.
    public mutating func openPhotos(_ photos: [Photo], at index: Int, time: Seconds = 0) {
        push(PhotoScreen(photos: photos, index: index, context: "test"), at: time, animated: false)
    }
}

/// One frame the way the loop makes it: the event path's `update`, then the pure `frame`.
extension AppState {
    /// Updates the app to `time` and returns its frame with the effects the update asked for.
    public mutating func step(at time: Seconds, measurer: some TextMeasuring, statistics: FrameStatistics? = nil)
        -> (frame: Frame, effects: [Effect])
    {
        let effects = update(at: time, measurer: measurer, statistics: statistics)
        return (frame(at: time, measurer: measurer, statistics: statistics), effects)
    }

    /// Updates the app to `time` and returns its frame (the effects asked for are dropped).
    public mutating func updatedFrame(at time: Seconds, measurer: some TextMeasuring,
                                      statistics: FrameStatistics? = nil) -> Frame {
        step(at: time, measurer: measurer, statistics: statistics).frame
    }
}
