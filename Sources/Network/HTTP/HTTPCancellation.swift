import CCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A flag another thread raises to end a request (or a wait before a retry) promptly. One token may
/// serve several requests in turn; once cancelled it stays cancelled.
///
/// A running transfer is woken at once (`curl_multi_wakeup`) instead of at libcurl's next progress
/// call, which comes only about once a second while nothing arrives.
public final class HTTPCancellation: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var cancelled = false
    private var transfers: [Int: UnsafeMutableRawPointer] = [:]
    private var nextTransfer = 0

    /// A token not yet cancelled.
    public init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Ends every request and wait that uses this token, now and later. Callable from any thread.
    public func cancel() {
        locked {
            cancelled = true
            for multi in transfers.values { curl_multi_wakeup(multi) }
            pthread_cond_broadcast(condition)
        }
    }

    /// True once `cancel` was called.
    public var isCancelled: Bool { locked { cancelled } }

    /// Sleeps for `duration` or until `cancel`, whichever comes first; true when cancelled.
    public func wait(_ duration: Duration) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let milliseconds = duration <= .zero ? 0 : HTTPLimits.milliseconds(duration)
        let nanoseconds = Int(deadline.tv_nsec) + (milliseconds % 1000) * 1_000_000
        deadline.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        return locked {
            while !cancelled {
                if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
            }
            return cancelled
        }
    }

    /// Lets `cancel` wake the transfer on `multi` until `unregister`; nil when already cancelled.
    func register(_ multi: UnsafeMutableRawPointer) -> Int? {
        locked {
            guard !cancelled else { return nil }
            nextTransfer += 1
            transfers[nextTransfer] = multi
            return nextTransfer
        }
    }

    /// Forgets the transfer `id` (before its multi handle is cleaned up).
    func unregister(_ id: Int) {
        locked { _ = transfers.removeValue(forKey: id) }
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
