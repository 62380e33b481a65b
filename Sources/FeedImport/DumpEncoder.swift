import PlumageCore

/// Encodes a `FeedSource` as the `plumage dump --json` document of SPEC §6: keys in the spec's order,
/// ids as strings, dates in UTC ISO 8601, absent owner / avatar / path as `null`, no spaces,
/// one item per line, ending with a newline. The same source always gives the same bytes.
public enum DumpEncoder {
    /// The JSON document for `source`.
    public static func encode(_ source: FeedSource) -> String {
        var out = "{\"source\":{\"kind\":" + quoted(source.kind.rawValue) + ",\"title\":" + quoted(source.title) + ",\"owner\":"
        if let owner = source.owner {
            out += "{\"name\":" + quoted(owner.name) + ",\"handle\":" + quoted(owner.handle) + "}"
        } else {
            out += "null"
        }
        out += "},\n\"sections\":["
        out += source.sections.map { "{\"name\":" + quoted($0.name) + ",\"count\":\($0.itemIndices.count)}" }.joined(separator: ",")
        out += "],\n\"items\":["
        out += source.items.map { "\n" + encode($0) }.joined(separator: ",")
        out += source.items.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }

    /// One item as a JSON object on one line.
    public static func encode(_ item: Item) -> String {
        var out = "{\"id\":" + quoted(item.id) + ",\"date\":" + quoted(item.date.iso8601)
        out += ",\"author\":{\"name\":" + quoted(item.author.name) + ",\"handle\":" + quoted(item.author.handle)
        out += ",\"avatar\":" + (item.author.avatar.map(quoted) ?? "null") + "}"
        out += ",\"kind\":" + quoted(item.kind.rawValue) + ",\"text\":" + quoted(item.text) + ",\"entities\":["
        out += item.entities.map { e in
            "{\"type\":" + quoted(e.kind.rawValue) + ",\"text\":" + quoted(e.text)
                + ",\"start\":\(e.start),\"end\":\(e.end),\"target\":" + quoted(e.target) + "}"
        }.joined(separator: ",")
        out += "],\"media\":["
        out += item.media.map { m in
            "{\"type\":" + quoted(m.kind.rawValue) + ",\"path\":" + (m.path.map(quoted) ?? "null")
                + ",\"width\":\(m.width),\"height\":\(m.height)}"
        }.joined(separator: ",")
        return out + "]}"
    }

    /// `s` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`,
    /// everything else (non-ASCII included) written as is.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(c.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
