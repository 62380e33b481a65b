import Foundation
import PlumageCore

/// Reading one of Plumage's own small files (`recents.json`, `settings.json`) and moving it aside
/// when it cannot be used, so that a bad file costs a notice, never a crash or a lost start.
enum OwnFile {
    /// The file's bytes (at most `limit`), or nil when there is no file; abandoned temporaries of
    /// interrupted writes are removed first. Throws when it cannot be read, is not a regular file or is larger.
    static func read(_ path: String, limit: Int = 1 << 20) throws(SourceError) -> [UInt8]? {
        AtomicFile.removeAbandonedTemporaries(of: path)
        var st = stat()
        guard lstat(path, &st) == 0 || errno != ENOENT else { return nil }
        let bytes = try FileSystem.prefix(path, upTo: limit, regularOnly: true)
        guard bytes.count < limit else { throw SourceError(.invalidFeed, path: path, reason: "larger than \(limit >> 20) MiB") }
        return bytes
    }

    /// Renames the unusable file at `path` to `<name>.corrupt-<UTC time>`; the notice to show:
    /// "`what` unreadable (`reason`); moved aside as <name>.corrupt-…, `instead`".
    static func moveAside(_ path: String, what: String, because reason: String, instead: String) -> String {
        let stamp = Timestamp(seconds: Int64(Date().timeIntervalSince1970)).iso8601
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
        let aside = path + ".corrupt-" + stamp
        let moved = rename(path, aside) == 0
        let name = aside.split(separator: "/").last.map(String.init) ?? aside
        return "\(what) unreadable (\(reason)); " + (moved ? "moved aside as \(name), \(instead)" : instead)
    }
}
