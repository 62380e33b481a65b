/// A URI reference split into its five parts (RFC 3986 Appendix B), and resolution of a
/// reference against a base URI (RFC 3986 §5.2, "strict": a reference with a scheme is absolute).
struct URIReference: Hashable {
    /// The scheme without `:`, nil when absent.
    var scheme: String?
    /// The authority without `//`, nil when absent (empty when `//` is followed by nothing).
    var authority: String?
    /// The path, possibly empty.
    var path: String
    /// The query without `?`, nil when absent.
    var query: String?
    /// The fragment without `#`, nil when absent.
    var fragment: String?

    /// Splits `text` as Appendix B's regular expression does (every string is some reference).
    init(_ text: String) {
        var rest = Substring(text)
        if let end = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }), rest[end] == ":", end > rest.startIndex {
            scheme = String(rest[..<end])
            rest = rest[rest.index(after: end)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        path = String(rest)
    }

    /// Creates a reference from its parts.
    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme; self.authority = authority; self.path = path; self.query = query; self.fragment = fragment
    }

    /// The reference recomposed (§5.3).
    var text: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// `reference` resolved against `base` (§5.2.2), as a string.
    static func resolve(_ reference: String, against base: String) -> String {
        URIReference(reference).resolved(against: URIReference(base)).text
    }

    /// This reference resolved against `base` (§5.2.2).
    func resolved(against base: URIReference) -> URIReference {
        if scheme != nil {
            return URIReference(scheme: scheme, authority: authority, path: Self.removingDotSegments(path), query: query, fragment: fragment)
        }
        if authority != nil {
            return URIReference(scheme: base.scheme, authority: authority, path: Self.removingDotSegments(path), query: query, fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query, fragment: fragment)
        }
        let merged = path.hasPrefix("/") ? path : merge(base)
        return URIReference(scheme: base.scheme, authority: base.authority, path: Self.removingDotSegments(merged), query: query, fragment: fragment)
    }

    /// §5.2.3: this relative path appended to `base`'s path without its last segment.
    private func merge(_ base: URIReference) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return base.path[...slash] + path
    }

    /// §5.2.4: `path` without its `.` and `..` segments.
    static func removingDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []  // each segment with its leading `/` when it had one
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                _ = output.popLast()
            } else if input == "/.." {
                input = "/"
                _ = output.popLast()
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let from = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[from...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}
