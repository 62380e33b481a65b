/// Parsers for the JPEG marker segments the progressive preview decoder reads (SOF2, SOS, DHT,
/// DQT, DRI) and the search for the marker that ends an entropy-coded segment. Every parser takes
/// the segment's payload (the bytes after the 2-byte length) and returns nil on anything malformed.
enum JPEGMarkers {
    /// Index of the 0xFF that starts the next marker at or after `start` (skipping 0xFF00 stuffing and
    /// 0xFF fill bytes; RSTn markers count only when `stoppingAtRestarts`), or nil when none follows.
    static func nextMarker<Bytes: RandomAccessCollection<UInt8>>(
        in data: Bytes, from start: Int, stoppingAtRestarts: Bool
    ) -> Int? where Bytes.Index == Int {
        var i = max(start, 0)
        while i + 1 < data.count {
            if data[i] == 0xFF {
                let code = data[i + 1]
                if code != 0 && code != 0xFF && (stoppingAtRestarts || !(0xD0...0xD7).contains(code)) { return i }
            }
            i += 1
        }
        return nil
    }

    /// The 16-bit big-endian value at `index`, or nil past the end.
    static func be16(_ data: [UInt8], _ index: Int) -> Int? {
        guard index >= 0 && index + 1 < data.count else { return nil }
        return Int(data[index]) << 8 | Int(data[index + 1])
    }

    /// Adds the quantisation tables of a DQT payload (8- or 16-bit entries, kept in zigzag order) to `tables`.
    static func readQuantisationTables(_ payload: ArraySlice<UInt8>, into tables: inout [[Int]?]) -> Bool {
        var i = payload.startIndex
        while i < payload.endIndex {
            let precision = Int(payload[i] >> 4)
            let slot = Int(payload[i] & 15)
            let size = precision == 0 ? 1 : 2
            guard precision <= 1, slot < tables.count, i + 1 + 64 * size <= payload.endIndex else { return false }
            tables[slot] = (0..<64).map { k in
                size == 1 ? Int(payload[i + 1 + k]) : Int(payload[i + 1 + 2 * k]) << 8 | Int(payload[i + 2 + 2 * k])
            }
            i += 1 + 64 * size
        }
        return true
    }

    /// Adds the Huffman tables of a DHT payload to `dc` or `ac` (class 0 or 1, slots 0…3).
    static func readHuffmanTables(
        _ payload: ArraySlice<UInt8>, dc: inout [JPEGHuffmanTable?], ac: inout [JPEGHuffmanTable?]
    ) -> Bool {
        var i = payload.startIndex
        while i < payload.endIndex {
            let tableClass = Int(payload[i] >> 4)
            let slot = Int(payload[i] & 15)
            guard tableClass <= 1, slot < dc.count, i + 17 <= payload.endIndex else { return false }
            let counts = payload[i + 1..<i + 17].map { Int($0) }
            let total = counts.reduce(0, +)
            guard i + 17 + total <= payload.endIndex,
                let table = JPEGHuffmanTable(
                    counts: counts, symbols: Array(payload[i + 17..<i + 17 + total]), isDC: tableClass == 0)
            else { return false }
            if tableClass == 0 { dc[slot] = table } else { ac[slot] = table }
            i += 17 + total
        }
        return true
    }

    /// The restart interval of a DRI payload, in MCUs (0 = none).
    static func restartInterval(_ payload: ArraySlice<UInt8>) -> Int? {
        guard payload.count == 2, let first = payload.first, let second = payload.last else { return nil }
        return Int(first) << 8 | Int(second)
    }

    /// Whether an APP14 payload is an Adobe segment declaring transform 0 (RGB or CMYK, not YCbCr).
    static func isAdobeUntransformed(_ payload: ArraySlice<UInt8>) -> Bool {
        payload.count >= 12 && payload.prefix(5).elementsEqual("Adobe".utf8) && payload[payload.startIndex + 11] == 0
    }

    /// Whether an APP0 payload is a JFIF header (which promises YCbCr for three components).
    static func isJFIF(_ payload: ArraySlice<UInt8>) -> Bool {
        payload.count >= 5 && payload.prefix(5).elementsEqual([0x4A, 0x46, 0x49, 0x46, 0])
    }
}
