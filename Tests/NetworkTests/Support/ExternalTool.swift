import Foundation

/// Runs a command-line tool found on `PATH` (openssl) for the tests; a missing tool or a failing
/// run throws, so the test fails loudly instead of being skipped.
enum ExternalTool {
    /// A tool that could not run or failed.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        let description: String
    }

    /// Runs `tool` with `arguments` in `folder` to its end; throws unless it exits with 0. Its
    /// error output goes to the test's.
    static func run(_ tool: String, _ arguments: [String], in folder: String) throws {
        let process = try ChildProcess.spawnLocked(
            ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, tool] + arguments)
        let status = process.wait()
        guard status == 0 else {
            throw Failure(
                description: "\(tool) \(arguments.joined(separator: " ")) exited with \(status) "
                    + "(127: \(tool) is not installed; `make deps` installs it); its errors are above")
        }
    }

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-network-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
