import Archives
import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@testable import FeedImport
@testable import SDLPlatform

/// Images inside a zip, named by a member locator and read through the registry, decode exactly
/// like the same files on disk.
@Suite struct ArchivedImageTests {
    /// The registry the zip is open in, as the program's loader leaves it for the decoders.
    let archives = OpenArchives()
    let folder: String
    let photo: String
    let icon: String
    let zip: String

    init() throws {
        try ImageDecoder.initializeOnMainThread()
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("plumage-zipped-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        photo = RepositoryPaths.path("Assets/demo/photos/cat.jpg")
        icon = RepositoryPaths.path("Assets/icons/menu.png")
        var builder = ZipBuilder()
        builder.add("data/tweets_media/1-cat.jpg", Array(try Data(contentsOf: URL(fileURLWithPath: photo))))
        builder.add("media/menu.png", Array(try Data(contentsOf: URL(fileURLWithPath: icon))), method: .stored)
        zip = folder + "/archive.zip"
        try builder.write(to: zip)
        _ = try archives.open(path: zip)
    }

    @Test func aZippedJPEGDecodesToTheSamePixels() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let member = ResourceLocator.member(archive: zip, name: "data/tweets_media/1-cat.jpg")
        let plain = try ImageDecoder.decode(source: .file(photo), cover: nil).get()
        let zipped = try ImageDecoder.decode(source: member, cover: nil, archives: archives).get()
        #expect(zipped.bitmap.width > 0)
        #expect(zipped.bitmap == plain.bitmap)
        #expect(zipped.originalSize == plain.originalSize)
        let target = PixelSize(width: 40, height: 40)
        #expect(
            try ImageDecoder.decode(source: member, cover: target, archives: archives).get().bitmap
                == ImageDecoder.decode(source: .file(photo), cover: target).get().bitmap)
        let info = try ImageDecoder.inspect(source: member, archives: archives).get()
        #expect(info == (try ImageDecoder.inspect(source: .file(photo)).get()))
        #expect(try ImageDecoder.decodeFullResolution(source: member, info: info, archives: archives).get() == plain.bitmap)
        #expect(
            try ImageDecoder.decodePreview(source: member, info: info, level: 1, archives: archives)?.get()
                == ImageDecoder.decodePreview(source: .file(photo), info: info, level: 1)?.get())
        #expect(ImageFileProbe.size(ofImageAt: photo) == info.orientedSize)
    }

    @Test func aZippedPNGDecodesThroughSDLImageFromMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try ImageDecoder.decode(source: .file(icon), cover: nil).get()
        let zipped = try ImageDecoder.decode(source: .member(archive: zip, name: "media/menu.png"), cover: nil, archives: archives).get()
        #expect(zipped.bitmap.width > 0)
        #expect(zipped.bitmap == plain.bitmap)
    }

    @Test func aMissingMemberFailsLikeAMissingFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = ImageDecoder.decode(source: .member(archive: zip, name: "media/none.png"), cover: nil, archives: archives)
        #expect(throws: ImageError.cannotRead("No such file or directory")) { try result.get() }
    }

    @Test func decodersWithoutTheRegistryReadFilesOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A path through the zip is no file: members are named by a member locator only.
        let result = ImageDecoder.decode(source: .file(zip + "/media/menu.png"), cover: nil, archives: archives)
        #expect(throws: ImageError.cannotRead("No such file or directory")) { try result.get() }
        // A member without a registry is refused, not looked for on disk.
        let unread = ImageDecoder.decode(source: .member(archive: zip, name: "media/menu.png"), cover: nil)
        #expect(throws: ImageError.cannotRead("no reader for the archive")) { try unread.get() }
        // Decoding through the registry reuses the directory the loader read.
        _ = try ImageDecoder.decode(source: .member(archive: zip, name: "media/menu.png"), cover: nil, archives: archives).get()
        _ = try ImageDecoder.inspect(source: .member(archive: zip, name: "data/tweets_media/1-cat.jpg"), archives: archives).get()
        #expect(archives.directoriesRead == 1)
    }
}
