/// The central directory of a zip: where it is, and every member it lists.
///
/// Only the end record, the optional ZIP64 end record and the central directory are read (one
/// read each); members' local headers are read when a member is. Structures that point outside
/// the file or contradict one another are reported as a corrupt zip, never trusted.
struct ZipDirectory {
    /// The file members that may be read, by name.
    var members: [String: ZipEntry] = [:]
    /// Names that leave the archive's root (absolute, `..` above it, backslash, NUL), in directory order.
    var refused: [String] = []
    /// File names listed more than once (after `.` segments are normalised), each once, in
    /// directory order; the last entry of each is the one kept.
    var duplicates: [String] = []
    private var duplicateSet = Set<String>()
    /// Names of symbolic-link members (never read: what they point to is not in the zip).
    var links = Set<String>()

    private static let endSignature = 0x0605_4B50
    private static let zip64LocatorSignature = 0x0706_4B50
    private static let zip64EndSignature = 0x0606_4B50
    private static let entrySignature = 0x0201_4B50
    /// Smallest central directory entry (no name, extra field or comment).
    private static let entrySize = 46

    /// Reads the directory of `file`, refusing one larger than `directoryLimit` bytes; errors name `path`.
    init(file: ReadOnlyFile, path: String, directoryLimit: Int) throws(ArchiveError) {
        let (offset, size) = try Self.locateDirectory(file: file, path: path)
        guard size <= directoryLimit else {
            throw .tooLarge(path + " (central directory)", limit: directoryLimit)
        }
        let directory = try file.bytes(at: offset, count: size, name: path)
        var position = 0
        while position < directory.count {
            guard position + Self.entrySize <= directory.count, directory.u32(position) == Self.entrySignature else {
                throw Self.corrupt(path, "broken central directory entry")
            }
            let nameLength = directory.u16(position + 28)
            let extraLength = directory.u16(position + 30)
            let commentLength = directory.u16(position + 32)
            let end = position + Self.entrySize + nameLength + extraLength + commentLength
            guard end <= directory.count else { throw Self.corrupt(path, "broken central directory entry") }
            try add(directory, at: position, nameLength: nameLength, extraLength: extraLength, path: path)
            position = end
        }
    }

    /// Adds the entry at `position` to `members` (a file whose name, normalised, stays inside the
    /// root; the last of a repeated name is kept and the name noted in `duplicates`) or to
    /// `refused`; directories and symbolic links are skipped.
    private mutating func add(
        _ directory: [UInt8], at position: Int, nameLength: Int, extraLength: Int, path: String
    ) throws(ArchiveError) {
        let flags = directory.u16(position + 8)
        let nameStart = position + Self.entrySize
        let listed = ZipName.decode(directory[nameStart..<nameStart + nameLength], utf8Flag: flags & 0x800 != 0)
        if listed.hasSuffix("/") { return }
        guard let name = ArchivePath.normalised(listed) else {
            refused.append(listed)
            return
        }
        let madeBy = directory.u16(position + 4) >> 8
        let mode = directory.u32(position + 38) >> 16
        // Unix (3) and macOS (19) store the file type in the high half of the external attributes.
        if madeBy == 3 || madeBy == 19 {
            let type = mode & 0o170000
            if type == 0o120000 { links.insert(name) }
            if type == 0o120000 || type == 0o040000 { return }
        }
        if members[name] != nil, duplicateSet.insert(name).inserted { duplicates.append(name) }
        var uncompressed = directory.u32(position + 24)
        var compressed = directory.u32(position + 20)
        var offset = directory.u32(position + 42)
        if uncompressed == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            let extraStart = nameStart + nameLength
            guard let wide = Self.zip64Values(directory[extraStart..<extraStart + extraLength]) else {
                throw Self.corrupt(path, "\(name): missing ZIP64 sizes")
            }
            var next = 0
            func take(_ value: inout Int) throws(ArchiveError) {
                guard value == 0xFFFF_FFFF else { return }
                guard next < wide.count else { throw Self.corrupt(path, "\(name): missing ZIP64 sizes") }
                value = wide[next]
                next += 1
            }
            try take(&uncompressed)
            try take(&compressed)
            try take(&offset)
        }
        members[name] = ZipEntry(
            method: UInt16(directory.u16(position + 10)), flags: UInt16(flags),
            crc: UInt32(directory.u32(position + 16)),
            compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset)
    }

    /// The 64-bit values of a ZIP64 extended-information field (id 1) in `extra`, in order; nil
    /// when there is none or one does not fit in `Int`.
    private static func zip64Values(_ extra: ArraySlice<UInt8>) -> [Int]? {
        let bytes = Array(extra)
        var position = 0
        while position + 4 <= bytes.count {
            let id = bytes.u16(position)
            let length = bytes.u16(position + 2)
            guard position + 4 + length <= bytes.count else { return nil }
            if id == 1 {
                var values: [Int] = []
                var field = position + 4
                while field + 8 <= position + 4 + length {
                    guard let value = bytes.u64(field) else { return nil }
                    values.append(value)
                    field += 8
                }
                return values
            }
            position += 4 + length
        }
        return nil
    }

    /// Offset and size of the central directory, from the end record (and its ZIP64 version).
    private static func locateDirectory(file: ReadOnlyFile, path: String) throws(ArchiveError) -> (Int, Int) {
        let tailLength = min(file.size, 22 + 0xFFFF)
        let tailStart = file.size - tailLength
        let tail = try file.bytes(at: tailStart, count: tailLength, name: path)
        // The end record is the last signature whose comment still fits in the file.
        var found: Int?
        var candidate = tail.count - 22
        while candidate >= 0 {
            if tail.u32(candidate) == endSignature, candidate + 22 + tail.u16(candidate + 20) <= tail.count {
                found = candidate
                break
            }
            candidate -= 1
        }
        guard let end = found else { throw notAZip(file: file, path: path) }
        let endOffset = tailStart + end
        var size = tail.u32(end + 12)
        var offset = tail.u32(end + 16)
        var directoryEnd = endOffset
        if end >= 20, tail.u32(end - 20) == zip64LocatorSignature {
            guard let recordOffset = tail.u64(end - 12), recordOffset >= 0, recordOffset <= endOffset - 20 - 56 else {
                throw corrupt(path, "broken ZIP64 end record")
            }
            let record = try file.bytes(at: recordOffset, count: 56, name: path)
            guard record.u32(0) == zip64EndSignature, let wideSize = record.u64(40), let wideOffset = record.u64(48)
            else { throw corrupt(path, "broken ZIP64 end record") }
            (size, offset, directoryEnd) = (wideSize, wideOffset, recordOffset)
        } else if size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            throw corrupt(path, "ZIP64 end record missing")
        }
        guard offset >= 0, size >= 0, offset <= directoryEnd, size <= directoryEnd - offset else {
            throw corrupt(path, "the central directory lies outside the file")
        }
        return (offset, size)
    }

    /// Why a file without an end record is no zip: `not a zip archive (empty file)`, `(no zip
    /// signature)` at its start, or `(truncated: no end of central directory)` after one.
    private static func notAZip(file: ReadOnlyFile, path: String) -> ArchiveError {
        let head = (try? file.bytes(at: 0, count: min(4, file.size), name: path)) ?? []
        let detail =
            file.size == 0 ? "empty file"
            : ArchiveOpener.isZipSignature(head) ? "truncated: no end of central directory" : "no zip signature"
        return .cannotRead(path, reason: "not a zip archive (\(detail))")
    }

    /// `.cannotRead(path, "corrupt zip: <detail>")`.
    static func corrupt(_ path: String, _ detail: String) -> ArchiveError {
        .cannotRead(path, reason: "corrupt zip: " + detail)
    }
}
