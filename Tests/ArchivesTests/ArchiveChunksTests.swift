import PlumageTestSupport
import Testing

@testable import Archives

/// Every chunk `readChunks` hands out for `relative`, until `stopAfter` chunks were taken.
private func chunks(_ archive: any ArchiveFiles, _ relative: String, size: Int, stopAfter: Int = .max) throws -> [[UInt8]] {
    var taken: [[UInt8]] = []
    try archive.readChunks(relative, limit: 8 << 20, chunkSize: size) { chunk in
        taken.append(Array(chunk))
        return taken.count < stopAfter
    }
    return taken
}

@Test func chunksOfFolderAndZipMembersJoinToTheirBytes() throws {
    let content = randomBytes(300_000, seed: 7)
    let temp = try TemporaryFolder()
    _ = try temp.write("f/data/a.bin", content)
    var builder = ZipBuilder()
    builder.add("data/a.bin", content)
    builder.add("data/s.bin", content, method: .stored)
    let zip = try ZipArchive(path: try temp.write("a.zip", zip: builder))
    let folder = try FolderArchive(path: temp.path + "/f")
    for (archive, name) in [(folder as any ArchiveFiles, "data/a.bin"), (zip, "data/a.bin"), (zip, "data/s.bin")] {
        for size in [1_000, 65_536, 1 << 20] {
            let taken = try chunks(archive, name, size: size)
            #expect(Array(taken.joined()) == content, "\(name) in chunks of \(size)")
            #expect(taken.allSatisfy { $0.count <= size && !$0.isEmpty })
        }
    }
    // Through a subfolder view, the same bytes.
    #expect(Array(try chunks(SubfolderArchive(base: zip, folder: "data"), "a.bin", size: 4096).joined()) == content)
}

@Test func stoppingEarlyLeavesTheRestUnreadAndCapsStillHold() throws {
    let content = [UInt8](repeating: 0x20, count: 4 << 20)
    var builder = ZipBuilder()
    builder.add("big.js", content)
    let temp = try TemporaryFolder()
    let zip = try ZipArchive(path: try temp.write("big.zip", zip: builder))
    #expect(try chunks(zip, "big.js", size: 65_536, stopAfter: 2).count == 2)
    // Only what was handed out (and at most one inflate step more) was decompressed.
    #expect(zip.totalRead <= 2 * 65_536 + 256 * 1024)
    #expect(archiveError { try zip.readChunks("big.js", limit: 1_000, chunkSize: 100) { _ in true } } == .tooLarge("big.js", limit: 1_000))
    _ = try temp.write("f/big.js", content)
    let folder = try FolderArchive(path: temp.path + "/f")
    #expect(archiveError { try folder.readChunks("big.js", limit: 1_000, chunkSize: 100) { _ in true } } == .tooLarge("big.js", limit: 1_000))
    #expect(archiveError { try folder.readChunks("../big.zip", limit: 1_000, chunkSize: 100) { _ in true } } == .refused("../big.zip"))
    #expect(archiveError { try folder.readChunks("none.js", limit: 1_000, chunkSize: 100) { _ in true } } == .missing("none.js"))
}
