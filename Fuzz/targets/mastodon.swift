@testable import FeedImport
import PlumageCore

/// The Mastodon archive reader over an in-memory archive whose `outbox.json` is the input, and the
/// input's `orderedItems` split by `JSONElementStream` at several chunk sizes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMastodon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    fuzzStream(bytes, .member("orderedItems"))
    let archive = MemoryArchive(files: ["outbox.json": bytes])
    if let source = try? MastodonArchiveReader.read(archive, topLevelDomains: TopLevelDomains(["com", "social"])) {
        for section in source.sections {
            for index in section.itemIndices { fuzzCheck(index >= 0 && index < source.items.count, "section index \(index)") }
        }
    }
    return 0
}
