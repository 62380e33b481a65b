import Glibc

/// The advisory lock that makes a read-merge-write of one of Plumage's own files whole when two
/// instances share it: `flock(LOCK_EX)` on a lock file beside the data (`settings.json.lock`,
/// created 0600, never deleted: deleting it while another process waits on it would let a third
/// lock a new file and both enter). The lock is held through an open file description, so two
/// opens in one process exclude each other too, and it ends when the descriptor closes (also when
/// the holder dies).
enum FileLock {
    /// How many times a busy lock is tried again, 5 ms apart (2 s in all): a holder keeps it for
    /// one small read and write, so a lock still busy then belongs to a stopped or stuck process,
    /// and the save gives up rather than hang the app's quit.
    static let attempts = 400

    /// Runs `body` holding the lock of `path` (`path.lock`); throws when the lock file cannot be
    /// opened or stays busy (`cannot lock …: Resource temporarily unavailable`).
    static func exclusively<T>(_ path: String, _ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        let lockPath = path + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failure("cannot lock \(lockPath)") }
        defer { close(fd) }
        var attempt = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            attempt += 1
            guard errno == EWOULDBLOCK || errno == EINTR, attempt < attempts else { throw .failure("cannot lock \(lockPath)") }
            usleep(5_000)
        }
        return try body()
    }
}
