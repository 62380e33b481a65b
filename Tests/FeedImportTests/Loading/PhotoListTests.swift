import Archives
import FeedImport
import Foundation
import PlumageCore
import Testing

@Suite struct PhotoListTests {
    func folder(_ names: [String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-photos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // Images start like a JPEG, the rest is text: single files are recognised by their content,
        // folder entries by their names.
        for name in names {
            let isImage = [".jpg", ".jpeg", ".png", ".gif", ".webp"].contains { name.lowercased().hasSuffix($0) }
            let bytes = isImage ? Data([0xFF, 0xD8, 0xFF, 0xE0]) : Data("text\n".utf8)
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: bytes)
        }
        return dir
    }

    @Test func aFolderListsItsImagesInNaturalNameOrder() throws {
        let dir = try folder(["IMG_10.jpg", "img_2.JPG", "IMG_1.png", "notes.txt", ".hidden.jpg", "b.webp", "a 3.gif"])
        let photos = try PhotoList.load(paths: [dir])
        #expect(photos.map(\.title) == ["a 3.gif", "b.webp", "IMG_1.png", "img_2.JPG", "IMG_10.jpg"])
        #expect(photos.allSatisfy { $0.source == .file(dir + "/" + $0.title) })
        #expect(PhotoList.isPhotoArguments([dir], archives: OpenArchives()))
        #expect(PhotoList.isPhotoArguments([dir + "/b.webp", dir], archives: OpenArchives()))
        #expect(!PhotoList.isPhotoArguments([dir + "/notes.txt"], archives: OpenArchives()))
        #expect(!PhotoList.isPhotoArguments([], archives: OpenArchives()))
    }

    @Test func filesKeepTheirOrderAndProblemsAreNamed() throws {
        let dir = try folder(["z.jpg", "a.jpg", "readme.md"])
        let photos = try PhotoList.load(paths: [dir + "/z.jpg", dir + "/a.jpg"])
        #expect(photos.map(\.title) == ["z.jpg", "a.jpg"])
        #expect(throws: SourceError.self) { try PhotoList.load(paths: [dir + "/missing.jpg"]) }
        let empty = try folder(["readme.md"])
        do {
            _ = try PhotoList.load(paths: [empty])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasSuffix("no images in this folder"))
        }
    }
}
