import Foundation

/// Runs a command-line tool found on `PATH` (python3, openssl) for the tests; a missing tool or a
/// failing run throws, so the test fails loudly instead of being skipped.
enum ExternalTool {
    /// A tool that could not run or failed.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the tool's own error output.
        let description: String
    }

    /// Runs `tool` with `arguments` in `folder` to its end; throws unless it exits with 0.
    static func run(_ tool: String, _ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(tool) \(arguments.joined(separator: " ")) exited with "
                    + "\(process.terminationStatus) (127: \(tool) is not installed; `make deps` installs it): "
                    + String(decoding: message, as: UTF8.self))
        }
    }

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-network-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
