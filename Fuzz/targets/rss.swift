@testable import FeedImport
import PlumageCore

/// RSS/Atom reader and sniffer: any bytes either read into a feed within the caps or fail with a
/// message; sections index real items, entities lie inside their text, media are remote URLs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRSS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    _ = FeedSniffer.format(of: bytes)
    guard let feed = try? XMLFeedReader.read(
        bytes, url: "https://fuzz.example.org/feed.xml", topLevelDomains: TopLevelDomains(["com", "org", "net", "social", "example"]))
    else { return 0 }
    let source = feed.source
    fuzzCheck(source.kind == .rss || source.kind == .atom, "kind \(source.kind)")
    fuzzCheck(source.items.count <= XMLFeedReader.itemLimit, "\(source.items.count) items")
    for section in source.sections {
        for index in section.itemIndices { fuzzCheck(index >= 0 && index < source.items.count, "section index \(index)") }
    }
    for item in source.items {
        let scalars = item.text.unicodeScalars.count
        fuzzCheck(scalars <= FieldLimits.text, "text of \(scalars) scalars")
        for entity in item.entities { fuzzCheck(entity.start < entity.end && entity.end <= scalars, "entity \(entity.start)..<\(entity.end)") }
        for medium in item.media {
            guard case .url(let url)? = medium.locator else { fuzzCheck(false, "medium \(String(describing: medium.locator))"); continue }
            fuzzCheck(RemoteURL.host(of: url) != nil, "medium url \(url)")
        }
    }
    return 0
}
