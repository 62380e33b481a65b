import PlumageCore
import URLs

/// One request a live feed needs answered: the URL and what its answer is for.
public struct LiveRequest: Hashable, Sendable {
    /// What an answer to a request is read as.
    public enum Purpose: Hashable, Sendable {
        /// `BASE/api/v2/instance` (2) or `BASE/api/v1/instance` (1): is this a Mastodon server?
        case instanceProbe(version: Int)
        /// `BASE/api/v1/accounts/lookup?acct=…`: the account's id.
        case accountLookup
        /// A page of posts (the first, or an older one).
        case page
        /// The feed a web page links to (`<link rel="alternate">`).
        case discoveredFeed
    }
    /// The absolute http(s) URL.
    public var url: String
    /// What the answer is for.
    public var purpose: Purpose
    /// Creates a request.
    public init(url: String, purpose: Purpose) { self.url = url; self.purpose = purpose }
}

/// A server's answer as the session needs it: status, body, where the body came from after
/// redirects, and the `Link` header's `rel="next"` target (absolute), if any.
public struct LiveAnswer: Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The status as words for messages ("404 Not Found").
    public var statusLine: String
    /// The body, decoded.
    public var body: [UInt8]
    /// The URL the body came from.
    public var finalURL: String
    /// The `Link: <…>; rel="next"` target resolved against `finalURL`, when the answer has one.
    public var nextLink: String?
    /// Creates an answer.
    public init(status: Int, statusLine: String, body: [UInt8], finalURL: String, nextLink: String? = nil) {
        self.status = status; self.statusLine = statusLine; self.body = body; self.finalURL = finalURL
        self.nextLink = nextLink
    }
}

/// A page a live feed read: the posts as a source (kind, title, sections) and where the next,
/// older page is, if the server says there is one.
public struct LiveFeedPage: Hashable, Sendable {
    /// The page's posts as a source of the feed's kind.
    public var source: FeedSource
    /// The request for the next older page; nil at the end.
    public var older: LiveRequest?
    /// Creates a page.
    public init(source: FeedSource, older: LiveRequest?) { self.source = source; self.older = older }
}

/// What a session wants next: a fetch, or it has a page, or it failed (one line, named after the
/// address the user gave).
public enum LiveStep: Hashable, Sendable {
    /// Fetch this and hand the answer to `receive`.
    case fetch(LiveRequest)
    /// A page of posts.
    case page(LiveFeedPage)
    /// The feed cannot be read, and why.
    case failed(SourceError)
}

/// Reads a live feed from an address, deciding every request from what the servers answer: the
/// policy of issue 19's command-line contract, as a pure state machine (no I/O: whoever drives it
/// fetches each `LiveRequest` and hands back the `LiveAnswer`). `bsky.app/profile/X` goes to the
/// AppView's author feed; `BASE/tags/T` and `BASE/@u` are Mastodon's when `BASE/api/v2/instance`
/// (else `v1`) answers like a Mastodon server, else they are fetched as web pages; a web answer is
/// sniffed by content (RSS, Atom, JSON Feed; an HTML page is searched once for its feed link).
public struct LiveFeedSession: Sendable {
    /// Posts asked for per Mastodon page (the API's maximum).
    public static let mastodonPageSize = 40
    /// Posts asked for per Bluesky page.
    public static let blueskyPageSize = 50

    /// What the address was taken for.
    public let location: LiveLocation
    /// The address as given (errors name it).
    public let address: String
    /// The Bluesky AppView's base URL.
    let appView: String
    /// Which link targets count as links in post text.
    let topLevelDomains: TopLevelDomains
    /// True once the server answered the instance probe like a Mastodon server.
    private var usesMastodonAPI = false
    /// The kind the pages get, once known.
    private var kind: SourceKind
    /// The title the pages get, once known.
    private var title: String

    /// A session for `address` (a URL or `@user@host`); Bluesky accounts are read from `appView`
    /// (`https://public.api.bsky.app` unless the environment says otherwise). Throws when the
    /// address is neither.
    public init(address: String, appView: String = "https://public.api.bsky.app",
                topLevelDomains: TopLevelDomains) throws(SourceError) {
        guard let location = LiveLocation.parse(address) else {
            throw SourceError(.unsupported, path: address, reason: "not an http(s) address or @user@host")
        }
        self.location = location
        self.address = address
        self.appView = String(appView.reversed().drop { $0 == "/" }.reversed())
        self.topLevelDomains = topLevelDomains
        switch location {
        case .bluesky(let actor): (kind, title) = (.blueskyAccount, "@" + actor)
        case .mastodonTag(_, let tag, _): (kind, title) = (.mastodonTag, "#" + tag)
        case .mastodonAccount(let base, let acct, _):
            let host = URIReference(parsing: base).host ?? ""
            (kind, title) = (.mastodonAccount, "@" + (acct.contains("@") ? acct : acct + "@" + host))
        case .web(let url): (kind, title) = (.rss, url)
        }
    }

    /// The first request.
    public func start() -> LiveStep {
        switch location {
        case .bluesky(let actor):
            return .fetch(LiveRequest(url: blueskyFeedURL(actor: actor, cursor: nil), purpose: .page))
        case .mastodonTag(let base, _, _), .mastodonAccount(let base, _, _):
            return .fetch(LiveRequest(url: base + "/api/v2/instance", purpose: .instanceProbe(version: 2)))
        case .web(let url):
            return .fetch(LiveRequest(url: url, purpose: .page))
        }
    }

    /// The next step after `answer` to the last request; a page of an older page request is read
    /// the same way (`request` says which).
    public mutating func receive(_ answer: LiveAnswer, for request: LiveRequest) -> LiveStep {
        switch request.purpose {
        case .instanceProbe(let version): return probed(answer, version: version)
        case .accountLookup: return lookedUp(answer)
        case .page, .discoveredFeed: return read(answer, discovered: request.purpose == .discoveredFeed)
        }
    }

    // MARK: - Steps

    private mutating func probed(_ answer: LiveAnswer, version: Int) -> LiveStep {
        let isMastodon = (200..<300).contains(answer.status) && MastodonAccountReader.isMastodonInstance(answer.body)
        switch (isMastodon, location) {
        case (true, .mastodonTag(let base, let tag, _)):
            usesMastodonAPI = true
            let url = base + "/api/v1/timelines/tag/" + LiveLocation.queryEncoded(tag) + "?limit=\(Self.mastodonPageSize)"
            return .fetch(LiveRequest(url: url, purpose: .page))
        case (true, .mastodonAccount(let base, let acct, _)):
            usesMastodonAPI = true
            return .fetch(LiveRequest(url: base + "/api/v1/accounts/lookup?acct=" + LiveLocation.queryEncoded(acct),
                                      purpose: .accountLookup))
        case (false, .mastodonTag(let base, _, let url)), (false, .mastodonAccount(let base, _, let url)):
            if version == 2 {
                return .fetch(LiveRequest(url: base + "/api/v1/instance", purpose: .instanceProbe(version: 1)))
            }
            // Not a Mastodon server: the address is a web page like any other.
            (kind, title) = (.rss, url)
            return .fetch(LiveRequest(url: url, purpose: .page))
        default:
            return fail("unexpected instance answer")
        }
    }

    private mutating func lookedUp(_ answer: LiveAnswer) -> LiveStep {
        guard case .mastodonAccount(let base, let acct, _) = location else { return fail("unexpected account answer") }
        if answer.status == 404 { return fail("no account @\(acct) on \(URIReference(parsing: base).host ?? base)") }
        if let refusal = refusal(answer) { return refusal }
        do throws(SourceError) {
            let account = try MastodonAccountReader.account(answer.body, url: answer.finalURL)
            let url = base + "/api/v1/accounts/" + LiveLocation.queryEncoded(account.id) + "/statuses?limit=\(Self.mastodonPageSize)"
            return .fetch(LiveRequest(url: url, purpose: .page))
        } catch {
            return .failed(named(error))
        }
    }

    private mutating func read(_ answer: LiveAnswer, discovered: Bool) -> LiveStep {
        if let refusal = refusal(answer, discovered: discovered) { return refusal }
        do throws(SourceError) {
            switch location {
            case .bluesky(let actor):
                let page = try BlueskyFeedReader.read(answer.body, url: answer.finalURL)
                let older = page.cursor.map {
                    LiveRequest(url: blueskyFeedURL(actor: actor, cursor: $0), purpose: .page)
                }
                return done(page.source(kind: kind, title: title), older: older)
            case .mastodonTag, .mastodonAccount:
                // Not a Mastodon server after all: read as the web page it is.
                if !usesMastodonAPI { return try readWeb(answer, discovered: discovered) }
                let page = try MastodonStatusesReader.read(answer.body, url: answer.finalURL)
                return done(page.source(kind: kind, title: title), older: nextPage(answer.nextLink))
            default:
                return try readWeb(answer, discovered: discovered)
            }
        } catch {
            return .failed(named(error))
        }
    }

    /// A web answer read by what it is: a feed, or (once) a page naming its feed.
    private mutating func readWeb(_ answer: LiveAnswer, discovered: Bool) throws(SourceError) -> LiveStep {
        switch FeedSniffer.format(of: answer.body) {
        case .rss, .atom:
            let feed = try XMLFeedReader.read(answer.body, url: answer.finalURL, topLevelDomains: topLevelDomains)
            kind = feed.source.kind
            title = feed.source.title
            return done(feed.source, older: nextPage(feed.nextPage ?? answer.nextLink))
        case .jsonFeed:
            let source = try JSONFeedReader.decode(
                answer.body, path: answer.finalURL, baseDirectory: "/", documentURL: answer.finalURL, kind: .jsonFeed,
                topLevelDomains: topLevelDomains)
            kind = .jsonFeed
            title = source.title
            return done(source, older: nextPage(answer.nextLink))
        case .html:
            guard !discovered else { return fail("\(answer.finalURL) is a web page, not a feed") }
            let link = try FeedDiscovery.feed(in: answer.body, pageURL: answer.finalURL)
            return .fetch(LiveRequest(url: link.url, purpose: .discoveredFeed))
        case .unknown:
            return fail("not a feed (neither RSS, Atom, JSON Feed nor a web page linking to one)")
        }
    }

    // MARK: - Helpers

    /// A page, and where the next older one is.
    private func done(_ source: FeedSource, older: LiveRequest?) -> LiveStep {
        .page(LiveFeedPage(source: source, older: older))
    }

    /// A request for the next page at `url`, when it is an http(s) URL.
    private func nextPage(_ url: String?) -> LiveRequest? {
        guard let url, let scheme = URIReference(parsing: url).scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return LiveRequest(url: url, purpose: .page)
    }

    /// The failure an answer that is not a success means, or nil for a success. The answer to a
    /// `discovered` feed names that feed: the page the user gave was there.
    private func refusal(_ answer: LiveAnswer, discovered: Bool = false) -> LiveStep? {
        if (200..<300).contains(answer.status) { return nil }
        if answer.status == 401 || answer.status == 403, kind == .mastodonTag || kind == .mastodonAccount {
            let host = URIReference(parsing: answer.finalURL).host ?? "the server"
            return fail("\(host) requires signing in (login) to read this feed (server answered \(answer.statusLine))")
        }
        let status = "server answered \(answer.statusLine)"
        return fail(discovered ? "the page's feed \(answer.finalURL): \(status)" : status)
    }

    /// `app.bsky.feed.getAuthorFeed` for `actor`, from `cursor` on.
    private func blueskyFeedURL(actor: String, cursor: String?) -> String {
        appView + "/xrpc/app.bsky.feed.getAuthorFeed?actor=" + LiveLocation.queryEncoded(actor)
            + "&limit=\(Self.blueskyPageSize)" + (cursor.map { "&cursor=" + LiveLocation.queryEncoded($0) } ?? "")
    }

    /// A failure named after the address the user gave.
    private func fail(_ reason: String) -> LiveStep {
        .failed(SourceError(.invalidFeed, path: address, reason: reason))
    }

    /// `error` (named after a URL the session fetched) named after the address the user gave.
    private func named(_ error: SourceError) -> SourceError {
        error.path == address ? error : SourceError(error.kind, path: address, reason: error.reason)
    }
}
