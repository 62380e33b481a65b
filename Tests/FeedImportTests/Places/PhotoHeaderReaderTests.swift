import FeedImport
import Foundation
import Imaging
import PlumageCore
import Testing

/// The tiny JPEG fixture (5×4) with an EXIF block whose Exif IFD holds DateTimeOriginal `date`.
func jpegTaken(_ date: String) throws -> [UInt8] {
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    // IFD0 at 8 (one entry: the Exif IFD at 26), the Exif IFD at 26 (DateTimeOriginal at 44).
    let tiff = Array("MM".utf8) + be16(42) + be32(8)
        + be16(1) + be16(0x8769) + be16(4) + be32(1) + be32(26) + be32(0)
        + be16(1) + be16(0x9003) + be16(2) + be32(20) + be32(44) + be32(0)
        + Array(date.utf8) + [0]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let jpeg = try Array(Data(contentsOf: URL(fileURLWithPath: FixturePaths.path("images/tiny.jpg"))))
    return [0xFF, 0xD8, 0xFF, 0xE1] + be16(payload.count + 2) + payload + jpeg.dropFirst(2)
}

@Suite struct PhotoHeaderReaderTests {
    @Test func headersGiveSizeAndDateTakenOrWhyNot() throws {
        let tree = try PlaceTree(["plain.jpg"])
        try tree.write("dated.jpg", try jpegTaken("2019:05:17 09:41:07"))
        try tree.write("text.jpg", Array("not a photo".utf8))
        let tasks = ["dated.jpg", "plain.jpg", "text.jpg", "gone.jpg"].enumerated().map { PhotoHeaderTask(index: $0.offset, name: $0.element) }
        var headers: [PhotoHeader] = []
        PhotoHeaderReader.read(PhotoHeaderRequest(folder: tree.root, tasks: tasks)) { headers += $0.headers }
        #expect(headers.map(\.index) == [0, 1, 2, 3])
        #expect(headers[0].size == PixelSize(width: 5, height: 4))
        #expect(headers[0].taken == Timestamp(year: 2019, month: 5, day: 17, hour: 9, minute: 41, second: 7))
        #expect(headers[0].problem == nil)
        #expect(headers[1].size == PixelSize(width: 5, height: 4))
        #expect(headers[1].taken == nil)
        #expect(headers[2].size == nil)
        #expect(headers[2].problem == "not an image")
        #expect(headers[3].problem?.hasPrefix("cannot read") == true)
    }

    @Test func theFirstRowsComeAtOnceThenTheRestInBatches() throws {
        let names = (1...20).map { "\($0).jpg" }
        let tree = try PlaceTree(names)
        let tasks = names.enumerated().map { PhotoHeaderTask(index: $0.offset, name: $0.element) }
        var sizes: [Int] = []
        PhotoHeaderReader.read(PhotoHeaderRequest(folder: tree.root, tasks: tasks), interval: .seconds(3600)) {
            #expect($0.folder == tree.root)
            sizes.append($0.headers.count)
        }
        #expect(sizes == [12, 8])
        let cancellation = ScanCancellation()
        var batches = 0
        PhotoHeaderReader.read(PhotoHeaderRequest(folder: tree.root, tasks: tasks), cancellation: cancellation,
                               interval: .zero) { _ in
            batches += 1
            cancellation.cancel()
        }
        #expect(batches == 1)
    }
}
