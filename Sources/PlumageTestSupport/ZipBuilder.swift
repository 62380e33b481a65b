internal import CZLibSystem
import Foundation

/// Writes zip files byte by byte for tests, including the hostile ones no zip tool makes: names that
/// leave the root, headers that lie about sizes or checksums, symbolic-link members, ZIP64 records.
public struct ZipBuilder {
    /// How a member's bytes are stored.
    public enum Method: Sendable {
        /// Uncompressed (method 0).
        case stored
        /// Raw deflate (method 8), compressed with the system's zlib (`CZLibSystem`).
        case deflated
    }

    /// One member as it will be written.
    public struct Member {
        /// The name written, byte for byte (UTF-8, flagged as such).
        public var name: String
        /// The uncompressed content.
        public var content: [UInt8]
        /// Stored or deflated.
        public var method: Method
        /// The uncompressed size written in the headers (default: the real one).
        public var declaredSize: Int?
        /// The CRC-32 written in the headers (default: the real one).
        public var declaredCRC: UInt32?
        /// Unix mode in the external attributes (`0o120777` marks a symbolic link); nil: none.
        public var unixMode: UInt32?
        /// Bytes written in place of the compressed data (a truncated stream); nil: the real ones.
        public var payload: [UInt8]?

        /// A member; the optional fields default to honest headers.
        public init(
            name: String, content: [UInt8], method: Method = .deflated, declaredSize: Int? = nil,
            declaredCRC: UInt32? = nil, unixMode: UInt32? = nil, payload: [UInt8]? = nil
        ) {
            (self.name, self.content, self.method, self.declaredSize) = (name, content, method, declaredSize)
            (self.declaredCRC, self.unixMode, self.payload) = (declaredCRC, unixMode, payload)
        }
    }

    /// The members, in the order they are written.
    public var members: [Member] = []
    /// Write ZIP64 sizes, offsets and end records even though nothing needs them.
    public var zip64 = false

    /// An empty zip.
    public init() {}

    /// Adds a member with honest headers; the other fields can be edited through `members`.
    public mutating func add(_ name: String, _ content: [UInt8], method: Method = .deflated, unixMode: UInt32? = nil) {
        members.append(Member(name: name, content: content, method: method, unixMode: unixMode))
    }

    /// Adds a UTF-8 text member.
    public mutating func add(_ name: String, text: String, method: Method = .deflated) {
        add(name, Array(text.utf8), method: method)
    }

    /// The zip's bytes.
    public func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for member in members {
            let offset = out.count
            let data = member.payload ?? Self.compressed(member.content, member.method)
            let crc = member.declaredCRC ?? Self.crc32(member.content)
            let size = member.declaredSize ?? member.content.count
            let name = Array(member.name.utf8)
            let method: UInt16 = member.method == .stored ? 0 : 8
            let extra = zip64 ? Self.zip64Extra([size, data.count, offset]) : []
            let small = { (value: Int) -> UInt32 in zip64 ? 0xFFFF_FFFF : UInt32(value) }
            out.le32(0x0403_4B50); out.le16(zip64 ? 45 : 20); out.le16(0x800); out.le16(method); out.le16(0);
            out.le16(0x21)
            out.le32(crc); out.le32(small(data.count)); out.le32(small(size))
            out.le16(UInt16(name.count)); out.le16(UInt16(zip64 ? Self.zip64Extra([size, data.count]).count : 0))
            out += name
            if zip64 { out += Self.zip64Extra([size, data.count]) }
            out += data
            let madeBy: UInt16 = member.unixMode == nil ? 20 : 3 << 8 | 20
            directory.le32(0x0201_4B50); directory.le16(madeBy); directory.le16(zip64 ? 45 : 20); directory.le16(0x800)
            directory.le16(method); directory.le16(0); directory.le16(0x21)
            directory.le32(crc); directory.le32(small(data.count)); directory.le32(small(size))
            directory.le16(UInt16(name.count)); directory.le16(UInt16(extra.count)); directory.le16(0);
            directory.le16(0)
            directory.le16(0); directory.le32((member.unixMode ?? 0) << 16); directory.le32(small(offset))
            directory += name
            directory += extra
        }
        let directoryOffset = out.count
        out += directory
        if zip64 {
            let recordOffset = out.count
            out.le32(0x0606_4B50); out.le64(44); out.le16(45); out.le16(45); out.le32(0); out.le32(0)
            out.le64(members.count); out.le64(members.count); out.le64(directory.count); out.le64(directoryOffset)
            out.le32(0x0706_4B50); out.le32(0); out.le64(recordOffset); out.le32(1)
        }
        out.le32(0x0605_4B50); out.le16(0); out.le16(0)
        out.le16(zip64 ? 0xFFFF : UInt16(members.count)); out.le16(zip64 ? 0xFFFF : UInt16(members.count))
        out.le32(zip64 ? 0xFFFF_FFFF : UInt32(directory.count)); out.le32(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        out.le16(0)
        return out
    }

    /// Writes the zip to `path`.
    public func write(to path: String) throws {
        try Data(bytes()).write(to: URL(fileURLWithPath: path))
    }

    /// `content` raw-deflated (no zlib header), or as is for `.stored`.
    public static func compressed(_ content: [UInt8], _ method: Method) -> [UInt8] {
        guard method == .deflated else { return content }
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        var input = content
        let bound = Int(deflateBound(&stream, UInt(content.count)))
        var out = [UInt8](repeating: 0, count: bound)
        let status = input.withUnsafeMutableBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "deflate failed")
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }

    /// The CRC-32 (zip's polynomial) of `bytes`.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { CZLibSystem.crc32(0, $0.baseAddress, UInt32($0.count)) })
    }

    /// A ZIP64 extended-information extra field holding `values`.
    private static func zip64Extra(_ values: [Int]) -> [UInt8] {
        var extra: [UInt8] = []
        extra.le16(1); extra.le16(UInt16(values.count * 8))
        for value in values { extra.le64(value) }
        return extra
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ value: UInt16) { append(UInt8(value & 0xFF)); append(UInt8(value >> 8)) }
    fileprivate mutating func le32(_ value: UInt32) { le16(UInt16(value & 0xFFFF)); le16(UInt16(value >> 16)) }
    fileprivate mutating func le32(_ value: Int) { le32(UInt32(value)) }
    fileprivate mutating func le64(_ value: Int) { le32(UInt32(value & 0xFFFF_FFFF)); le32(UInt32(value >> 32)) }
}
