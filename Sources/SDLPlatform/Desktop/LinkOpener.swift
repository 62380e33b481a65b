internal import CSDL2
import Foundation
import Glibc

/// Opens links in the desktop's browser with `xdg-open`, started directly with an argument
/// vector (`posix_spawn`, never a shell), so nothing in a URL is ever interpreted; the UI never
/// waits for it (a detached thread reaps the child). Where there is no `xdg-open`, the URL goes
/// to the clipboard instead. Main thread only (the clipboard is SDL's).
public enum LinkOpener {
    /// What became of a link.
    public enum Outcome: Equatable, Sendable {
        /// `xdg-open` was started with the URL.
        case opened
        /// No `xdg-open` on `PATH`: the URL was copied to the clipboard.
        case copiedToClipboard
        /// `xdg-open` exists but could not be started (the system's reason).
        case failed(String)
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
        let path = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        guard let program = executable("xdg-open", in: path) else {
            SDL_SetClipboardText(url)
            return .copiedToClipboard
        }
        var pid: pid_t = 0
        let argv = [strdup(program), strdup(url), nil]
        defer { for arg in argv { free(arg) } }
        keepDescriptorsFromChildren()
        let status = posix_spawn(&pid, program, nil, nil, argv, environ)
        guard status == 0 else { return .failed(String(cString: strerror(status))) }
        let child = pid
        let reaper = UnsafeMutablePointer<pid_t>.allocate(capacity: 1)
        reaper.pointee = child
        var thread = pthread_t()
        pthread_create(&thread, nil, { raw in
            let pid = raw!.assumingMemoryBound(to: pid_t.self)
            var status: Int32 = 0
            waitpid(pid.pointee, &status, 0)
            pid.deallocate()
            return nil
        }, reaper)
        pthread_detach(thread)
        return .opened
    }
}
