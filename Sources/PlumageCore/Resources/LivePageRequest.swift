/// Which page of a live feed a request reads.
public enum LivePagePart: Hashable, Sendable, CustomStringConvertible {
    /// The newest page, the first time the feed is read.
    case first
    /// The page after those loaded, at this URL (Mastodon's `Link` next, Bluesky's cursor, RFC 5005).
    case older(String)
    /// The newest page again, for posts newer than those loaded (F5).
    case newer

    public var description: String {
        switch self {
        case .first: "first"
        case .older(let url): "older \(url)"
        case .newer: "newer"
        }
    }
}

/// A page of a live feed the core asks the platform to read (`Effect.readLivePages`); what came of
/// it arrives as `InputEvent.livePage`. A retry is a new request (the next `attempt`).
public struct LivePageRequest: Hashable, Sendable, CustomStringConvertible {
    /// The feed's address as the user gave it (a URL or `@user@host`).
    public var address: String
    /// Which page.
    public var part: LivePagePart
    /// Counts the tries of this page (and the refreshes of the feed): each is a new request.
    public var attempt: Int
    /// Creates a request.
    public init(address: String, part: LivePagePart, attempt: Int = 0) {
        self.address = address; self.part = part; self.attempt = attempt
    }
    public var description: String { "\(address) \(part)#\(attempt)" }
}

/// Where the posts of a live page came from when not fresh from the server.
public enum LivePageCopy: Hashable, Sendable {
    /// The copy stored the last time, shown before the server is asked (a fresher page follows).
    case stored
    /// The server could not be reached (the reason) and this is the copy stored at `time` ("14:02",
    /// local time of day as the platform words it).
    case offline(reason: String, time: String)
}

/// What reading a live page gave.
public enum LivePageResult: Hashable, Sendable {
    /// The page's posts as a source, the next older page's URL (nil at the end), and whether the
    /// posts are a stored copy rather than the server's answer just now.
    case page(FeedSource, older: String?, copy: LivePageCopy?)
    /// Why the page cannot be read (one line).
    case failed(String)

    /// True when nothing more follows for the request (a stored copy shown first is not final).
    public var isFinal: Bool {
        if case .page(_, _, .stored?) = self { return false }
        return true
    }
}
