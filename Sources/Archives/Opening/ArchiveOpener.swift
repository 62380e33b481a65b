import Glibc

/// How a path is told to be a zip, by content, never by name: its first bytes are a zip signature.
/// (Opening one, folder or zip, is `OpenArchives.open`.)
public enum ArchiveOpener {
    /// The reason given for a path that is neither: "not a folder or a zip archive".
    public static let notAnArchiveReason = "not a folder or a zip archive"

    /// True when `head` starts with a zip signature (`PK\3\4`, or `PK\5\6` for an empty zip).
    public static func isZipSignature(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && ((head[2] == 0x03 && head[3] == 0x04) || (head[2] == 0x05 && head[3] == 0x06))
    }

    /// True when the regular file at `path` starts with a zip signature: a local file header
    /// (`PK\3\4`) or, for an empty zip, the end of central directory (`PK\5\6`).
    public static func isZip(path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var magic: [UInt8] = [0, 0, 0, 0]
        let count = magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 4, 0) }
        return count == 4 && isZipSignature(magic)
    }
}
