import Archives

/// Reads the `orderedItems` of a Mastodon collection file (`outbox.json`, `likes.json`,
/// `bookmarks.json`) one element at a time, in constant memory: the file is streamed through a
/// `JSONElementStream`, each element parsed into its own small `JSONValue` tree and handed over,
/// then let go. The other top-level members (`@context`, `totalItems`, …) are passed over whatever
/// their size.
///
/// An element with invalid UTF-8 has each invalid sequence replaced by U+FFFD (counted); one that
/// does not parse, or is larger than `maxElementBytes`, is skipped (counted, the first located).
/// A fault in the frame ends the file there, keeping the elements before it.
struct MastodonCollectionStream {
    /// The largest element read (a real activity is a few KiB).
    static let maxElementBytes = 16 << 20
    /// Most elements read from one file (the largest real outboxes hold a few hundred thousand).
    static let maxElements = 2_000_000

    /// What the stream met besides the elements it handed over.
    struct Summary {
        /// Whether the top level is an object (nil when the file is empty or broken before it).
        var topLevelIsObject: Bool?
        /// Whether an `orderedItems` array was found.
        var foundArray = false
        /// Where and why the frame broke (`2:21: reason`), with the fault itself.
        var frameError: JSONSyntaxError?
        /// Whether `frameError` came before any element.
        var brokeBeforeElements = false
        /// Elements skipped, and the first one's place and reason (`12:5: invalid literal`).
        var skipped = 0
        var firstSkip: String?
        /// Invalid UTF-8 sequences replaced with U+FFFD.
        var replaced = 0
        /// Whether `maxElements` was reached and the rest left unread.
        var stoppedEarly = false
    }

    /// Streams `name` of `archive`: `restart` is called when the array starts (again, for a repeated
    /// key: what was read before is to be dropped), `element` with each parsed element in order
    /// (false stops the read). Throws when the file cannot be read.
    static func read(
        _ name: String, in archive: any ArchiveFiles, restart: () -> Void, element: (JSONValue) -> Bool
    ) throws(ArchiveError) -> Summary {
        var summary = Summary()
        var stream = JSONElementStream(.member("orderedItems"), maxElementBytes: maxElementBytes)
        var firstSkip: (offset: Int, fault: JSONSyntaxError?, reason: String)?
        var count = 0
        var stoppedByHandler = false
        func skip(_ offset: Int, _ fault: JSONSyntaxError?, _ reason: String) {
            summary.skipped += 1
            if firstSkip == nil { firstSkip = (offset, fault, reason) }
        }
        func take(_ event: JSONElementStream.Event) -> Bool {
            switch event {
            case .arrayStart:
                restart()
                (summary.skipped, summary.replaced, firstSkip, count) = (0, 0, nil, 0)
                return true
            case .oversized(let offset):
                skip(offset, nil, "larger than \(ArchiveLimits.describe(bytes: maxElementBytes))")
                return true
            case .element(let bytes, let offset):
                guard count < maxElements else {
                    summary.stoppedEarly = true
                    return false
                }
                count += 1
                let parsed: Result<JSONValue, JSONSyntaxError>
                if let repaired = UTF8Repair.repaired(bytes) {
                    summary.replaced += repaired.replaced
                    parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(repaired.bytes) }
                } else {
                    parsed = Result { () throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
                }
                switch parsed {
                case .success(let value):
                    guard element(value) else {
                        stoppedByHandler = true
                        return false
                    }
                case .failure(let fault):
                    skip(offset, fault, fault.reason)
                }
                return true
            }
        }
        try archive.readChunks(name, limit: ArchiveLimits.dataFile, chunkSize: ArchiveChunks.defaultSize) {
            stream.feed($0, take)
        }
        if !summary.stoppedEarly, !stoppedByHandler { stream.finish(take) }
        summary.topLevelIsObject = stream.topLevelIsObject
        summary.foundArray = stream.foundArray
        let frame = stream.error
        let offsets = [firstSkip?.offset, frame?.offset].compactMap { $0 }
        guard !offsets.isEmpty else { return summary }
        let positions = JSONFilePositions.locate(offsets, in: name, of: archive)
        if let firstSkip {
            if let fault = firstSkip.fault, let place = positions?[firstSkip.offset] {
                summary.firstSkip = fault.relocated(toLine: place.line, column: place.column).description
            } else {
                summary.firstSkip = JSONFilePositions.describe(firstSkip.offset, firstSkip.reason, in: positions)
            }
        }
        if let frame {
            let place = positions?[frame.offset] ?? (line: 1, column: 1)
            summary.frameError = JSONSyntaxError(line: place.line, column: place.column, reason: frame.reason)
            summary.brokeBeforeElements = count == 0 && summary.skipped == 0
        }
        return summary
    }
}
