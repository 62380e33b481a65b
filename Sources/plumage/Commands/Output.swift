@preconcurrency import Glibc
import PlumageCore

/// Writing what a command produces, where every failure (a full disk, a missing folder, a closed
/// pipe) ends the command with one line and status 1 instead of being lost.
enum Output {
    /// Writes `text` to the file at `path` (created or replaced), or exits with
    /// `plumage: cannot write PATH: <strerror>`.
    static func write(_ text: String, toFile path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { failWriting(path) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let saved = errno
                close(fd)
                errno = saved
                failWriting(path)
            }
            written += n
        }
        guard close(fd) == 0 else { failWriting(path) }
    }

    /// Flushes standard output, or exits with `plumage: cannot write the output: <strerror>` when
    /// anything printed could not be written (`dump > /dev/full`). Call once a command has printed.
    static func finishStandardOutput() {
        errno = 0
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            fail("cannot write the output: \(errno == 0 ? "write error" : String(cString: strerror(errno)))")
        }
    }

    /// Exits with `cannot write PATH: <strerror of errno>`.
    private static func failWriting(_ path: String) -> Never {
        fail("cannot write \(MessageText.clipped(path)): \(String(cString: strerror(errno)))")
    }
}
