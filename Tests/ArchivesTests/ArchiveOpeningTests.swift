import Archives
import Foundation
import Glibc
import PlumageTestSupport
import Testing

@Suite struct ArchiveOpeningTests {
    @Test func contentDecidesNotTheName() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        builder.add("outbox.json", text: "{}")
        let disguised = try temp.write("archive.json", zip: builder)
        try temp.write("folder.zip/outbox.json", text: "{}")
        let text = try temp.write("notes.zip", text: "just text")
        let zip = try OpenArchives().open(path: disguised)
        #expect(zip is ZipArchive)
        #expect(zip.entries == ["outbox.json"])
        let folder = try OpenArchives().open(path: temp.path + "/folder.zip")
        #expect(folder is FolderArchive)
        #expect(folder.entries == ["outbox.json"])
        #expect(
            archiveError { try OpenArchives().open(path: text) }
                == .cannotRead(text, reason: "not a zip archive (no zip signature)"))
        #expect(
            archiveError { try OpenArchives().open(path: temp.path + "/none") }?.description
                == temp.path + "/none: cannot read: No such file or directory")
        #expect(
            archiveError { try OpenArchives().open(path: "/dev/null") }
                == .cannotRead("/dev/null", reason: "not a folder or a zip archive"))
    }
}
