import Foundation
import PlumageCore

/// The recently opened list on disk: `recents.json` in `UserDirectories.data()`, a small JSON
/// document `{"version": 1, "entries": [{"kind", "path", "title", "opened"}]}` written atomically,
/// through a symbolic link to its target. A file that is read but cannot be understood is moved
/// aside as `recents.json.corrupt-<time>` and the list starts empty, with a notice; one that exists
/// but cannot be read is reported, the list starts empty and the file is never written in that
/// run. Entries opened outside 1970…9999 (a damaged or hand-edited file) are left out with a
/// notice. Two instances may share the file: each save writes the union of the file's list then
/// (re-read under a lock) and this run's, less what this run forgot.
public struct RecentsFile: Sendable {
    /// Absolute path of the file.
    public let path: String
    /// How the file is read, and whether this run may write it.
    let access: OwnFileAccess

    /// The `opened` times an entry may have, seconds since the epoch: 1970-01-01T00:00:00Z through
    /// 9999-12-31T23:59:59Z. Anything else is damage (no one opened a file in 1969 or year 10000).
    public static let openedRange: ClosedRange<Int64> = 0...253_402_300_799

    /// The file in `folder` (default: Plumage's data folder).
    public init(folder: String = UserDirectories.data()) { self.init(folder: folder, access: OwnFileAccess()) }

    /// The file in `folder`, read and written through `access`.
    init(folder: String, access: OwnFileAccess) {
        path = folder + "/recents.json"
        self.access = access
    }

    /// The list, each entry marked missing when its path is gone (a live address never is), and a notice when the file was
    /// unusable (moved aside), unreadable (left alone) or had entries with impossible dates (left
    /// out); nil when fine or absent.
    public func load(exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> (Recents, notice: String?) {
        OwnFile.load(path, access: access, what: "recently opened list", instead: "starting empty", empty: Recents()) {
            (bytes) throws(SourceError) in
            var (list, dropped) = try Self.decode(bytes, path: path)
            for i in list.indices where LiveLocation.parse(list[i].path) == nil { list[i].isMissing = !exists(list[i].path) }
            let entries = dropped == 1 ? "1 entry" : "\(dropped) entries"
            let notice = dropped == 0 ? nil : "recently opened list: \(entries) with a date outside 1970–9999 left out"
            return (Recents(list), notice)
        }
    }

    /// Writes `recents` merged with the list the file holds now (re-read under its lock): one entry
    /// per thing, the newest opening wins, newest first, without what `recents` forgot. Skipped
    /// when the file could not be read (see `OwnFile.update`).
    public func save(_ recents: Recents) throws(PersistenceError) {
        let path = path
        try OwnFile.update(path, access: access, what: "recently opened list",
                           decode: { (bytes) throws(SourceError) in try Self.decode(bytes, path: path).entries },
                           write: { current in Array(Self.encode(recents.merged(with: Recents(current ?? []))).utf8) })
    }

    /// The JSON document for `recents`.
    static func encode(_ recents: Recents) -> String {
        var out = "{\"version\":1,\"entries\":["
        for (i, entry) in recents.entries.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + "{\"kind\":" + DumpEncoder.quoted(entry.kind.rawValue)
                + ",\"path\":" + DumpEncoder.quoted(entry.path) + ",\"title\":" + DumpEncoder.quoted(entry.title)
                + ",\"opened\":\(entry.opened.seconds)}"
        }
        return out + "\n]}\n"
    }

    /// The entries of a document and how many were left out for an `opened` outside `openedRange`;
    /// throws when it is not a document of entries.
    static func decode(_ bytes: [UInt8], path: String) throws(SourceError) -> (entries: [RecentEntry], dropped: Int) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw .malformed(path, error) }
        guard root["version"]?.int == 1, let list = root["entries"]?.array else {
            throw SourceError(.invalidFeed, path: path, reason: "not a version 1 recents file")
        }
        var entries: [RecentEntry] = [], dropped = 0
        for raw in list {
            guard let kind = (raw["kind"]?.string).flatMap(RecentEntry.Kind.init(rawValue:)),
                let entryPath = raw["path"]?.string, entryPath.hasPrefix("/") || LiveLocation.parse(entryPath) != nil, let title = raw["title"]?.string,
                let opened = raw["opened"], opened.int != nil || opened.double != nil
            else { throw SourceError(.invalidFeed, path: path, reason: "an entry lacks kind, path, title or opened") }
            // A number beyond Int (1e300) is out of range too, not a malformed entry.
            guard let seconds = opened.int.map(Int64.init), Self.openedRange.contains(seconds) else {
                dropped += 1
                continue
            }
            entries.append(RecentEntry(kind: kind, path: entryPath, title: title, opened: Timestamp(seconds: seconds)))
        }
        return (entries, dropped)
    }
}
