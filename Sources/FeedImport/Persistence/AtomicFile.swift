import Files
import Glibc

/// Writing a small file of Plumage's own so that a crash or `kill -9` at any moment leaves either
/// the old content or the new one, never a mix: write a temporary file beside it, fsync it, rename
/// it over the old one, fsync the folder. A path that is a symbolic link (a dotfiles manager's) is
/// written through: the temporary goes beside the link's final target and replaces the target, so
/// the link stays.
public enum AtomicFile {
    /// Replaces the file at `path` (or the final target of the link at `path`) with `bytes`,
    /// creating its folder (mode 0700) when missing. Throws a one-line reason (`cannot write …: No
    /// space left on device`).
    public static func write(_ bytes: [UInt8], to path: String) throws(PersistenceError) {
        let target = try finalTarget(of: path)
        let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
        try makeFolders(folder)
        let temporary = target + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failure("cannot write \(temporary)") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                let error = PersistenceError.failure("cannot write \(temporary)")
                close(fd); unlink(temporary)
                throw error
            }
            written += n
        }
        guard fsync(fd) == 0 else {
            let error = PersistenceError.failure("cannot write \(temporary)")
            close(fd); unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, target) == 0 else {
            let error = PersistenceError.failure("cannot replace \(target)")
            unlink(temporary)
            throw error
        }
        let dir = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// The path a write to `path` replaces: `path` when it is not a symbolic link (or nothing is
    /// there), else the end of its chain of links (which need not exist yet), each relative link
    /// taken from the folder holding it. Throws after 40 links (a loop), as the kernel would.
    static func finalTarget(of path: String) throws(PersistenceError) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
            let n = buffer.withUnsafeMutableBytes { readlink(current, $0.baseAddress!, $0.count) }
            guard n > 0 else { return current }  // not a link, or nothing there
            let link = String(decoding: buffer[..<n], as: UTF8.self)
            if !link.hasPrefix("/"), let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        errno = ELOOP
        throw .failure("cannot write \(path)")
    }

    /// Deletes the temporary files of writes to `path` that were cut short (their process is gone:
    /// killed or crashed between write and rename).
    public static func removeAbandonedTemporaries(of path: String) {
        guard let slash = path.lastIndex(of: "/"), let dir = opendir(String(path[..<slash])) else { return }
        defer { closedir(dir) }
        let prefix = String(path[path.index(after: slash)...]) + ".tmp-"
        var abandoned: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { abandoned.append(name) }
        }
        for name in abandoned { unlink(String(path[...slash]) + name) }
    }

    /// Creates `folder` and its missing parents (mode 0700, `Folders.create`; an empty `folder` is the
    /// root's, as `write` reads it): `cannot create <folder>: <reason>` when it cannot be made or
    /// something else is there.
    static func makeFolders(_ folder: String) throws(PersistenceError) {
        do throws(FolderError) {
            try Folders.create(folder.isEmpty ? "/" : folder)
        } catch {
            throw PersistenceError(description: error.description)
        }
    }
}

/// Why one of Plumage's own files could not be read or written: `description` is the message.
public struct PersistenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The one-line message.
    public let description: String
    /// `what: <strerror(errno)>`, read at the moment of the failure.
    static func failure(_ what: String) -> PersistenceError {
        PersistenceError(description: what + ": " + String(cString: strerror(errno)))
    }
    /// A save skipped because the file at `path` could not be read (`reason`): it is left as it is.
    static func refused(_ path: String, because reason: String) -> PersistenceError {
        PersistenceError(description: "not saving \(path): it cannot be read (\(reason)), so it is left as it is")
    }
}
