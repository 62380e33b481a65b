import Glibc

/// Path rules and the few file operations shared by the archive readers.
public enum ArchivePath {
    /// True when `relative` stays under the root it is relative to: not empty, not absolute, and no
    /// `.`, `..` or empty component, no NUL and no backslash. (One pass over the UTF-8 bytes: zips
    /// list tens of thousands of names.)
    public static func isConfined(_ relative: String) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in relative.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
                continue
            case 0, UInt8(ascii: "\\"):
                return false
            case UInt8(ascii: "."):
                dots += 1
            default:
                break
            }
            componentLength += 1
        }
        return componentLength > 0 && !(componentLength == dots && dots <= 2)
    }

    /// `name` (as a zip lists it) made a confined relative path: `.` and empty components dropped and
    /// `..` taken back within the name (`a/./b` and `./a/b` → `a/b`, `a/../b` → `b`); nil when it is
    /// absolute, holds a NUL or a backslash, climbs above the root, or names the root itself.
    public static func normalised(_ name: String) -> String? {
        if isConfined(name) { return name }
        guard !name.hasPrefix("/"), !name.utf8.contains(0), !name.utf8.contains(UInt8(ascii: "\\")) else { return nil }
        var parts: [Substring] = []
        for part in name.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": guard parts.popLast() != nil else { return nil }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// `names` sorted by their UTF-8 bytes (the order `ArchiveFiles.entries` promises).
    public static func sortedBytewise(_ names: [String]) -> [String] {
        var names = names
        names.sort { a, b in
            var a = a, b = b
            return a.withUTF8 { x in
                b.withUTF8 { y in
                    let common = min(x.count, y.count)
                    let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                    return order < 0 || order == 0 && x.count < y.count
                }
            }
        }
        return names
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
    /// errors name the file `name`. With `root` (a real path), the file actually opened must lie
    /// under it: the last component is opened without following a link and the open descriptor's
    /// real path is checked, so a link swapped in after the caller resolved `path` is refused.
    public static func readRegularFile(_ path: String, name: String, limit: Int, within root: String? = nil)
        throws(ArchiveError) -> [UInt8]
    {
        let (fd, size) = try openRegularFile(path, name: name, limit: limit, within: root)
        defer { close(fd) }
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

    /// Opens the regular file at `path` for reading without blocking (a FIFO swapped in cannot
    /// hang), checked as `readRegularFile` describes; the descriptor (the caller closes it) and the
    /// file's size, at most `limit`. Errors name the file `name`.
    static func openRegularFile(_ path: String, name: String, limit: Int, within root: String?)
        throws(ArchiveError) -> (fd: Int32, size: Int)
    {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (root == nil ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            if errno == ENOENT { throw .missing(name) }
            if errno == ELOOP { throw .refused(name) }
            throw .cannotRead(name, reason: reason)
        }
        var st = stat()
        let failure: ArchiveError? =
            if let root, let opened = realPath("/proc/self/fd/\(fd)"), !isInside(opened, root: root) {
                .refused(name)
            } else if fstat(fd, &st) != 0 || st.st_mode & S_IFMT != S_IFREG {
                .cannotRead(name, reason: "not a regular file")
            } else if Int(st.st_size) > limit {
                .tooLarge(name, limit: limit)
            } else {
                nil
            }
        if let failure {
            close(fd)
            throw failure
        }
        return (fd, Int(st.st_size))
    }

    /// True when the real path `path` lies strictly under the real folder `root`.
    public static func isInside(_ path: String, root: String) -> Bool {
        root == "/" ? path.count > 1 && path.hasPrefix("/") : path.hasPrefix(root + "/")
    }
}
