import PlumageCore

/// Encodes a `FeedSource` as the `plumage dump --json` document of SPEC §6: keys in the spec's order,
/// ids as strings, dates in UTC ISO 8601, absent owner / avatar / path / date as `null` (an unreadable
/// date adds `"date_problem"` saying why; a remote avatar or medium, whose locator is a URL, adds
/// `"avatar_url"` / `"url"` after its null path, so local sources' dumps have neither key), no spaces,
/// one item per line, ending with a newline. The same source always gives the same bytes.
public enum DumpEncoder {
    /// The JSON document for `source`.
    public static func encode(_ source: FeedSource) -> String {
        var w = JSONWriter()
        w.raw("{\"source\":{\"kind\":"); w.string(source.kind.rawValue)
        w.raw(",\"title\":"); w.string(source.title)
        w.raw(",\"owner\":")
        if let owner = source.owner {
            w.raw("{\"name\":"); w.string(owner.name)
            w.raw(",\"handle\":"); w.string(owner.handle)
            w.raw("}")
        } else {
            w.raw("null")
        }
        w.raw("},\n\"sections\":[")
        for (i, section) in source.sections.enumerated() {
            w.raw(i == 0 ? "{\"name\":" : ",{\"name\":"); w.string(section.name)
            w.raw(",\"count\":\(section.itemIndices.count)}")
        }
        w.raw("],\n\"items\":[")
        for (i, item) in source.items.enumerated() {
            w.raw(i == 0 ? "\n" : ",\n")
            w.item(item)
        }
        w.raw(source.items.isEmpty ? "]}\n" : "\n]}\n")
        return w.text
    }

    /// `s` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`,
    /// everything else (non-ASCII included) written as is.
    public static func quoted(_ s: String) -> String {
        var w = JSONWriter()
        w.string(s)
        return w.text
    }
}

/// Appends JSON to a UTF-8 byte buffer.
private struct JSONWriter {
    /// The UTF-8 JSON written so far.
    var bytes: [UInt8] = []

    /// The bytes written so far decoded as a String.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `s`'s UTF-8 verbatim (no quoting or escaping).
    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// Appends `s` as a quoted JSON string, or `null` when nil.
    mutating func optionalString(_ s: String?) {
        if let s { string(s) } else { raw("null") }
    }

    /// Appends `s` quoted; runs that need no escaping are copied in one piece.
    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            for (i, c) in utf8.enumerated() where c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                escape(c)
                runStart = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the JSON escape of `c`, a quote, backslash or control character.
    private mutating func escape(_ c: UInt8) {
        switch c {
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        case 0..<0x20:
            let hex = Array("0123456789ABCDEF".utf8)
            raw("\\u00"); bytes.append(hex[Int(c >> 4)]); bytes.append(hex[Int(c & 15)])
        default: bytes.append(UInt8(ascii: "\\")); bytes.append(c)
        }
    }

    /// Appends one item as a SPEC §6 JSON object (id, date, date_problem when there is one, author,
    /// kind, text, entities, media).
    mutating func item(_ item: Item) {
        raw("{\"id\":"); string(item.id)
        raw(",\"date\":"); optionalString(item.date?.iso8601)
        if let problem = item.dateProblem { raw(",\"date_problem\":"); string(problem) }
        raw(",\"author\":{\"name\":"); string(item.author.name)
        raw(",\"handle\":"); string(item.author.handle)
        raw(",\"avatar\":"); optionalString(item.author.avatar?.path)
        if case .url(let url)? = item.author.avatar { raw(",\"avatar_url\":"); string(url) }
        raw("},\"kind\":"); string(item.kind.rawValue)
        raw(",\"text\":"); string(item.text)
        raw(",\"entities\":[")
        for (i, e) in item.entities.enumerated() {
            raw(i == 0 ? "{\"type\":" : ",{\"type\":"); string(e.kind.rawValue)
            raw(",\"text\":"); string(e.text)
            raw(",\"start\":\(e.start),\"end\":\(e.end),\"target\":"); string(e.target)
            raw("}")
        }
        raw("],\"media\":[")
        for (i, m) in item.media.enumerated() {
            raw(i == 0 ? "{\"type\":" : ",{\"type\":"); string(m.kind.rawValue)
            raw(",\"path\":"); optionalString(m.locator?.path)
            if case .url(let url)? = m.locator { raw(",\"url\":"); string(url) }
            raw(",\"width\":\(m.width),\"height\":\(m.height)}")
        }
        raw("]}")
    }
}
