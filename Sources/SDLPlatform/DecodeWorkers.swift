internal import CSDL2
import Glibc
import Dispatch
import Foundation
import Synchronization

/// A small pool of dedicated low-priority threads (not the cooperative pool, whose width is the core
/// count) running blocking jobs — image decodes, background blurs — highest priority first, and
/// posting each job's message to a `Mailbox` (DESIGN.md §2, sdl-notes.md §5).
///
/// Jobs carry a key and a generation. Cancelling drops jobs that have not started; a running job
/// cannot be interrupted and still posts, so the main thread drops results by generation too.
public final class DecodeWorkers<Key: Hashable & Sendable, Message: Sendable>: Sendable {
    /// Number of worker threads (1…4).
    public let threadCount: Int
    private let core: WorkerQueue<Key, Message>

    /// Starts `threadCount` workers (clamped to 1…4) that post results to `mailbox`.
    public init(mailbox: Mailbox<Message>, threadCount: Int = 2) {
        self.threadCount = min(4, max(1, threadCount))
        core = WorkerQueue(mailbox: mailbox)
        for index in 0..<self.threadCount {
            let thread = Thread { [core] in core.runWorker() }
            thread.name = "plumage-decode-\(index)"
            thread.start()
        }
    }

    /// Stops the workers once their current jobs end; queued jobs are dropped.
    deinit { core.stop() }

    /// Queues `work`; higher `priority` runs first, ties in submission order. A queued job with the
    /// same `key` is replaced (its priority, generation and work updated). `work` runs on a worker
    /// and its result is posted to the mailbox.
    public func submit(key: Key, priority: Int, generation: Int, work: @escaping @Sendable () -> Message) {
        core.submit(Job(key: key, priority: priority, generation: generation, sequence: 0, work: work))
    }

    /// Drops queued jobs whose key matches `predicate`; returns how many were dropped.
    @discardableResult
    public func cancel(where predicate: (Key) -> Bool) -> Int {
        core.cancel { predicate($0.key) }
    }

    /// Drops queued jobs whose generation is below `generation`; returns how many were dropped.
    @discardableResult
    public func cancelAll(olderThan generation: Int) -> Int {
        core.cancel { $0.generation < generation }
    }

    /// Number of jobs queued and not yet started.
    public var queuedCount: Int { core.queuedCount }

    /// Stops the workers once their current jobs end and drops queued jobs; later submits are ignored.
    public func shutdown() { core.stop() }
}

/// One queued unit of work.
struct Job<Key: Hashable & Sendable, Message: Sendable>: Sendable {
    /// Identifies the job for replacement and cancellation.
    var key: Key
    /// Higher runs first.
    var priority: Int
    /// The request generation the job belongs to (cancelled when older than the current one).
    var generation: Int
    /// Submission order, for FIFO among equal priorities.
    var sequence: Int
    /// Produces the message posted when the job completes.
    var work: @Sendable () -> Message

    /// True when `self` should run before `other`.
    func precedes(_ other: Job) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
}

/// The shared state of a pool: the job list under a mutex and a semaphore counting submissions.
/// Queues hold tens to hundreds of jobs, so picking the best by a linear scan is cheaper than the
/// decode it schedules, and keeps replace and cancel simple.
final class WorkerQueue<Key: Hashable & Sendable, Message: Sendable>: Sendable {
    private struct State {
        /// Queued jobs, unordered (the best is picked by a scan).
        var jobs: [Job<Key, Message>] = []
        /// Sequence number given to the next submitted job.
        var nextSequence = 0
        /// True after shutdown: new jobs are refused and workers exit.
        var stopped = false
    }

    private let state = Mutex(State())
    private let wakeups = DispatchSemaphore(value: 0)
    private let mailbox: Mailbox<Message>

    /// Creates an empty queue whose workers post to `mailbox`.
    init(mailbox: Mailbox<Message>) { self.mailbox = mailbox }

    /// Adds or replaces (same key) a job and wakes a worker.
    func submit(_ job: Job<Key, Message>) {
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
    func cancel(_ predicate: (Job<Key, Message>) -> Bool) -> Int {
        state.withLock { state in
            let before = state.jobs.count
            state.jobs.removeAll(where: predicate)
            return before - state.jobs.count
        }
    }

    /// Number of jobs waiting.
    var queuedCount: Int { state.withLock { $0.jobs.count } }

    /// Marks the pool stopped, drops queued jobs and wakes every worker so it can exit.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.jobs = []
        }
        for _ in 0..<4 { wakeups.signal() }
    }

    /// The body of a worker thread: lower its priority (nice 19), then run jobs until stopped.
    func runWorker() {
        SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW)
        // SCHED_IDLE on top of nice 19: the kernel runs a worker only on a core nothing else wants
        // and preempts it at once for the UI thread, so decoding never steals a slice of a frame.
        var param = sched_param()
        let schedIdle: Int32 = 5  // SCHED_IDLE from <sched.h>, hidden from Swift behind __USE_GNU
        _ = pthread_setschedparam(pthread_self(), schedIdle, &param)
        SDL_ClearError()
        while true {
            wakeups.wait()
            switch takeNext() {
            case .stop: return
            case .idle: continue
            case .run(let job): mailbox.post(job.work())
            }
        }
    }

    private enum Next {
        case run(Job<Key, Message>)
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
