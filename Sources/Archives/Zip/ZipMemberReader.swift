internal import CZLibSystem
import Glibc

/// Streams one member's bytes out of a zip, stored or deflated, stopping at every lie: it never
/// reads past the member's compressed bytes, counts what it produces against a cap (whatever the
/// header declared) and the archive's total, and at the end checks the size and (optionally) the
/// CRC-32 against the central directory. One thread at a time; zlib's state is freed on release.
final class ZipMemberReader {
    private let file: ReadOnlyFile
    private let entry: ZipEntry
    private let name: String
    private var limit: Int
    private var budget: ZipBudget
    /// Every byte any reader of this zip produced (`ZipArchive.bytesProduced`), never capped.
    private let lifetime: ZipBudget
    private let verify: Bool
    /// File offset of the next compressed byte, and how many compressed bytes are left.
    private var inputOffset: Int
    private var inputLeft: Int
    /// Bytes produced so far, and their running CRC-32.
    private(set) var produced = 0
    private var crc: UInt = 0
    private var streamEnded = false
    private var finished = false
    /// zlib's stream (heap-allocated: zlib keeps a pointer to it) and the input buffer; nil when stored.
    private var stream: UnsafeMutablePointer<z_stream>?
    private var input = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Size of each read of compressed bytes.
    private static let inputChunk = 256 * 1024
    /// Most bytes inflated per call.
    private static let outputChunk = 256 * 1024

    /// Prepares to read `entry` (named `name` in errors): reads its local header and checks that its
    /// data lies inside the file. `limit` caps the bytes produced; `budget` counts them archive-wide
    /// and `lifetime` over every view of the zip.
    init(
        file: ReadOnlyFile, entry: ZipEntry, name: String, limit: Int, budget: ZipBudget, lifetime: ZipBudget,
        verify: Bool
    ) throws(ArchiveError) {
        (self.file, self.entry, self.name, self.limit, self.budget, self.lifetime, self.verify) = (
            file, entry, name, limit, budget, lifetime, verify
        )
        guard !entry.isEncrypted else { throw .cannotRead(name, reason: "encrypted, not supported") }
        guard entry.method == 0 || entry.method == 8 else {
            throw .cannotRead(
                name, reason: "compression method \(entry.method) not supported (only stored and deflate)")
        }
        let header = try file.bytes(at: entry.localHeaderOffset, count: 30, name: name)
        guard header.u32(0) == 0x0403_4B50 else { throw .cannotRead(name, reason: "corrupt zip: no local header") }
        let dataOffset = entry.localHeaderOffset + 30 + header.u16(26) + header.u16(28)
        guard dataOffset <= file.size, entry.compressedSize <= file.size - dataOffset else {
            throw .cannotRead(name, reason: "truncated zip (data lies past the end of the file)")
        }
        inputOffset = dataOffset
        inputLeft = entry.compressedSize
        if entry.method == 8 {
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                stream.deallocate()
                throw .cannotRead(name, reason: "zlib could not start")
            }
            self.stream = stream
            input = .allocate(byteCount: max(1, min(entry.compressedSize, Self.inputChunk)), alignment: 16)
        }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
        input.deallocate()
    }

    /// Fills the start of `output` (not empty) with the next bytes and returns how many; 0 once the
    /// member is complete and checked. Throws `.tooLarge` as soon as more than the cap was produced.
    func read(into output: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        precondition(output.count > 0)
        if finished { return 0 }
        let count = try stream == nil ? readStored(into: output) : inflate(into: output)
        if count == 0 {
            try finish()
            return 0
        }
        try account(output.baseAddress!, count)
        return count
    }

    /// The next stored bytes, straight from the file.
    private func readStored(into output: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        let wanted = min(output.count, inputLeft)
        guard wanted > 0 else { return 0 }
        let count = try file.read(
            into: UnsafeMutableRawBufferPointer(rebasing: output[..<wanted]), at: inputOffset, name: name)
        guard count == wanted else { throw .cannotRead(name, reason: "truncated zip (the file ended early)") }
        inputOffset += count
        inputLeft -= count
        return count
    }

    /// Inflates until some output is produced, the stream ends, or it proves broken.
    private func inflate(into output: UnsafeMutableRawBufferPointer) throws(ArchiveError) -> Int {
        guard let stream, !streamEnded else { return 0 }
        stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
        // At most one output chunk per call, so the checksum runs over bytes still in the cache.
        let room = min(output.count, Self.outputChunk)
        stream.pointee.avail_out = UInt32(room)
        while true {
            if stream.pointee.avail_in == 0, inputLeft > 0 {
                let wanted = min(input.count, inputLeft)
                let count = try file.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: input[..<wanted]), at: inputOffset, name: name)
                guard count == wanted else { throw .cannotRead(name, reason: "truncated zip (the file ended early)") }
                inputOffset += count
                inputLeft -= count
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = UInt32(count)
            }
            let status = CZLibSystem.inflate(stream, Z_NO_FLUSH)
            let made = room - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END:
                streamEnded = true
                return made
            case Z_OK:
                if made > 0 { return made }
            case Z_BUF_ERROR where stream.pointee.avail_in == 0 && inputLeft == 0:
                throw .cannotRead(name, reason: "corrupt zip: the compressed data ends too early")
            default:
                let detail = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw .cannotRead(name, reason: "corrupt compressed data (\(detail))")
            }
        }
    }

    /// Hands a reader that a prefix read left part-way (`ZipArchive.readPrefix`) to a whole read:
    /// from now on capped at `limit`, and the bytes it produced so far counted against `budget`, the
    /// new read's total, as if this read had produced them.
    func resume(limit: Int, budget: ZipBudget) throws(ArchiveError) {
        (self.limit, self.budget) = (limit, budget)
        guard produced <= limit else { throw .tooLarge(name, limit: limit) }
        guard budget.spend(produced) else { throw .totalExceeded(budget.archivePath, limit: budget.limit) }
    }

    /// Counts `count` new bytes at `start` against the cap, the archive's total and the checksum.
    private func account(_ start: UnsafeMutableRawPointer, _ count: Int) throws(ArchiveError) {
        produced += count
        _ = lifetime.spend(count)
        guard produced <= limit else { throw .tooLarge(name, limit: limit) }
        guard budget.spend(count) else { throw .totalExceeded(budget.archivePath, limit: budget.limit) }
        if verify { crc = crc32(crc, start.assumingMemoryBound(to: Bytef.self), UInt32(count)) }
    }

    /// Checks the whole member against the central directory's size and checksum.
    private func finish() throws(ArchiveError) {
        finished = true
        guard produced == entry.uncompressedSize else {
            throw .cannotRead(
                name, reason: "corrupt zip: \(produced) bytes where the header says \(entry.uncompressedSize)")
        }
        if verify, UInt32(truncatingIfNeeded: crc) != entry.crc {
            throw .cannotRead(name, reason: "corrupt zip: CRC-32 mismatch")
        }
    }
}
