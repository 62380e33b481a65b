import Dispatch
import Locking

/// The app's one job system (DESIGN.md §2): every piece of work off the main thread runs here, on
/// a bounded number of low-priority (nice 10) worker threads started once per lane, never a thread
/// per task. Each `Lane` has its own workers, so lanes cannot starve each other; within a lane
/// higher priority runs first, ties in submission order. A queued job with the same key is
/// replaced; queued jobs are cancelled by key or by generation (a running job cannot be
/// interrupted: results carry their generation so the receiver drops stale ones). Results go
/// wherever the job's closure hands them (the SDL side posts them to its `Mailbox`).
///
/// Created once by the app's entry point and passed explicitly to what needs it (there is no
/// shared instance). `JobSystem.current` lets code running on a worker reach its own system.
public final class JobSystem: Sendable {
    /// The worker count of each lane.
    public let workerCounts: WorkerCounts
    private let lanes: [LaneQueue]
    private let guarded: GuardedLane
    private let context = WorkerContext()
    private let anonymous = JobOwner()
    private let nextAnonymous = Locked(0)

    /// A system with `workers` threads per lane (started on each lane's first job).
    public init(workers: WorkerCounts = WorkerCounts()) {
        workerCounts = workers
        let context = self.context
        lanes = Lane.allCases.map {
            LaneQueue(threadName: "plumage-\($0)", workerCount: workers[$0], context: context)
        }
        guarded = GuardedLane(
            queue: LaneQueue(threadName: "plumage-guarded", workerCount: workers.guarded, context: context),
            maxAbandoned: workers.maxAbandoned)
        context.system = self
    }

    /// Stops the workers once their current jobs end; queued jobs are dropped.
    deinit { shutdown() }

    /// The system whose worker runs the calling thread; nil on any other thread.
    public static var current: JobSystem? { WorkerContext.current?.system }

    /// Sets what every worker runs on its thread as the thread ends (the SDL side frees SDL's
    /// per-thread data there: SDL did not start these threads, so nothing else would).
    public func setWorkerExitHook(_ hook: @escaping @Sendable () -> Void) { context.exitHook = hook }

    /// Worker threads of `lane`.
    public func workerCount(_ lane: Lane) -> Int { workerCounts[lane] }

    /// Queues `work` on `lane`; higher `priority` runs first, ties in submission order. A queued
    /// job with the same `key` is replaced (priority, generation and work updated); nil gives the
    /// job a key of its own. False (nothing queued) after `shutdown`.
    @discardableResult
    public func submit(on lane: Lane, key: JobKey? = nil, priority: Int = 0, generation: Int = 0,
                       _ work: @escaping @Sendable () -> Void) -> Bool {
        let key = key ?? JobKey(owner: anonymous, nextAnonymous.withLock { n in defer { n += 1 }; return n })
        return lanes[lane.rawValue].submit(Job(key: key, priority: priority, generation: generation) {
            work()
            return .keepWorking
        })
    }

    /// Drops the jobs queued on `lane` (not started) for which `predicate(key, generation)` holds;
    /// returns how many.
    @discardableResult
    public func cancel(on lane: Lane, where predicate: (JobKey, _ generation: Int) -> Bool) -> Int {
        lanes[lane.rawValue].cancel { predicate($0.key, $0.generation) }
    }

    /// Drops the job queued on `lane` under `key`; returns whether there was one.
    @discardableResult
    public func cancel(on lane: Lane, key: JobKey) -> Bool { cancel(on: lane) { queued, _ in queued == key } > 0 }

    /// Drops the jobs of `owner` queued on `lane` whose generation is below `generation`.
    @discardableResult
    public func cancel(on lane: Lane, owner: JobOwner, olderThan generation: Int) -> Int {
        cancel(on: lane) { key, queued in key.owner == owner && queued < generation }
    }

    /// Number of jobs queued on `lane` (not started) whose key matches `predicate`.
    public func queuedCount(on lane: Lane, where predicate: (JobKey) -> Bool = { _ in true }) -> Int {
        lanes[lane.rawValue].count { predicate($0.key) }
    }

    /// Returns once every job submitted to the saving lane before this call has finished (its one
    /// worker runs them in order). Returns at once after `shutdown`.
    public func waitForSaving() {
        let done = DispatchSemaphore(value: 0)
        guard submit(on: .saving, { done.signal() }) else { return }
        done.wait()
    }

    /// A group of parts run on `lane` while the caller waits and helps (see `JobGroup`), with at
    /// most `maxInFlight` parts unfinished at a time.
    public func group(on lane: Lane = .indexing, maxInFlight: Int = .max) -> JobGroup {
        JobGroup(queue: lanes[lane.rawValue], maxInFlight: maxInFlight)
    }

    /// Calls `body(i)` for every `i` in `0..<count`, in parallel on `lane`'s workers and the calling
    /// thread, and returns when all calls have returned. Safe from any thread, a worker of `lane`
    /// included, and while every worker of `lane` is busy (the caller then does all the work).
    public func parallelFor(_ count: Int, on lane: Lane = .indexing, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let group = group(on: lane)
        for i in 0..<count { group.add { body(i) } }
        group.wait()
    }

    /// Runs `work` on the untrusted-decode lane and waits at most `seconds` for it. On a timeout
    /// the thread running it is abandoned and replaced (see `GuardedOutcome`); while
    /// `WorkerCounts.maxAbandoned` abandoned threads are still stuck, work is refused at once.
    public func runAbandonable<Value: Sendable>(timeout seconds: Double, _ work: @escaping @Sendable () -> Value)
        -> GuardedOutcome<Value>
    {
        guarded.run(timeout: seconds, work)
    }

    /// Abandoned untrusted-decode threads still running their work.
    public var abandonedThreads: Int { guarded.abandonedCount }

    /// Worker threads alive on `lane` now (0 before its first job and after shutdown).
    public func liveWorkers(_ lane: Lane) -> Int { lanes[lane.rawValue].liveWorkers }

    /// Untrusted-decode worker threads alive now, abandoned ones included.
    public var liveGuardedWorkers: Int { guarded.queue.liveWorkers }

    /// Stops every lane: queued jobs are dropped, later submits refused, and each worker ends once
    /// its current job returns.
    public func shutdown() {
        for lane in lanes { lane.stop() }
        guarded.queue.stop()
    }
}
