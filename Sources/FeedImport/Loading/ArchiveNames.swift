import Archives
import Glibc

/// The few questions archive detection (`ArchiveLayout.kind`) asks of a tree of files: answered
/// from an opened archive's listing (a zip's directory, read once) or by a few `lstat`s and one-level
/// listings of a folder on disk, so telling what a big photo folder is never walks it.
protocol ArchiveNames {
    /// True when something is at `relative`, readable or not (a FIFO, a link to nothing): detection
    /// then takes the tree for what that name says, and reading it says what is wrong.
    func isPresent(_ relative: String) -> Bool
    /// The regular files directly in the folder `folder` (relative, without trailing `/`), as
    /// relative names (`data/tweets-part1.js`).
    func files(in folder: String) -> [String]
    /// Up to `limit` top-level folders that hold something, hidden ones and `__MACOSX` (macOS's
    /// resource forks) left out.
    func topFolders(limit: Int) -> [String]
}

/// The names of an opened archive, from its listing.
struct ListedNames: ArchiveNames {
    /// The archive asked.
    let archive: any ArchiveFiles

    func isPresent(_ relative: String) -> Bool { archive.contains(relative) || archive.whyUnlisted(relative) != nil }

    func files(in folder: String) -> [String] {
        let start = folder.utf8.count + 1
        return archive.entries(under: folder).filter { !$0.utf8.dropFirst(start).contains(UInt8(ascii: "/")) }
    }

    func topFolders(limit: Int) -> [String] {
        var folders: [Substring] = []
        for entry in archive.entries {
            guard let slash = entry.firstIndex(of: "/") else { continue }
            let folder = entry[..<slash]
            // Hidden folders (`.git`) are left out, as a folder on disk leaves them out.
            if folder != "__MACOSX", !folder.hasPrefix("."), !folders.contains(folder) { folders.append(folder) }
            if folders.count >= limit { break }
        }
        return folders.map(String.init)
    }
}

/// The names of a folder on disk, looked up as asked. Hidden names (`.git`) are left out, as
/// `FolderArchive` leaves them out of its listing; at most `nameLimit` names of a folder are looked at.
struct FolderNames: ArchiveNames {
    /// Absolute path of the folder.
    let root: String
    /// Most names read from one folder.
    static let nameLimit = 65_536

    func isPresent(_ relative: String) -> Bool {
        var status = stat()
        return lstat(root + "/" + relative, &status) == 0
    }

    func files(in folder: String) -> [String] {
        var found: [String] = []
        Self.forEachName(in: root + "/" + folder) { name, type in
            if Self.kind(type, at: root + "/" + folder + "/" + name) == S_IFREG { found.append(folder + "/" + name) }
            return true
        }
        return found
    }

    func topFolders(limit: Int) -> [String] {
        var found: [String] = []
        Self.forEachName(in: root) { name, type in
            let path = root + "/" + name
            if name != "__MACOSX", Self.kind(type, at: path) == S_IFDIR, Self.holdsSomething(path) { found.append(name) }
            return found.count < limit
        }
        return found
    }

    /// True when the folder at `path` holds a name that is not hidden.
    private static func holdsSomething(_ path: String) -> Bool {
        var any = false
        forEachName(in: path) { _, _ in
            any = true
            return false
        }
        return any
    }

    /// The file type (`S_IFREG`, `S_IFDIR`…) of `path`, links followed: from the listing's `d_type`
    /// when it says, else by `stat`.
    private static func kind(_ type: UInt8, at path: String) -> mode_t? {
        switch Int32(type) {
        case Int32(DT_REG): return S_IFREG
        case Int32(DT_DIR): return S_IFDIR
        default:
            var status = stat()
            return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
        }
    }

    /// Calls `body` with each name in the folder `path` that is not hidden and its `d_type`, until
    /// it returns false or `nameLimit` names were read.
    private static func forEachName(in path: String, _ body: (String, UInt8) -> Bool) {
        guard let dir = opendir(path) else { return }
        defer { closedir(dir) }
        var count = 0
        while count < nameLimit, let entry = readdir(dir) {
            count += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            guard body(name, entry.pointee.d_type) else { return }
        }
    }
}
