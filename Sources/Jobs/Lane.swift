#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The job system's lanes: each has its own queue and its own worker threads, so work of one kind
/// can never take the threads another kind needs (a 100k-item index build cannot delay a thumbnail,
/// a folder scan cannot delay a settings write). Within a lane, higher priority runs first.
public enum Lane: Int, CaseIterable, Sendable, CustomStringConvertible {
    /// Image decodes and blurs for the screen (thumbnails, photo levels): short, many, prioritised.
    case decode
    /// File and (later) network reading: folder scans, header reads, source loading. Long-running
    /// jobs that post several results as they go.
    case loading
    /// CPU-bound parts of a larger computation (search index parts, archive batches), run through
    /// `JobGroup`/`parallelFor`, whose caller helps run them.
    case indexing
    /// Writes of the app's own files (settings, recents): one worker, strictly in submission order.
    case saving

    /// The lane's name in thread names and messages.
    public var description: String {
        switch self {
        case .decode: "decode"
        case .loading: "load"
        case .indexing: "index"
        case .saving: "save"
        }
    }
}

/// How many worker threads each lane gets (the threads start on the lane's first job).
public struct WorkerCounts: Sendable, Equatable {
    /// Decode workers (1…4).
    public var decode: Int
    /// Loading workers (1…8): a source read, a folder scan and header reads can all be under way.
    public var loading: Int
    /// Indexing workers (1…8): by default one per core, as the dispatch pool they replace had.
    public var indexing: Int
    /// Untrusted-decode workers (SDL_image under a time limit, `JobSystem.runAbandonable`), 1…4.
    public var guarded: Int
    /// Most abandoned untrusted-decode threads alive at once; past it such decodes are refused.
    public var maxAbandoned: Int

    /// The saving lane always has one worker: its jobs run in submission order.
    public var saving: Int { 1 }

    /// Counts for each lane, clamped to their ranges; the defaults are the app's.
    public init(decode: Int = 2, loading: Int = 3, indexing: Int = WorkerCounts.cores,
                guarded: Int? = nil, maxAbandoned: Int = 4) {
        self.decode = min(4, max(1, decode))
        self.loading = min(8, max(1, loading))
        self.indexing = min(8, max(1, indexing))
        self.guarded = min(4, max(1, guarded ?? self.decode))
        self.maxAbandoned = max(0, maxAbandoned)
    }

    /// The online cores (at least 1).
    public static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The worker count of `lane`.
    public subscript(lane: Lane) -> Int {
        switch lane {
        case .decode: decode
        case .loading: loading
        case .indexing: indexing
        case .saving: saving
        }
    }
}
