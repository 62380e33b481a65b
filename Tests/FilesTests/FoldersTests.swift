import Files
import Glibc
import PlumageTestSupport
import Testing

/// `Folders.create`, checked with `stat` and `mkdir` of its own (never with the helper itself).
@Suite struct FoldersTests {
    /// The type and permission bits of `path` (links followed), or nil when nothing is there.
    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode : nil
    }

    /// Writes a small regular file at `path`.
    private func makeFile(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(fd >= 0)
        close(fd)
    }

    @Test func nestedFoldersAreAllMadePrivate() throws {
        let folder = try TemporaryFolder()
        let deepest = folder.path + "/a/b/c"
        try Folders.create(deepest)
        for path in [folder.path + "/a", folder.path + "/a/b", deepest] {
            let made = try #require(mode(path))
            #expect(made & S_IFMT == S_IFDIR)
            #expect(made & 0o7777 == 0o700)
        }
    }

    @Test func anotherModeIsUsedForNewFoldersOnly() throws {
        let folder = try TemporaryFolder()
        try #require(mkdir(folder.path + "/old", 0o755) == 0)
        try #require(chmod(folder.path + "/old", 0o755) == 0)
        try Folders.create(folder.path + "/old/new", mode: 0o750)
        #expect(mode(folder.path + "/old").map { $0 & 0o7777 } == 0o755)
        #expect(mode(folder.path + "/old/new").map { $0 & 0o7777 } == 0o750)
    }

    @Test func anExistingFolderIsFine() throws {
        let folder = try TemporaryFolder()
        try Folders.create(folder.path)
        try Folders.create(folder.path + "/x")
        try Folders.create(folder.path + "/x/")
        try Folders.create(folder.path + "//x")
        #expect(mode(folder.path + "/x").map { $0 & S_IFMT } == S_IFDIR)
    }

    @Test func aLinkToAFolderCountsAsTheFolder() throws {
        let folder = try TemporaryFolder()
        try #require(mkdir(folder.path + "/real", 0o700) == 0)
        try #require(symlink(folder.path + "/real", folder.path + "/link") == 0)
        try Folders.create(folder.path + "/link")
        try Folders.create(folder.path + "/link/inside")
        #expect(mode(folder.path + "/real/inside").map { $0 & S_IFMT } == S_IFDIR)
    }

    @Test func aFileAtThePathIsNotAFolder() throws {
        let folder = try TemporaryFolder()
        try makeFile(folder.path + "/taken")
        #expect(throws: FolderError.notAFolder(folder.path + "/taken")) {
            try Folders.create(folder.path + "/taken")
        }
        #expect(FolderError.notAFolder("/x/taken").description == "cannot create /x/taken: not a folder")
    }

    @Test func aFileInTheWayOfAFolderBelowItFails() throws {
        let folder = try TemporaryFolder()
        try makeFile(folder.path + "/taken")
        #expect(throws: FolderError.cannotCreate(folder.path + "/taken/below", code: ENOTDIR)) {
            try Folders.create(folder.path + "/taken/below/deeper")
        }
        #expect(
            FolderError.cannotCreate("/x/taken/below", code: ENOTDIR).description
                == "cannot create /x/taken/below: Not a directory")
        #expect(mode(folder.path + "/taken").map { $0 & S_IFMT } == S_IFREG)
    }

    @Test func aNameLongerThanTheSystemAllowsFailsWithItsReason() throws {
        let folder = try TemporaryFolder()
        let long = folder.path + "/" + String(repeating: "n", count: Int(NAME_MAX) + 1)
        #expect(throws: FolderError.cannotCreate(long, code: ENAMETOOLONG)) {
            try Folders.create(long + "/below")
        }
    }

    @Test func aRelativePathStartsAtTheCurrentFolder() throws {
        // The tests run in parallel in one process, so the current folder is not changed: the path is
        // made relative to it with enough `..` to reach the root.
        let folder = try TemporaryFolder()
        var current = [CChar](repeating: 0, count: Int(PATH_MAX))
        try #require(getcwd(&current, current.count) != nil)
        let path = String(decoding: current.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let depth = path.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folder.path.dropFirst() + "/rel/deeper"
        try Folders.create(relative)
        #expect(mode(folder.path + "/rel/deeper").map { $0 & S_IFMT } == S_IFDIR)
    }
}
