import Archives

/// The JSON inside the `.js` data files of a Twitter archive: `window.YTD.tweets.part0 = [ … ]`,
/// `window.__THAR_CONFIG = { … }`, `Grailbird.data.tweets_2014_05 = [ … ]`, `var user_details = { … }`.
///
/// The JSON is everything after the first `=`, whitespace and one trailing `;` allowed around it; no
/// line layout is assumed and the global's name is not checked. A file that already starts with
/// `[` or `{` is read as plain JSON. Errors keep the line and column of the `.js` file.
enum ArchiveScript {
    /// Byte offset where the JSON of script `b` starts: its first `[` or `{` when the file starts with
    /// one (after a byte-order mark and whitespace), else just after the first `=`, else 0.
    static func jsonStart(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        if i < b.count, b[i] == UInt8(ascii: "[") || b[i] == UInt8(ascii: "{") { return i }
        guard let equals = b.firstIndex(of: UInt8(ascii: "=")) else { return 0 }
        return equals + 1
    }

    /// The largest small script file read whole (a real manifest or account file is a few KiB).
    static let smallFileLimit = 4 << 20

    /// The JSON value of the small script file `relative` (manifest, account, profile), or why not
    /// (also when it is larger than `smallFileLimit`).
    static func value(_ relative: String, in archive: any ArchiveFiles) -> Result<JSONValue, ArchiveFileFailure> {
        let bytes: [UInt8]
        do {
            bytes = try archive.read(relative, limit: smallFileLimit)
        } catch {
            return .failure(ArchiveFileFailure(relative, error))
        }
        return bytes.withUnsafeBufferPointer { b in
            let start = jsonStart(b)
            var end = b.count
            while end > start, [0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ";")].contains(b[end - 1]) { end -= 1 }
            do throws(JSONSyntaxError) {
                return .success(try JSONParser.parse(UnsafeBufferPointer(rebasing: b[start..<end])))
            } catch {
                return .failure(ArchiveFileFailure(relative, error.relocated(toStart: start, of: b)))
            }
        }
    }
}

/// A data file of an archive that could not be read or parsed.
struct ArchiveFileFailure: Error, Sendable {
    /// The file, relative to the archive's root (`data/tweets-part1.js`).
    var file: String
    /// `.malformedJSON` or `.cannotRead`.
    var kind: SourceError.Kind
    /// What went wrong, without the file name (`3:17: expected ',' or '}' after object member`).
    var reason: String

    /// A syntax error of `file`.
    init(_ file: String, _ error: JSONSyntaxError) {
        self.file = file; kind = .malformedJSON; reason = error.description
    }

    /// A failure of `file` of `kind`, for `reason` (already located).
    init(_ file: String, _ kind: SourceError.Kind, _ reason: String) {
        (self.file, self.kind, self.reason) = (file, kind, reason)
    }

    /// An archive error reading `file`.
    init(_ file: String, _ error: ArchiveError) {
        self.file = file
        kind = .cannotRead
        let text = error.description
        reason = text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
    }

    /// `data/tweets-part1.js: 3:17: reason`, as listed in `FeedSource.warnings`.
    var warning: String { "\(file): \(reason)" }

    /// The error to throw when nothing could be read: about `file` inside `archive`.
    func sourceError(in archive: any ArchiveFiles) -> SourceError {
        SourceError(kind, path: archive.path(of: file), reason: reason)
    }
}
