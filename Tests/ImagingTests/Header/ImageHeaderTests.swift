import Imaging
import PlumageTestSupport
import Testing

/// Builders for header bytes.
private enum Bytes {
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG chunk with a zero CRC (the walk does not check CRCs).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    static func ihdr(width: Int, height: Int, depth: UInt8 = 8, colour: UInt8 = 6) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [depth, colour, 0, 0, 0])
    }
    static func png(width: Int, height: Int) -> [UInt8] {
        pngSignature + ihdr(width: width, height: height) + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
    }
    /// APP1 Exif segment with IFD0 holding one orientation entry, in either byte order.
    static func exifSegment(orientation: Int, bigEndian: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? be16(v) : le16(v) }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? be32(v) : le32(v) }
        let tiff = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8)
        let entries =
            u16(2) + u16(0x010F) + u16(2) + u32(4) + Array("Cam\0".utf8)
            + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0] + u32(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff + entries
        return [0xFF, 0xE1] + be16(payload.count + 2) + payload
    }
    static func sof(width: Int, height: Int, precision: UInt8 = 8, marker: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, marker] + be16(17) + [precision] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
    }
    static let jfif: [UInt8] = [0xFF, 0xE0] + be16(16) + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
    static func jpeg(_ segments: [UInt8]...) -> [UInt8] { [0xFF, 0xD8] + segments.flatMap { $0 } + [0xFF, 0xD9] }
}

private func probe(_ bytes: [UInt8], fileSize: Int? = nil) -> Result<ImageInfo, ImageError> {
    ImageHeader.probe(bytes, fileSize: fileSize ?? bytes.count)
}

@Suite struct ImageHeaderTests {
    @Test func pngDimensionsFromIHDR() {
        #expect(probe(Bytes.png(width: 640, height: 480)) == .success(ImageInfo(format: .png, width: 640, height: 480)))
    }

    @Test func pngRejectsZeroWidthBadDepthAndShortHeaders() {
        #expect(probe(Bytes.png(width: 0, height: 10)) == .failure(.corrupt("zero width")))
        let badDepth = Bytes.pngSignature + Bytes.ihdr(width: 4, height: 4, depth: 3, colour: 2)
        #expect(probe(badDepth) == .failure(.corrupt("bit depth 3 with colour type 2")))
        #expect(probe(Bytes.pngSignature) == .failure(.truncated))
        #expect(probe(Bytes.pngSignature + Bytes.chunk("IDAT", [0])) == .failure(.corrupt("missing IHDR")))
    }

    @Test func nonImagesAndBadSignatures() {
        #expect(probe([]) == .failure(.notAnImage))
        #expect(probe(Array("hello, this is a text file named photo.png\n".utf8)) == .failure(.notAnImage))
        var badSignature = Bytes.png(width: 4, height: 4)
        badSignature[3] = 0x58
        #expect(probe(badSignature) == .failure(.notAnImage))
        #expect(probe([0x89, 0x50], fileSize: 5000) == .failure(.truncated))
        #expect(probe([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]) == .failure(.unsupportedFormat("TIFF")))
        #expect(probe([0, 0, 0, 24] + Array("ftypheic".utf8)) == .failure(.unsupportedFormat("HEIF")))
    }

    @Test func jpegDimensionsFromFrameHeaderAfterOtherSegments() {
        let bytes = Bytes.jpeg(Bytes.jfif, [0xFF, 0xFF], Bytes.sof(width: 5312, height: 2988, marker: 0xC2))
        #expect(probe(bytes) == .success(ImageInfo(format: .jpeg, width: 5312, height: 2988)))
    }

    @Test(arguments: [false, true]) func jpegExifOrientationInEitherByteOrder(bigEndian: Bool) throws {
        let exif = Bytes.exifSegment(orientation: 6, bigEndian: bigEndian)
        let info = try probe(Bytes.jpeg(Bytes.jfif, exif, Bytes.sof(width: 100, height: 50))).get()
        #expect(info.orientation == 6)
        #expect(info.orientedSize == PixelSize(width: 50, height: 100))
    }

    @Test func jpegFailures() {
        #expect(
            probe(Bytes.jpeg(Bytes.sof(width: 10, height: 10, precision: 12)))
                == .failure(.unsupportedFormat("12-bit JPEG")))
        #expect(
            probe(Bytes.jpeg(Bytes.sof(width: 10, height: 10, marker: 0xC3)))
                == .failure(.unsupportedFormat("lossless JPEG")))
        #expect(probe(Bytes.jpeg([0xFF, 0xDA] + Bytes.be16(2))) == .failure(.corrupt("scan before frame header")))
        #expect(probe(Bytes.jpeg()) == .failure(.corrupt("no frame header")))
        #expect(probe(Bytes.jpeg(Bytes.sof(width: 0, height: 10))) == .failure(.corrupt("zero width")))
        let headerOnly = [0xFF, 0xD8] + Bytes.jfif
        #expect(probe(headerOnly, fileSize: 100_000) == .failure(.truncated))
    }

    @Test func gifUsesFirstImageDescriptorElseScreen() {
        let screen =
            Array("GIF89a".utf8) + Bytes.le16(65535) + Bytes.le16(65535) + [0x80, 0, 0]
            + [UInt8](repeating: 0, count: 6)
        let control: [UInt8] = [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
        let frame: [UInt8] = [0x2C] + Bytes.le16(0) + Bytes.le16(0) + Bytes.le16(3) + Bytes.le16(2) + [0]
        #expect(probe(screen + control + frame) == .success(ImageInfo(format: .gif, width: 3, height: 2)))
        #expect(probe(screen + control) == .success(ImageInfo(format: .gif, width: 65535, height: 65535)))
        let zero = Array("GIF87a".utf8) + Bytes.le16(0) + Bytes.le16(5) + [0, 0, 0]
        #expect(probe(zero) == .failure(.corrupt("zero width")))
    }

    @Test func webpLossyLosslessAndExtended() {
        func riff(_ chunk: String, _ data: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + Bytes.le32(100) + Array("WEBP".utf8) + Array(chunk.utf8) + Bytes.le32(data.count)
                + data
                + [UInt8](repeating: 0, count: 10)
        }
        let lossy = riff("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A] + Bytes.le16(400) + Bytes.le16(300))
        #expect(probe(lossy) == .success(ImageInfo(format: .webp, width: 400, height: 300)))
        let bits = (400 - 1) | (300 - 1) << 14
        let lossless = riff("VP8L", [0x2F] + Bytes.le32(bits))
        #expect(probe(lossless) == .success(ImageInfo(format: .webp, width: 400, height: 300)))
        let extended = riff(
            "VP8X", [0, 0, 0, 0] + Array(Bytes.le32(4095).prefix(3)) + Array(Bytes.le32(2047).prefix(3)))
        #expect(probe(extended) == .success(ImageInfo(format: .webp, width: 4096, height: 2048)))
    }

    @Test func tgaIsRecognisedByItsHeaderFieldsAndMustFit() {
        // Uncompressed true-colour 3×2 at 24 bits: 18 + 18 bytes of pixels.
        let header: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 24, 0]
        #expect(probe(header, fileSize: 36) == .success(ImageInfo(format: .tga, width: 3, height: 2)))
        #expect(probe(header, fileSize: 30) == .failure(.truncated))
        // RLE (type 10) sizes cannot be checked from the header.
        var rle = header
        rle[2] = 10
        #expect(probe(rle, fileSize: 20) == .success(ImageInfo(format: .tga, width: 3, height: 2)))
        // A colour map where the type has none, an odd depth, text: not a TGA.
        var mapped = header
        mapped[1] = 1
        #expect(probe(mapped, fileSize: 36) == .failure(.notAnImage))
        var depth = header
        depth[16] = 12
        #expect(probe(depth, fileSize: 36) == .failure(.notAnImage))
        #expect(probe(Array("just some text, named .tga".utf8), fileSize: 26) == .failure(.notAnImage))
        var zero = header
        zero[12] = 0
        #expect(probe(zero, fileSize: 36) == .failure(.notAnImage))
    }

    @Test func bmpDimensionsAndPixelDataMustFit() {
        let header =
            Array("BM".utf8) + Bytes.le32(0) + Bytes.le32(0) + Bytes.le32(54) + Bytes.le32(40)
            + Bytes.le32(3) + Bytes.le32(0xFFFF_FFFE) + Bytes.le16(1)
            + Bytes.le16(24) + Bytes.le32(0) + [UInt8](repeating: 0, count: 20)
        #expect(probe(header, fileSize: 54 + 24) == .success(ImageInfo(format: .bmp, width: 3, height: 2)))
        #expect(probe(header, fileSize: 54 + 12) == .failure(.truncated))
    }

    @Test func pixelCapRejectsLyingHeaders() {
        let info = ImageInfo(format: .png, width: 100_000, height: 100_000)
        #expect(
            info.checked(pixelCap: 250_000_000)
                == .failure(.tooLarge(width: 100_000, height: 100_000, limit: 250_000_000)))
        #expect(
            ImageError.tooLarge(width: 100_000, height: 100_000, limit: 250_000_000).message
                == "100000×100000 exceeds the 250 MP limit")
        #expect(
            ImageInfo(format: .png, width: 5000, height: 5000).checked(pixelCap: 25_000_000).map(\.width)
                == .success(5000))
    }

    @Test func errorMessages() {
        #expect(ImageError.notAnImage.message == "not an image")
        #expect(ImageError.unsupportedFormat("TIFF").message == "unsupported format (TIFF)")
        #expect(ImageError.corrupt("zero width").message == "corrupt (zero width)")
        #expect(ImageError.cannotRead("Permission denied").message == "cannot read: Permission denied")
        #expect(ImageError.decodeTimedOut.description == "decode timed out")
    }
}

/// The one prefix policy both the feed's size probe and the decoder use.
@Suite struct HeaderPrefixPolicyTests {
    /// Probes `file` through the policy, recording every prefix length it asks for.
    private func probeRecordingReads(_ file: [UInt8]) -> (Result<ImageInfo, ImageError>, [Int]) {
        var reads: [Int] = []
        let result = ImageHeader.probe(fileSize: file.count) { count in
            reads.append(count)
            return Array(file.prefix(count))
        }
        return (result, reads)
    }

    @Test func jpegFrameHeaderBehindTwoMegabytesOfAPP1IsFoundByOneLongerRead() {
        let jpeg = Bytes.jpeg(Bytes.jfif, Bytes.sof(width: 4000, height: 3000), [UInt8](repeating: 0, count: 100))
        let file = JPEGPadding.padded(jpeg, appBytes: 2_000_000)
        #expect(file.count > 2_000_000 && file.count < 4_194_304)
        let (result, reads) = probeRecordingReads(file)
        #expect(result == .success(ImageInfo(format: .jpeg, width: 4000, height: 3000)))
        #expect(reads == [65_536, file.count])
    }

    @Test func jpegFrameHeaderBeyondFourMebibytesIsTruncatedAfterTwoReads() {
        let file = JPEGPadding.padded(Bytes.jpeg(Bytes.jfif, Bytes.sof(width: 40, height: 30)), appBytes: 4_200_000)
        let (result, reads) = probeRecordingReads(file)
        #expect(result == .failure(.truncated))
        #expect(reads == [65_536, 4_194_304])
    }

    @Test func smallFilesAndOtherFormatsAreReadOnce() {
        let small = Bytes.jpeg(Bytes.jfif, Bytes.sof(width: 10, height: 20))
        #expect(probeRecordingReads(small).1 == [small.count])
        let (png, pngReads) = probeRecordingReads(Bytes.png(width: 3, height: 4) + [UInt8](repeating: 0, count: 100_000))
        #expect(png == .success(ImageInfo(format: .png, width: 3, height: 4)))
        #expect(pngReads == [65_536])
        let bmp =
            Array("BM".utf8) + Bytes.le32(0) + Bytes.le32(0) + Bytes.le32(54) + Bytes.le32(40) + Bytes.le32(3000)
            + Bytes.le32(2000) + Bytes.le16(1) + Bytes.le16(24) + Bytes.le32(0) + [UInt8](repeating: 0, count: 70_000)
        let (cutBMP, bmpReads) = probeRecordingReads(bmp)
        #expect(cutBMP == .failure(.truncated))
        #expect(bmpReads == [65_536])
    }

    @Test func readErrorsAreCannotRead() {
        #expect(ImageHeader.probe(fileSize: 10) { _ in nil } == .failure(.cannotRead("read error")))
        let file = JPEGPadding.padded(Bytes.jpeg(Bytes.sof(width: 4, height: 4)), appBytes: 100_000)
        var calls = 0
        let second = ImageHeader.probe(fileSize: file.count) { count in
            calls += 1
            return calls == 1 ? Array(file.prefix(count)) : nil
        }
        #expect(second == .failure(.cannotRead("read error")))
    }
}

@Suite struct PNGChunkWalkTests {
    private func walk(_ bytes: [UInt8]) -> Result<Void, ImageError> {
        ImageHeader.validatePNGChunks(fileSize: bytes.count) { offset in
            offset + 8 <= bytes.count ? Array(bytes[offset..<offset + 8]) : nil
        }
    }

    @Test func acceptsCompleteFilesAndMissingIENDEndingExactly() {
        #expect((try? walk(Bytes.png(width: 2, height: 2)).get()) != nil)
        #expect((try? walk(Bytes.png(width: 2, height: 2) + Array("trailing".utf8)).get()) != nil)
        let noEnd = Bytes.pngSignature + Bytes.ihdr(width: 2, height: 2) + Bytes.chunk("IDAT", [1])
        #expect((try? walk(noEnd).get()) != nil)
    }

    @Test func rejectsTruncatedAncillaryChunkThatHangsSDLImage() {
        let text = Bytes.chunk("tEXt", [UInt8](repeating: 65, count: 1000))
        let cut = Bytes.pngSignature + Bytes.ihdr(width: 2, height: 2) + text.prefix(100)
        #expect(throws: ImageError.truncated) { try walk(Array(cut)).get() }
    }

    @Test func rejectsHugeLengthsPartialTailsAndMisorderedChunks() {
        let huge = Bytes.pngSignature + Bytes.ihdr(width: 2, height: 2) + Bytes.be32(0x7FFF_FFF0) + Array("zTXt".utf8)
        #expect(throws: ImageError.truncated) { try walk(huge + [0, 0, 0, 0]).get() }
        let tail = Bytes.pngSignature + Bytes.ihdr(width: 2, height: 2) + [0, 0, 0]
        #expect(throws: ImageError.truncated) { try walk(tail).get() }
        #expect(throws: ImageError.truncated) { try walk(Bytes.pngSignature).get() }
        let idatFirst = Bytes.pngSignature + Bytes.chunk("IDAT", [1]) + Bytes.chunk("IEND", [])
        #expect(throws: ImageError.corrupt("missing IHDR")) { try walk(idatFirst).get() }
        let badType = Bytes.pngSignature + Bytes.ihdr(width: 2, height: 2) + Bytes.chunk("ID1T", [1])
        #expect(throws: ImageError.corrupt("bad chunk type")) { try walk(badType).get() }
    }
}
