/// The layout of one entry file (all integers little-endian):
///
///     0   8 bytes  magic "PlumWC", 0, version 2 (2: the next page's link)
///     8   u32      header length H (at most `maxHeaderLength`)
///     12  u64      body length B (the file is exactly 28 + H + B bytes)
///     20  8 bytes  check: the first 8 bytes of SHA-256 of bytes 8..<20 and the header
///     28  H bytes  header: kind u8, key URL, fetchedAt i64, confirmedAt i64, final URL, then ETag,
///                  Last-Modified, Content-Type and the next page's link each as u8 0 (absent)
///                  or 1 and a string;
///                  a string is u32 length + UTF-8
///     28+H         body
///
/// A reader checks the fixed part against the file's size before reading the header, and the
/// header's check and key before reading (and allocating) the body, so no length in a damaged
/// file can make it allocate more than `maxHeaderLength` before the entry is known to be whole.
enum WebCacheEntryFormat {
    /// Bytes before the header.
    static let prefixLength = 28
    /// The longest header written or read (URLs and validators are far shorter).
    static let maxHeaderLength = 64 << 10
    /// The first 8 bytes of every entry.
    static let magic: [UInt8] = Array("PlumWC".utf8) + [0, 2]

    /// The prefix and header of an entry for `key` with `metadata` and a body of `bodyLength` bytes;
    /// nil when the header would exceed `maxHeaderLength`.
    static func head(key: WebCacheKey, metadata: WebCacheMetadata, bodyLength: Int) -> [UInt8]? {
        var header: [UInt8] = [key.kind.rawValue]
        appendString(key.url, to: &header)
        appendInteger(UInt64(bitPattern: metadata.fetchedAt), bytes: 8, to: &header)
        appendInteger(UInt64(bitPattern: metadata.confirmedAt), bytes: 8, to: &header)
        appendString(metadata.finalURL, to: &header)
        for optional in [metadata.etag, metadata.lastModified, metadata.contentType, metadata.nextLink] {
            if let text = optional {
                header.append(1)
                appendString(text, to: &header)
            } else {
                header.append(0)
            }
        }
        guard header.count <= maxHeaderLength else { return nil }
        var lengths: [UInt8] = []
        appendInteger(UInt64(header.count), bytes: 4, to: &lengths)
        appendInteger(UInt64(bodyLength), bytes: 8, to: &lengths)
        return magic + lengths + SHA256.digest(lengths + header).prefix(8) + header
    }

    /// The header and body lengths the 28-byte `prefix` declares, when its magic is right, the
    /// header length is at most `maxHeaderLength` and the lengths add up to `fileSize`.
    static func lengths(prefix: [UInt8], fileSize: Int) -> (header: Int, body: Int)? {
        guard prefix.count == prefixLength, Array(prefix[0..<8]) == magic else { return nil }
        let header = Int(integer(prefix, at: 8, bytes: 4))
        let body = integer(prefix, at: 12, bytes: 8)
        guard header <= maxHeaderLength, body <= UInt64(Int.max - prefixLength - header),
            prefixLength + header + Int(body) == fileSize
        else { return nil }
        return (header, Int(body))
    }

    /// The key and metadata in `header`, when the check in `prefix` matches and the header parses to
    /// its last byte.
    static func decode(prefix: [UInt8], header: [UInt8]) -> (key: WebCacheKey, metadata: WebCacheMetadata)? {
        guard SHA256.digest(prefix[8..<20] + header).prefix(8).elementsEqual(prefix[20..<28]) else { return nil }
        var reader = Reader(bytes: header)
        guard let kindByte = reader.integer(bytes: 1), let kind = WebCacheKey.Kind(rawValue: UInt8(kindByte)),
            let url = reader.string(),
            let fetched = reader.integer(bytes: 8), let confirmed = reader.integer(bytes: 8),
            let finalURL = reader.string(),
            let etag = reader.optionalString(), let lastModified = reader.optionalString(),
            let contentType = reader.optionalString(), let nextLink = reader.optionalString(),
            reader.offset == header.count
        else { return nil }
        let metadata = WebCacheMetadata(
            finalURL: finalURL, etag: etag, lastModified: lastModified, contentType: contentType, nextLink: nextLink,
            fetchedAt: Int64(bitPattern: fetched), confirmedAt: Int64(bitPattern: confirmed))
        return (WebCacheKey(kind, url), metadata)
    }

    /// Appends the low `bytes` bytes of `value`, least significant first.
    private static func appendInteger(_ value: UInt64, bytes: Int, to out: inout [UInt8]) {
        for index in 0..<bytes { out.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index))) }
    }

    /// Appends `text` as a u32 length and its UTF-8.
    private static func appendString(_ text: String, to out: inout [UInt8]) {
        appendInteger(UInt64(text.utf8.count), bytes: 4, to: &out)
        out.append(contentsOf: text.utf8)
    }

    /// The little-endian integer of `bytes` bytes at `offset` in `data` (in bounds).
    private static func integer(_ data: [UInt8], at offset: Int, bytes: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<bytes).reversed() { value = value << 8 | UInt64(data[offset + index]) }
        return value
    }

    /// Reads a header front to back; every read is checked against the end (nil past it).
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func integer(bytes count: Int) -> UInt64? {
            guard bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return WebCacheEntryFormat.integer(bytes, at: offset, bytes: count)
        }

        mutating func string() -> String? {
            guard let length = integer(bytes: 4), UInt64(bytes.count - offset) >= length else { return nil }
            let end = offset + Int(length)
            defer { offset = end }
            return String(validating: bytes[offset..<end], as: UTF8.self)
        }

        /// `.some(nil)` for an absent value, nil for a damaged one.
        mutating func optionalString() -> String?? {
            switch integer(bytes: 1) {
            case 0: return .some(nil)
            case 1: return string().map { .some($0) }
            default: return nil
            }
        }
    }
}
