/// A URI reference split into its five parts (RFC 3986 Appendix B) and resolved against a base
/// (§5.2). Pure string work: no percent-decoding and no normalisation beyond §5.2's dot segments.
///
/// `URIReference.resolve("../g", against: "http://a/b/c/d;p?q")` is `"http://a/b/g"`.
public struct URIReference: Sendable, Equatable {
    /// The scheme without its colon (`https`), or nil for a relative reference.
    public var scheme: String?
    /// What follows `//` up to the path (`user@host:8080`), or nil when there is no `//`.
    public var authority: String?
    /// The path, possibly empty.
    public var path: String
    /// What follows `?` up to `#`, or nil when there is no `?`.
    public var query: String?
    /// What follows `#`, or nil when there is no `#`.
    public var fragment: String?

    /// The parts of `text`; never fails (any string is some reference). A leading part that is not
    /// a valid scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`) is taken as path.
    public init(parsing text: String) {
        var rest = Substring(text)
        if let colon = rest.firstIndex(where: { ":/?#".contains($0) }), rest[colon] == ":",
            Self.isScheme(rest[..<colon])
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    /// A reference with these parts.
    public init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference as text again (§5.3).
    public var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The host of the authority: without user information and port, an IP literal without its
    /// brackets; nil without an authority.
    public var host: String? {
        guard let authority else { return nil }
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("[") {
            return String(host.dropFirst().prefix { $0 != "]" })
        }
        if let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        return String(host)
    }

    /// The target of `self` resolved against `base` (§5.2.2, strict: a scheme equal to the base's is
    /// kept). `base` should be absolute; its fragment is ignored.
    public func resolved(against base: URIReference) -> URIReference {
        if let scheme {
            return URIReference(
                scheme: scheme, authority: authority, path: Self.removingDotSegments(path),
                query: query, fragment: fragment)
        }
        if let authority {
            return URIReference(
                scheme: base.scheme, authority: authority, path: Self.removingDotSegments(path),
                query: query, fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(
                scheme: base.scheme, authority: base.authority, path: base.path,
                query: query ?? base.query, fragment: fragment)
        }
        let merged = path.hasPrefix("/") ? path : Self.merge(path, into: base)
        return URIReference(
            scheme: base.scheme, authority: base.authority, path: Self.removingDotSegments(merged),
            query: query, fragment: fragment)
    }

    /// `reference` resolved against `base`, as text.
    public static func resolve(_ reference: String, against base: String) -> String {
        URIReference(parsing: reference).resolved(against: URIReference(parsing: base)).text
    }

    /// §5.2.3: the relative `path` appended to the base path's directory.
    static func merge(_ path: String, into base: URIReference) -> String {
        if base.authority != nil && base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return String(base.path[...slash]) + path
    }

    /// §5.2.4: `path` with its "." and ".." segments applied.
    static func removingDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
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
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// True when `text` is a valid scheme.
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }
}

extension Unicode.Scalar {
    /// True for A–Z and a–z.
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
