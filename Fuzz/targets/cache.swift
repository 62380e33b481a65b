import Glibc
@testable import FeedImport
import PlumageCore

/// The index cache decoder. An input that starts like a cache file is decoded as one (whole and head
/// only; the fuzzer learns the path "fuzz" and fingerprint "f" from the seeds). Any other input is
/// read as a JSON Feed, and the feed it gives must come back exactly from its own cache bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if bytes.starts(with: SourceCache.magic) {
        _ = SourceCache.decode(bytes, path: "fuzz", fingerprint: "f")
        _ = SourceCache.decode(bytes, path: "fuzz", fingerprint: "f", headOnly: true)
        _ = SourceCache.headEnd(bytes)
        return 0
    }
    guard let source = try? JSONFeedReader.decode(
        bytes, path: "fuzz.json", baseDirectory: "/nonexistent-fuzz-feed", topLevelDomains: TopLevelDomains(["com", "org"]))
    else { return 0 }
    let encoded = SourceCache.encode(source, path: "fuzz", fingerprint: "f")
    if let out = fuzzSeedFolder {
        let name = out + "/cache-\(encoded.count).bin"
        if let file = fopen(name, "wb") { _ = fwrite(encoded, 1, encoded.count, file); fclose(file) }
    }
    fuzzCheck(SourceCache.decode(encoded, path: "fuzz", fingerprint: "f") == source, "the cache does not give the source back")
    fuzzCheck(SourceCache.decode(encoded, path: "fuzz", fingerprint: "f", headOnly: true) == SourceCache.head(of: source), "the head differs")
    return 0
}

/// `FUZZ_SEED_OUT`: a folder the cache bytes of every decoded feed are written to (to make seeds).
private let fuzzSeedFolder = getenv("FUZZ_SEED_OUT").map { String(cString: $0) }
