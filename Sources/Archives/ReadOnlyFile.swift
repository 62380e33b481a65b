import Glibc

/// Which file a path named when it was opened: a replaced or rewritten file gets a new identity.
struct FileIdentity: Hashable, Sendable {
    /// Device, inode, size and modification time (ns) from `stat`.
    let device: UInt64, inode: UInt64, size: Int, modified: Int

    /// The identity of the file `status` describes.
    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        modified = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
    }
}

/// A regular file opened read-only and read with `pread`, so any number of threads can read it at
/// once without sharing a file position; closed when the last holder lets go.
final class ReadOnlyFile: Sendable {
    /// The open descriptor (`O_RDONLY | O_CLOEXEC`).
    let descriptor: Int32
    /// Size in bytes when opened.
    let size: Int
    /// The identity of the file that was opened.
    let identity: FileIdentity

    /// Opens the regular file at `path`; errors name `path`.
    init(path: String) throws(ArchiveError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { throw .missing(path) }
            throw .cannotRead(path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .cannotRead(path, reason: "not a regular file")
        }
        descriptor = fd
        size = Int(status.st_size)
        identity = FileIdentity(status)
    }

    deinit { close(descriptor) }

    /// Fills `buffer` from `offset`, returning how many bytes were read (fewer only at end of file);
    /// I/O errors are reported as `.cannotRead(name, …)`.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, name: String) throws(ArchiveError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let n = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw .cannotRead(name, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Exactly `count` bytes from `offset`; a file that ends sooner is reported as truncated.
    func bytes(at offset: Int, count: Int, name: String) throws(ArchiveError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw .cannotRead(name, reason: "truncated zip (data lies past the end of the file)")
        }
        var failure: ArchiveError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(ArchiveError) {
                initialized = try read(into: UnsafeMutableRawBufferPointer(buffer), at: offset, name: name)
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        guard bytes.count == count else { throw .cannotRead(name, reason: "truncated zip (the file ended early)") }
        return bytes
    }
}
