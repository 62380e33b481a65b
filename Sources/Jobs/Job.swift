/// Identifies one client of the job system (a `DecodeWorkers`, a `JobGroup`): its jobs' keys are
/// its own, so two clients can use the same key without replacing each other's jobs.
public final class JobOwner: Sendable, Hashable {
    /// A new, distinct owner.
    public init() {}
    /// Identity equality.
    public static func == (a: JobOwner, b: JobOwner) -> Bool { a === b }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A job's key in a lane: its owner and the owner's own key. A queued job with an equal key is
/// replaced by a new submission; cancellation selects jobs by key.
public struct JobKey: Hashable, @unchecked Sendable {
    /// The client that submitted the job.
    public var owner: JobOwner
    /// The client's key (always a `Sendable` value: the initialiser requires it).
    public var base: AnyHashable

    /// `key` of `owner`.
    public init(owner: JobOwner, _ key: some Hashable & Sendable) {
        self.owner = owner
        base = AnyHashable(key)
    }
}

/// What a worker does after a job: take the next one, or end its thread (an abandoned untrusted
/// decode whose lane has already started a replacement).
enum JobEnd: Sendable {
    case keepWorking, retireWorker
}

/// One queued unit of work.
struct Job: Sendable {
    /// Identifies the job for replacement and cancellation.
    var key: JobKey
    /// Higher runs first.
    var priority: Int
    /// The request generation the job belongs to (cancelled when older than the current one).
    var generation: Int
    /// Submission order, for FIFO among equal priorities (set by the queue).
    var sequence = 0
    /// Does the work (and hands its result to the caller's sink).
    var work: @Sendable () -> JobEnd

    /// A job of `key` at `priority` and `generation` doing `work`.
    init(key: JobKey, priority: Int, generation: Int, work: @escaping @Sendable () -> JobEnd) {
        self.key = key
        self.priority = priority
        self.generation = generation
        self.work = work
    }

    /// True when `self` should run before `other`.
    func precedes(_ other: Job) -> Bool {
        priority != other.priority ? priority > other.priority : sequence < other.sequence
    }
}
