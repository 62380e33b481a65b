@testable import Archives

/// The bytes libFuzzer hands a target, copied into an array.
func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run with `message` when `condition` is false: libFuzzer records the input as a crash.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: \(message())") }
}

/// A read-only archive held in memory: the harnesses give the fuzz input to a reader as one of its files.
struct MemoryArchive: ArchiveFiles {
    /// A made-up root that exists nowhere on disk.
    let rootPath = "/nonexistent-fuzz-archive"
    /// File contents by relative name.
    let files: [String: [UInt8]]

    var entries: [String] { ArchivePath.sortedBytewise(Array(files.keys)) }

    func contains(_ relative: String) -> Bool { files[relative] != nil }

    func size(of relative: String) -> Int? { files[relative]?.count }

    func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        guard let bytes = files[relative] else { throw .missing(relative) }
        guard bytes.count <= limit else { throw .tooLarge(relative, limit: limit) }
        return bytes
    }

    func readPrefix(_ relative: String, count: Int) throws(ArchiveError) -> [UInt8] {
        guard let bytes = files[relative] else { throw .missing(relative) }
        return Array(bytes.prefix(count))
    }
}
