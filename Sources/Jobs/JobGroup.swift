import Dispatch
import Locking

/// Work split into parts that run on a lane's workers while the caller waits — and helps: a
/// caller that waits runs the parts no worker has taken yet itself, so a group finishes even when
/// every worker of its lane is busy or blocked, and a worker of the same lane may start a group
/// (no deadlock). Used from one thread (the caller); the parts run anywhere.
///
/// ```swift
/// let group = jobs.group(on: .indexing, maxInFlight: 16)
/// for batch in batches { group.add { parse(batch) } }   // waits (helping) past 16 in flight
/// group.wait()
/// ```
public final class JobGroup {
    private let queue: LaneQueue
    private let owner = JobOwner()
    private let parts = GroupParts()
    private let maxInFlight: Int
    private var added = 0
    private var collected = 0

    /// A group on `queue` with at most `maxInFlight` parts added and not yet finished.
    init(queue: LaneQueue, maxInFlight: Int) {
        self.queue = queue
        self.maxInFlight = max(1, maxInFlight)
    }

    /// Waits for every part (a group must not outlive its work's captures).
    deinit { wait() }

    /// Adds a part. When `maxInFlight` parts are unfinished, first runs a waiting part itself or
    /// waits for one to finish, so memory held by parts in flight stays bounded. Parts the workers
    /// already finished are counted first, so the caller helps only when the window is really full
    /// (counting only the completions it had waited for, it ran any queued part at every add once
    /// `maxInFlight` parts had ever been added, instead of adding more).
    public func add(_ work: @escaping @Sendable () -> Void) {
        while added - collected >= maxInFlight, parts.finished.wait(timeout: .now()) == .success { collected += 1 }
        while added - collected >= maxInFlight { collectOne() }
        parts.push(work)
        added += 1
        let parts = self.parts
        // A helper job runs whichever part is still waiting when it starts; when the caller already
        // took them all, it does nothing. On a stopped lane the caller runs every part.
        queue.submit(Job(key: JobKey(owner: owner, added), priority: 0, generation: 0) {
            parts.runOne()
            return .keepWorking
        })
    }

    /// Returns once every part added has finished, running waiting parts on the calling thread.
    public func wait() {
        while collected < added { collectOne() }
        queue.cancel { $0.key.owner == owner }
    }

    /// Runs a waiting part here if there is one, then takes one part's completion.
    private func collectOne() {
        parts.runOne()
        parts.finished.wait()
        collected += 1
    }
}

/// The parts of a group not yet started, and a semaphore signalled once per finished part.
private final class GroupParts: Sendable {
    private let waiting = Locked<[@Sendable () -> Void]>([])
    /// Signalled once each time a part finishes.
    let finished = DispatchSemaphore(value: 0)

    /// Queues a part.
    func push(_ work: @escaping @Sendable () -> Void) { waiting.withLock { $0.append(work) } }

    /// Runs the oldest waiting part (if any) on the calling thread and signals its completion.
    func runOne() {
        guard let work = waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
        work()
        finished.signal()
    }
}
