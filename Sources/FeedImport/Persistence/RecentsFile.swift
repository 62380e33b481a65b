import Foundation
import PlumageCore

/// The recently opened list on disk: `recents.json` in `UserDirectories.data()`, a small JSON
/// document `{"version": 1, "entries": [{"kind", "path", "title", "opened"}]}` written atomically.
/// A file that cannot be read or understood is moved aside as `recents.json.corrupt-<time>` and the
/// list starts empty, with a notice saying so.
public struct RecentsFile: Sendable {
    /// Absolute path of the file.
    public let path: String

    /// The file in `folder` (default: Plumage's data folder).
    public init(folder: String = UserDirectories.data()) { path = folder + "/recents.json" }

    /// The list, each entry marked missing when its path is gone, and a notice when the file was
    /// unusable and moved aside (nil when fine or absent).
    public func load(exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> (Recents, notice: String?) {
        do throws(SourceError) {
            guard let bytes = try OwnFile.read(path) else { return (Recents(), nil) }
            var entries = try Self.decode(bytes, path: path)
            for i in entries.indices { entries[i].isMissing = !exists(entries[i].path) }
            return (Recents(entries), nil)
        } catch {
            return (Recents(), OwnFile.moveAside(path, what: "recently opened list", because: error.reason,
                                                     instead: "starting empty"))
        }
    }

    /// Writes `recents` atomically.
    public func save(_ recents: Recents) throws(PersistenceError) {
        try AtomicFile.write(Array(Self.encode(recents).utf8), to: path)
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

    /// The entries of a document; throws when it is not one.
    static func decode(_ bytes: [UInt8], path: String) throws(SourceError) -> [RecentEntry] {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw .malformed(path, error) }
        guard root["version"]?.int == 1, let list = root["entries"]?.array else {
            throw SourceError(.invalidFeed, path: path, reason: "not a version 1 recents file")
        }
        return try list.map { (raw: JSONValue) throws(SourceError) -> RecentEntry in
            guard let kind = (raw["kind"]?.string).flatMap(RecentEntry.Kind.init(rawValue:)),
                let entryPath = raw["path"]?.string, entryPath.hasPrefix("/"), let title = raw["title"]?.string,
                let opened = raw["opened"]?.int
            else { throw SourceError(.invalidFeed, path: path, reason: "an entry lacks kind, path, title or opened") }
            return RecentEntry(kind: kind, path: entryPath, title: title, opened: Timestamp(seconds: Int64(opened)))
        }
    }
}
