import Foundation

/// `Server/fixture_server.py` running in its own process on 127.0.0.1, for one test: started by
/// `start`, ended by `stop` (and by the script itself when our end of its stdin closes, should the
/// test process die first).
final class FixtureServer {
    /// The script's path.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Server/fixture_server.py").path

    /// The port it listens on.
    let port: Int
    /// `http` or `https`.
    let scheme: String
    private let process: Process
    private let input: Pipe

    private init(process: Process, input: Pipe, port: Int, scheme: String) {
        self.process = process
        self.input = input
        self.port = port
        self.scheme = scheme
    }

    /// Starts the server (HTTPS with `certificate` and `key` when given) and waits for its port.
    static func start(certificate: String? = nil, key: String? = nil) throws -> FixtureServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", script]
        if let certificate, let key { arguments += ["--cert", certificate, "--key", key] }
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line: [UInt8] = []
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else {
                process.waitUntilExit()
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw ExternalTool.Failure(
                    description: "the fixture server did not start (status "
                        + "\(process.terminationStatus); 127: python3 is not installed, `make deps` installs it): \(message)"
                )
            }
            if first == UInt8(ascii: "\n") { break }
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw ExternalTool.Failure(description: "the fixture server printed no port: \(line)")
        }
        return FixtureServer(process: process, input: input, port: port, scheme: certificate == nil ? "http" : "https")
    }

    /// The URL of `path` (`/plain`) on this server.
    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// Ends the server and waits for its process.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
