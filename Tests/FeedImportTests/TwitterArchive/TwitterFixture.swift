import Archives
import Foundation
import PlumageCore

@testable import FeedImport

/// A Twitter/X archive folder written by a test into a scratch folder, and the reader run over it.
struct TwitterFixture {
    /// The archive's folder (absolute, no trailing `/`).
    let root: String

    /// Top-level domains of the fixtures' links.
    static let domains = TopLevelDomains(["com", "org", "net", "mp", "jp", "ly", "co"])

    /// Writes `files` (archive-relative name → UTF-8 text) into a fresh folder.
    init(_ files: [String: String]) throws {
        root = try FixturePaths.scratchFolder()
        for (name, text) in files { try write(name, Data(text.utf8)) }
    }

    /// Writes `bytes` as archive-relative `name`.
    func write(_ name: String, _ bytes: Data) throws {
        let url = URL(fileURLWithPath: root + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }

    /// Writes small stand-ins for media files (`data/tweets_media/<name>`).
    func media(_ names: String..., folder: String = "data/tweets_media") throws {
        try media(names, folder: folder)
    }

    /// Writes small stand-ins for media files (`data/tweets_media/<name>`).
    func media(_ names: [String], folder: String = "data/tweets_media") throws {
        for name in names { try write(folder + "/" + name, Data("not really \(name)".utf8)) }
    }

    /// The archive as the reader sees it.
    var archive: FolderArchive { get throws { try FolderArchive(path: root) } }

    /// Reads the archive.
    func read() throws -> FeedSource {
        try TwitterArchiveReader.read(archive, topLevelDomains: Self.domains)
    }

    /// The message of the error reading the archive throws, or "no error".
    func failure() throws -> String {
        let archive = try self.archive
        do {
            _ = try TwitterArchiveReader.read(archive, topLevelDomains: Self.domains)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// `window.YTD.<name>.part0 = [ … ]` around `items` (JSON texts), laid out as X does.
    static func ytd(_ name: String, _ items: [String]) -> String {
        "window.YTD.\(name) = [\n" + items.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
    }

    /// A `{"tweet": {…}}` item: `fields` are the tweet's members as JSON text (`"id_str" : "1"`, …).
    static func tweet(_ fields: String...) -> String { tweet(fields: fields) }

    /// A `{"tweet": {…}}` item with the members `fields`.
    static func tweet(fields: [String]) -> String {
        "{\n    \"tweet\" : {\n      " + fields.joined(separator: ",\n      ") + "\n    }\n  }"
    }

    /// The manifest, account and profile files of owner `@ada_park` (account 2444552670), with the
    /// avatar file `data/profile_media/2444552670--kl_OZKZ.jpg` among `files`.
    static let owner: [String: String] = [
        "data/manifest.js": """
            window.__THAR_CONFIG = {
              "userInfo" : { "accountId" : "2444552670", "userName" : "ada_park", "displayName" : "Ada Park" },
              "dataTypes" : {
                "tweets" : { "mediaDirectory" : "data/tweets_media", "files" : [ { "fileName" : "data/tweets.js", "globalName" : "YTD.tweets.part0", "count" : "1" } ] }
              }
            }
            """,
        "data/account.js": """
            window.YTD.account.part0 = [ { "account" : { "email" : "ada@example.com", "username" : "ada_park", "accountId" : "2444552670", "accountDisplayName" : "Ada Park" } } ]
            """,
        "data/profile.js": """
            window.YTD.profile.part0 = [ { "profile" : { "avatarMediaUrl" : "https://pbs.twimg.com/profile_images/1177020068691152898/-kl_OZKZ.jpg", "headerMediaUrl" : "https://pbs.twimg.com/profile_banners/2444552670/1569460092" } } ]
            """,
        "data/profile_media/2444552670--kl_OZKZ.jpg": "jpeg",
        "data/profile_media/2444552670-1569460092.jpg": "banner",
    ]
}

extension FeedSource {
    /// The item with id `id`.
    func item(_ id: String) -> Item? { items.first { $0.id == id } }

    /// `name:count` of every section.
    var sectionSummary: [String] { sections.map { "\($0.name):\($0.itemIndices.count)" } }
}

extension Item {
    /// Each entity as `type text start end target`.
    var entitySummary: [String] { entities.map { "\($0.kind.rawValue) \($0.text) \($0.start) \($0.end) \($0.target)" } }
}
