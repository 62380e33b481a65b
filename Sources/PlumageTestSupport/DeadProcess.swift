import Foundation

/// A process id that names no running process: a child started and reaped, so its id is free
/// (for tests of the sweeps that remove what dead processes left behind).
public enum DeadProcess {
    /// The id of `/bin/true` after it has exited and been waited for.
    public static func id() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
