import Dispatch
import Jobs
import Locking
import Testing

@Suite struct ParallelForTests {
    /// Every index runs exactly once: the sum of squares matches n(n−1)(2n−1)/6.
    @Test func everyIndexRunsOnce() {
        let jobs = JobSystem(workers: WorkerCounts(indexing: 3))
        let n = 1000
        let hits = Locked(Array(repeating: 0, count: n))
        jobs.parallelFor(n) { i in hits.withLock { $0[i] += 1 } }
        let counts = hits.withLock { $0 }
        #expect(counts.allSatisfy { $0 == 1 })
        #expect(counts.indices.reduce(0) { $0 + $1 * $1 } == (n - 1) * n * (2 * n - 1) / 6)
        var ran = false
        jobs.parallelFor(1) { _ in }
        jobs.parallelFor(0) { _ in }
        ran = true
        #expect(ran)
    }

    /// With every worker of the lane blocked, the caller does all the work itself.
    @Test func finishesWhileEveryWorkerOfTheLaneIsBlocked() {
        let jobs = JobSystem(workers: WorkerCounts(indexing: 2))
        let blockers = Blockers(jobs, lane: .indexing, count: 2)
        let sum = Locked(0)
        jobs.parallelFor(64) { i in sum.withLock { $0 += i } }
        #expect(sum.withLock { $0 } == 64 * 63 / 2)
        blockers.open()
    }

    /// A worker of the lane may itself run a parallel-for (nested), even with the lane's other
    /// worker blocked.
    @Test func aWorkerOfTheLaneCanRunOne() {
        let jobs = JobSystem(workers: WorkerCounts(indexing: 2))
        let blockers = Blockers(jobs, lane: .indexing, count: 1)
        let sum = Locked(0), done = DispatchSemaphore(value: 0)
        jobs.submit(on: .indexing) {
            jobs.parallelFor(8) { i in
                jobs.parallelFor(8) { j in sum.withLock { $0 += i * 8 + j } }
            }
            done.signal()
        }
        _ = arrives(done, "the nested parallel-for")
        #expect(sum.withLock { $0 } == 64 * 63 / 2)
        blockers.open()
    }

    /// A group never holds more than `maxInFlight` unfinished parts, and runs them all.
    @Test func aGroupBoundsThePartsInFlight() {
        let jobs = JobSystem(workers: WorkerCounts(indexing: 2))
        let finished = Locked(0), worst = Locked(0)
        let group = jobs.group(on: .indexing, maxInFlight: 3)
        for added in 1...100 {
            group.add { finished.withLock { $0 += 1 } }
            let inFlight = added - finished.withLock { $0 }
            worst.withLock { $0 = max($0, inFlight) }
        }
        group.wait()
        #expect(finished.withLock { $0 } == 100)
        #expect(worst.withLock { $0 } <= 3)
    }

    /// The caller helps only when `maxInFlight` parts are really unfinished: parts the worker has
    /// already finished free their places even though the caller never waited for them. Three quick
    /// parts finish on the one worker, a fourth holds it; two more parts fit beside the held one
    /// (2 unfinished < 3), so the caller must not run a queued one itself while adding them.
    @Test func theCallerHelpsOnlyWhenTheWindowIsReallyFull() {
        let jobs = JobSystem(workers: WorkerCounts(indexing: 1))
        let group = jobs.group(on: .indexing, maxInFlight: 3)
        let quickDone = DispatchSemaphore(value: 0), heldStarted = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let onCaller = Locked<[String]>([]), ran = Locked<[String]>([])
        let record: @Sendable (String) -> Void = { name in
            ran.withLock { $0.append(name) }
            if JobSystem.current == nil { onCaller.withLock { $0.append(name) } }
        }
        for name in ["a", "b", "c"] {
            group.add {
                record(name)
                quickDone.signal()
            }
        }
        for _ in 0..<3 { _ = arrives(quickDone, "a quick part") }
        group.add {
            record("held")
            heldStarted.signal()
            gate.wait()
        }
        _ = arrives(heldStarted, "the held part")
        group.add { record("e") }
        group.add { record("f") }
        #expect(onCaller.withLock { $0 }.isEmpty, "the caller ran a part while only 2 of 3 places were taken")
        gate.signal()
        group.wait()
        #expect(ran.withLock { $0 }.sorted() == ["a", "b", "c", "e", "f", "held"])
    }

    /// After shutdown the caller still runs every part.
    @Test func runsOnAStoppedSystem() {
        let jobs = JobSystem()
        jobs.shutdown()
        let sum = Locked(0)
        jobs.parallelFor(10) { i in sum.withLock { $0 += i } }
        #expect(sum.withLock { $0 } == 45)
    }
}
