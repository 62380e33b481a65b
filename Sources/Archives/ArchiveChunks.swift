import Glibc

/// Reading a file of an archive piece by piece: what `ArchiveFiles.readChunks` hands out, and the
/// folder archive's descriptor loop behind it. One chunk is held at a time, so a data file of any
/// size is read in constant memory, and a reader that has seen enough (a syntax error at byte 28)
/// stops without reading the rest.
public enum ArchiveChunks {
    /// The chunk size readers use unless they ask for another: large enough that per-chunk work is
    /// negligible, small enough to stay in cache.
    public static let defaultSize = 1 << 20

    /// Hands the bytes of `bytes` to `body` in chunks of `chunkSize`, stopping when it returns false.
    public static func split(
        _ bytes: [UInt8], chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) {
        bytes.withUnsafeBytes { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + max(1, chunkSize))
                guard body(UnsafeRawBufferPointer(rebasing: all[start..<end])) else { return }
                start = end
            }
        }
    }

    /// Streams the regular file at `path` (named `name` in errors) to `body` in chunks of
    /// `chunkSize` bytes, at most `limit` bytes in all (checked before and while reading). With a
    /// `root`, a final symbolic link is refused and the opened file must lie under `root` (a link
    /// swapped in after listing is refused), as `ArchivePath.readRegularFile` does.
    static func readFile(
        _ path: String, name: String, limit: Int, within root: String?, chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) -> Bool
    ) throws(ArchiveError) {
        let (fd, _) = try ArchivePath.openRegularFile(path, name: name, limit: limit, within: root)
        defer { close(fd) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, chunkSize), alignment: 16)
        defer { chunk.deallocate() }
        var total = 0
        while true {
            let n = read(fd, chunk.baseAddress!, chunk.count)
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw .cannotRead(name, reason: String(cString: strerror(errno))) }
            if n == 0 { return }
            total += n
            // The file grew after the size check.
            guard total <= limit else { throw .tooLarge(name, limit: limit) }
            guard body(UnsafeRawBufferPointer(rebasing: chunk[..<n])) else { return }
        }
    }
}
