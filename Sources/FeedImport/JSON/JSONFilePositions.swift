import Archives

/// Lines and columns of byte offsets in a file that was streamed and let go: the file is read
/// again from its start only as far as the last offset asked for, counting as
/// `JSONSyntaxError(at:in:reason:)` does (lines from 1 at each `\n`, columns in Unicode scalars from 1).
/// Errors are rare, so the streaming read itself counts nothing.
enum JSONFilePositions {
    /// The (line, column) of each of `offsets` in `file` of `archive` (an offset past the end is
    /// the end); nil when the file cannot be read again.
    static func locate(_ offsets: [Int], in file: String, of archive: any ArchiveFiles) -> [Int: (line: Int, column: Int)]? {
        var wanted = offsets.sorted()
        var found: [Int: (line: Int, column: Int)] = [:]
        var line = 1, column = 1, position = 0
        do throws(ArchiveError) {
            try archive.readChunks(file, limit: ArchiveLimits.dataFile, chunkSize: ArchiveChunks.defaultSize) { chunk in
                for byte in chunk {
                    while let next = wanted.first, next <= position {
                        found[next] = (line, column)
                        wanted.removeFirst()
                    }
                    if wanted.isEmpty { return false }
                    if byte == 0x0A {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    position += 1
                }
                return !wanted.isEmpty
            }
        } catch {
            return nil
        }
        for offset in wanted { found[offset] = (line, column) }
        return found
    }

    /// `LINE:COLUMN: reason` for a fault at `offset`, or `byte N: reason` when it cannot be located.
    static func describe(_ offset: Int, _ reason: String, in positions: [Int: (line: Int, column: Int)]?) -> String {
        guard let place = positions?[offset] else { return "byte \(offset): \(reason)" }
        return "\(place.line):\(place.column): \(reason)"
    }
}
