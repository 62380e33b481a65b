import Imaging
import Jobs
import Locking

/// The remote fetches of one client (the feed's `ImageStore`, the image view's `PhotoLoader`): one
/// transfer per URL however many of the client's requests want it (an avatar at several sizes), on
/// the job system's loading lane, so a slow server never holds a decode worker. A fetch ends in
/// `onFetched` (called on the loading worker) with the waiters still wanting it then.
///
/// Dropping the last waiter of a URL drops its queued fetch, or cancels its transfer when it is
/// under way (`RemoteFetchCancellation`); a fetch another waiter still wants goes on. Thread-safe;
/// the client calls it from the main thread.
final class RemoteImageFetches<Waiter: Hashable & Sendable>: Sendable {
    /// What a waiter asked with: its priority and generation (handed back to `onFetched`).
    struct Ask: Sendable {
        /// The waiter's priority.
        var priority: Int
        /// The waiter's generation.
        var generation: Int
    }

    /// One URL's fetch: who wants it, and whether a worker has taken it.
    private struct Fetch {
        /// Identifies this fetch (a later one of the same URL has another), and ends its transfer.
        let cancellation: RemoteFetchCancellation
        /// The waiters and what they asked with.
        var waiters: [Waiter: Ask]
        /// The loading-lane priority the queued job has.
        var priority: Int
        /// True once a worker has started the transfer.
        var started = false
    }

    /// Where bytes come from.
    let fetcher: any RemoteImageFetching
    /// The job system whose loading lane runs the transfers.
    let pool: JobSystem
    /// Added to each waiter's priority on the loading lane (negative: after the lane's other work).
    let priorityOffset: Int
    /// Called on the loading worker when a fetch ends, with its waiters and the bytes or the failure.
    private let onFetched: @Sendable (_ url: String, _ waiters: [Waiter: Ask], Result<[UInt8], ImageError>) -> Void
    private let owner = JobOwner()
    private let fetches = Locked<[String: Fetch]>([:])

    /// Fetches with `fetcher` on `pool`'s loading lane at waiters' priorities plus `priorityOffset`,
    /// reporting each ended fetch to `onFetched`.
    init(
        fetcher: any RemoteImageFetching, pool: JobSystem, priorityOffset: Int,
        onFetched: @escaping @Sendable (_ url: String, _ waiters: [Waiter: Ask], Result<[UInt8], ImageError>) -> Void
    ) {
        self.fetcher = fetcher
        self.pool = pool
        self.priorityOffset = priorityOffset
        self.onFetched = onFetched
    }

    /// Cancels every fetch (queued ones dropped, transfers ended); nothing more is reported.
    deinit { cancelAll() }

    /// Adds `waiter` to the fetch of `url` (starting one when there is none) at `ask`'s priority; a
    /// queued fetch rises to the highest priority of its waiters.
    func want(_ url: String, by waiter: Waiter, _ ask: Ask) {
        let submit = fetches.withLock { fetches -> (RemoteFetchCancellation, Int)? in
            let priority = ask.priority + priorityOffset
            if var fetch = fetches[url] {
                fetch.waiters[waiter] = ask
                let raise = !fetch.started && priority > fetch.priority
                if raise { fetch.priority = priority }
                fetches[url] = fetch
                return raise ? (fetch.cancellation, priority) : nil
            }
            let fetch = Fetch(cancellation: RemoteFetchCancellation(), waiters: [waiter: ask], priority: priority)
            fetches[url] = fetch
            return (fetch.cancellation, priority)
        }
        // A queued job with the same key is replaced: the fetch keeps one job at its latest priority.
        if let (token, priority) = submit { submitJob(url, token: token, priority: priority) }
    }

    /// True while `waiter` waits for the fetch of `url` (not yet ended).
    func isWaiting(_ url: String, _ waiter: Waiter) -> Bool { fetches.withLock { $0[url]?.waiters[waiter] != nil } }

    /// Removes `waiter` from the fetch of `url`; the last one gone drops the queued fetch or cancels
    /// the transfer under way.
    func drop(_ url: String, _ waiter: Waiter) {
        let ended = fetches.withLock { fetches -> Fetch? in
            guard var fetch = fetches[url], fetch.waiters.removeValue(forKey: waiter) != nil else { return nil }
            if !fetch.waiters.isEmpty {
                fetches[url] = fetch
                return nil
            }
            fetches[url] = nil
            return fetch
        }
        guard let ended else { return }
        if !ended.started { pool.cancel(on: .loading, key: JobKey(owner: owner, url)) }
        ended.cancellation.cancel()
    }

    /// Drops every fetch: queued ones never run, transfers under way are cancelled.
    func cancelAll() {
        let all = fetches.withLock { fetches in
            defer { fetches = [:] }
            return fetches
        }
        pool.cancel(on: .loading) { key, _ in key.owner == owner }
        for fetch in all.values { fetch.cancellation.cancel() }
    }

    /// Number of URLs being fetched or waiting to be.
    var count: Int { fetches.withLock { $0.count } }

    /// Queues the job fetching `url` for the fetch `token` names.
    private func submitJob(_ url: String, token: RemoteFetchCancellation, priority: Int) {
        let (fetches, fetcher, onFetched) = (self.fetches, self.fetcher, self.onFetched)
        pool.submit(on: .loading, key: JobKey(owner: owner, url), priority: priority) {
            // Still wanted, and still this fetch (a dropped one may have been replaced by a new one)?
            let current = fetches.withLock { fetches -> Bool in
                guard fetches[url]?.cancellation === token, fetches[url]?.started == false else { return false }
                fetches[url]?.started = true
                return true
            }
            guard current else { return }
            let result = fetcher.bytes(of: url, cancellation: token)
            let waiters = fetches.withLock { fetches -> [Waiter: Ask]? in
                guard fetches[url]?.cancellation === token else { return nil }
                return fetches.removeValue(forKey: url)?.waiters
            }
            if let waiters { onFetched(url, waiters, result) }
        }
    }
}
