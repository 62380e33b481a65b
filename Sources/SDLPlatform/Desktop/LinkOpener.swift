internal import CSDL2
import Foundation
import Glibc

/// Opens links in the desktop's browser and local files (videos) in the desktop's default program
/// with `xdg-open`, started with an argument vector, so nothing in a URL or a file name is
/// interpreted by us: `posix_spawn` starts `/bin/sh` with a constant script that starts its
/// arguments in the background and exits (`"$0" "$@" &`), the URL or path being an argument, never
/// part of the script. The UI waits only for that shell's exit (about a millisecond) and reaps
/// it, so no zombie and no thread is left; `xdg-open`, orphaned, is reaped by init. Where there is
/// no `xdg-open`, the URL or path goes to the clipboard instead. Main thread only (the clipboard
/// is SDL's).
public enum LinkOpener {
    /// What became of a link.
    public enum Outcome: Equatable, Sendable {
        /// `xdg-open` was started with the URL.
        case opened
        /// No `xdg-open` on `PATH`: the URL was copied to the clipboard.
        case copiedToClipboard
        /// `xdg-open` exists but could not be started (the system's reason).
        case failed(String)
        /// The file was not handed to `xdg-open` (why, in a sentence naming it).
        case refused(String)
    }

    /// The first executable `name` in the colon-separated `path`, if any.
    static func executable(_ name: String, in path: String) -> String? {
        // Only absolute folders: a relative PATH entry would run whatever the working folder holds.
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Marks every open descriptor above stderr close-on-exec, so the browser inherits none of the
    /// app's (the X socket, mailbox pipes, font files). Glibc's `posix_spawn_file_actions_addclosefrom_np`
    /// is not visible to Swift; the app never execs anything else, so the flag costs nothing.
    static func keepDescriptorsFromChildren() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for fd in entries.compactMap({ Int32($0) }) where fd > 2 {
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Opens `url` (the core has checked it is http or https) with `xdg-open` found on
    /// `searchPath` (`$PATH` by default).
    public static func open(_ url: String, searchPath: String? = nil) -> Outcome {
        spawnXdgOpen(url, searchPath: searchPath)
    }

    /// Opens the file at `path` with `xdg-open` found on `searchPath` (`$PATH` by default): only an
    /// absolute path of an existing regular file (symbolic links followed) whose name has no
    /// control characters, quotes, `$`, backquotes or backslashes (some `xdg-open` versions pass
    /// names through `eval`). A path with no file of its own — a member of a zip archive,
    /// `/x/archive.zip/data/tweets_media/1-a.mp4` — is first handed to `materialize`, which returns
    /// the path of a local copy (or nil when it cannot make one); that copy is checked the same way.
    public static func openFile(_ path: String, searchPath: String? = nil,
                                materialize: (String) throws -> String? = { _ in nil }) -> Outcome {
        guard path.hasPrefix("/") else { return .refused("not opened: \(path) is not an absolute path") }
        var local = path
        if !isRegularFile(path) {
            do {
                guard let copy = try materialize(path) else {
                    return .refused("not opened: \(path) \(exists(path) ? "is not a regular file" : "does not exist")")
                }
                local = copy
            } catch {
                return .refused("cannot copy \(path) out of its archive: \(error)")
            }
        }
        if let reason = refusal(of: local) { return .refused(reason) }
        return spawnXdgOpen(local, searchPath: searchPath)
    }

    /// Why `path` must not be handed to `xdg-open`, or nil when it may (see `openFile`).
    static func refusal(of path: String) -> String? {
        guard path.hasPrefix("/") else { return "not opened: \(path) is not an absolute path" }
        let misread: Set<Unicode.Scalar> = ["\"", "`", "$", "\\"]
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || misread.contains($0) }) {
            return "not opened: the name \(path) has characters the desktop's opener may misread"
        }
        guard exists(path) else { return "not opened: \(path) does not exist" }
        guard isRegularFile(path) else { return "not opened: \(path) is not a regular file" }
        return nil
    }

    /// True when `path` names something (symbolic links followed).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// True when `path` is a regular file (symbolic links followed).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The shell that detaches the opener.
    static let shell = "/bin/sh"
    /// Runs `$0` with the other arguments in the background and exits at once: the opener is
    /// orphaned (init reaps it) and the shell, which exits at once, is reaped by the caller.
    /// Constant: the program and its argument arrive as the shell's positional parameters.
    static let detachScript = "\"$0\" \"$@\" &"

    /// Starts `xdg-open` found on `searchPath` with `argument` as its only argument; without one,
    /// puts `argument` on the clipboard.
    static func spawnXdgOpen(_ argument: String, searchPath: String?) -> Outcome {
        let path = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        guard let program = executable("xdg-open", in: path) else {
            SDL_SetClipboardText(argument)
            return .copiedToClipboard
        }
        var pid: pid_t = 0
        let argv = [strdup(shell), strdup("-c"), strdup(detachScript), strdup(program), strdup(argument), nil]
        defer { for arg in argv { free(arg) } }
        keepDescriptorsFromChildren()
        let status = posix_spawn(&pid, shell, nil, nil, argv, environ)
        guard status == 0 else { return .failed(String(cString: strerror(status))) }
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
        return .opened
    }
}
