import Glibc

/// A `.zip` read in place, never written or extracted: the central directory is indexed once, and
/// members are read with `pread` on one shared descriptor, so reads from several threads run in
/// parallel without locks.
///
/// Names are normalised (`data/./tweets.js` is `data/tweets.js`); names that would leave the root
/// (absolute, `..` above it, backslash, NUL) are never read and are listed in `refused`; a name
/// listed twice keeps its last entry and is listed in `duplicates`; directories and symbolic links
/// are skipped. Every read is capped twice: the declared
/// size is checked before reading and the bytes actually produced are counted while inflating (a
/// lying header does not get past the cap), and all reads of one `ZipArchive` together may produce
/// at most `totalLimit` bytes (zip bombs); past it reads fail with `.tooLarge(<zip path>, …)`.
/// Sizes and CRC-32s are checked against the central directory (see docs/NOTES.md, "Zip archives").
///
/// A copy shares the directory, the descriptor and the budget; `withTotalLimit` makes a view with
/// a fresh budget that shares the rest (`OpenArchives` hands one such view to each load). A prefix
/// read of at least `ZipParking.threshold` bytes leaves its reader parked, and the next
/// `readChunks` of that member by any view goes on from there (the prefix is inflated once).
public struct ZipArchive: ArchiveFiles {
    /// Absolute path of the zip file.
    public let rootPath: String
    /// Every readable file member, in byte order of their names.
    public let entries: [String]
    /// Member names that leave the archive's root, in the order the zip lists them; never read.
    public let refused: [String]
    /// Member names the zip lists more than once, each once, in directory order; the last entry of
    /// each is the one read, the copy unpacking it leaves (`unzip -o`, `bsdtar`, Python's `zipfile`).
    public let duplicates: [String]
    /// True when reads check each member's CRC-32.
    public let verifiesChecksums: Bool
    private let members: [String: ZipEntry]
    private let links: Set<String>
    private let file: ReadOnlyFile
    private let budget: ZipBudget
    /// Counts every byte produced by any view of this zip (never caps).
    private let lifetime: ZipBudget
    private let parking: ZipParking

    /// Opens and indexes the zip at `path`. `totalLimit` caps the bytes all reads together produce;
    /// `directoryLimit` caps the central directory's size. Throws `.missing` when there is no such
    /// file and `.cannotRead` when it is not a readable zip.
    public init(
        path: String, totalLimit: Int = ArchiveLimits.totalData, directoryLimit: Int = ArchiveLimits.zipDirectory,
        verifyingChecksums: Bool = true
    ) throws(ArchiveError) {
        rootPath = ArchivePath.absolute(path)
        file = try ReadOnlyFile(path: rootPath)
        let directory = try ZipDirectory(file: file, path: rootPath, directoryLimit: directoryLimit)
        members = directory.members
        refused = directory.refused
        duplicates = directory.duplicates
        links = directory.links
        entries = ArchivePath.sortedBytewise(Array(directory.members.keys))
        budget = ZipBudget(archivePath: rootPath, limit: totalLimit)
        lifetime = ZipBudget(archivePath: rootPath, limit: .max)
        parking = ZipParking()
        verifiesChecksums = verifyingChecksums
    }

    private init(_ base: ZipArchive, totalLimit: Int) {
        (rootPath, entries, refused, duplicates, verifiesChecksums) = (
            base.rootPath, base.entries, base.refused, base.duplicates, base.verifiesChecksums
        )
        (members, links, file, lifetime, parking) = (base.members, base.links, base.file, base.lifetime, base.parking)
        budget = ZipBudget(archivePath: rootPath, limit: totalLimit)
    }

    /// The same zip (directory, descriptor, parked readers shared, nothing read again) with a
    /// fresh total budget of `totalLimit` bytes.
    public func withTotalLimit(_ totalLimit: Int) -> ZipArchive { ZipArchive(self, totalLimit: totalLimit) }

    /// Bytes produced by every read of this zip and of all its views so far (what was inflated or
    /// copied out of it): a parked prefix handed on is counted once.
    public var bytesProduced: Int { lifetime.spent }

    /// The identity of the zip file this archive read (device, inode, size, time).
    var identity: FileIdentity { file.identity }

    /// Bytes decompressed by all reads so far (counted against `totalLimit`).
    public var totalRead: Int { budget.spent }

    public func contains(_ relative: String) -> Bool { members[relative] != nil }

    public func size(of relative: String) -> Int? { members[relative]?.uncompressedSize }

    /// The member `relative` of this zip.
    public func location(of relative: String) -> ArchiveLocation { .member(archive: rootPath, name: relative) }

    /// `.notReadable` for a symbolic-link member of that name (and no file member); nil otherwise.
    public func whyUnlisted(_ relative: String) -> ArchiveError? {
        links.contains(relative) && members[relative] == nil
            ? .notReadable(relative, what: "a symbolic link in the zip, not read") : nil
    }

    public func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        let (entry, reader) = try open(relative, limit: limit, verify: verifiesChecksums)
        var failure: ArchiveError?
        let bytes = [UInt8](unsafeUninitializedCapacity: entry.uncompressedSize) { buffer, initialized in
            initialized = 0
            do throws(ArchiveError) {
                while initialized < buffer.count {
                    let count = try reader.read(
                        into: UnsafeMutableRawBufferPointer(
                            rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...]))
                    if count == 0 { break }
                    initialized += count
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        // The stream must end here (checked and verified); extra bytes count against the cap, then fail.
        try Self.drain(reader)
        return bytes
    }

    /// The first `count` bytes of `relative` (fewer when it is shorter), decompressing no more than
    /// needed; for header probes and first looks at data files. Not checksum-verified here (the
    /// member is not read to its end). A prefix of at least `ZipParking.threshold` bytes that stops
    /// before the member's end parks its reader for the next `readChunks` of the member; a second
    /// prefix read of a parked member is answered from the parked bytes.
    public func readPrefix(_ relative: String, count: Int) throws(ArchiveError) -> [UInt8] {
        if let entry = members[relative], let parked = parking.bytes(of: relative),
            parked.count >= min(max(0, count), entry.uncompressedSize)
        {
            return Array(parked.prefix(max(0, count)))
        }
        let (entry, reader) = try open(relative, limit: Int.max, verify: verifiesChecksums, checkingSize: false)
        let wanted = max(0, min(count, entry.uncompressedSize))
        var failure: ArchiveError?
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            initialized = 0
            do throws(ArchiveError) {
                while initialized < buffer.count {
                    let n = try reader.read(
                        into: UnsafeMutableRawBufferPointer(
                            rebasing: UnsafeMutableRawBufferPointer(buffer)[initialized...]))
                    if n == 0 { break }
                    initialized += n
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if bytes.count >= ZipParking.threshold, bytes.count < entry.uncompressedSize, reader.produced == bytes.count {
            parking.park(.init(name: relative, bytes: bytes, reader: reader))
        }
        return bytes
    }

    /// Streams `relative` in chunks to `sink` (at most `limit` bytes, checked before and while
    /// reading), verified like `read`.
    public func stream(
        _ relative: String, limit: Int, to sink: (UnsafeRawBufferPointer) throws(ArchiveError) -> Void
    ) throws(ArchiveError) {
        let (entry, reader) = try open(relative, limit: limit, verify: verifiesChecksums)
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: max(1, min(entry.uncompressedSize, 1 << 20)), alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try reader.read(into: chunk)
            if count == 0 { return }
            try sink(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
    }

    public func readChunks(
        _ relative: String, limit: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(ArchiveError) {
        let entry: ZipEntry
        let reader: ZipMemberReader
        if let parked = parking.take(relative), let parkedEntry = members[relative] {
            // A prefix read stopped part-way: hand its bytes on, then go on reading from there.
            guard parkedEntry.uncompressedSize <= limit else { throw .tooLarge(relative, limit: limit) }
            guard budget.allows(parkedEntry.uncompressedSize) else {
                throw .totalExceeded(rootPath, limit: budget.limit)
            }
            try parked.reader.resume(limit: limit, budget: budget)
            var stopped = false
            ArchiveChunks.split(parked.bytes, chunkSize: chunkSize) { chunk in
                stopped = !body(chunk)
                return !stopped
            }
            if stopped { return }
            (entry, reader) = (parkedEntry, parked.reader)
        } else {
            (entry, reader) = try open(relative, limit: limit, verify: verifiesChecksums)
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: max(1, min(entry.uncompressedSize, chunkSize)), alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let count = try reader.read(into: chunk)
            if count == 0 { return }
            guard body(UnsafeRawBufferPointer(rebasing: chunk[..<count])) else { return }
        }
    }

    /// The entry and a reader for `relative`, after the name, declared-size and total checks.
    private func open(_ relative: String, limit: Int, verify: Bool, checkingSize: Bool = true)
        throws(ArchiveError) -> (ZipEntry, ZipMemberReader)
    {
        guard ArchivePath.isConfined(relative) else { throw .refused(relative) }
        guard let entry = members[relative] else { throw whyUnlisted(relative) ?? .missing(relative) }
        if checkingSize {
            guard entry.uncompressedSize <= limit else { throw .tooLarge(relative, limit: limit) }
            guard budget.allows(entry.uncompressedSize) else { throw .totalExceeded(rootPath, limit: budget.limit) }
        }
        let reader = try ZipMemberReader(
            file: file, entry: entry, name: relative, limit: limit, budget: budget, lifetime: lifetime, verify: verify)
        return (entry, reader)
    }

    /// Reads `reader` to its end into a scratch buffer: nothing when the stream ends where declared;
    /// otherwise the extra bytes count against the cap until it or the size check fails.
    private static func drain(_ reader: ZipMemberReader) throws(ArchiveError) {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { scratch.deallocate() }
        while try reader.read(into: scratch) > 0 {}
    }
}

extension ArchiveLimits {
    /// Largest central directory read from a zip (a 100,000-member archive needs about 10 MB).
    public static let zipDirectory = 256 << 20
}
