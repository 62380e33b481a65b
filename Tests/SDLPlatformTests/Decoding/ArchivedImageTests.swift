import Archives
import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@testable import FeedImport
@testable import SDLPlatform

/// Images inside a zip open in a registry, named `<zip path>/<member>`, decode exactly like the same
/// files on disk.
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
        let member = zip + "/data/tweets_media/1-cat.jpg"
        let plain = try ImageDecoder.decode(path: photo, cover: nil).get()
        let zipped = try ImageDecoder.decode(path: member, cover: nil, archives: archives).get()
        #expect(zipped.bitmap.width > 0)
        #expect(zipped.bitmap == plain.bitmap)
        #expect(zipped.originalSize == plain.originalSize)
        let target = PixelSize(width: 40, height: 40)
        #expect(
            try ImageDecoder.decode(path: member, cover: target, archives: archives).get().bitmap
                == ImageDecoder.decode(path: photo, cover: target).get().bitmap)
        let info = try ImageDecoder.inspect(path: member, archives: archives).get()
        #expect(info == (try ImageDecoder.inspect(path: photo).get()))
        #expect(try ImageDecoder.decodeFullResolution(path: member, info: info, archives: archives).get() == plain.bitmap)
        #expect(
            try ImageDecoder.decodePreview(path: member, info: info, level: 1, archives: archives)?.get()
                == ImageDecoder.decodePreview(path: photo, info: info, level: 1)?.get())
        #expect(ImageFileProbe.size(ofImageAt: member, archives: archives) == info.orientedSize)
        #expect(ImageFileProbe.size(ofImageAt: member, archives: archives) == ImageFileProbe.size(ofImageAt: photo))
    }

    @Test func aZippedPNGDecodesThroughSDLImageFromMemory() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = try ImageDecoder.decode(path: icon, cover: nil).get()
        let zipped = try ImageDecoder.decode(path: zip + "/media/menu.png", cover: nil, archives: archives).get()
        #expect(zipped.bitmap.width > 0)
        #expect(zipped.bitmap == plain.bitmap)
        #expect(ImageFileProbe.size(ofImageAt: zip + "/media/menu.png", archives: archives) == plain.originalSize)
    }

    @Test func aMissingMemberFailsLikeAMissingFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = ImageDecoder.decode(path: zip + "/media/none.png", cover: nil, archives: archives)
        #expect(throws: ImageError.cannotRead("No such file or directory")) { try result.get() }
        #expect(ImageFileProbe.size(ofImageAt: zip + "/media/none.png", archives: archives) == nil)
    }

    @Test func decodersWithoutTheRegistryReadFilesOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // No stat walk up the path: a member of a zip nobody opened is no file.
        let result = ImageDecoder.decode(path: zip + "/media/menu.png", cover: nil)
        #expect(throws: ImageError.cannotRead("No such file or directory")) { try result.get() }
        // Decoding through the registry reuses the directory the loader read.
        _ = try ImageDecoder.decode(path: zip + "/media/menu.png", cover: nil, archives: archives).get()
        _ = try ImageDecoder.inspect(path: zip + "/data/tweets_media/1-cat.jpg", archives: archives).get()
        #expect(archives.directoriesRead == 1)
    }
}
