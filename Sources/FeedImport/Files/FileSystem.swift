import Archives
import Foundation

/// The few POSIX file operations the loaders need, with `strerror` reasons in their errors.
enum FileSystem {
    /// What is at a path.
    enum EntryKind {
        /// Nothing there, or it cannot be examined.
        case missing
        /// A regular file.
        case file
        /// A directory.
        case directory
        /// A device, socket or pipe.
        case other
    }

    /// The kind of entry at `path` (symbolic links followed).
    static func kind(of path: String) -> EntryKind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The size in bytes of the file at `path`, or nil when it cannot be examined.
    static func size(of path: String) -> Int? {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : nil
    }

    /// True when something is at `path` itself (a link is not followed: it may lead nowhere).
    static func isPresent(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// True when `path` is a regular file.
    static func isFile(_ path: String) -> Bool { kind(of: path) == .file }

    /// True when `path` is a directory.
    static func isDirectory(_ path: String) -> Bool { kind(of: path) == .directory }

    /// The whole regular file at `path` (links followed), refused without reading when it is not a
    /// regular file (a device or pipe could block or never end) or holds more than `limit` bytes:
    /// `PATH: cannot read: <strerror>`, `PATH: cannot read: not a regular file`, `PATH: larger than 256 MiB, not read`.
    static func regularFile(_ path: String, limit: Int) throws(SourceError) -> [UInt8] {
        do {
            return try ArchivePath.readRegularFile(path, name: path, limit: limit)
        } catch {
            switch error {
            case .missing: throw SourceError(.cannotRead, path: path, reason: "cannot read: No such file or directory")
            case .tooLarge(_, let limit), .totalExceeded(_, let limit):
                throw SourceError(.cannotRead, path: path, reason: "larger than \(ArchiveLimits.describe(bytes: limit)), not read")
            case .cannotRead(_, let reason): throw SourceError(.cannotRead, path: path, reason: "cannot read: " + reason)
            case .refused: throw SourceError(.cannotRead, path: path, reason: "cannot read: refused")
            case .notReadable: throw SourceError(.cannotRead, path: path, reason: error.reason)
            }
        }
    }

    /// Up to `limit` bytes from the start of the file, or `PATH: cannot read: <strerror>`; with
    /// `regularOnly` (the default: every reader here reads files), a device, pipe or socket is refused
    /// without reading (it could block or never end).
    static func prefix(_ path: String, upTo limit: Int, regularOnly: Bool = true) throws(SourceError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw cannotRead(path) }
        defer { close(fd) }
        var st = stat()
        if regularOnly, fstat(fd, &st) == 0, st.st_mode & S_IFMT != S_IFREG {
            throw SourceError(.cannotRead, path: path, reason: "not a regular file")
        }
        let expected = fstat(fd, &st) == 0 ? Int(st.st_size) : 0
        var bytes = [UInt8](repeating: 0, count: max(0, min(limit, expected > 0 ? expected : 65_536)))
        var filled = 0
        while filled < limit {
            if filled == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 65_536), limit - filled)))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw cannotRead(path)
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The names in the folder `path` (without `.` and `..`), at most `limit`; nil when it cannot be listed.
    static func names(in path: String, limit: Int) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while names.count < limit, let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// An absolute, lexically normalised version of `path` (relative paths start at the current directory).
    static func absolute(_ path: String) -> String { ArchivePath.absolute(path) }

    /// The folder holding `path` (`/a/b/c.json` → `/a/b`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func cannotRead(_ path: String) -> SourceError {
        SourceError(.cannotRead, path: path, reason: "cannot read: " + String(cString: strerror(errno)))
    }
}
