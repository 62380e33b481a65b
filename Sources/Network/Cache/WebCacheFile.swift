import Glibc
import Locking

/// Reading and writing one entry file. Writes go to a fresh temporary in the entry's folder, are
/// flushed with `fsync` and then renamed over the entry by the caller, so a reader sees the old
/// entry or the new one, never a part. Reads never follow a link, never block on a FIFO, and read
/// at most the header before they know the entry is whole.
enum WebCacheFile {
    /// What reading an entry found.
    enum Outcome {
        /// No file under the entry's name.
        case missing
        /// Something there that is not a whole entry for the key; it has been removed when it was
        /// a file or link that nothing replaced meanwhile (a folder is removed only when empty).
        case damaged
        /// The entry, with its body when asked for, and the file's size in bytes.
        case found(WebCacheMetadata, body: [UInt8]?, size: Int)
    }

    /// Numbers that make each temporary name of this process unique.
    private static let sequence = Locked<UInt64>(0)

    /// Writes `head` and `body` to a new temporary beside `path` with modification time `usedAt`
    /// and flushes it; returns the temporary's path, or nil (nothing left behind) when it cannot
    /// be written. Creates the folder when it is missing (a user emptied the cache).
    static func writeTemporary(_ path: String, head: [UInt8], body: [UInt8], usedAt: Int64) -> String? {
        var fd: Int32 = -1
        var temporary = ""
        for attempt in 0..<4 {
            let number = sequence.withLock { value in
                value += 1
                return value
            }
            temporary = path + ".\(number).tmp-\(getpid())"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { break }
            if errno == ENOENT, attempt == 0, let slash = path.lastIndex(of: "/") {
                WebCacheFolder.make(String(path[..<slash]))
            } else if errno != EEXIST {
                return nil
            }
        }
        guard fd >= 0 else { return nil }
        var times = [WebCacheFolder.timespecOf(usedAt), WebCacheFolder.timespecOf(usedAt)]
        let written = writeAll(fd, head) && writeAll(fd, body) && futimens(fd, &times) == 0 && fsync(fd) == 0
        close(fd)
        guard written else {
            unlink(temporary)
            return nil
        }
        return temporary
    }

    /// Reads the entry at `path` for `key`: the metadata, and the body when `withBody`. A file over
    /// `maxSize` bytes is damaged unread. On success the file's modification time becomes `usedAt`
    /// when given (the recency the cache evicts by).
    static func read(_ path: String, key: WebCacheKey, maxSize: Int, withBody: Bool, usedAt: Int64?) -> Outcome {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return .missing }
            removeOddity(path)
            return .damaged
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .damaged }
        guard status.st_mode & S_IFMT == S_IFREG else {
            removeOddity(path)
            return .damaged
        }
        let size = Int(status.st_size)
        guard size <= maxSize, let prefix = readExactly(fd, WebCacheEntryFormat.prefixLength),
            let lengths = WebCacheEntryFormat.lengths(prefix: prefix, fileSize: size),
            let header = readExactly(fd, lengths.header),
            let (storedKey, metadata) = WebCacheEntryFormat.decode(prefix: prefix, header: header), storedKey == key
        else {
            removeIfSame(path, status)
            return .damaged
        }
        var body: [UInt8]? = nil
        if withBody {
            guard let bytes = readExactly(fd, lengths.body) else {
                removeIfSame(path, status)
                return .damaged
            }
            body = bytes
        }
        if let usedAt {
            var times = [WebCacheFolder.timespecOf(usedAt), WebCacheFolder.timespecOf(usedAt)]
            _ = futimens(fd, &times)
        }
        return .found(metadata, body: body, size: size)
    }

    /// Writes all of `bytes` to `fd`; false on an error.
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// The next `count` bytes of `fd`, or nil when the file ends first or a read fails.
    private static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var offset = 0
            while offset < count {
                let n = Glibc.read(fd, buffer.baseAddress! + offset, count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    failed = true
                    break
                }
                offset += n
            }
            initialized = offset
        }
        return failed ? nil : bytes
    }

    /// Deletes the file at `path` when it is still the one `opened` describes (a writer may have
    /// renamed a good entry over it since).
    private static func removeIfSame(_ path: String, _ opened: stat) {
        var now = stat()
        guard lstat(path, &now) == 0, now.st_dev == opened.st_dev, now.st_ino == opened.st_ino else { return }
        unlink(path)
    }

    /// Deletes what is at `path` when it is not a regular file: a link (never its target), a FIFO or
    /// socket, or an empty folder; a folder with anything in it is left alone.
    private static func removeOddity(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: rmdir(path)
        default: unlink(path)
        }
    }
}
