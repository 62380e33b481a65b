import Imaging

/// The image header probe, as the feed and the viewer call it: the input is a file's bytes; the
/// first byte also picks a claimed file size larger than the bytes (a file that grows, or a short read).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    for fileSize in [bytes.count, bytes.count + Int(bytes.first ?? 0) * 4096] {
        let result = ImageHeader.probe(fileSize: fileSize) { count in
            fuzzCheck(count >= 0 && count <= fileSize, "read of \(count) bytes from a \(fileSize)-byte file")
            return Array(bytes.prefix(count))
        }
        if case .success(let info) = result {
            fuzzCheck(info.width > 0 && info.height > 0, "size \(info.width)x\(info.height)")
            fuzzCheck((1...8).contains(info.orientation), "orientation \(info.orientation)")
        }
    }
    return 0
}
