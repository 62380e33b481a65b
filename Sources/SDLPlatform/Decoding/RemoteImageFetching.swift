import Imaging
import Locking

/// Where the platform gets the bytes of a remote image (`ResourceLocator.url`): the web cache's copy
/// when there is one, else the network. The platform does not import the network layer (DESIGN §1):
/// the app passes an implementation in (`plumage`'s `RemoteImages`), tests pass a fake.
public protocol RemoteImageFetching: Sendable {
    /// The bytes at `url`, from the cache without any request when it holds them, else downloaded and
    /// stored there. Blocks the calling thread (a worker of the job system's loading lane, never a
    /// decode worker); ends promptly with a failure once `cancellation` is cancelled. A failure's
    /// message is short and names the cause ("cannot read: server answered 404 Not Found").
    func bytes(of url: String, cancellation: RemoteFetchCancellation) -> Result<[UInt8], ImageError>
}

/// A flag the main thread raises to end one remote fetch: its handlers (the fetcher's way to abort a
/// transfer, e.g. `HTTPCancellation.cancel`) run once, on the cancelling thread, or at once when
/// added after the cancel. Thread-safe.
public final class RemoteFetchCancellation: Sendable {
    /// Whether it was cancelled, and what runs when it is.
    private let state = Locked<(cancelled: Bool, handlers: [@Sendable () -> Void])>((false, []))

    /// A flag not yet raised.
    public init() {}

    /// True once `cancel` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Raises the flag and runs the handlers added so far (each once); later calls do nothing.
    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` when the flag is raised (now, when it already is).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.cancelled { return true }
            state.handlers.append(handler)
            return false
        }
        if now { handler() }
    }
}
