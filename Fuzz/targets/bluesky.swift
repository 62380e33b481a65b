@testable import FeedImport
import PlumageCore

/// The Bluesky author-feed reader over any bytes: a page keeps `fuzzCheckPage`'s promises (facets
/// moved from UTF-8 bytes to scalars land inside the text) or the input is refused with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBluesky(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let page = try? BlueskyFeedReader.read(bytes, url: "https://fuzz.example/xrpc/app.bsky.feed.getAuthorFeed") {
        fuzzCheckPage(page)
    }
    return 0
}
