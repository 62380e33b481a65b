import Imaging
import Jobs
import Locking

/// The remote fetches of one client (the feed's `ImageStore`, the image view's `PhotoLoader`): one
/// transfer per URL however many of the client's requests want it (an avatar at several sizes), on
/// the job system's loading lane, so a slow server never holds a decode worker. At most
/// `maxTransfers` of the client's jobs are on the lane at once (the feed's images leave a loading
/// worker to the lane's other work: a source being opened never waits behind a stalled server);
/// the rest wait here, highest priority first. A fetch ends in `onFetched` (called on the loading
/// worker) with the waiters still wanting it then.
///
/// Dropping the last waiter of a URL drops its waiting or queued fetch, or cancels its transfer
/// when it is under way (`RemoteFetchCancellation`); a fetch another waiter still wants goes on.
/// Thread-safe; the client calls it from the main thread.
final class RemoteImageFetches<Waiter: Hashable & Sendable>: Sendable {
    /// What a waiter asked with: its priority and generation (handed back to `onFetched`).
    struct Ask: Sendable {
        /// The waiter's priority.
        var priority: Int
        /// The waiter's generation.
        var generation: Int
    }

    /// One URL's fetch: who wants it, and how far it got.
    private struct Fetch {
        /// Identifies this fetch (a later one of the same URL has another), and ends its transfer.
        let cancellation: RemoteFetchCancellation
        /// The waiters and what they asked with.
        var waiters: [Waiter: Ask]
        /// The loading-lane priority: the highest of its waiters', plus the offset.
        var priority: Int
        /// Order of arrival, for ties of priority.
        var sequence: Int
        /// True once its job is on the lane.
        var submitted = false
        /// True once a worker has started the transfer.
        var started = false
    }

    /// The fetches by URL and the count of this client's jobs on the lane.
    private struct State {
        var fetches: [String: Fetch] = [:]
        var jobsOnLane = 0
        var nextSequence = 0
    }

    /// Where bytes come from.
    let fetcher: any RemoteImageFetching
    /// The job system whose loading lane runs the transfers.
    let pool: JobSystem
    /// Added to each waiter's priority on the loading lane (negative: after the lane's other work).
    let priorityOffset: Int
    /// Most of this client's jobs on the loading lane at once (at least 1).
    let maxTransfers: Int
    /// Called on the loading worker when a fetch ends, with its waiters and the bytes or the failure.
    private let onFetched: @Sendable (_ url: String, _ waiters: [Waiter: Ask], Result<[UInt8], ImageError>) -> Void
    private let owner = JobOwner()
    private let state = Locked(State())

    /// Fetches with `fetcher` on `pool`'s loading lane at waiters' priorities plus `priorityOffset`, at
    /// most `maxTransfers` at once, reporting each ended fetch to `onFetched`.
    init(
        fetcher: any RemoteImageFetching, pool: JobSystem, priorityOffset: Int, maxTransfers: Int,
        onFetched: @escaping @Sendable (_ url: String, _ waiters: [Waiter: Ask], Result<[UInt8], ImageError>) -> Void
    ) {
        self.fetcher = fetcher
        self.pool = pool
        self.priorityOffset = priorityOffset
        self.maxTransfers = max(1, maxTransfers)
        self.onFetched = onFetched
    }

    /// Cancels every fetch (waiting and queued ones dropped, transfers ended); nothing more is reported.
    deinit { cancelAll() }

    /// Adds `waiter` to the fetch of `url` (starting one when there is none) at `ask`'s priority; a
    /// fetch not yet started rises to the highest priority of its waiters.
    func want(_ url: String, by waiter: Waiter, _ ask: Ask) {
        let priority = ask.priority + priorityOffset
        let resubmit = state.withLock { state -> RemoteFetchCancellation? in
            if var fetch = state.fetches[url] {
                fetch.waiters[waiter] = ask
                let raise = !fetch.started && priority > fetch.priority
                if raise { fetch.priority = priority }
                state.fetches[url] = fetch
                return raise && fetch.submitted ? fetch.cancellation : nil
            }
            state.nextSequence += 1
            state.fetches[url] = Fetch(
                cancellation: RemoteFetchCancellation(), waiters: [waiter: ask], priority: priority,
                sequence: state.nextSequence)
            return nil
        }
        requeue(url, resubmit, priority: priority)
        pump()
    }

    /// Queues the job of the fetch `token` names again at `priority` when it is still queued (one a
    /// worker has just taken runs as it is); its slot stays taken. Nothing for a nil `token`.
    private func requeue(_ url: String, _ token: RemoteFetchCancellation?, priority: Int) {
        if let token, pool.cancel(on: .loading, key: JobKey(owner: owner, url)) {
            submitJob(url, token: token, priority: priority)
        }
    }

    /// `want` for a `waiter` already waiting for `url` (a new priority); nothing when its fetch has
    /// ended meanwhile (its result is on the way: no second transfer).
    func raise(_ url: String, by waiter: Waiter, _ ask: Ask) {
        let priority = ask.priority + priorityOffset
        let resubmit = state.withLock { state -> RemoteFetchCancellation? in
            guard var fetch = state.fetches[url], fetch.waiters[waiter] != nil else { return nil }
            fetch.waiters[waiter] = ask
            let raise = !fetch.started && priority > fetch.priority
            if raise { fetch.priority = priority }
            state.fetches[url] = fetch
            return raise && fetch.submitted ? fetch.cancellation : nil
        }
        requeue(url, resubmit, priority: priority)
    }

    /// Removes `waiter` from the fetch of `url`; the last one gone drops the waiting or queued fetch
    /// or cancels the transfer under way.
    func drop(_ url: String, _ waiter: Waiter) {
        let ended = state.withLock { state -> Fetch? in
            guard var fetch = state.fetches[url], fetch.waiters.removeValue(forKey: waiter) != nil else { return nil }
            if !fetch.waiters.isEmpty {
                state.fetches[url] = fetch
                return nil
            }
            state.fetches[url] = nil
            return fetch
        }
        guard let ended else { return }
        ended.cancellation.cancel()
        // A job taken off the queue never runs, so its slot is given back here (a running one gives
        // its own back as it ends).
        if ended.submitted && !ended.started && pool.cancel(on: .loading, key: JobKey(owner: owner, url)) {
            state.withLock { $0.jobsOnLane -= 1 }
            pump()
        }
    }

    /// Drops every fetch: waiting and queued ones never run, transfers under way are cancelled.
    func cancelAll() {
        let all = state.withLock { state in
            defer { state.fetches = [:] }
            return state.fetches
        }
        let dropped = pool.cancel(on: .loading) { key, _ in key.owner == owner }
        state.withLock { $0.jobsOnLane -= dropped }
        for fetch in all.values { fetch.cancellation.cancel() }
    }

    /// Number of URLs being fetched or waiting to be.
    var count: Int { state.withLock { $0.fetches.count } }

    /// Puts waiting fetches on the lane, highest priority first, while fewer than `maxTransfers` are.
    private func pump() {
        let ready = state.withLock { state -> [(String, RemoteFetchCancellation, Int)] in
            var ready: [(String, RemoteFetchCancellation, Int)] = []
            while state.jobsOnLane < maxTransfers {
                let next = state.fetches.filter { !$0.value.submitted }
                    .min { ($1.value.priority, $0.value.sequence) < ($0.value.priority, $1.value.sequence) }
                guard let (url, fetch) = next else { break }
                state.fetches[url]?.submitted = true
                state.jobsOnLane += 1
                ready.append((url, fetch.cancellation, fetch.priority))
            }
            return ready
        }
        for (url, token, priority) in ready { submitJob(url, token: token, priority: priority) }
    }

    /// Queues the job fetching `url` for the fetch `token` names (one slot of `maxTransfers`, given
    /// back when the job ends).
    private func submitJob(_ url: String, token: RemoteFetchCancellation, priority: Int) {
        let submitted = pool.submit(on: .loading, key: JobKey(owner: owner, url), priority: priority) { [self] in
            defer {
                state.withLock { $0.jobsOnLane -= 1 }
                pump()
            }
            // Still wanted, and still this fetch (a dropped one may have been replaced by a new one)?
            let current = state.withLock { state -> Bool in
                guard state.fetches[url]?.cancellation === token, state.fetches[url]?.started == false else { return false }
                state.fetches[url]?.started = true
                return true
            }
            guard current else { return }
            let result = fetcher.bytes(of: url, cancellation: token)
            let waiters = state.withLock { state -> [Waiter: Ask]? in
                guard state.fetches[url]?.cancellation === token else { return nil }
                return state.fetches.removeValue(forKey: url)?.waiters
            }
            if let waiters { onFetched(url, waiters, result) }
        }
        if !submitted { state.withLock { $0.jobsOnLane -= 1 } }  // the system is shut down
    }
}
