import PlumageCore

/// What every live-feed reader shares: the bounds on an answer, parsing it with the project's JSON
/// parser into one-line errors, and the small field readers.
enum LiveJSON {
    /// The largest answer read (16 MiB, the network client's cap on a feed body).
    static let maxBytes = 16 << 20
    /// Most statuses or posts read from one page (the APIs send at most 40 and 100); the rest are
    /// passed over with a warning.
    static let maxItems = 200
    /// Most warnings a page keeps.
    static let maxWarnings = 20

    /// `bytes` parsed, or a `SourceError` about `url`: "larger than 16 MiB, not read",
    /// "malformed JSON at 3:14: …", or `the server answered: …` when the answer is an API error
    /// object (`{"error": "…"}`, Bluesky's `{"error", "message"}`) instead of `expected`.
    static func parse(_ bytes: [UInt8], url: String) throws(SourceError) -> JSONValue {
        guard bytes.count <= maxBytes else { throw SourceError(.invalidFeed, path: url, reason: "larger than 16 MiB, not read") }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw SourceError(.malformedJSON, path: url, reason: "malformed JSON at \(error.description)")
        }
    }

    /// The error `root` reports when it is an API error object, else `not <what>`.
    static func notA(_ what: String, root: JSONValue, url: String) -> SourceError {
        if let error = root["error"]?.string {
            let message = root["message"]?.string.map { ": " + $0 } ?? ""
            let said = (error + message).split(whereSeparator: \.isNewline).joined(separator: " ")
            return SourceError(.invalidFeed, path: url, reason: "the server answered: " + MessageText.clipped(said))
        }
        return SourceError(.invalidFeed, path: url, reason: "not " + what)
    }

    /// A string with something besides whitespace in it, else nil.
    static func text(_ value: JSONValue?) -> String? {
        guard let s = value?.string, !s.allSatisfy(\.isWhitespace) else { return nil }
        return s
    }

    /// `value` when it is an `http(s)` URL with a host, else nil.
    static func httpURL(_ value: JSONValue?) -> String? {
        guard let s = value?.string, RemoteURL.host(of: s) != nil else { return nil }
        return s
    }

    /// An RFC 3339 date named `field`, or nil and why (nil too when absent).
    static func date(_ value: JSONValue?, field: String) -> (Timestamp?, String?) {
        guard let value, value != .null else { return (nil, nil) }
        guard let text = value.string else { return (nil, "\(field) is not a string") }
        guard let date = RFC3339.timestamp(text) else { return (nil, "\(field) '\(text)' is not an RFC 3339 date") }
        return (date, nil)
    }

    /// A JSON integer (a number written without fraction or exponent, within `Int`), else nil:
    /// unlike `JSONValue.int`, neither a string of digits nor 3.5 is one.
    static func integer(_ value: JSONValue?) -> Int? {
        guard case .number(let literal)? = value else { return nil }
        return Int(literal)
    }

    /// A non-negative integer (a size), else 0.
    static func size(_ value: JSONValue?) -> Int {
        guard let n = value?.int, n > 0, n < 1 << 30 else { return 0 }
        return n
    }
}
