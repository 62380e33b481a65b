import Archives
import Foundation
import PlumageTestSupport
import Testing

/// A scratch folder for the archive-layout tests (as `ArchivesTests`' `TemporaryFolder`): files,
/// links and folders written under it, removed with everything in it when dropped.
final class ScratchFolder {
    /// Its absolute path, symbolic links resolved.
    let path: String

    init() throws {
        path = URL(fileURLWithPath: try FixturePaths.scratchFolder()).resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` as UTF-8 to `relative` (creating folders) and returns the absolute path.
    @discardableResult
    func write(_ relative: String, text: String) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FixturePaths.write(text, to: full)
        return full
    }

    /// Writes `zip` to `relative` and returns the absolute path.
    @discardableResult
    func write(_ relative: String, zip: ZipBuilder) throws -> String {
        let full = path + "/" + relative
        try zip.write(to: full)
        return full
    }

    /// Creates a symbolic link at `relative` pointing to `target`.
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: target)
    }

    /// Creates the folder `relative` (and its parents).
    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }
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
