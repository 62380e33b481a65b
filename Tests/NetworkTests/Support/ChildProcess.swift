import Foundation

/// A tool run by the tests in a child process (python3, openssl), started with `posix_spawnp`
/// rather than Foundation's `Process`, whose `run` leaks a weak-reference side table now and then
/// under LeakSanitizer (`make sanitize`). Its error output goes to the test's.
struct ChildProcess {
    /// Held while pipes are made and a child is spawned: pipes are close-on-exec, set right after
    /// they are made, so a child spawned by a test running in parallel cannot inherit them.
    private static let spawning = NSLock()

    /// The child's process id.
    let id: pid_t

    /// Starts `arguments[0]` (looked up on `PATH`) with `arguments`; its stdin and stdout are
    /// `input` and `output` when given, else /dev/null. Throws when the tool cannot start.
    static func spawn(_ arguments: [String], input: Int32? = nil, output: Int32? = nil) throws -> ChildProcess {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No signal blocked and default handlers: the test process's own would carry over.
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var id: pid_t = 0
        let status = posix_spawnp(&id, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            throw ExternalTool.Failure(
                description:
                    "cannot start \(arguments[0]) (\(String(cString: strerror(status)))); `make deps` installs it")
        }
        return ChildProcess(id: id)
    }

    /// Makes `count` pipes whose ends are close-on-exec, then runs `body` with their (read end,
    /// write end) pairs, all under the spawning lock.
    static func withPipes<Result>(
        _ count: Int, _ body: ([(read: Int32, write: Int32)]) throws -> Result
    ) throws -> Result {
        spawning.lock()
        defer { spawning.unlock() }
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<count {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw ExternalTool.Failure(description: "pipe() failed: \(errno)") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            pipes.append((ends[0], ends[1]))
        }
        return try body(pipes)
    }

    /// Spawns under the lock (a child started without pipes of ours still must not take another's).
    static func spawnLocked(_ arguments: [String]) throws -> ChildProcess {
        spawning.lock()
        defer { spawning.unlock() }
        return try spawn(arguments)
    }

    /// Waits for the child to end; returns its exit status (128 + the signal when killed by one).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(id, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
