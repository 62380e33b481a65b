import FeedImport
import Foundation
import Locking
import Network
import PlumageCore

/// Reads the live pages the core asks for (`Effect.readLivePages`) for the window, each on the job
/// system's loading lane, answering with `InputEvent.livePage`. A first page is answered twice
/// when a copy is stored: the copy at once (read with no network at all, so nothing on screen
/// waits for it), then the server's answer (or the copy again, marked offline, when the network
/// fails). Each address keeps its session after its first page, for its older pages and refreshes.
/// Mastodon's rate limit holds an address's next request until the quota refills (at most a
/// minute; longer fails saying until when).
final class LivePageReader: Sendable {
    /// What the reader knows of an address once its first page was read.
    struct Known: Sendable {
        /// The session that read it (what the server turned out to be).
        var session: LiveFeedSession
        /// The request that gave the first page (asked again for newer posts).
        var firstPage: LiveRequest
    }

    /// Fetches through the web cache.
    let fetcher: LiveFetcher
    /// Sessions by address.
    private let known = Locked<[String: Known]>([:])
    /// When each address may be asked again (seconds since 1970), from its server's rate limit.
    private let holds = Locked<[String: Double]>([:])
    /// The longest a rate limit may hold a request back before the read gives up.
    static let longestHold = 60.0

    /// A reader fetching through `fetcher`.
    init(fetcher: LiveFetcher) { self.fetcher = fetcher }

    /// Reads `request`, calling `post` with its news (a stored copy first, for a first page that has one).
    func read(_ request: LivePageRequest, post: (InputEvent) -> Void) {
        do throws(SourceError) {
            switch request.part {
            case .first:
                if let copy = storedFirstPage(request.address) {
                    post(.livePage(request, .page(copy.source, older: copy.older?.url, copy: .stored)))
                }
                let (page, copy) = try readFirst(request.address)
                post(.livePage(request, .page(page.source, older: page.older?.url, copy: copy)))
            case .older(let url):
                let (page, copy) = try readAgain(request.address, LiveRequest(url: url, purpose: .page))
                post(.livePage(request, .page(page.source, older: page.older?.url, copy: copy)))
            case .newer:
                guard let first = known.withLock({ $0[request.address]?.firstPage }) else {
                    let (page, copy) = try readFirst(request.address)
                    post(.livePage(request, .page(page.source, older: page.older?.url, copy: copy)))
                    return
                }
                let (page, copy) = try readAgain(request.address, first)
                post(.livePage(request, .page(page.source, older: page.older?.url, copy: copy)))
            }
        } catch {
            post(.livePage(request, .failed(error.reason)))
        }
    }

    /// The first page as the stored copies of its requests give it, with no network; nil when a
    /// request on the way has no stored copy (or the copies do not make a page).
    func storedFirstPage(_ address: String) -> LiveFeedPage? {
        guard var session = try? fetcher.session(for: address) else { return nil }
        var step = session.start()
        for _ in 0..<8 {
            switch step {
            case .page(let page): return page
            case .failed: return nil
            case .fetch(let request):
                guard let stored = fetcher.stored(request) else { return nil }
                step = session.receive(stored.answer, for: request)
            }
        }
        return nil
    }

    /// Reads the first page of `address` from the server, remembering its session; with the copy
    /// kind when the network failed and stored copies answered.
    func readFirst(_ address: String) throws(SourceError) -> (LiveFeedPage, LivePageCopy?) {
        var session = try fetcher.session(for: address)
        var step = session.start()
        var copy: LivePageCopy?
        // A probe, a lookup, a page, a discovered feed: a handful of steps at most.
        for _ in 0..<8 {
            switch step {
            case .failed(let error):
                throw error
            case .page(let page):
                return (page, copy)
            case .fetch(let request):
                let fetched = try fetch(request, address: address)
                if fetched.copy != nil { copy = fetched.copy }
                step = session.receive(fetched.answer, for: request)
                if case .page = step, request.purpose == .page || request.purpose == .discoveredFeed {
                    known.withLock { $0[address] = Known(session: session, firstPage: request) }
                }
            }
        }
        throw SourceError(.invalidFeed, path: address, reason: "too many steps to find the feed")
    }

    /// Reads `request` (an older page or the first page again) with the session of `address`.
    func readAgain(_ address: String, _ request: LiveRequest) throws(SourceError) -> (LiveFeedPage, LivePageCopy?) {
        guard var session = known.withLock({ $0[address]?.session }) else {
            throw SourceError(.cannotRead, path: address, reason: "the feed's first page was not read")
        }
        let fetched = try fetch(request, address: address)
        switch session.receive(fetched.answer, for: request) {
        case .page(let page): return (page, fetched.copy)
        case .failed(let error): throw error
        case .fetch: throw SourceError(.invalidFeed, path: address, reason: "the page is not a page of posts")
        }
    }

    /// One request of `address`, after the hold its server's rate limit asked for.
    private func fetch(_ request: LiveRequest, address: String) throws(SourceError) -> LiveFetcher.Answer {
        let now = Date().timeIntervalSince1970
        if let until = holds.withLock({ $0[address] }), until > now {
            guard until - now <= Self.longestHold else {
                throw SourceError(.cannotRead, path: address,
                                  reason: "rate limited: the server takes no more requests until \(LiveFetcher.clock(Int64(until * 1e9)))")
            }
            Thread.sleep(forTimeInterval: until - now)
        }
        let fetched = try fetcher.answer(request, address: address)
        if let limit = fetched.limit {
            let delay = limit.delayBeforeNextRequest(now: Date().timeIntervalSince1970)
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
            holds.withLock { $0[address] = seconds > 0 ? Date().timeIntervalSince1970 + seconds : nil }
        }
        return fetched
    }
}

/// The window's one `LivePageReader`, made on first use by a background job: opening the web
/// cache scans its folder (tens of milliseconds for thousands of entries), which must not delay
/// a frame. Nil (each read then fails, saying why) when the public suffix list is missing.
final class LiveReading: Sendable {
    /// The reader once made (or why it cannot be).
    private let made = Locked<Result<LivePageReader, SourceError>?>(nil)

    /// Reads `request` on the calling thread (a loading-lane worker), posting its news.
    func read(_ request: LivePageRequest, post: (InputEvent) -> Void) {
        let reader = made.withLock { made in
            if let made { return made }
            let result: Result<LivePageReader, SourceError>
            do throws(SourceError) {
                result = .success(LivePageReader(fetcher: LiveFetcher(domains: try PublicSuffixList.installed())))
            } catch {
                result = .failure(error)
            }
            made = result
            return result
        }
        switch reader {
        case .success(let reader): reader.read(request, post: post)
        case .failure(let error): post(.livePage(request, .failed(error.description)))
        }
    }
}
