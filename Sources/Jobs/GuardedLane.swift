import Dispatch
import Locking

/// What became of work run under a time limit (`JobSystem.runAbandonable`).
public enum GuardedOutcome<Value: Sendable>: Sendable {
    /// The work returned `Value` in time.
    case finished(Value)
    /// The work did not return in time; its thread was abandoned (it ends when the work does).
    case timedOut
    /// Not run: `abandoned` threads are still stuck in earlier work (the cap), or the system stopped.
    case refused(abandoned: Int)
}

/// The untrusted-decode lane: work that may never return (SDL_image on a hostile file) runs on
/// its own workers while the caller waits at most a time limit. On a timeout the worker running
/// it is abandoned — it ends when (if ever) the work returns — and a replacement starts, so later
/// work does not wait behind it; at most `maxAbandoned` abandoned threads may be alive, after which
/// work is refused at once instead of adding threads without bound.
final class GuardedLane: Sendable {
    /// The lane's queue and workers.
    let queue: LaneQueue
    /// Most abandoned threads alive at once.
    let maxAbandoned: Int
    private let abandoned = Locked(0)

    /// Runs work on `queue`, abandoning at most `maxAbandoned` threads.
    init(queue: LaneQueue, maxAbandoned: Int) {
        self.queue = queue
        self.maxAbandoned = maxAbandoned
    }

    /// Abandoned threads still running their work.
    var abandonedCount: Int { abandoned.withLock { $0 } }

    /// Runs `work` on the lane and waits up to `seconds` for its value (see `GuardedOutcome`).
    func run<Value: Sendable>(timeout seconds: Double, _ work: @escaping @Sendable () -> Value) -> GuardedOutcome<Value> {
        let stuck = abandonedCount
        guard stuck < maxAbandoned else { return .refused(abandoned: stuck) }
        let slot = GuardedSlot<Value>()
        let key = JobKey(owner: JobOwner(), 0)
        let abandoned = self.abandoned
        let accepted = queue.submit(Job(key: key, priority: 0, generation: 0) {
            guard slot.begin() else { return .keepWorking }
            let value = work()
            // Abandoned meanwhile: a replacement already took this worker's place, so it ends here.
            return slot.finish(value, ifAbandoned: { abandoned.withLock { $0 -= 1 } }) ? .retireWorker : .keepWorking
        })
        guard accepted else { return .refused(abandoned: stuck) }
        if let value = slot.wait(seconds: seconds) { return .finished(value) }
        switch slot.abandon(ifRunning: { abandoned.withLock { $0 += 1 } }) {
        case .finished(let value):
            return .finished(value)
        case .notStarted:
            queue.cancel { $0.key == key }
            return .timedOut
        case .running:
            queue.addWorker()
            return .timedOut
        }
    }
}

/// The hand-off between one guarded job and its waiter.
private final class GuardedSlot<Value: Sendable>: Sendable {
    private enum Phase {
        case queued, running, finished(Value), abandonedQueued, abandonedRunning
    }

    /// What `abandon` found.
    enum Abandoned {
        case finished(Value), notStarted, running
    }

    private let phase = Locked(Phase.queued)
    private let done = DispatchSemaphore(value: 0)

    /// Called by the worker before the work: false when the waiter already gave up (skip it).
    func begin() -> Bool {
        phase.withLock { phase in
            guard case .queued = phase else { return false }
            phase = .running
            return true
        }
    }

    /// Stores the value and wakes the waiter; when the waiter gave up, runs `ifAbandoned` (under
    /// the slot's lock, so it pairs with `abandon`'s `ifRunning`) and returns true.
    func finish(_ value: Value, ifAbandoned: () -> Void) -> Bool {
        let wasAbandoned = phase.withLock { phase -> Bool in
            if case .abandonedRunning = phase {
                ifAbandoned()
                return true
            }
            phase = .finished(value)
            return false
        }
        if !wasAbandoned { done.signal() }
        return wasAbandoned
    }

    /// The value, or nil when none arrived within `seconds`.
    func wait(seconds: Double) -> Value? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return phase.withLock { phase in
            if case .finished(let value) = phase { return value }
            return nil
        }
    }

    /// Gives up waiting: returns the value if it arrived meanwhile, else marks the job abandoned
    /// (running `ifRunning` under the slot's lock when the work has started).
    func abandon(ifRunning: () -> Void) -> Abandoned {
        phase.withLock { phase in
            switch phase {
            case .finished(let value):
                return .finished(value)
            case .queued, .abandonedQueued:
                phase = .abandonedQueued
                return .notStarted
            case .running, .abandonedRunning:
                phase = .abandonedRunning
                ifRunning()
                return .running
            }
        }
    }
}
