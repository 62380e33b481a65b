import Imaging

/// The progressive-JPEG preview decoder at 1/4 and 1/8: nil or a bitmap of the promised size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    for log2Scale in [3, 2] {
        guard let bitmap = ProgressiveJPEGPreview.decode(bytes, log2Scale: log2Scale) else { continue }
        fuzzCheck(bitmap.width > 0 && bitmap.height > 0, "bitmap \(bitmap.width)x\(bitmap.height)")
        if case .success(let info) = ImageHeader.probe(bytes, fileSize: bytes.count) {
            let scale = 1 << log2Scale
            fuzzCheck(
                bitmap.width == (info.width + scale - 1) / scale && bitmap.height == (info.height + scale - 1) / scale,
                "bitmap \(bitmap.width)x\(bitmap.height) for \(info.width)x\(info.height) at 1/\(scale)")
        }
    }
    return 0
}
