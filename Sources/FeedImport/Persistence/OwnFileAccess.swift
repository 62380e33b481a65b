import Glibc
import Locking

/// How this run may use one of Plumage's own files: how it is opened for reading, and whether it
/// may be written. A file that exists but cannot be read (no permission, a folder or a pipe in its
/// place) is never overwritten during the run: the user's file may be fine, only unreadable to us.
/// Copies of a `SettingsFile` or `RecentsFile` share one access, so a refusal noted at load holds
/// for the saves made on the saving queue.
final class OwnFileAccess: Sendable {
    /// Opens a path for reading and returns the descriptor, or -1 with `errno` set.
    typealias Opener = @Sendable (String) -> Int32

    /// Opens without blocking (a pipe in the file's place must not hang the start) and follows links.
    static let openForReading: Opener = { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }

    /// How the file is opened for reading (tests fail it as a mode-0000 file does, which root can read).
    let opener: Opener
    /// Why saving is refused (the read error), and whether that was already reported by a save.
    private let refusal = Locked<(reason: String?, reported: Bool)>((nil, false))

    /// An access that opens with `opener`.
    init(opener: @escaping Opener = OwnFileAccess.openForReading) { self.opener = opener }

    /// Refuses every later save of the file: it could not be read (`reason`).
    func refuse(because reason: String) {
        refusal.withLock { if $0.reason == nil { $0.reason = reason } }
    }

    /// The reason saves are refused and whether a save already reported it (it is then marked
    /// reported); nil when saves may go ahead.
    func takeRefusal() -> (reason: String, firstTime: Bool)? {
        refusal.withLock { state in
            guard let reason = state.reason else { return nil }
            defer { state.reported = true }
            return (reason, !state.reported)
        }
    }
}
