import Glibc
import PlumageCore
import Synchronization

/// Where index caches live (`$XDG_CACHE_HOME/plumage/sources/`, one file per source path) and how a
/// source's files are fingerprinted, so a cache is used only while the source is unchanged.
/// The first use of a store's folder in a process removes the temporaries of writes cut short.
public struct SourceCacheStore: Sendable {
    /// The folder holding the cache files.
    public let folder: String
    /// The largest cache file read or written, in bytes: a larger one is refused unread (a damaged or
    /// sparse file must not fill memory). The default, 1 GiB, is over three times the cache of the
    /// largest archive a reader accepts (2,000,000 tweets at ~160 bytes each, measured 19 MB for 120,000).
    public let maxFileSize: Int

    /// The store in `folder` (default: Plumage's cache folder), reading files of at most `maxFileSize` bytes.
    public init(folder: String = UserDirectories.cache() + "/sources", maxFileSize: Int = 1 << 30) {
        self.folder = folder
        self.maxFileSize = maxFileSize
    }

    /// The cache file for the source at absolute `path`.
    public func file(for path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return folder + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".index"
    }

    /// The cached source for `path` when its file exists, is at most `maxFileSize` bytes, is intact and
    /// was made for `fingerprint`.
    public func load(path: String, fingerprint: String) -> FeedSource? {
        removeAbandonedTemporariesOnce()
        let file = file(for: path)
        guard let size = FileSystem.size(of: file), size <= maxFileSize,
            let bytes = try? FileSystem.prefix(file, upTo: maxFileSize + 1), bytes.count <= maxFileSize
        else { return nil }
        return SourceCache.decode(bytes, path: path, fingerprint: fingerprint)
    }

    /// The head of the cached source for `path` (its newest posts, `SourceCache.head`) under the same
    /// conditions as `load`, reading only the start of the file: what a relaunch shows first.
    public func loadHead(path: String, fingerprint: String) -> FeedSource? {
        removeAbandonedTemporariesOnce()
        let file = file(for: path)
        guard let size = FileSystem.size(of: file), size <= maxFileSize,
            var bytes = try? FileSystem.prefix(file, upTo: 1 << 16), let end = SourceCache.headEnd(bytes)
        else { return nil }
        if end > bytes.count {
            guard end <= 64 << 20, let more = try? FileSystem.prefix(file, upTo: end) else { return nil }
            bytes = more
        }
        return SourceCache.decode(bytes, path: path, fingerprint: fingerprint, headOnly: true)
    }

    /// Writes the cache of `source` read from `path` with `fingerprint` (atomically; errors ignored:
    /// a cache that cannot be written only means the next start parses again). A cache over
    /// `maxFileSize` bytes is not written (it would never be read).
    public func save(_ source: FeedSource, path: String, fingerprint: String) {
        removeAbandonedTemporariesOnce()
        let bytes = SourceCache.encode(source, path: path, fingerprint: fingerprint)
        guard bytes.count <= maxFileSize else { return }
        try? AtomicFile.write(bytes, to: file(for: path))
    }

    /// Deletes the `<hash>.index.tmp-<pid>` files in the folder whose process is gone (killed or crashed
    /// while `AtomicFile.write` wrote a cache); a live process's temporary, this one's included, is kept.
    public func removeAbandonedTemporaries() {
        guard let dir = opendir(folder) else { return }
        var abandoned: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let dash = name.lastIndex(of: "-"), name[..<dash].hasSuffix(".index.tmp"),
                let pid = Int32(name[name.index(after: dash)...]), pid > 0
            else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { abandoned.append(name) }
        }
        closedir(dir)
        for name in abandoned { unlink(folder + "/" + name) }
    }

    /// Folders whose abandoned temporaries this process has removed already.
    private static let swept = Mutex<Set<String>>([])

    /// `removeAbandonedTemporaries`, the first time this process uses the folder.
    private func removeAbandonedTemporariesOnce() {
        guard Self.swept.withLock({ $0.insert(folder).inserted }) else { return }
        removeAbandonedTemporaries()
    }

    /// What identifies the state of the source at `path`: size and modification time (ns) of a file;
    /// for a folder, of every file directly in it or in its `data/` folder and of each of their
    /// subfolders (adding or removing a media file changes its folder's time). Nil when `path` is missing.
    public static func fingerprint(of path: String) -> String? {
        guard let own = stamp(path) else { return nil }
        guard FileSystem.isDirectory(path) else { return own }
        var parts = [own]
        for folder in [path, path + "/data"] {
            guard let dir = opendir(folder) else { continue }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names.sorted() { parts.append(name + "=" + (stamp(folder + "/" + name) ?? "?")) }
        }
        return parts.joined(separator: ";")
    }

    /// `size:seconds.nanoseconds` of the modification time, links followed.
    private static func stamp(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return "\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }
}
