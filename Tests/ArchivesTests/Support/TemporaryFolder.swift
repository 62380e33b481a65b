import Archives
import Foundation
import PlumageTestSupport
import Testing

/// A private folder under the system's temporary folder, removed with everything in it when dropped.
final class TemporaryFolder {
    /// Its absolute path (symbolic links resolved, so paths compare equal to the readers' real paths).
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-archives-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `relative` (creating folders) and returns the absolute path.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Writes `text` as UTF-8 to `relative` and returns the absolute path.
    @discardableResult
    func write(_ relative: String, text: String) throws -> String { try write(relative, Array(text.utf8)) }

    /// Writes `zip` to `relative` and returns the absolute path.
    @discardableResult
    func write(_ relative: String, zip: ZipBuilder) throws -> String { try write(relative, zip.bytes()) }

    /// Creates a symbolic link at `relative` pointing to `target`.
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: target)
    }

    /// Creates the folder `relative` (and its parents).
    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }
}

/// `count` seeded pseudo-random bytes.
func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
}

/// The `ArchiveError` `body` throws, or nil when it throws nothing (any other error is recorded as an issue).
func archiveError<T>(_ body: () throws -> T) -> ArchiveError? {
    do {
        _ = try body()
        return nil
    } catch let error as ArchiveError {
        return error
    } catch {
        Issue.record("not an ArchiveError: \(error)")
        return nil
    }
}
