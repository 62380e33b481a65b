#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Locking

/// One lane's job list and its worker threads: jobs under a mutex, a semaphore counting
/// submissions, workers started on the first job (so a command that never uses a lane starts no
/// thread for it) and then kept until `stop`. Queues hold tens to hundreds of jobs, so picking the
/// best by a linear scan is cheaper than the work it schedules, and keeps replace and cancel simple.
final class LaneQueue: Sendable {
    private struct State {
        /// Queued jobs, unordered (the best is picked by a scan).
        var jobs: [Job] = []
        /// Sequence number given to the next submitted job.
        var nextSequence = 0
        /// True once the workers were started.
        var started = false
        /// Worker threads alive (started and not yet ended).
        var live = 0
        /// True after shutdown: new jobs are refused and workers exit.
        var stopped = false
    }

    /// The thread name of the lane's workers (at most 15 bytes: Linux's limit).
    let threadName: String
    /// Worker threads started on the first job.
    let workerCount: Int
    private let state = Locked(State())
    private let wakeups = DispatchSemaphore(value: 0)
    /// What every worker of the system shares (its system, the exit hook).
    private let context: WorkerContext

    /// A lane whose `workerCount` workers are named `threadName` and report to `context`.
    init(threadName: String, workerCount: Int, context: WorkerContext) {
        self.threadName = String(threadName.utf8.prefix(15))!
        self.workerCount = workerCount
        self.context = context
    }

    /// Adds or replaces (same key) a job and wakes a worker; false (and nothing queued) after `stop`.
    @discardableResult
    func submit(_ job: Job) -> Bool {
        let (accepted, added, toStart) = state.withLock { state -> (Bool, Bool, Int) in
            guard !state.stopped else { return (false, false, 0) }
            var job = job
            job.sequence = state.nextSequence
            state.nextSequence += 1
            var toStart = 0
            if !state.started {
                state.started = true
                toStart = workerCount
            }
            if let index = state.jobs.firstIndex(where: { $0.key == job.key }) {
                state.jobs[index] = job
                return (true, false, toStart)
            }
            state.jobs.append(job)
            return (true, true, toStart)
        }
        for _ in 0..<toStart { addWorker() }
        if added { wakeups.signal() }
        return accepted
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

    /// Removes and returns the queued job matching `predicate` that would run first, if any (for a
    /// caller that runs it itself).
    func take(where predicate: (Job) -> Bool) -> Job? {
        state.withLock { state in
            var best: Int?
            for i in state.jobs.indices where predicate(state.jobs[i]) {
                if best.map({ state.jobs[i].precedes(state.jobs[$0]) }) ?? true { best = i }
            }
            return best.map { state.jobs.swapRemove(at: $0) }
        }
    }

    /// Number of waiting jobs matching `predicate`.
    func count(where predicate: (Job) -> Bool) -> Int { state.withLock { $0.jobs.count(where: predicate) } }

    /// Worker threads alive now.
    var liveWorkers: Int { state.withLock { $0.live } }

    /// Starts one more worker thread (at start, or to replace an abandoned one); false when stopped
    /// or when the system refuses a thread.
    @discardableResult
    func addWorker() -> Bool {
        let allowed = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.live += 1
            return true
        }
        guard allowed else { return false }
        if WorkerThread.start(name: threadName, { [self] in runWorker() }) { return true }
        state.withLock { $0.live -= 1 }
        return false
    }

    /// Marks the lane stopped, drops queued jobs and wakes every worker so it can exit (a running
    /// job finishes first).
    func stop() {
        let live = state.withLock { state in
            state.stopped = true
            state.jobs = []
            return state.live
        }
        for _ in 0..<live { wakeups.signal() }
    }

    /// The body of a worker thread: lower its priority, then run jobs until stopped (or until a job
    /// retires it); at the end the system's exit hook runs on the thread (SDL's per-thread data).
    private func runWorker() {
        context.enter()
        defer {
            state.withLock { $0.live -= 1 }
            context.exit()
        }
        WorkerThread.lowerCurrentThreadPriority()
        while true {
            wakeups.wait()
            switch takeNext() {
            case .stop: return
            case .idle: continue
            case .run(let job): if job.work() == .retireWorker { return }
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
