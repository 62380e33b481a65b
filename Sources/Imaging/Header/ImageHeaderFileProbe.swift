/// The one policy for how much of a file a header probe reads: the feed's size probe and the
/// viewer's decoder both go through it, so a file has a size in the feed exactly when it opens.
extension ImageHeader {
    /// Bytes read first: enough for every supported header except a JPEG behind large APPn blocks.
    static let firstPrefixLength = 64 * 1024
    /// The one longer read, for a JPEG whose frame header lies behind big EXIF/ICC/XMP segments.
    static let longestPrefixLength = 4 * 1024 * 1024

    /// Probes a file of `fileSize` bytes whose first `n` bytes `read(n)` returns (fewer at end of
    /// file; nil on a read error, reported as `.cannotRead`). Reads `firstPrefixLength` bytes, and
    /// once more `longestPrefixLength` when a JPEG's markers run past them: only a JPEG's header
    /// can lie that far in (the other formats' live in the first 30 bytes or are judged by `fileSize`).
    public static func probe(fileSize: Int, read: (_ count: Int) -> [UInt8]?) -> Result<ImageInfo, ImageError> {
        guard let prefix = read(min(fileSize, firstPrefixLength)) else { return .failure(.cannotRead("read error")) }
        let result = probe(prefix, fileSize: fileSize)
        guard case .failure(.truncated) = result, prefix.count < fileSize, prefix.starts(with: [0xFF, 0xD8, 0xFF])
        else { return result }
        guard let longer = read(min(fileSize, longestPrefixLength)) else { return .failure(.cannotRead("read error")) }
        return probe(longer, fileSize: fileSize)
    }
}
