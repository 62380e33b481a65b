@testable import FeedImport
import PlumageCore

/// The Mastodon API readers (statuses page, account lookup, instance probe) over any bytes: a page
/// keeps `fuzzCheckPage`'s promises or the input is refused with a message; nothing crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMastodonAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let page = try? MastodonStatusesReader.read(bytes, url: "https://fuzz.example/api/v1/timelines/tag/t") { fuzzCheckPage(page) }
    _ = try? MastodonAccountReader.account(bytes, url: "https://fuzz.example/api/v1/accounts/lookup")
    _ = MastodonAccountReader.isMastodonInstance(bytes)
    return 0
}
