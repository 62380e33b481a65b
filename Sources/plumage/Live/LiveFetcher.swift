import FeedImport
import Foundation
import Network
import PlumageCore

/// Answers a live feed's requests through the web cache: fetched conditionally when a copy is
/// stored (a 304 reuses it), stored when fresh, and — when the network fails and a copy is stored —
/// the copy, saying so. Used by `dump URL` on its thread and by the window on the loading lane.
struct LiveFetcher: Sendable {
    /// The client every request goes through.
    let client: HTTPClient
    /// The web cache, when its folder can be used.
    let cache: WebCache?
    /// The Bluesky AppView's base URL (`PLUMAGE_BLUESKY_APPVIEW`, else the public one).
    let appView: String
    /// Which link targets count as links in post text.
    let domains: TopLevelDomains

    /// One answer: what the server (or the stored copy) said, its rate limit, and when it is a
    /// stored copy rather than the server's answer now, which kind.
    struct Answer: Sendable {
        /// The answer for the session.
        var answer: LiveAnswer
        /// The rate limit the server announced with it, if any.
        var limit: RateLimit?
        /// Set when the body is a stored copy: shown before asking (`.stored`) or because the
        /// network failed (`.offline`).
        var copy: LivePageCopy?
    }

    /// The fetcher for this process over its one client and cache (`WebServices`), configured from
    /// `environment`.
    init(domains: TopLevelDomains, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let services = WebServices.shared(environment: environment)
        self.init(domains: domains, client: services.client, cache: services.cache, environment: environment)
    }

    /// A fetcher over `client` and `cache` (a bench's relaunch opens a cache of its own).
    init(domains: TopLevelDomains, client: HTTPClient, cache: WebCache?,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.client = client
        self.cache = cache
        appView = environment["PLUMAGE_BLUESKY_APPVIEW"].flatMap { $0.isEmpty ? nil : $0 } ?? "https://public.api.bsky.app"
        self.domains = domains
    }

    /// A session for `address` with this fetcher's AppView and domains.
    func session(for address: String) throws(SourceError) -> LiveFeedSession {
        try LiveFeedSession(address: address, appView: appView, topLevelDomains: domains)
    }

    /// The stored copy of `request`'s answer, without asking the network; nil when none is stored.
    func stored(_ request: LiveRequest) -> Answer? {
        guard let entry = cache?.entry(for: WebCacheKey(.feed, request.url)) else { return nil }
        return Answer(answer: Self.answer(from: entry), limit: nil, copy: .stored)
    }

    /// The answer to `request`: fetched (conditionally when a copy is stored; 429/503 retried once
    /// per the client's policy), stored, or — when the network fails and a copy is stored — the copy
    /// (`copy` says offline, with the reason and the copy's time). Throws one line naming `address`.
    func answer(_ request: LiveRequest, address: String, cancellation: HTTPCancellation? = nil) throws(SourceError) -> Answer {
        let key = WebCacheKey(.feed, request.url)
        let stored = cache?.entry(for: key)
        let validators = HTTPValidators(etag: stored?.metadata.etag, lastModified: stored?.metadata.lastModified)
        let response: HTTPResponse
        do {
            response = try client.fetchRetrying(HTTPRequest(url: request.url, validators: validators, limits: .feed),
                                                cancellation: cancellation)
        } catch {
            if case .status = error { throw SourceError(.cannotRead, path: address, reason: error.description) }
            guard let stored, !(cancellation?.isCancelled ?? false) else {
                let reason = request.url == address ? error.description : "\(request.url): \(error)"
                throw SourceError(.cannotRead, path: address, reason: reason)
            }
            return Answer(answer: Self.answer(from: stored), limit: nil,
                          copy: .offline(reason: error.description, time: Self.clock(stored.metadata.confirmedAt)))
        }
        let now = WebCache.now()
        if response.isNotModified, let stored {
            var metadata = stored.metadata
            metadata.confirmedAt = now
            _ = cache?.store(key, metadata: metadata, body: stored.body)
            return Answer(answer: Self.answer(from: stored), limit: RateLimit(headers: response.headers), copy: nil)
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
        return Answer(answer: answer, limit: RateLimit(headers: response.headers), copy: nil)
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
