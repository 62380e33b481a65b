import Archives
import Glibc

/// The zip reader, over a temporary file holding the input: the central directory is indexed, every
/// member is read (whole and its first bytes) under small caps, and no name leaves the root.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let file = fopen(zipPath, "wb") else { fatalError("cannot write \(zipPath)") }
    _ = fwrite(bytes, 1, bytes.count, file)
    fclose(file)
    guard let archive = try? ZipArchive(path: zipPath, totalLimit: 8 << 20, directoryLimit: 1 << 20) else { return 0 }
    for name in archive.entries {
        fuzzCheck(ArchivePath.isConfined(name), "entry \(name.debugDescription) leaves the root")
        if let whole = try? archive.read(name, limit: 1 << 20) {
            fuzzCheck(whole.count == archive.size(of: name), "read \(whole.count) bytes of \(archive.size(of: name) ?? -1)")
        }
        if let prefix = try? archive.readPrefix(name, count: 16) { fuzzCheck(prefix.count <= 16, "prefix of \(prefix.count)") }
    }
    return 0
}

/// One temporary file per fuzzing process.
private let zipPath: String = {
    let folder = String(cString: getenv("TMPDIR") ?? strdup("/tmp"))
    return "\(folder)/plumage-fuzz-zip-\(getpid()).zip"
}()
