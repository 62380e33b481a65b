/// What a key press asks of the feed screen.
public enum FeedCommand: Hashable, Sendable, KeyCommand {
    /// Scroll by this many lines (negative: up), animated.
    case scrollLines(Int)
    /// Scroll by this many pages (negative: up), animated.
    case scrollPages(Int)
    /// Go to the top or the bottom of the list.
    case scrollToTop, scrollToBottom
    /// Move the keyboard selection by this many rows (scrolling it into view).
    case select(Int)
    /// Open the selected row's details.
    case open
    /// Open the search box in the bar.
    case search

    /// What the command does, for the `?` overlay.
    public var help: String {
        switch self {
        case .scrollLines: "scroll a line"
        case .scrollPages: "scroll a page"
        case .scrollToTop, .scrollToBottom: "top, bottom"
        case .select: "choose a post"
        case .open: "open it"
        case .search: "search: words, #tag, @user"
        }
    }

    /// The feed's key table (SPEC §7).
    public static let keys = KeyTable<FeedCommand>([
        (KeyChord(.down),                        .select(1)),
        (KeyChord(.up),                          .select(-1)),
        (KeyChord(.enter),                       .open),
        (KeyChord(.character("/")),              .search),
        (KeyChord(.character("j")),              .scrollLines(1)),
        (KeyChord(.character("k")),              .scrollLines(-1)),
        (KeyChord(.pageDown),                    .scrollPages(1)),
        (KeyChord(.space),                       .scrollPages(1)),
        (KeyChord(.pageUp),                      .scrollPages(-1)),
        (KeyChord(.home),                        .scrollToTop),
        (KeyChord(.end),                         .scrollToBottom),
    ])
}
