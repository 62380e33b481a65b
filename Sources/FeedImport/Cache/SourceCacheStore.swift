import Glibc
import PlumageCore

/// Where index caches live (`$XDG_CACHE_HOME/plumage/sources/`, one file per source path) and how a
/// source's files are fingerprinted, so a cache is used only while the source is unchanged.
public struct SourceCacheStore: Sendable {
    /// The folder holding the cache files.
    public let folder: String

    /// The store in `folder` (default: Plumage's cache folder).
    public init(folder: String = UserDirectories.cache() + "/sources") { self.folder = folder }

    /// The cache file for the source at absolute `path`.
    public func file(for path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return folder + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".index"
    }

    /// The cached source for `path` when its file exists, is intact and was made for `fingerprint`.
    public func load(path: String, fingerprint: String) -> FeedSource? {
        guard let bytes = try? FileSystem.prefix(file(for: path), upTo: 1 << 31) else { return nil }
        return SourceCache.decode(bytes, path: path, fingerprint: fingerprint)
    }

    /// The head of the cached source for `path` (its newest posts, `SourceCache.head`) under the same
    /// conditions as `load`, reading only the start of the file: what a relaunch shows first.
    public func loadHead(path: String, fingerprint: String) -> FeedSource? {
        let file = file(for: path)
        guard var bytes = try? FileSystem.prefix(file, upTo: 1 << 16), let end = SourceCache.headEnd(bytes) else { return nil }
        if end > bytes.count {
            guard end <= 64 << 20, let more = try? FileSystem.prefix(file, upTo: end) else { return nil }
            bytes = more
        }
        return SourceCache.decode(bytes, path: path, fingerprint: fingerprint, headOnly: true)
    }

    /// Writes the cache of `source` read from `path` with `fingerprint` (atomically; errors ignored:
    /// a cache that cannot be written only means the next start parses again).
    public func save(_ source: FeedSource, path: String, fingerprint: String) {
        try? AtomicFile.write(SourceCache.encode(source, path: path, fingerprint: fingerprint), to: file(for: path))
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
