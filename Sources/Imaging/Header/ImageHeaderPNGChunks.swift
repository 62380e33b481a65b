/// The PNG chunk-list walk that keeps truncated files away from SDL_image 2.6.3, which can spin
/// forever on a PNG ending inside an ancillary chunk (sdl-notes.md §11).
extension ImageHeader {
    /// Walks a PNG's chunk list reading only 8-byte chunk headers: `readChunkHeader(offset)` returns
    /// the 8 bytes (length, type) at `offset`, or nil when they cannot be read. Succeeds when IHDR
    /// comes first, every chunk's length + 12 fits in the file, and IEND is reached or the last chunk
    /// ends exactly at `fileSize`; otherwise `.truncated` (or `.corrupt` for a malformed list).
    public static func validatePNGChunks(fileSize: Int, readChunkHeader: (_ offset: Int) -> [UInt8]?)
        -> Result<Void, ImageError>
    {
        var offset = 8
        var first = true
        while offset < fileSize {
            guard fileSize - offset >= 12, let raw = readChunkHeader(offset), raw.count >= 8 else {
                return .failure(.truncated)
            }
            let header = HeaderBytes(raw)
            let length = header.be32(0) ?? 0
            guard length <= Int(Int32.max) else { return .failure(.corrupt("chunk length \(length)")) }
            guard raw[4..<8].allSatisfy(isChunkTypeLetter) else { return .failure(.corrupt("bad chunk type")) }
            if first && !header.matches(Array("IHDR".utf8), at: 4) { return .failure(.corrupt("missing IHDR")) }
            guard length + 12 <= fileSize - offset else { return .failure(.truncated) }
            if header.matches(Array("IEND".utf8), at: 4) { return .success(()) }
            offset += length + 12
            first = false
        }
        return first ? .failure(.truncated) : .success(())
    }

    /// Chunk type bytes are ASCII letters (PNG spec §5.4).
    private static func isChunkTypeLetter(_ c: UInt8) -> Bool { (65...90).contains(c) || (97...122).contains(c) }
}
