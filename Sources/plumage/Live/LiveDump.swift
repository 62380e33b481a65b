import FeedImport
import Foundation
import Network
import PlumageCore

/// Reads live feeds for `dump`: drives a `LiveFeedSession` on this thread through the shared
/// `LiveFetcher` (conditional requests through the web cache), falling back to the stored copy of a
/// page when the network fails — saying so on stderr ("offline").
struct LiveDump {
    /// Fetches through the web cache.
    let fetcher: LiveFetcher

    /// The reader for this run, configured from `environment`.
    init(domains: TopLevelDomains, environment: [String: String] = ProcessInfo.processInfo.environment) {
        fetcher = LiveFetcher(domains: domains, environment: environment)
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
        var session = try fetcher.session(for: address)
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
            let fetched = try fetcher.answer(current, address: address)
            if case .offline(let reason, let time)? = fetched.copy {
                warn("offline — \(reason); showing the copy of \(current.url) from \(time)")
            }
            let limit = fetched.limit
            step = session.receive(fetched.answer, for: current)
            hold = limit?.delayBeforeNextRequest(now: Date().timeIntervalSince1970) ?? .zero
            if hold > Self.longestHold, case .page(let page) = step, page.older != nil, read.count + 1 < pages {
                throw SourceError(.cannotRead, path: address,
                                  reason: "rate limited: the server takes no more requests until \(LiveFetcher.clock(Int64(limit!.reset * 1e9)))")
            }
        }
    }

    /// `sources` as one source: the first page's kind and title, every page's items once, newest first.
    private func merged(_ sources: [FeedSource]) -> FeedSource {
        guard !sources.isEmpty else {
            return FeedSource(kind: .rss, title: "", sections: [Section(name: "Timeline", itemIndices: [])], items: [])
        }
        return SourceMerge.merged(sources, keepingFirstTitle: true)
    }
}
