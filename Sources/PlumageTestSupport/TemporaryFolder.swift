import Foundation

/// A private folder under the system's temporary folder, removed with everything in it when dropped.
public final class TemporaryFolder {
    /// Its absolute path (symbolic links resolved, so paths compare equal to the readers' real paths).
    public let path: String

    /// Creates the folder (`plumage-test-<UUID>` under the system's temporary folder).
    public init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-test-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` to `relative` (creating folders) and returns the absolute path.
    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    /// Writes `text` as UTF-8 to `relative` and returns the absolute path.
    @discardableResult
    public func write(_ relative: String, text: String) throws -> String { try write(relative, Array(text.utf8)) }

    /// Writes `zip` to `relative` and returns the absolute path.
    @discardableResult
    public func write(_ relative: String, zip: ZipBuilder) throws -> String { try write(relative, zip.bytes()) }

    /// Creates a symbolic link at `relative` pointing to `target`.
    public func link(_ relative: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: target)
    }

    /// Creates the folder `relative` (and its parents).
    public func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }
}
