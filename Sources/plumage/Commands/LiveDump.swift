import FeedImport
import Foundation
import Network
import PlumageCore

/// Reads live feeds for `dump`: drives a `LiveFeedSession` with the HTTP client on this thread,
/// through the web cache (conditional requests; a 304 reuses the stored copy), and falls back to the
/// stored copy of a page when the network fails — saying so on stderr ("offline").
struct LiveDump {
    /// The client every request goes through.
    let client: HTTPClient
    /// The web cache, when its folder can be used.
    let cache: WebCache?
    /// The Bluesky AppView's base URL (`PLUMAGE_BLUESKY_APPVIEW`, else the public one).
    let appView: String
    /// Which link targets count as links in post text.
    let domains: TopLevelDomains

    /// The reader for this run, configured from `environment`.
    init(domains: TopLevelDomains, environment: [String: String] = ProcessInfo.processInfo.environment) {
        client = HTTPClient(configuration: .fromEnvironment(version: PlumageVersion.number, environment: environment))
        cache = WebCache(folder: UserDirectories.cache(environment: environment) + "/" + WebCache.subfolder)
        appView = environment["PLUMAGE_BLUESKY_APPVIEW"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://public.api.bsky.app"
        self.domains = domains
    }

    /// True when `argument` is read from the network: an http(s) URL or `@user@host`, and no file
    /// of that name exists here.
    static func isLive(_ argument: String) -> Bool {
        LiveLocation.parse(argument) != nil && !FileManager.default.fileExists(atPath: argument)
    }

    /// The longest a server's rate limit may hold the next request back before `dump` gives up.
    static let longestHold: Duration = .seconds(60)

    /// The first `pages` pages of the feed at `address`, merged (newest first). A server whose
    /// rate-limit headers say its quota is used up (Mastodon's `X-RateLimit-*`) is not asked again
    /// before the quota refills (at most `longestHold`; longer fails saying until when). Throws the
    /// first failure, one line naming the address.
    func read(_ address: String, pages: Int) throws(SourceError) -> FeedSource {
        var session = try LiveFeedSession(address: address, appView: appView, topLevelDomains: domains)
        var step = session.start()
        var read: [FeedSource] = []
        var request: LiveRequest?
        var hold: Duration = .zero
        while true {
            switch step {
            case .failed(let error):
                throw error
            case .page(let page):
                read.append(page.source)
                guard read.count < max(1, pages), let older = page.older else { return merged(read) }
                request = older
            case .fetch(let next):
                request = next
            }
            guard let current = request else { return merged(read) }
            if hold > .zero { Thread.sleep(forTimeInterval: Double(hold.components.seconds) + Double(hold.components.attoseconds) / 1e18) }
            let (answer, limit) = try answer(current, address: address)
            step = session.receive(answer, for: current)
            hold = limit?.delayBeforeNextRequest(now: Date().timeIntervalSince1970) ?? .zero
            if hold > Self.longestHold, case .page(let page) = step, page.older != nil, read.count + 1 < pages {
                throw SourceError(.cannotRead, path: address,
                                  reason: "rate limited: the server takes no more requests until \(Self.clock(Int64(limit!.reset * 1e9)))")
            }
        }
    }

    /// `sources` as one source: the first page's kind and title, every page's items.
    private func merged(_ sources: [FeedSource]) -> FeedSource {
        guard let first = sources.first else {
            return FeedSource(kind: .rss, title: "", sections: [Section(name: "Timeline", itemIndices: [])], items: [])
        }
        guard sources.count > 1 else { return first }
        let items = sources.flatMap(\.items)
        var seen: Set<String> = []
        let unique = items.filter { seen.insert($0.id).inserted }
        let page = LivePage(items: unique, warnings: sources.flatMap(\.warnings))
        return page.source(kind: first.kind, title: first.title, owner: first.owner)
    }

    /// The answer to `request`: fetched (conditionally when a copy is stored), stored, or — when the
    /// network fails and a copy is stored — the stored copy with an "offline" line on stderr; with
    /// the rate limit the server announced, if any.
    private func answer(_ request: LiveRequest, address: String) throws(SourceError) -> (LiveAnswer, RateLimit?) {
        let key = WebCacheKey(.feed, request.url)
        let stored = cache?.entry(for: key)
        let validators = HTTPValidators(etag: stored?.metadata.etag, lastModified: stored?.metadata.lastModified)
        let response: HTTPResponse
        do {
            response = try client.fetchRetrying(HTTPRequest(url: request.url, validators: validators, limits: .feed))
        } catch {
            if case .status = error { throw SourceError(.cannotRead, path: address, reason: error.description) }
            guard let stored else {
                let reason = request.url == address ? error.description : "\(request.url): \(error)"
                throw SourceError(.cannotRead, path: address, reason: reason)
            }
            warn("offline — \(error); showing the copy of \(request.url) from \(Self.clock(stored.metadata.confirmedAt))")
            return (Self.answer(from: stored), nil)
        }
        let now = WebCache.now()
        if response.isNotModified, let stored {
            var metadata = stored.metadata
            metadata.confirmedAt = now
            _ = cache?.store(key, metadata: metadata, body: stored.body)
            return (Self.answer(from: stored), RateLimit(headers: response.headers))
        }
        let next = LinkHeader.target("next", in: response.headers, base: response.finalURL)
        if response.isSuccess {
            let metadata = WebCacheMetadata(
                finalURL: response.finalURL, etag: response.validators.etag, lastModified: response.validators.lastModified,
                contentType: response.headers["content-type"], nextLink: next, fetchedAt: now)
            _ = cache?.store(key, metadata: metadata, body: response.body)
        }
        let answer = LiveAnswer(status: response.status, statusLine: HTTPStatusText.line(response.status, reason: response.reason),
                                body: response.body, finalURL: response.finalURL, nextLink: next)
        return (answer, RateLimit(headers: response.headers))
    }

    /// A stored copy as a successful answer.
    private static func answer(from stored: WebCacheEntry) -> LiveAnswer {
        LiveAnswer(status: 200, statusLine: "200 OK", body: stored.body, finalURL: stored.metadata.finalURL,
                   nextLink: stored.metadata.nextLink)
    }

    /// `nanoseconds` since 1970 as the local time of day, "14:02" (with the date when not today).
    static func clock(_ nanoseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(nanoseconds) / 1e9)
        let formatter = DateFormatter()
        formatter.dateFormat = Calendar.current.isDateInToday(date) ? "HH:mm" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
