import URLs
/// Reads `Link` header fields (RFC 8288 §3): several links per field and several fields, parameters
/// with token or quoted-string values (backslash escapes honoured), commas and semicolons inside
/// quotes or `<…>` kept. A malformed link is skipped up to the next comma; nothing throws.
///
/// Mastodon pages with `Link: <https://m.example/api/v1/timelines/tag/cats?max_id=7>; rel="next", <…>; rel="prev"`.
public enum LinkHeader {
    /// Every link of the field values `values`, in order.
    public static func parse(_ values: [String]) -> [WebLink] {
        values.flatMap { parse(field: $0) }
    }

    /// Every link of `headers`' `Link` fields, in order.
    public static func links(in headers: HTTPHeaders) -> [WebLink] {
        parse(headers.values("Link"))
    }

    /// The target of the first link whose relations include `relation` (`"next"`), resolved against
    /// `base` (the URL of the response that carried it), or nil.
    public static func target(_ relation: String, in headers: HTTPHeaders, base: String) -> String? {
        let wanted = relation.lowercased()
        guard let link = links(in: headers).first(where: { $0.relations.contains(wanted) }) else { return nil }
        return URIReference.resolve(link.target, against: base)
    }

    /// The links of one field value.
    static func parse(field: String) -> [WebLink] {
        var scanner = Scanner(Array(field.utf8))
        var links: [WebLink] = []
        while !scanner.atEnd {
            scanner.skipBlanksAndCommas()
            if scanner.atEnd { break }
            if let link = scanner.link() {
                links.append(link)
            } else {
                scanner.skipPastComma()
            }
        }
        return links
    }

    /// A cursor over a field value's bytes.
    private struct Scanner {
        /// The field value.
        let bytes: [UInt8]
        /// The index of the next byte to read.
        var position = 0

        /// A scanner at the start of `bytes`.
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// True when every byte was read.
        var atEnd: Bool { position >= bytes.count }
        /// The next byte, or nil at the end.
        var current: UInt8? { atEnd ? nil : bytes[position] }

        /// One `<target> *( ; param )` ending at a comma or the end; nil when malformed.
        mutating func link() -> WebLink? {
            guard current == UInt8(ascii: "<") else { return nil }
            position += 1
            let start = position
            while let byte = current, byte != UInt8(ascii: ">") { position += 1 }
            guard !atEnd else { return nil }
            var link = WebLink(target: String(decoding: bytes[start..<position], as: UTF8.self))
            position += 1
            while true {
                skipBlanks()
                guard let byte = current, byte != UInt8(ascii: ",") else { return link }
                guard byte == UInt8(ascii: ";") else { return nil }
                position += 1
                skipBlanks()
                if current == UInt8(ascii: ";") || current == UInt8(ascii: ",") || atEnd { continue }
                guard let parameter = parameter() else { return nil }
                link.parameters.append(parameter)
            }
        }

        /// `token [ "=" ( token / quoted-string ) ]`; nil when malformed.
        mutating func parameter() -> (name: String, value: String)? {
            let name = token()
            guard !name.isEmpty else { return nil }
            skipBlanks()
            guard current == UInt8(ascii: "=") else { return (name.lowercased(), "") }
            position += 1
            skipBlanks()
            if current == UInt8(ascii: "\"") {
                guard let value = quotedString() else { return nil }
                return (name.lowercased(), value)
            }
            let value = token()
            return value.isEmpty ? nil : (name.lowercased(), value)
        }

        /// The longest run of token bytes from here.
        mutating func token() -> String {
            let start = position
            while let byte = current, HTTPRequest.isTokenByte(byte) { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// A quoted string from its opening quote, escapes undone; nil when unterminated.
        mutating func quotedString() -> String? {
            position += 1
            var value: [UInt8] = []
            while let byte = current {
                position += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: value, as: UTF8.self) }
                if byte == UInt8(ascii: "\\") {
                    guard let escaped = current else { return nil }
                    position += 1
                    value.append(escaped)
                } else {
                    value.append(byte)
                }
            }
            return nil
        }

        /// Moves past spaces and tabs.
        mutating func skipBlanks() {
            while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { position += 1 }
        }

        /// Moves past spaces, tabs and commas (empty list elements).
        mutating func skipBlanksAndCommas() {
            while let byte = current,
                byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",")
            {
                position += 1
            }
        }

        /// Moves past the next comma outside quotes and `<…>` (or to the end).
        mutating func skipPastComma() {
            var quoted = false, bracketed = false
            while let byte = current {
                position += 1
                if quoted {
                    if byte == UInt8(ascii: "\\") {
                        position += 1
                    } else if byte == UInt8(ascii: "\"") {
                        quoted = false
                    }
                } else if bracketed {
                    if byte == UInt8(ascii: ">") { bracketed = false }
                } else if byte == UInt8(ascii: "\"") {
                    quoted = true
                } else if byte == UInt8(ascii: "<") {
                    bracketed = true
                } else if byte == UInt8(ascii: ",") {
                    return
                }
            }
        }
    }
}
