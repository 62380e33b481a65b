#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, read and changed only inside `withLock`, under a POSIX mutex.
///
/// Used instead of `Synchronization.Mutex` because that one locks with futex calls inside the
/// uninstrumented Swift runtime, so ThreadSanitizer sees no order between two critical sections and
/// reports every protected access as a race (scripts/tsan-mutex-repro.swift; docs/NOTES.md,
/// "Sanitizers and soak"). TSan intercepts `pthread_mutex_lock`, so with this lock it checks our
/// shared state instead of being told to ignore it. The lock is not recursive: calling `withLock`
/// again from inside `body` on the same value deadlocks (an error-checking mutex reports it in debug
/// builds).
public final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        #if DEBUG
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        #endif
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value while no other thread can reach it, and returns what `body` returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "pthread_mutex_lock failed: \(status) (a withLock inside withLock?)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
