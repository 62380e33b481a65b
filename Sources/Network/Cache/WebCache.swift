import Glibc
import Locking

/// The on-disk cache of what live feeds fetched: feed pages and images keyed by URL, with their
/// headers and times, one file per entry in `folder` (the app's is `$XDG_CACHE_HOME/plumage/web`:
/// `UserDirectories.cache() + "/" + WebCache.subfolder`).
///
/// Bounded by `budget` bytes of entry files, the least recently used evicted first. Recency is each
/// file's modification time, set from `clock` when an entry is stored, read or touched (one
/// `futimens` on the file already open, no index file to rewrite), so it survives a relaunch and is
/// shared by every process using the folder. The total is counted at `init` by one scan of the folder
/// and kept as a running figure afterwards. Safe to use from several threads; several processes may
/// share the folder (each counts its own writes; an eviction racing a read only makes it miss).
/// Anything damaged in the folder reads as a miss and is removed, never trusted.
public final class WebCache: Sendable {
    /// The default bound: 512 MiB.
    public static let defaultBudget = 512 << 20
    /// The cache's folder under Plumage's cache folder.
    public static let subfolder = "web"

    /// The folder holding the entries.
    public let folder: String
    /// The most bytes of entry files kept; an entry larger than this is not stored.
    public let budget: Int

    /// Now, in nanoseconds since 1970 (injectable for tests).
    private let clock: @Sendable () -> Int64
    /// The entries this process knows of and their total size.
    private let state = Locked(Index())

    /// What the cache knows of its folder: each entry file's size and last use, and their sum.
    private struct Index {
        var records: [String: Record] = [:]
        var total = 0

        /// Records `name` as `size` bytes last used at `lastUsed` (nil size: no such entry).
        mutating func set(_ name: String, size: Int?, lastUsed: Int64) {
            total -= records[name]?.size ?? 0
            if let size {
                records[name] = Record(size: size, lastUsed: lastUsed)
                total += size
            } else {
                records[name] = nil
            }
        }
    }

    /// One entry file's size in bytes and last use (nanoseconds since 1970).
    private struct Record {
        var size: Int
        var lastUsed: Int64
    }

    /// The cache in `folder` (created with its parents, mode 0700, when missing), bounded by `budget`
    /// bytes, telling time by `clock`. Scans the folder once: counts the entries, deletes the
    /// temporaries of processes that are gone, and evicts down to `budget`.
    public init(
        folder: String, budget: Int = WebCache.defaultBudget,
        clock: @escaping @Sendable () -> Int64 = { WebCache.now() }
    ) {
        self.folder = folder
        self.budget = max(0, budget)
        self.clock = clock
        WebCacheFolder.make(folder)
        rescan()
    }

    /// The wall clock in nanoseconds since 1970.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return WebCacheFolder.nanoseconds(time)
    }

    /// The bytes the entries take, as this instance counts them.
    public var totalBytes: Int { state.withLock { $0.total } }

    /// How many entries this instance counts.
    public var entryCount: Int { state.withLock { $0.records.count } }

    /// The stored response for `key`, marked as used now; nil when there is none or it is damaged
    /// (then it is removed).
    public func entry(for key: WebCacheKey) -> WebCacheEntry? {
        let now = clock()
        let name = key.fileName
        guard case .found(let metadata, let body?, _) = readFile(name, key: key, withBody: true, usedAt: now) else {
            return nil
        }
        return WebCacheEntry(metadata: metadata, body: body)
    }

    /// The stored metadata for `key` without reading its body (the validators for a conditional
    /// request); does not count as a use.
    public func metadata(for key: WebCacheKey) -> WebCacheMetadata? {
        guard case .found(let metadata, _, _) = readFile(key.fileName, key: key, withBody: false, usedAt: nil) else {
            return nil
        }
        return metadata
    }

    /// Stores `body` with `metadata` under `key`, replacing any entry for it in one rename, then evicts
    /// the least recently used entries while the total is over budget. Returns false when nothing
    /// was stored: the entry is larger than the budget (then any older entry for `key` is removed,
    /// it is superseded) or the file could not be written.
    @discardableResult
    public func store(_ key: WebCacheKey, metadata: WebCacheMetadata, body: [UInt8]) -> Bool {
        guard let head = WebCacheEntryFormat.head(key: key, metadata: metadata, bodyLength: body.count),
            head.count + body.count <= budget
        else {
            remove(key)
            return false
        }
        let now = clock()
        let name = key.fileName
        let path = folder + "/" + name
        guard let temporary = WebCacheFile.writeTemporary(path, head: head, body: body, usedAt: now) else {
            return false
        }
        let stored = state.withLock { index in
            var renamed = rename(temporary, path) == 0
            if !renamed, errno == EISDIR, rmdir(path) == 0 { renamed = rename(temporary, path) == 0 }
            guard renamed else { return false }
            index.set(name, size: head.count + body.count, lastUsed: now)
            evict(&index, keeping: name)
            return true
        }
        guard stored else {
            unlink(temporary)
            return false
        }
        WebCacheFolder.sync(folder)
        return true
    }

    /// Marks the entry for `key` as used now without reading it.
    public func touch(_ key: WebCacheKey) {
        let now = clock()
        let name = key.fileName
        var times = [WebCacheFolder.timespecOf(now), WebCacheFolder.timespecOf(now)]
        _ = utimensat(AT_FDCWD, folder + "/" + name, &times, AT_SYMLINK_NOFOLLOW)
        state.withLock { refresh(name, in: &$0, usedAt: now) }
    }

    /// Deletes the entry for `key`, if there is one.
    public func remove(_ key: WebCacheKey) {
        let name = key.fileName
        state.withLock { index in
            var status = stat()
            if lstat(folder + "/" + name, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
                unlink(folder + "/" + name)
            }
            index.set(name, size: nil, lastUsed: 0)
        }
    }

    /// Recounts the entries from the folder (what `init` does): deletes the temporaries of processes
    /// that are gone, replaces the running total, and evicts down to the budget.
    public func rescan() {
        let listed = WebCacheFolder.scan(folder)
        state.withLock { index in
            index = Index()
            for file in listed { index.set(file.name, size: file.size, lastUsed: file.lastUsed) }
            evict(&index)
        }
    }

    /// Reads the entry file `name` for `key` and brings the index up to date with what was found.
    private func readFile(_ name: String, key: WebCacheKey, withBody: Bool, usedAt: Int64?) -> WebCacheFile.Outcome {
        let outcome = WebCacheFile.read(
            folder + "/" + name, key: key, maxSize: budget, withBody: withBody, usedAt: usedAt)
        state.withLock { index in
            if case .found = outcome, let usedAt {
                refresh(name, in: &index, usedAt: usedAt)
            } else if case .found = outcome {
                if index.records[name] == nil { refresh(name, in: &index, usedAt: nil) }
            } else {
                index.set(name, size: nil, lastUsed: 0)
            }
        }
        return outcome
    }

    /// Sets the record of `name` to the file now on disk (a writer may have replaced it), last used
    /// at `usedAt` or, when nil, at the file's modification time; drops it when the file is gone.
    private func refresh(_ name: String, in index: inout Index, usedAt: Int64?) {
        var status = stat()
        guard lstat(folder + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            index.set(name, size: nil, lastUsed: 0)
            return
        }
        index.set(name, size: Int(status.st_size), lastUsed: usedAt ?? WebCacheFolder.nanoseconds(status.st_mtim))
    }

    /// Deletes entries other than `kept`, least recently used first (equal times by name), until the
    /// total is within the budget. Before a file goes, its size and time are compared with the record:
    /// one another process (or a reader of this one) used or replaced meanwhile is re-recorded and
    /// kept for this pass.
    private func evict(_ index: inout Index, keeping kept: String? = nil) {
        var pass = 0
        while index.total > budget, pass < 3 {
            pass += 1
            let order = index.records.sorted { ($0.value.lastUsed, $0.key) < ($1.value.lastUsed, $1.key) }
            for (name, record) in order where name != kept {
                guard index.total > budget else { return }
                let path = folder + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                    index.set(name, size: nil, lastUsed: 0)
                    continue
                }
                let lastUsed = WebCacheFolder.nanoseconds(status.st_mtim)
                if Int(status.st_size) != record.size || lastUsed != record.lastUsed {
                    index.set(name, size: Int(status.st_size), lastUsed: lastUsed)
                    continue
                }
                unlink(path)
                index.set(name, size: nil, lastUsed: 0)
            }
        }
    }
}
