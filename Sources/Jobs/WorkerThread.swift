#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// Starting the job system's threads, and what each of them knows about itself. The only place
/// the app creates threads.
enum WorkerThread {
    /// Starts a detached thread named `name` running `body`; false when the system refuses one.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, workerThreadMain, start)
        if status != 0 { Unmanaged<Start>.fromOpaque(start).release() }
        if status == 0 { pthread_detach(thread) }
        return status == 0
    }

    /// Runs a started thread's body (the `pthread_create` entry point's Swift side).
    fileprivate static func run(_ raw: UnsafeMutableRawPointer) {
        let start = Unmanaged<Start>.fromOpaque(raw).takeRetainedValue()
        nameCurrentThread(start.name)
        start.body()
    }

    /// Names the calling thread (as `top -H` and debuggers show it) through
    /// `/proc/thread-self/comm`: glibc's `pthread_setname_np` is hidden from Swift (`_GNU_SOURCE`).
    private static func nameCurrentThread(_ name: String) {
        #if os(Linux)
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #endif
    }

    /// What a new thread runs.
    fileprivate final class Start: Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// Makes the calling thread a background one: nice 10 (on Linux the nice value is per thread;
    /// 0 names the calling one), so the UI thread (nice 0) wins the cores it wants. Not SCHED_IDLE:
    /// an idle-class thread gets no CPU at all while anything else keeps the cores busy (beside a
    /// build, photos never decoded and a 0.5 s folder scan took 17 s).
    static func lowerCurrentThreadPriority() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #else
        _ = setpriority(PRIO_PROCESS, 0, 10)
        #endif
    }

    /// The thread-specific slot holding the running worker's `WorkerContext` (unretained: the
    /// worker's lane keeps it alive while the thread runs).
    static let contextKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()
}

/// What the workers of one job system share: the system (weakly: workers must not keep it alive)
/// and the hook every worker runs as its thread ends.
final class WorkerContext: Sendable {
    private struct State {
        weak var system: JobSystem?
        var exitHook: (@Sendable () -> Void)?
    }

    private let state = Locked(State())

    /// The system the workers belong to.
    var system: JobSystem? {
        get { state.withLock { $0.system } }
        set { state.withLock { $0.system = newValue } }
    }

    /// Runs on every worker thread as it ends.
    var exitHook: (@Sendable () -> Void)? {
        get { state.withLock { $0.exitHook } }
        set { state.withLock { $0.exitHook = newValue } }
    }

    /// Marks the calling thread as a worker of this context's system.
    func enter() {
        pthread_setspecific(WorkerThread.contextKey, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs the exit hook and unmarks the calling thread.
    func exit() {
        exitHook?()
        pthread_setspecific(WorkerThread.contextKey, nil)
    }

    /// The context of the worker running the calling thread; nil on any other thread.
    static var current: WorkerContext? {
        pthread_getspecific(WorkerThread.contextKey).map { Unmanaged<WorkerContext>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// The entry point of every worker thread.
private func workerThreadMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let raw { WorkerThread.run(raw) }
    return nil
}
