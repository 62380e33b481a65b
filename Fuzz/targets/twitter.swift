@testable import FeedImport
import PlumageCore

/// The Twitter archive `.js` reader over an in-memory archive whose `data/tweets.js` is the input,
/// its first-frame preview, a generic `JSONCursor` walk and `JSONArrayScanner` scan of the input, and
/// its `JSONElementStream` split at several chunk sizes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTwitter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let archive = MemoryArchive(files: ["data/tweets.js": bytes])
    let domains = TopLevelDomains(["com", "org", "net", "co", "example"])
    if let source = try? TwitterArchiveReader.read(archive, topLevelDomains: domains) {
        for section in source.sections {
            for index in section.itemIndices { fuzzCheck(index >= 0 && index < source.items.count, "section index \(index)") }
        }
    }
    fuzzStream(bytes, .script)
    _ = TwitterArchiveReader.preview(archive, topLevelDomains: domains, prefixBytes: max(1, bytes.count / 2))
    bytes.withUnsafeBufferPointer { buffer in
        var cursor = JSONCursor(buffer)
        _ = try? walk(&cursor, depth: 0)
        var scanner = JSONArrayScanner(buffer, from: ArchiveScript.jsonStart(buffer))
        var last = -1
        while !scanner.isFinished {
            let ranges = scanner.next(3)
            for range in ranges {
                fuzzCheck(range.lowerBound > last && range.upperBound <= buffer.count, "element range \(range)")
                last = range.upperBound - 1
            }
            if ranges.isEmpty { break }
        }
    }
    return 0
}

/// Reads every value under the cursor the way decoders do: objects and arrays entered, scalars read.
private func walk(_ cursor: inout JSONCursor, depth: Int) throws(JSONSyntaxError) {
    switch cursor.nextByte() {
    case UInt8(ascii: "{"):
        _ = try cursor.readObject { (inner, _) throws(JSONSyntaxError) in try walk(&inner, depth: depth + 1) }
    case UInt8(ascii: "["):
        _ = try cursor.readArray { (inner) throws(JSONSyntaxError) in try walk(&inner, depth: depth + 1) }
    case UInt8(ascii: "\""):
        _ = try cursor.readString()
    case UInt8(ascii: "n"):
        _ = try cursor.readNull()
    default:
        _ = try cursor.readID()
    }
}
