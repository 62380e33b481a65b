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
    private let process: ChildProcess
    private let input: Int32

    private init(process: ChildProcess, input: Int32, port: Int, scheme: String) {
        self.process = process
        self.input = input
        self.port = port
        self.scheme = scheme
    }

    /// Starts the server (HTTPS with `certificate` and `key` when given) and waits for its port.
    static func start(certificate: String? = nil, key: String? = nil) throws -> FixtureServer {
        var arguments = ["python3", script]
        if let certificate, let key { arguments += ["--cert", certificate, "--key", key] }
        let (process, input, output) = try ChildProcess.withPipes(2) { pipes in
            defer {
                close(pipes[0].read)
                close(pipes[1].write)
            }
            do {
                let process = try ChildProcess.spawn(arguments, input: pipes[0].read, output: pipes[1].write)
                return (process, pipes[0].write, pipes[1].read)
            } catch {
                close(pipes[0].write)
                close(pipes[1].read)
                throw error
            }
        }
        defer { close(output) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(output, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            close(input)
            let status = process.wait()
            throw ExternalTool.Failure(
                description: "the fixture server did not start (exit status \(status); its errors are above)")
        }
        return FixtureServer(process: process, input: input, port: port, scheme: certificate == nil ? "http" : "https")
    }

    /// The URL of `path` (`/plain`) on this server.
    func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// Ends the server and waits for its process (it also exits by itself when its stdin closes).
    func stop() {
        close(input)
        kill(process.id, SIGTERM)
        _ = process.wait()
    }
}
