@testable import FeedImport
import URLs

/// Feed discovery and URI resolution: any page either names a feed whose URL is absolute (it has the
/// page's scheme or its own) or fails with a message; resolving never leaves `.`/`..` segments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiscovery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    _ = FeedSniffer.format(of: bytes)
    if let link = try? FeedDiscovery.feed(in: bytes, pageURL: "https://fuzz.example.org/a/b/page.html") {
        fuzzCheck(URIReference(parsing: link.url).scheme != nil, "relative result \(link.url)")
        let segments = URIReference(parsing: link.url).path.split(separator: "/", omittingEmptySubsequences: false)
        fuzzCheck(!segments.contains(".") && !segments.contains(".."), "dot segments in \(link.url)")
    }
    let reference = String(decoding: bytes.prefix(512), as: UTF8.self)
    let resolved = URIReference(parsing: URIReference.resolve(reference, against: "http://a/b/c/d;p?q"))
    let segments = resolved.path.split(separator: "/", omittingEmptySubsequences: false)
    fuzzCheck(!segments.contains(".") && !segments.contains(".."), "dot segments resolving \(reference.debugDescription)")
    return 0
}
