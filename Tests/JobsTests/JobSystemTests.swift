import Dispatch
import Glibc
import Jobs
import Locking
import Testing

/// Waits for `semaphore`; a generous deadline turns a hang (a bug) into a failure instead of a
/// stuck test run. It is never the thing measured.
func arrives(_ semaphore: DispatchSemaphore, _ what: String = "a job") -> Bool {
    let ok = semaphore.wait(timeout: .now() + 60) == .success
    if !ok { Issue.record("\(what) never happened") }
    return ok
}

/// A lane's workers held busy until `release` is signalled.
final class Blockers: Sendable {
    let release = DispatchSemaphore(value: 0)
    private let count: Int

    /// Occupies every one of `count` workers of `lane` with a job that waits for `release`.
    init(_ jobs: JobSystem, lane: Lane, count: Int) {
        self.count = count
        let started = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            jobs.submit(on: lane) { [release] in
                started.signal()
                release.wait()
            }
        }
        for _ in 0..<count { _ = arrives(started, "a blocker starting") }
    }

    /// Lets every blocker finish.
    func open() { for _ in 0..<count { release.signal() } }
}

/// Records the order jobs run in.
final class Trace: Sendable {
    private let entries = Locked<[String]>([])
    let ran = DispatchSemaphore(value: 0)
    func note(_ entry: String) {
        entries.withLock { $0.append(entry) }
        ran.signal()
    }
    var all: [String] { entries.withLock { $0 } }
    /// Waits for `n` notes.
    func wait(for n: Int) { for _ in 0..<n { _ = arrives(ran) } }
}

@Suite struct JobSystemTests {
    @Test func runsHighestPriorityFirstTiesInSubmissionOrder() {
        let jobs = JobSystem(workers: WorkerCounts(decode: 1))
        let blockers = Blockers(jobs, lane: .decode, count: 1)
        let trace = Trace()
        for (name, priority) in [("a", 1), ("b", 3), ("c", 2), ("d", 3), ("e", 1)] {
            jobs.submit(on: .decode, priority: priority) { trace.note(name) }
        }
        blockers.open()
        trace.wait(for: 5)
        #expect(trace.all == ["b", "d", "c", "a", "e"])
    }

    @Test func aQueuedJobWithTheSameKeyIsReplaced() {
        let jobs = JobSystem(workers: WorkerCounts(decode: 1))
        let owner = JobOwner(), other = JobOwner()
        let blockers = Blockers(jobs, lane: .decode, count: 1)
        let trace = Trace()
        jobs.submit(on: .decode, key: JobKey(owner: owner, "k"), priority: 1) { trace.note("first") }
        jobs.submit(on: .decode, key: JobKey(owner: other, "k"), priority: 0) { trace.note("other owner") }
        jobs.submit(on: .decode, key: JobKey(owner: owner, "k"), priority: 5) { trace.note("second") }
        #expect(jobs.queuedCount(on: .decode) == 2)
        blockers.open()
        trace.wait(for: 2)
        #expect(trace.all == ["second", "other owner"])
    }

    @Test func cancelsQueuedJobsByGenerationAndByKey() {
        let jobs = JobSystem(workers: WorkerCounts(decode: 1))
        let owner = JobOwner(), other = JobOwner()
        let blockers = Blockers(jobs, lane: .decode, count: 1)
        let trace = Trace()
        for (name, generation) in [("a", 1), ("b", 2), ("c", 1), ("d", 2), ("e", 3)] {
            jobs.submit(on: .decode, key: JobKey(owner: owner, name), generation: generation) { trace.note(name) }
        }
        jobs.submit(on: .decode, key: JobKey(owner: other, "z"), generation: 0) { trace.note("z") }
        #expect(jobs.cancel(on: .decode, key: JobKey(owner: owner, "d")))
        #expect(!jobs.cancel(on: .decode, key: JobKey(owner: owner, "d")))
        #expect(jobs.cancel(on: .decode, owner: owner, olderThan: 2) == 2)  // a, c; not other's z
        #expect(jobs.queuedCount(on: .decode) { $0.owner == owner } == 2)
        blockers.open()
        trace.wait(for: 3)
        #expect(trace.all == ["b", "e", "z"])
    }

    @Test func aBlockedLaneDoesNotStopTheOthers() {
        let jobs = JobSystem(workers: WorkerCounts(decode: 1, loading: 1, indexing: 2))
        let indexing = Blockers(jobs, lane: .indexing, count: 2)
        let loading = Blockers(jobs, lane: .loading, count: 1)
        let trace = Trace()
        jobs.submit(on: .decode) { trace.note("decode") }
        jobs.submit(on: .saving) { trace.note("save") }
        trace.wait(for: 2)
        #expect(Set(trace.all) == ["decode", "save"])
        indexing.open()
        loading.open()
    }

    @Test func workersRunAtNiceTenAndKnowTheirSystem() {
        let jobs = JobSystem()
        let seen = Locked<[Int32]>([]), mine = Locked(false), done = DispatchSemaphore(value: 0)
        for lane in Lane.allCases {
            jobs.submit(on: lane) {
                seen.withLock { $0.append(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)) }
                if lane == .decode { mine.withLock { $0 = JobSystem.current === jobs } }
                done.signal()
            }
        }
        for _ in Lane.allCases { _ = arrives(done) }
        #expect(seen.withLock { $0 } == Array(repeating: 10, count: Lane.allCases.count))
        #expect(mine.withLock { $0 })
        #expect(JobSystem.current == nil)
    }

    @Test func savesRunOneAfterAnotherAndCanBeWaitedFor() {
        let jobs = JobSystem()
        let written = Locked<[Int]>([])
        for i in 0..<200 { jobs.submit(on: .saving) { written.withLock { $0.append(i) } } }
        jobs.waitForSaving()
        #expect(written.withLock { $0 } == Array(0..<200))
        #expect(jobs.liveWorkers(.saving) == 1)
    }

    @Test func shutdownRefusesNewJobsDropsQueuedOnesAndEndsEveryWorker() {
        let jobs = JobSystem(workers: WorkerCounts(decode: 3))
        let exited = DispatchSemaphore(value: 0)
        jobs.setWorkerExitHook { exited.signal() }
        let blockers = Blockers(jobs, lane: .decode, count: 3)
        let trace = Trace()
        jobs.submit(on: .decode) { trace.note("queued") }
        #expect(jobs.liveWorkers(.decode) == 3 && jobs.liveWorkers(.loading) == 0)
        jobs.shutdown()
        #expect(!jobs.submit(on: .decode) { trace.note("late") })
        blockers.open()
        for _ in 0..<3 { _ = arrives(exited, "a worker ending") }
        #expect(jobs.liveWorkers(.decode) == 0)
        #expect(trace.all.isEmpty)
        jobs.waitForSaving()  // returns at once once stopped
    }
}
