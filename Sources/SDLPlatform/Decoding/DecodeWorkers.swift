internal import CSDL2
import Jobs

/// One client's view of the app's `JobSystem` decode lane: jobs keyed by `Key` whose results are
/// posted to the client's `Mailbox`. Clients sharing a system compete by priority (the feed's
/// images and the image view's photos queue on the same decode workers, so decoding never uses
/// more threads than it was given); each cancels and counts only its own jobs.
///
/// Jobs carry a key and a generation. Cancelling drops jobs that have not started; a running job
/// cannot be interrupted and still posts, so the main thread drops results by generation too.
public final class DecodeWorkers<Key: Hashable & Sendable, Message: Sendable>: Sendable {
    /// The job system the jobs run on.
    public let pool: JobSystem
    /// Number of decode worker threads of the system.
    public var threadCount: Int { pool.workerCount(.decode) }
    private let mailbox: Mailbox<Message>
    private let client = JobOwner()
    private let ownsPool: Bool

    /// Posts results to `mailbox`, running jobs on `pool`'s decode lane (shared with other clients).
    public convenience init(mailbox: Mailbox<Message>, pool: JobSystem) {
        self.init(mailbox: mailbox, pool: pool, owning: false)
    }

    /// Posts results to `mailbox`, running jobs on a job system of its own with `threadCount`
    /// decode workers (1…4).
    public convenience init(mailbox: Mailbox<Message>, threadCount: Int = 2) {
        self.init(mailbox: mailbox, pool: JobSystem(workers: WorkerCounts(decode: threadCount)), owning: true)
    }

    private init(mailbox: Mailbox<Message>, pool: JobSystem, owning: Bool) {
        self.mailbox = mailbox
        self.pool = pool
        ownsPool = owning
        pool.freeSDLThreadDataOnWorkerExit()
    }

    /// Drops this client's queued jobs (and stops an own system).
    deinit { shutdown() }

    /// Queues `work`; higher `priority` runs first, ties in submission order. A queued job with the
    /// same `key` is replaced (its priority, generation and work updated). `work` runs on a worker
    /// and its result is posted to the mailbox.
    public func submit(key: Key, priority: Int, generation: Int, work: @escaping @Sendable () -> Message) {
        let mailbox = self.mailbox
        pool.submit(on: .decode, key: JobKey(owner: client, key), priority: priority, generation: generation) {
            mailbox.post(work())
        }
    }

    /// Drops queued jobs whose key matches `predicate`; returns how many were dropped.
    @discardableResult
    public func cancel(where predicate: (Key) -> Bool) -> Int {
        pool.cancel(on: .decode) { key, _ in key.owner == client && (key.base as? Key).map(predicate) == true }
    }

    /// Drops queued jobs whose generation is below `generation`; returns how many were dropped.
    @discardableResult
    public func cancelAll(olderThan generation: Int) -> Int {
        pool.cancel(on: .decode, owner: client, olderThan: generation)
    }

    /// True when this client's job for `key` is queued and not started (a new submit would replace it).
    public func isQueued(_ key: Key) -> Bool {
        let wanted = JobKey(owner: client, key)
        return pool.queuedCount(on: .decode) { $0 == wanted } > 0
    }

    /// Number of this client's jobs queued and not yet started.
    public var queuedCount: Int { pool.queuedCount(on: .decode) { $0.owner == client } }

    /// Drops this client's queued jobs and ignores later submits; an own system stops once its
    /// current jobs end.
    public func shutdown() {
        if ownsPool { pool.shutdown() } else { pool.cancel(on: .decode) { key, _ in key.owner == client } }
    }
}

extension JobSystem {
    /// Makes every worker free SDL's per-thread data (its error message, set by the mailbox's
    /// wake-ups and SDL_image) as it ends: SDL did not start these threads, so nothing else would
    /// (LeakSanitizer found it leaked per thread, docs/NOTES.md).
    func freeSDLThreadDataOnWorkerExit() { setWorkerExitHook { SDL_TLSCleanup() } }
}
