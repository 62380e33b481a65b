import Foundation

/// A folder tree built by a test under the system temporary directory: files given by relative
/// path (folders made as needed), each a copy of the tiny JPEG fixture unless given bytes.
struct PlaceTree {
    /// The tree's absolute root.
    let root: String

    /// A new tree holding `files` (relative paths).
    init(_ files: [String], contents: [UInt8]? = nil) throws {
        root = try FixturePaths.scratchFolder()
        let jpeg = try contents ?? Array(Data(contentsOf: URL(fileURLWithPath: FixturePaths.path("images/tiny.jpg"))))
        for file in files { try write(file, jpeg) }
    }

    /// Writes `bytes` at relative path `file`, making its folders.
    func write(_ file: String, _ bytes: [UInt8]) throws {
        let path = root + "/" + file
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Makes the folder at relative path `folder` (and its parents).
    func folder(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
    }

    /// Sets the modification time of relative path `file` to `seconds` since the epoch.
    func touch(_ file: String, seconds: Int) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(seconds))],
                                              ofItemAtPath: root + "/" + file)
    }
}
