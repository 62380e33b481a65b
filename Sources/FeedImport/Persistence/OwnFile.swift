import Foundation
import PlumageCore

/// Reading and updating one of Plumage's own small files (`recents.json`, `settings.json`): a
/// file that cannot be read is reported and left alone; one that is read but cannot be used is
/// moved aside; so a bad file costs a notice, never a crash, a hang or the user's file.
enum OwnFile {
    /// What reading the file found.
    enum Content {
        /// There is no file (nor a link's target).
        case absent
        /// Something is there but cannot be read: the reason (`Permission denied`, `Is a directory`).
        case unreadable(String)
        /// The file's bytes.
        case bytes([UInt8])
    }

    /// The file's bytes (fewer than `limit`), opened with `opener` (links followed); abandoned
    /// temporaries of interrupted writes are removed first. Throws when the file is read and holds
    /// `limit` bytes or more (content that cannot be settings or a list of recents).
    static func read(_ path: String, limit: Int = 1 << 20, opener: OwnFileAccess.Opener) throws(SourceError) -> Content {
        AtomicFile.removeAbandonedTemporaries(of: (try? AtomicFile.finalTarget(of: path)) ?? path)
        let fd = opener(path)
        guard fd >= 0 else { return errno == ENOENT ? .absent : .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .unreadable(String(cString: strerror(errno))) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .unreadable(String(cString: strerror(EISDIR)))
        default: return .unreadable("not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: max(1, min(limit, Int(st.st_size) + 1)))
        var filled = 0
        while filled < limit {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit - filled))) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return .unreadable(String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        guard filled < limit else { throw SourceError(.invalidFeed, path: path, reason: "larger than \(limit >> 20) MiB") }
        return .bytes(Array(bytes[..<filled]))
    }

    /// Loads the file at `path` through `access`: `empty` and no notice when there is none; `empty`
    /// and a "cannot read" notice when it cannot be read (saves are then refused); else what `use`
    /// makes of its bytes, or `empty` and the moved-aside notice when `use` throws (`what` names
    /// the file in notices, `instead` says what happens: "using the defaults").
    static func load<Value>(
        _ path: String, access: OwnFileAccess, what: String, instead: String, empty: Value,
        _ use: ([UInt8]) throws(SourceError) -> (Value, notice: String?)
    ) -> (Value, notice: String?) {
        do throws(SourceError) {
            switch try read(path, opener: access.opener) {
            case .absent: return (empty, nil)
            case .unreadable(let reason):
                access.refuse(because: reason)
                return (empty, cannotRead(path, because: reason, instead: instead))
            case .bytes(let bytes): return try use(bytes)
            }
        } catch {
            return (empty, moveAside(path, what: what, because: error.reason, instead: instead))
        }
    }

    /// Replaces the file at `path` with `write(current)`, where `current` is what `decode` makes of
    /// the file now, read under the file's lock (nil when there is none, or when it could not be
    /// decoded: it is then moved aside first), so that a change another instance saved meanwhile is
    /// merged, not lost. When the file exists but cannot be read, nothing is written: the first
    /// such save throws the reason, later ones return quietly.
    static func update<Stored>(_ path: String, access: OwnFileAccess, what: String,
                               decode: ([UInt8]) throws(SourceError) -> Stored,
                               write: (Stored?) -> [UInt8]) throws(PersistenceError) {
        if let refusal = access.takeRefusal() {
            if refusal.firstTime { throw .refused(path, because: refusal.reason) }
            return
        }
        let target = try AtomicFile.finalTarget(of: path)
        try AtomicFile.makeFolders(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
        try FileLock.exclusively(path) { () throws(PersistenceError) in
            var content = Content.absent
            do throws(SourceError) {
                content = try read(path, opener: access.opener)
            } catch {
                _ = moveAside(target, what: what, because: error.reason, instead: "")
            }
            var current: Stored?
            switch content {
            case .absent: break
            case .unreadable(let reason):
                access.refuse(because: reason)
                _ = access.takeRefusal()
                throw .refused(path, because: reason)
            case .bytes(let bytes):
                do throws(SourceError) {
                    current = try decode(bytes)
                } catch {
                    _ = moveAside(target, what: what, because: error.reason, instead: "")
                }
            }
            try AtomicFile.write(write(current), to: target)
        }
    }

    /// Renames the unusable file at `path` (a link's final target, so the link stays) to
    /// `<name>.corrupt-<UTC time>`; the notice to show:
    /// "`what` unreadable (`reason`); moved aside as <name>.corrupt-…, `instead`".
    static func moveAside(_ path: String, what: String, because reason: String, instead: String) -> String {
        let target = (try? AtomicFile.finalTarget(of: path)) ?? path
        let stamp = Timestamp(seconds: Int64(Date().timeIntervalSince1970)).iso8601
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        let aside = target + ".corrupt-" + stamp
        let moved = rename(target, aside) == 0
        let name = aside.split(separator: "/").last.map(String.init) ?? aside
        return "\(what) unreadable (\(reason)); " + (moved ? "moved aside as \(name), \(instead)" : instead)
    }

    /// The notice for a file that exists but cannot be read: "cannot read PATH: reason; `instead`".
    static func cannotRead(_ path: String, because reason: String, instead: String) -> String {
        "cannot read \(MessageText.clipped(path)): \(reason); \(instead)"
    }
}
