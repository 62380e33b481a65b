@testable import FeedImport
import PlumageCore

/// JSON parser and JSON Feed reader: any bytes either parse or fail with a located syntax error, and
/// a parsed feed either decodes or is refused with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if case .success(let value) = Result(catching: { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }) {
        _ = value.object?.count
    }
    if let source = try? JSONFeedReader.decode(
        bytes, path: "fuzz.json", baseDirectory: "/nonexistent-fuzz-feed",
        topLevelDomains: TopLevelDomains(["com", "org", "net", "social", "example"]))
    {
        for section in source.sections {
            for index in section.itemIndices { fuzzCheck(index >= 0 && index < source.items.count, "section index \(index)") }
        }
    }
    return 0
}
