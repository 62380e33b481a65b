/// Cheap, pure header probes run before any decoder sees a file: format sniffing, dimensions,
/// EXIF orientation and date taken, and structural checks (DESIGN.md §2, sdl-notes.md §11).

/// An image container format the viewer recognises.
public enum ImageFormat: String, Hashable, Sendable {
    /// JPEG decodes through TurboJPEG; the others through SDL_image (GIF: its first frame).
    case png, jpeg, gif, webp, bmp, tga
}

/// What a header says about an image, before decoding.
public struct ImageInfo: Hashable, Sendable {
    /// The container format, from the file's signature (never its name).
    public var format: ImageFormat
    /// Width in pixels as stored (before EXIF orientation).
    public var width: Int
    /// Height in pixels as stored (before EXIF orientation).
    public var height: Int
    /// EXIF orientation 1…8 (1 = as stored; 5…8 swap width and height on display).
    public var orientation: Int
    /// When the photo was taken (EXIF DateTimeOriginal of a JPEG), if the header says.
    public var taken: ExifDateTime?
    /// Creates an info record; `orientation` outside 1…8 is stored as 1.
    public init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1, taken: ExifDateTime? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        self.taken = taken
    }
    /// The stored size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// The size as displayed once the EXIF orientation is applied.
    public var orientedSize: PixelSize { orientation >= 5 ? PixelSize(width: height, height: width) : size }
    /// `self`, or `.tooLarge` when `width × height` exceeds `pixelCap` pixels.
    public func checked(pixelCap: Int) -> Result<ImageInfo, ImageError> {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || area > pixelCap
            ? .failure(.tooLarge(width: width, height: height, limit: pixelCap)) : .success(self)
    }
}

/// Header probes over the first bytes of a file.
public enum ImageHeader {
    /// Identifies the format of `bytes` (the first ~64 KB of a file of `fileSize` bytes) and reads
    /// its dimensions and EXIF orientation. `.truncated` with `bytes.count < fileSize` means the
    /// header continues past the prefix: the caller may retry with a longer one.
    public static func probe(_ bytes: [UInt8], fileSize: Int) -> Result<ImageInfo, ImageError> {
        let b = HeaderBytes(bytes)
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return probePNG(b) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return probeJPEG(b) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return probeGIF(b) }
        if b.starts(with: Array("RIFF".utf8)) && b.matches(Array("WEBP".utf8), at: 8) { return probeWebP(b) }
        if b.starts(with: Array("BM".utf8)) && bytes.count >= 14 { return probeBMP(b, fileSize: fileSize) }
        if let name = unsupportedName(b) { return .failure(.unsupportedFormat(name)) }
        // TGA has no signature: last, by a header whose every field holds an allowed value.
        if let tga = probeTGA(b, fileSize: fileSize) { return tga }
        return .failure(bytes.count < 8 && bytes.count < fileSize ? .truncated : .notAnImage)
    }

    /// Names recognisable formats the viewer does not decode, or nil.
    private static func unsupportedName(_ b: HeaderBytes) -> String? {
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if b.matches(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: b.bytes[8..<min(12, b.count)], as: UTF8.self)
            return brand.hasPrefix("avi")
                ? "AVIF" : brand.hasPrefix("he") || brand.hasPrefix("mif") ? "HEIF" : "ISO media"
        }
        if b.starts(with: [0x00, 0x00, 0x01, 0x00]) { return "ICO" }
        if b.starts(with: Array("8BPS".utf8)) { return "PSD" }
        if b.starts(with: [0xFF, 0x0A]) || b.matches(Array("JXL ".utf8), at: 4) { return "JPEG XL" }
        return nil
    }

    /// Rejects zero and absurd dimensions shared by every format.
    static func sized(_ format: ImageFormat, _ width: Int, _ height: Int, orientation: Int = 1)
        -> Result<ImageInfo, ImageError>
    {
        if width <= 0 { return .failure(.corrupt("zero width")) }
        if height <= 0 { return .failure(.corrupt("zero height")) }
        return .success(ImageInfo(format: format, width: width, height: height, orientation: orientation))
    }

    /// PNG: the IHDR chunk must come first, with length 13 and a valid depth/colour pair.
    private static func probePNG(_ b: HeaderBytes) -> Result<ImageInfo, ImageError> {
        guard let length = b.be32(8), b.count >= 16 else { return .failure(.truncated) }
        guard b.matches(Array("IHDR".utf8), at: 12), length == 13 else { return .failure(.corrupt("missing IHDR")) }
        guard let depth = b.u8(24), let colour = b.u8(25) else { return .failure(.truncated) }
        let width = b.be32(16) ?? 0
        let height = b.be32(20) ?? 0
        if width > Int(Int32.max) || height > Int(Int32.max) { return .failure(.corrupt("dimensions out of range")) }
        let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[colour]?.contains(depth) == true else {
            return .failure(.corrupt("bit depth \(depth) with colour type \(colour)"))
        }
        return sized(.png, width, height)
    }

    /// GIF: the first image descriptor's size when it lies within the prefix (that is what gets
    /// decoded), else the logical screen size; either being zero is corrupt.
    private static func probeGIF(_ b: HeaderBytes) -> Result<ImageInfo, ImageError> {
        guard let screenW = b.le16(6), let screenH = b.le16(8), let flags = b.u8(10) else {
            return .failure(.truncated)
        }
        if screenW == 0 || screenH == 0 { return sized(.gif, screenW, screenH) }
        var i = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
        while let block = b.u8(i) {
            switch block {
            case 0x2C:
                guard let w = b.le16(i + 5), let h = b.le16(i + 7) else { return sized(.gif, screenW, screenH) }
                return sized(.gif, w, h)
            case 0x21:
                i += 2
                while let n = b.u8(i), n != 0 { i += n + 1 }
                i += 1
            case 0x3B: return .failure(.corrupt("no image in GIF"))
            default: return .failure(.corrupt("bad GIF block 0x\(String(block, radix: 16))"))
            }
        }
        return sized(.gif, screenW, screenH)
    }

    /// WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended canvas).
    private static func probeWebP(_ b: HeaderBytes) -> Result<ImageInfo, ImageError> {
        guard b.count >= 30 else { return .failure(.truncated) }
        if b.matches(Array("VP8 ".utf8), at: 12) {
            guard b.matches([0x9D, 0x01, 0x2A], at: 23) else { return .failure(.corrupt("bad VP8 start code")) }
            return sized(.webp, (b.le16(26) ?? 0) & 0x3FFF, (b.le16(28) ?? 0) & 0x3FFF)
        }
        if b.matches(Array("VP8L".utf8), at: 12) {
            guard b.u8(20) == 0x2F, let bits = b.le32(21) else { return .failure(.corrupt("bad VP8L signature")) }
            return sized(.webp, (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if b.matches(Array("VP8X".utf8), at: 12) {
            return sized(.webp, (b.le24(24) ?? 0) + 1, (b.le24(27) ?? 0) + 1)
        }
        return .failure(.unsupportedFormat("WebP variant"))
    }

    /// BMP: core (12-byte) or info headers; uncompressed pixel rows must fit in the file.
    private static func probeBMP(_ b: HeaderBytes, fileSize: Int) -> Result<ImageInfo, ImageError> {
        guard let dataOffset = b.le32(10), let headerSize = b.le32(14) else { return .failure(.truncated) }
        if headerSize == 12 {
            guard let w = b.le16(18), let h = b.le16(20) else { return .failure(.truncated) }
            return sized(.bmp, w, h)
        }
        guard headerSize >= 40, let rawW = b.le32(18), let rawH = b.le32(22), let bpp = b.le16(28),
            let compression = b.le32(30)
        else { return headerSize < 40 ? .failure(.corrupt("bad BMP header size")) : .failure(.truncated) }
        let width = Int(Int32(truncatingIfNeeded: rawW))
        let height = abs(Int(Int32(truncatingIfNeeded: rawH)))
        if compression == 0 && width > 0 && height > 0 {
            let rowBytes = (bpp * width + 31) / 32 * 4
            let (need, overflow) = rowBytes.multipliedReportingOverflow(by: height)
            if overflow || dataOffset + need > fileSize { return .failure(.truncated) }
        }
        return sized(.bmp, width, height)
    }
}

extension ImageHeader {
    /// TGA (Truevision): an 18-byte header with no signature, so every field must hold a value the
    /// format allows (colour-map type 0/1, image type 1–3 or 9–11 matching it, depth 8/15/16/24/32,
    /// map entries 0/15/16/24/32 bits, reserved descriptor bits clear); nil when it does not look
    /// like one. Uncompressed pixels must fit in the file.
    static func probeTGA(_ b: HeaderBytes, fileSize: Int) -> Result<ImageInfo, ImageError>? {
        guard let idLength = b.u8(0), let mapType = b.u8(1), let type = b.u8(2), let mapLength = b.le16(5),
              let mapBits = b.u8(7), let width = b.le16(12), let height = b.le16(14), let depth = b.u8(16),
              let descriptor = b.u8(17)
        else { return nil }
        let colourMapped = type == 1 || type == 9
        guard mapType <= 1, [1, 2, 3, 9, 10, 11].contains(type), colourMapped == (mapType == 1),
              [8, 15, 16, 24, 32].contains(depth), [0, 15, 16, 24, 32].contains(mapBits),
              mapType == 1 || (mapLength == 0 && mapBits == 0), descriptor & 0xC0 == 0,
              width > 0, height > 0
        else { return nil }
        if type < 9 {
            let need = 18 + idLength + mapLength * ((mapBits + 7) / 8) + width * height * ((depth + 7) / 8)
            if need > fileSize { return .failure(.truncated) }
        }
        return sized(.tga, width, height)
    }
}

/// Bounds-checked big- and little-endian reads over a header prefix; nil past the end.
struct HeaderBytes {
    /// The prefix being read.
    let bytes: [UInt8]
    /// Wraps a prefix.
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    /// Length of the prefix.
    var count: Int { bytes.count }
    /// Byte `i`, or nil past the end.
    func u8(_ i: Int) -> Int? { i >= 0 && i < bytes.count ? Int(bytes[i]) : nil }
    /// Unsigned integers of 16, 24 or 32 bits at `i`, big- (`be`) or little-endian (`le`).
    func be16(_ i: Int) -> Int? { fits(i, 2) ? Int(bytes[i]) << 8 | Int(bytes[i + 1]) : nil }
    /// Little-endian 16-bit value at `i`, or nil past the end.
    func le16(_ i: Int) -> Int? { fits(i, 2) ? Int(bytes[i + 1]) << 8 | Int(bytes[i]) : nil }
    /// Little-endian 24-bit value at `i`, or nil past the end.
    func le24(_ i: Int) -> Int? { fits(i, 3) ? Int(bytes[i + 2]) << 16 | (le16(i) ?? 0) : nil }
    /// Big-endian 32-bit value at `i`, or nil past the end.
    func be32(_ i: Int) -> Int? { fits(i, 4) ? (be16(i) ?? 0) << 16 | (be16(i + 2) ?? 0) : nil }
    /// Little-endian 32-bit value at `i`, or nil past the end.
    func le32(_ i: Int) -> Int? { fits(i, 4) ? (le16(i + 2) ?? 0) << 16 | (le16(i) ?? 0) : nil }
    /// Reads 16 or 32 bits in the given byte order (TIFF headers carry their own).
    func u16(_ i: Int, bigEndian: Bool) -> Int? { bigEndian ? be16(i) : le16(i) }
    /// Reads 32 bits at `i` in the given byte order; nil past the end.
    func u32(_ i: Int, bigEndian: Bool) -> Int? { bigEndian ? be32(i) : le32(i) }
    /// True when the prefix begins with `prefix`.
    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }
    /// True when `pattern` occurs exactly at offset `i`.
    func matches(_ pattern: [UInt8], at i: Int) -> Bool {
        fits(i, pattern.count) && bytes[i..<i + pattern.count].elementsEqual(pattern)
    }
    private func fits(_ i: Int, _ n: Int) -> Bool { i >= 0 && n <= bytes.count && i <= bytes.count - n }
}
