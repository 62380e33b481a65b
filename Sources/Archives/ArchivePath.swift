import Glibc

/// Path rules and the few file operations shared by the archive readers.
public enum ArchivePath {
    /// True when `relative` stays under the root it is relative to: not empty, not absolute, and no
    /// `.`, `..` or empty component, no NUL and no backslash.
    public static func isConfined(_ relative: String) -> Bool {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\\"), !relative.contains("\0") else {
            return false
        }
        return relative.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }

    /// An absolute, lexically normalised version of `path` (relative paths start at the current directory).
    public static func absolute(_ path: String) -> String {
        var joined = path
        if !path.hasPrefix("/") {
            var cwd = "/"
            if let buffer = getcwd(nil, 0) {
                cwd = String(cString: buffer)
                free(buffer)
            }
            joined = cwd + "/" + path
        }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when `path` (links followed) is a directory.
    public static func isDirectory(_ path: String) -> Bool { mode(path) == S_IFDIR }

    /// True when `path` (links followed) is a regular file.
    public static func isRegularFile(_ path: String) -> Bool { mode(path) == S_IFREG }

    private static func mode(_ path: String) -> mode_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_mode & S_IFMT : nil
    }

    /// The whole regular file at `path`, at most `limit` bytes (checked before and while reading);
    /// errors name the file `name`.
    public static func readRegularFile(_ path: String, name: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if errno == ENOENT { throw .missing(name) }
            throw .cannotRead(name, reason: reason)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            throw .cannotRead(name, reason: "not a regular file")
        }
        let size = Int(st.st_size)
        guard size <= limit else { throw .tooLarge(name, limit: limit) }
        // Not zero-filled first: a 100 MB data file would be written twice.
        var failure: ArchiveError?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, filled in
            filled = 0
            while filled < size {
                let n = read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0, errno == EINTR { continue }
                if n < 0 {
                    failure = .cannotRead(name, reason: String(cString: strerror(errno)))
                    return
                }
                if n == 0 { break }
                filled += n
            }
        }
        if let failure { throw failure }
        return bytes
    }
}
