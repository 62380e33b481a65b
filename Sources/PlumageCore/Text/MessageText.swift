/// Makes strangers' values fit in a one-line message: control characters escaped, long values cut.
///
/// Every error path (`SourceError.description`, the command line's `fail`, the window's notices)
/// passes what it echoes through here, so a 70,000-character path or a version string holding
/// newlines prints as one readable line.
public enum MessageText {
    /// How many characters of one echoed value (a path, a version string) a message keeps.
    public static let valueLimit = 120
    /// How many characters a whole message line keeps.
    public static let lineLimit = 400

    /// `value` with control characters escaped (`\n`, `\t`, `\r`, others as `\u{1B}`) and, when
    /// longer than `limit` characters (after escaping), cut to `limit - 1` of them and "…".
    /// Reads at most about `limit` characters of `value`, however long it is.
    public static func clipped(_ value: String, limit: Int = valueLimit) -> String {
        var out = ""
        var count = 0
        let keep = max(1, limit - 1)
        var pending: [String] = []
        for scalar in value.unicodeScalars {
            let piece = escaped(scalar)
            pending.append(piece)
            count += piece.count
            if count > limit { break }
        }
        guard count > limit else { return pending.joined() }
        // Too long: keep whole pieces up to `keep` characters, then the ellipsis.
        var used = 0
        for piece in pending {
            guard used + piece.count <= keep else { break }
            out += piece
            used += piece.count
        }
        return out + "…"
    }

    /// A whole message as one line: `clipped(message, limit: lineLimit)`.
    public static func line(_ message: String) -> String { clipped(message, limit: lineLimit) }

    /// The scalar as written, or its escape when it is a control character (C0, DEL, C1, and the
    /// line and paragraph separators).
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                return "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            }
            return String(scalar)
        }
    }
}
