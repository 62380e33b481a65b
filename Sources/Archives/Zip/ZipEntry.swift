/// One file member of a zip as its central directory describes it.
struct ZipEntry: Sendable {
    /// Compression method: 0 stored, 8 deflate (the only two read).
    let method: UInt16
    /// General-purpose flags (bit 0: encrypted).
    let flags: UInt16
    /// CRC-32 of the uncompressed bytes.
    let crc: UInt32
    /// Declared size of the stored bytes.
    let compressedSize: Int
    /// Declared size once decompressed; checked before reading and verified after.
    let uncompressedSize: Int
    /// Where the member's local header starts in the zip file.
    let localHeaderOffset: Int

    /// True when the member is encrypted (never read).
    var isEncrypted: Bool { flags & 1 != 0 }
}

/// Little-endian field access for zip structures.
extension Array where Element == UInt8 {
    /// The 16-bit little-endian value at `offset` (the caller checked the bounds).
    func u16(_ offset: Int) -> Int { Int(self[offset]) | Int(self[offset + 1]) << 8 }

    /// The 32-bit little-endian value at `offset` (the caller checked the bounds).
    func u32(_ offset: Int) -> Int { u16(offset) | u16(offset + 2) << 16 }

    /// The 64-bit little-endian value at `offset`, or nil when it does not fit in `Int`.
    func u64(_ offset: Int) -> Int? {
        let high = u32(offset + 4)
        guard high < 1 << 31 else { return nil }
        return u32(offset) | high << 32
    }
}
