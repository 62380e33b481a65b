internal import CSDL2
import Glibc
import Dispatch
import Foundation
import Locking

/// A small pool of dedicated low-priority threads (not the cooperative pool, whose width is the core
/// count) running blocking jobs — image decodes, background blurs — highest priority first
/// (DESIGN.md §2, sdl-notes.md §5). One pool serves the whole app: the feed's images and the image
/// view's photos queue on the same threads, so decoding never uses more threads than it was given.
public final class DecodePool: Sendable {
    /// Number of worker threads (1…4).
    public let threadCount: Int
    /// The job list the workers take from.
    let queue = WorkerQueue()

    /// Starts `threadCount` workers (clamped to 1…4).
    public init(threadCount: Int = 2) {
        self.threadCount = min(4, max(1, threadCount))
        for index in 0..<self.threadCount {
            let thread = Thread { [queue] in queue.runWorker() }
            thread.name = "plumage-decode-\(index)"
            thread.start()
        }
    }

    /// Stops the workers once their current jobs end; queued jobs are dropped.
    deinit { queue.stop() }

    /// Stops the workers once their current jobs end and drops queued jobs; later submits are ignored.
    public func shutdown() { queue.stop() }
}

/// One client's view of a `DecodePool`: jobs keyed by `Key` whose results are posted to the client's
/// `Mailbox`. Clients sharing a pool compete by priority; each cancels and counts only its own jobs.
///
/// Jobs carry a key and a generation. Cancelling drops jobs that have not started; a running job
/// cannot be interrupted and still posts, so the main thread drops results by generation too.
public final class DecodeWorkers<Key: Hashable & Sendable, Message: Sendable>: Sendable {
    /// The pool the jobs run on.
    public let pool: DecodePool
    /// Number of worker threads of the pool.
    public var threadCount: Int { pool.threadCount }
    private let mailbox: Mailbox<Message>
    private let client = ClientID()
    private let ownsPool: Bool

    /// Posts results to `mailbox`, running jobs on `pool` (shared with other clients).
    public init(mailbox: Mailbox<Message>, pool: DecodePool) {
        self.mailbox = mailbox
        self.pool = pool
        ownsPool = false
    }

    /// Posts results to `mailbox`, running jobs on a pool of its own with `threadCount` threads (1…4).
    public convenience init(mailbox: Mailbox<Message>, threadCount: Int = 2) {
        self.init(mailbox: mailbox, pool: DecodePool(threadCount: threadCount), owning: true)
    }

    private init(mailbox: Mailbox<Message>, pool: DecodePool, owning: Bool) {
        self.mailbox = mailbox
        self.pool = pool
        ownsPool = owning
    }

    /// Drops this client's queued jobs (and stops an own pool).
    deinit { shutdown() }

    /// Queues `work`; higher `priority` runs first, ties in submission order. A queued job with the
    /// same `key` is replaced (its priority, generation and work updated). `work` runs on a worker
    /// and its result is posted to the mailbox.
    public func submit(key: Key, priority: Int, generation: Int, work: @escaping @Sendable () -> Message) {
        let mailbox = self.mailbox
        pool.queue.submit(Job(key: PoolJobKey(client: client, key: key), priority: priority, generation: generation,
                              sequence: 0) { mailbox.post(work()) })
    }

    /// Drops queued jobs whose key matches `predicate`; returns how many were dropped.
    @discardableResult
    public func cancel(where predicate: (Key) -> Bool) -> Int {
        pool.queue.cancel { job in job.key.client == client && (job.key.base as? Key).map(predicate) == true }
    }

    /// Drops queued jobs whose generation is below `generation`; returns how many were dropped.
    @discardableResult
    public func cancelAll(olderThan generation: Int) -> Int {
        pool.queue.cancel { $0.key.client == client && $0.generation < generation }
    }

    /// Number of this client's jobs queued and not yet started.
    public var queuedCount: Int { pool.queue.count { $0.key.client == client } }

    /// Drops this client's queued jobs and ignores later submits; an own pool stops once its
    /// current jobs end.
    public func shutdown() {
        if ownsPool { pool.shutdown() } else { pool.queue.cancel { $0.key.client == client } }
    }
}

/// Identifies one `DecodeWorkers` client of a pool.
final class ClientID: Sendable, Hashable {
    /// Identity equality.
    static func == (a: ClientID, b: ClientID) -> Bool { a === b }
    /// Hashes the identity.
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A job's key in the shared queue: its client and the client's own key.
struct PoolJobKey: Hashable, @unchecked Sendable {
    /// The client that submitted the job.
    var client: ClientID
    /// The client's key (always a `Sendable` value: `DecodeWorkers` requires `Key: Sendable`).
    var base: AnyHashable

    /// Wraps `key` of `client`.
    init(client: ClientID, key: some Hashable & Sendable) {
        self.client = client
        base = AnyHashable(key)
    }
}

/// One queued unit of work.
struct Job: Sendable {
    /// Identifies the job for replacement and cancellation.
    var key: PoolJobKey
    /// Higher runs first.
    var priority: Int
    /// The request generation the job belongs to (cancelled when older than the current one).
    var generation: Int
    /// Submission order, for FIFO among equal priorities.
    var sequence: Int
    /// Does the work and posts its result.
    var work: @Sendable () -> Void

    /// True when `self` should run before `other`.
    func precedes(_ other: Job) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
}

/// The shared state of a pool: the job list under a mutex and a semaphore counting submissions.
/// Queues hold tens to hundreds of jobs, so picking the best by a linear scan is cheaper than the
/// decode it schedules, and keeps replace and cancel simple.
final class WorkerQueue: Sendable {
    private struct State {
        /// Queued jobs, unordered (the best is picked by a scan).
        var jobs: [Job] = []
        /// Sequence number given to the next submitted job.
        var nextSequence = 0
        /// True after shutdown: new jobs are refused and workers exit.
        var stopped = false
    }

    private let state = Locked(State())
    private let wakeups = DispatchSemaphore(value: 0)

    /// Adds or replaces (same key) a job and wakes a worker.
    func submit(_ job: Job) {
        let added = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            var job = job
            job.sequence = state.nextSequence
            state.nextSequence += 1
            if let index = state.jobs.firstIndex(where: { $0.key == job.key }) {
                state.jobs[index] = job
                return false
            }
            state.jobs.append(job)
            return true
        }
        if added { wakeups.signal() }
    }

    /// Removes queued jobs matching `predicate`; returns how many.
    @discardableResult
    func cancel(_ predicate: (Job) -> Bool) -> Int {
        state.withLock { state in
            let before = state.jobs.count
            state.jobs.removeAll(where: predicate)
            return before - state.jobs.count
        }
    }

    /// Number of waiting jobs matching `predicate`.
    func count(where predicate: (Job) -> Bool) -> Int { state.withLock { $0.jobs.count(where: predicate) } }

    /// Makes the calling thread a background one: nice 10 (on Linux the nice value is per thread;
    /// 0 names the calling one), so the UI thread (nice 0) wins the cores it wants. Not SCHED_IDLE:
    /// an idle-class thread gets no CPU at all while anything else keeps the cores busy (beside a
    /// build, photos never decoded and a 0.5 s folder scan took 17 s).
    static func lowerCurrentThreadPriority() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// Marks the pool stopped, drops queued jobs and wakes every worker so it can exit.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.jobs = []
        }
        for _ in 0..<4 { wakeups.signal() }
    }

    /// The body of a worker thread: lower its priority (nice 19), then run jobs until stopped; at the
    /// end frees SDL's data for the thread (SDL did not start it, so nothing else would).
    func runWorker() {
        defer { SDL_TLSCleanup() }
        Self.lowerCurrentThreadPriority()
        while true {
            wakeups.wait()
            switch takeNext() {
            case .stop: return
            case .idle: continue
            case .run(let job): job.work()
            }
        }
    }

    private enum Next {
        case run(Job)
        case idle, stop
    }

    /// The highest-priority queued job, removed from the queue.
    private func takeNext() -> Next {
        state.withLock { state in
            if state.stopped { return .stop }
            guard var best = state.jobs.indices.first else { return .idle }
            for i in state.jobs.indices.dropFirst() where state.jobs[i].precedes(state.jobs[best]) { best = i }
            return .run(state.jobs.swapRemove(at: best))
        }
    }
}

extension Array {
    /// Removes the element at `index` in O(1) by moving the last element into its place.
    fileprivate mutating func swapRemove(at index: Int) -> Element {
        swapAt(index, count - 1)
        return removeLast()
    }
}
