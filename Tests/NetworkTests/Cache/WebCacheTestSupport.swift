import Foundation
import Glibc
import Locking
import Network

/// A clock the test sets: nanoseconds since 1970, starting at `start`.
final class ManualClock: Sendable {
    private let time: Locked<Int64>
    /// A clock reading `start` (default: one second after 1970).
    init(_ start: Int64 = 1_000_000_000) { time = Locked(start) }
    /// The current reading.
    var now: Int64 { time.withLock { $0 } }
    /// Sets the reading to `seconds` whole seconds since 1970.
    func set(seconds: Int64) { time.withLock { $0 = seconds * 1_000_000_000 } }
    /// The closure a `WebCache` reads.
    var reading: @Sendable () -> Int64 { { self.now } }
}

/// SHA-256 in hex from the system's `sha256sum` (coreutils): an oracle independent of `SHA256`.
func sha256sum(_ bytes: [UInt8]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data.prefix(64), as: UTF8.self)
}

/// The file name an entry for `kind` and `url` must have, by the documented rule
/// (SHA-256 of `<kind number>\n<url>`), computed with `sha256sum`.
func expectedFileName(_ kind: WebCacheKey.Kind, _ url: String) throws -> String {
    try sha256sum(Array("\(kind.rawValue)\n\(url)".utf8)) + ".entry"
}

/// An entry file assembled by hand from the layout documented in `WebCacheEntryFormat`, the check
/// computed with `sha256sum`. `patch` may change the header before the check is computed (to make
/// entries that are whole but say something impossible).
func handMadeEntry(
    kind: UInt8, url: String, fetched: Int64, confirmed: Int64, finalURL: String, etag: String?,
    lastModified: String?, contentType: String?, nextLink: String? = nil, body: [UInt8],
    patch: (inout [UInt8]) -> Void = { _ in }
) throws -> [UInt8] {
    func little(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
    func string(_ text: String) -> [UInt8] { little(UInt64(text.utf8.count), 4) + Array(text.utf8) }
    var header: [UInt8] =
        [kind] + string(url) + little(UInt64(bitPattern: fetched), 8)
        + little(UInt64(bitPattern: confirmed), 8) + string(finalURL)
    for optional in [etag, lastModified, contentType, nextLink] {
        header += optional.map { [1] + string($0) } ?? [0]
    }
    patch(&header)
    let lengths = little(UInt64(header.count), 4) + little(UInt64(body.count), 8)
    let checkHex = try sha256sum(lengths + header).prefix(16)
    var check: [UInt8] = []
    var index = checkHex.startIndex
    while index < checkHex.endIndex {
        let next = checkHex.index(index, offsetBy: 2)
        check.append(UInt8(checkHex[index..<next], radix: 16)!)
        index = next
    }
    return Array("PlumWC".utf8) + [0, 2] + lengths + check + header + body
}

/// The entry files (`*.entry`) in `folder` and their sizes, listed with FileManager.
func entryFiles(in folder: String) throws -> [String: Int] {
    var sizes: [String: Int] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".entry") {
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
        if attributes[.type] as? FileAttributeType == .typeRegular { sizes[name] = (attributes[.size] as? Int) ?? -1 }
    }
    return sizes
}

/// Every name in `folder`, sorted.
func allNames(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}

/// The modification time of `path` in nanoseconds since 1970 (links not followed).
func modificationTime(_ path: String) -> Int64? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
}
