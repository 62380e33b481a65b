import Foundation
import PlumageCore

/// Absolute paths of the files under `Tests/FeedImportTests/Fixtures` and scratch folders for tests.
enum FixturePaths {
    /// The fixtures folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// A few top-level domains, enough for the links of the fixtures.
    static let topLevelDomains = TopLevelDomains(["com", "org", "net", "social", "jp"])

    /// The absolute path of fixture `name` (`"images/tiny.png"`).
    static func path(_ name: String) -> String { root + "/" + name }

    /// A fresh empty folder under the system temporary directory.
    static func scratchFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-feedimport-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Writes `text` to `path` as UTF-8.
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
