import Files
import Glibc

extension OpenArchives {
    /// Largest member copied out for another program (a long video).
    public static let materializeLimit = 4 << 30

    /// A plain file path for `location`, for handing to another program (`xdg-open` a video): a plain
    /// file's own path, unchanged; a zip member copied once into `cacheFolder()` as
    /// `<hash of zip path and member>-<basename>`, written to a temporary file and renamed into
    /// place, and reused while a copy of the same size is there. Nothing is written next to the zip.
    public func materialize(
        _ location: ArchiveLocation, cacheFolder: String? = nil, limit: Int = OpenArchives.materializeLimit
    ) throws(ArchiveError) -> String {
        guard case .member(let zip, let member) = try resolve(location) else { return location.path }
        let folder = cacheFolder ?? Self.cacheFolder()
        try Self.makeFolders(folder)
        let basename = member.split(separator: "/").last.map(String.init) ?? "file"
        let target = folder + "/" + Self.hexHash(zip.rootPath + "\0" + member) + "-" + basename
        var status = stat()
        if lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == zip.size(of: member)
        {
            return target
        }
        var template = Array((folder + "/.open-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotRead(folder, reason: String(cString: strerror(errno))) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = false
        defer {
            close(fd)
            if !written { unlink(temporary) }
        }
        try zip.stream(member, limit: limit) { (chunk: UnsafeRawBufferPointer) throws(ArchiveError) in
            var offset = 0
            while offset < chunk.count {
                let n = write(fd, chunk.baseAddress! + offset, chunk.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw .cannotRead(temporary, reason: String(cString: strerror(errno))) }
                offset += n
            }
        }
        guard fchmod(fd, 0o600) == 0, rename(temporary, target) == 0 else {
            throw .cannotRead(target, reason: String(cString: strerror(errno)))
        }
        written = true
        return target
    }

    /// `$XDG_CACHE_HOME/plumage/open` (an absolute `XDG_CACHE_HOME` only), else `~/.cache/plumage/open`.
    public static func cacheFolder() -> String {
        if let xdg = getenv("XDG_CACHE_HOME").map({ String(cString: $0) }), xdg.hasPrefix("/") {
            return xdg + "/plumage/open"
        }
        let home =
            getenv("HOME").map { String(cString: $0) } ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) }
            ?? "/tmp"
        return home + "/.cache/plumage/open"
    }

    /// Creates `folder` and its missing parents (mode 0700, `Folders.create`): fails naming the folder
    /// that could not be made and why, or `not a folder`.
    private static func makeFolders(_ folder: String) throws(ArchiveError) {
        do throws(FolderError) {
            try Folders.create(folder)
        } catch {
            throw .cannotRead(error.path, reason: error.reason)
        }
    }

    /// 12 hex digits of the FNV-1a hash of `text`: the same zip and member always get the same name.
    static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(12))
    }
}
