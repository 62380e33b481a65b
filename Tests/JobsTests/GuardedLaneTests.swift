import Dispatch
import Glibc
import Jobs
import Locking
import Testing

@Suite struct GuardedLaneTests {
    /// Waits (polling a condition, not a duration) until `condition` holds.
    private func eventually(_ what: String, _ condition: () -> Bool) {
        for _ in 0..<60_000 where !condition() { usleep(1000) }
        if !condition() { Issue.record("\(what) never happened") }
    }

    @Test func returnsTheValueOfWorkThatFinishes() {
        let jobs = JobSystem()
        guard case .finished(let value) = jobs.runAbandonable(timeout: 60, { 6 * 7 }) else {
            Issue.record("not finished")
            return
        }
        #expect(value == 42)
        #expect(jobs.abandonedThreads == 0)
    }

    /// Work that never returns times out; its thread is replaced, so the next work (on a lane of
    /// one worker) runs at once instead of waiting behind it.
    @Test func aHungJobDoesNotBlockLaterOnes() {
        let jobs = JobSystem(workers: WorkerCounts(guarded: 1, maxAbandoned: 2))
        let forever = DispatchSemaphore(value: 0)
        let outcome = jobs.runAbandonable(timeout: 0.05) { forever.wait(); return 0 }
        guard case .timedOut = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(jobs.abandonedThreads == 1)
        guard case .finished(1) = jobs.runAbandonable(timeout: 60, { 1 }) else {
            Issue.record("the next job waited behind the hung one")
            return
        }
        #expect(jobs.liveGuardedWorkers == 2)  // the hung one and its replacement
        forever.signal()
        eventually("the abandoned thread ending") { jobs.abandonedThreads == 0 && jobs.liveGuardedWorkers == 1 }
    }

    /// Past `maxAbandoned` stuck threads, work is refused at once; once one ends, work runs again.
    @Test func theCapOnAbandonedThreadsHolds() {
        let exited = Locked(0)
        let jobs = JobSystem(workers: WorkerCounts(guarded: 1, maxAbandoned: 2))
        jobs.setWorkerExitHook { exited.withLock { $0 += 1 } }
        let forever = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            guard case .timedOut = jobs.runAbandonable(timeout: 0.05, { forever.wait(); return 0 }) else {
                Issue.record("expected a timeout")
                return
            }
        }
        let ran = Locked(false)
        let refused = jobs.runAbandonable(timeout: 60) { ran.withLock { $0 = true }; return 0 }
        guard case .refused(abandoned: 2) = refused else {
            Issue.record("expected a refusal, got \(refused)")
            return
        }
        #expect(jobs.liveGuardedWorkers == 3)
        forever.signal()
        eventually("an abandoned thread ending") { jobs.abandonedThreads == 1 }
        guard case .finished(5) = jobs.runAbandonable(timeout: 60, { 5 }) else {
            Issue.record("work refused below the cap")
            return
        }
        forever.signal()
        eventually("both abandoned threads ending") { jobs.abandonedThreads == 0 && exited.withLock { $0 } == 2 }
        #expect(!ran.withLock { $0 })
    }
}
