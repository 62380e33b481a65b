#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Making the folders Plumage keeps its own files in (the web cache, copies of archive members for
/// other programs, settings and recents): one `mkdir -p` for every target, so each makes them the
/// same private way.
public enum Folders {
    /// Creates `path` and each missing folder above it, every new one with `mode` (0700 by default:
    /// private to the user; the process's umask still applies), like `mkdir -p`. Folders already
    /// there keep their mode; one another thread or process makes meanwhile counts as made. Succeeds
    /// when `path` ends as a folder (a symbolic link to one included). A relative `path` starts
    /// from the current folder. Throws the first folder that could not be made and why, or
    /// `.notAFolder` when something else is at `path`.
    public static func create(_ path: String, mode: mode_t = 0o700) throws(FolderError) {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, mode) != 0, errno != EEXIST { throw .cannotCreate(built, code: errno) }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw .cannotCreate(path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path) }
    }
}

/// Why `Folders.create` failed.
public enum FolderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `mkdir` (or the final check) of this folder failed with this `errno`: a file in the way of a
    /// folder above it (`ENOTDIR`), no permission (`EACCES`), a read-only disk (`EROFS`)…
    case cannotCreate(String, code: Int32)
    /// Something that is not a folder (a file) is at the path asked for.
    case notAFolder(String)

    /// The folder the failure is about.
    public var path: String {
        switch self {
        case .cannotCreate(let path, _), .notAFolder(let path): path
        }
    }

    /// Why, in the system's words (`Permission denied`), or `not a folder`.
    public var reason: String {
        switch self {
        case .cannotCreate(_, let code): String(cString: strerror(code))
        case .notAFolder: "not a folder"
        }
    }

    /// `cannot create <path>: <reason>`.
    public var description: String { "cannot create \(path): \(reason)" }
}
