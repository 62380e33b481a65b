@testable import FeedImport

/// The HTML-to-text walker: any markup gives text whose anchors lie inside it, in order, not overlapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let html = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    let result = HTMLText(html: html)
    let scalars = Array(result.text.unicodeScalars)
    var end = 0
    for anchor in result.anchors {
        fuzzCheck(anchor.start >= end && anchor.start < anchor.end && anchor.end <= scalars.count, "anchor \(anchor.start)..<\(anchor.end) of \(scalars.count)")
        var visible = String.UnicodeScalarView()
        visible.append(contentsOf: scalars[anchor.start..<anchor.end])
        fuzzCheck(String(visible) == anchor.text, "anchor text \(anchor.text.debugDescription)")
        end = anchor.end
    }
    return 0
}
