@testable import FeedImport
import PlumageCore

/// The Mastodon archive reader over an in-memory archive whose `outbox.json` is the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMastodon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let archive = MemoryArchive(files: ["outbox.json": fuzzBytes(data, size)])
    if let source = try? MastodonArchiveReader.read(archive, topLevelDomains: TopLevelDomains(["com", "social"])) {
        for section in source.sections {
            for index in section.itemIndices { fuzzCheck(index >= 0 && index < source.items.count, "section index \(index)") }
        }
    }
    return 0
}
