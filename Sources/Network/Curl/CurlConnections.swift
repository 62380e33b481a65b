import CCurl
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one `HTTPClient`'s requests leave to the next: open connections, TLS sessions and resolved
/// names, so a feed's two hundred pictures from one server cost one TCP and TLS handshake per
/// concurrent fetch instead of one each.
///
/// Connections live in the connection cache of a libcurl multi handle. Each request borrows a multi
/// handle from `idle` (only one thread drives it at a time, as libcurl requires) and gives it back
/// when done, with the connection it used still open in its cache; a request that finds none idle
/// makes one. libcurl's shared connection cache (`CURL_LOCK_DATA_CONNECT`) is deliberately not used:
/// its documentation says sharing connections between concurrent threads is not supported
/// (CURLSHOPT_SHARE(3); docs/KNOWN_BUGS "A shared connection cache is not thread-safe";
/// curl/curl#4544, #13347, #13840). The share object holds only what it does support across
/// threads, with locks: the DNS cache and the TLS session cache, so a second connection to a host
/// (another multi handle) resumes the TLS session instead of a full handshake.
final class CurlConnections: @unchecked Sendable {
    /// Most idle multi handles kept (each keeps up to 4 connections, libcurl's default for a multi
    /// handle with one transfer); more are closed when given back. Eight is the loading lane's most
    /// workers (`WorkerCounts.loading`, 1…8).
    static let maxIdle = 8

    /// The share object of DNS and TLS sessions (nil when libcurl could not make one: requests then
    /// go without it).
    let share: UnsafeMutableRawPointer?
    private let locks: ShareLocks
    private let idle = Locked<[UnsafeMutableRawPointer]>([])

    /// An empty set: no connection open yet.
    init() {
        locks = ShareLocks()
        share = CurlGlobal.ensureInitialised() ? Self.makeShare(locks) : nil
    }

    deinit {
        // The multi handles close their connections before the share their sessions live in goes.
        for multi in idle.withLock({ $0 }) { curl_multi_cleanup(multi) }
        if let share { curl_share_cleanup(share) }
    }

    /// An idle multi handle with its open connections, or a new one; nil when libcurl cannot make one.
    /// The caller drives it alone until it hands it back with `giveBack` (or cleans it up).
    func borrow() -> UnsafeMutableRawPointer? {
        if let multi = idle.withLock({ $0.popLast() }) { return multi }
        return curl_multi_init()
    }

    /// Keeps `multi` (no transfer on it) and its connections for a later request, or closes it when
    /// `maxIdle` are already kept.
    func giveBack(_ multi: UnsafeMutableRawPointer) {
        let kept = idle.withLock { handles in
            guard handles.count < Self.maxIdle else { return false }
            handles.append(multi)
            return true
        }
        if !kept { curl_multi_cleanup(multi) }
    }

    /// A share object of the DNS and TLS session caches, locked by `locks`; nil when libcurl refuses.
    private static func makeShare(_ locks: ShareLocks) -> UnsafeMutableRawPointer? {
        guard let share = curl_share_init() else { return nil }
        let codes = [
            plumage_curl_share_set_pointer(share, CURLSHOPT_USERDATA, Unmanaged.passUnretained(locks).toOpaque()),
            plumage_curl_share_set_lock_callback(share) { _, data, _, context in
                guard let context else { return }
                Unmanaged<ShareLocks>.fromOpaque(context).takeUnretainedValue().lock(data)
            },
            plumage_curl_share_set_unlock_callback(share) { _, data, context in
                guard let context else { return }
                Unmanaged<ShareLocks>.fromOpaque(context).takeUnretainedValue().unlock(data)
            },
            plumage_curl_share_set_data(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS),
            plumage_curl_share_set_data(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION),
        ]
        guard codes.allSatisfy({ $0 == CURLSHE_OK }) else {
            curl_share_cleanup(share)
            return nil
        }
        return share
    }
}

/// One mutex per kind of data libcurl locks in a share object (it asks for a different lock per
/// kind, CURLSHOPT_LOCKFUNC(3)). Lock and unlock come as two calls, so `Locked` does not fit.
private final class ShareLocks {
    private let count = Int(CURL_LOCK_DATA_LAST.rawValue)
    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutexes = .allocate(capacity: count)
        for index in 0..<count {
            (mutexes + index).initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutexes + index, nil)
        }
    }

    deinit {
        for index in 0..<count { pthread_mutex_destroy(mutexes + index) }
        mutexes.deinitialize(count: count)
        mutexes.deallocate()
    }

    /// Takes the lock of `data` (shared and single access alike).
    func lock(_ data: curl_lock_data) {
        let index = Int(data.rawValue)
        if index < count { pthread_mutex_lock(mutexes + index) }
    }

    /// Releases the lock of `data`.
    func unlock(_ data: curl_lock_data) {
        let index = Int(data.rawValue)
        if index < count { pthread_mutex_unlock(mutexes + index) }
    }
}
