import Foundation
import Locking
import Synchronization
import Testing

@Suite struct LockedTests {
    private struct Failure: Error {}

    @Test func bodyReadsAndChangesTheValueAndReturnsItsResult() {
        let counter = Locked([1, 2])
        let count = counter.withLock { values -> Int in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(counter.withLock { $0 } == [1, 2, 3])
    }

    @Test func aThrowingBodyUnlocksAndKeepsItsChanges() {
        let counter = Locked(0)
        #expect(throws: Failure.self) {
            try counter.withLock { value in
                value = 7
                throw Failure()
            }
        }
        // A lock left held would deadlock (or fail the error-checking mutex) here.
        #expect(counter.withLock { $0 } == 7)
    }

    /// Four threads start together and each make 200,000 read-modify-write steps; without mutual
    /// exclusion steps overlap and updates are lost (measured with the lock taken out: both
    /// expectations fail).
    @Test func threadsNeverLoseAnUpdate() {
        let counter = Locked((total: 0, inside: 0, overlaps: 0))
        let threads = 4, steps = 200_000
        final class Gate: Sendable { let arrived = Atomic(0) }
        let gate = Gate()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            // Real threads, not a pool that may run fewer at once than the gate waits for.
            Thread.detachNewThread {
                gate.arrived.add(1, ordering: .relaxed)
                while gate.arrived.load(ordering: .relaxed) < threads {}
                for _ in 0..<steps {
                    counter.withLock { state in
                        state.inside += 1
                        if state.inside > 1 { state.overlaps += 1 }
                        let seen = state.total
                        state.total = seen + 1
                        state.inside -= 1
                    }
                }
                finished.signal()
            }
        }
        for _ in 0..<threads { finished.wait() }
        let state = counter.withLock { $0 }
        #expect(state.total == threads * steps)
        #expect(state.overlaps == 0)
    }
}
