internal import CLibXML2
import PlumageCore

/// One page of an RSS or Atom feed read into the model.
public struct XMLFeed: Hashable, Sendable {
    /// The feed: kind `.rss` or `.atom`, its title, items newest first, sections Timeline (+ Media).
    public var source: FeedSource
    /// The absolute URL of the next (older) page (RFC 5005 `rel="next"`), nil on the last page.
    public var nextPage: String?
}

/// Reads RSS 2.0 (and RSS 1.0) and Atom (RFC 4287) documents with libxml2's streaming reader.
///
/// Safety: parsed with `XML_PARSE_NONET` only — no `NOENT` (entities are not substituted; the
/// predefined ones and character references are), no `DTDLOAD` (external DTDs and external
/// entities are never loaded), no `HUGE` (libxml2's limits on entity amplification and node
/// sizes hold). The prolog's encoding is honoured. Memory stays bounded: each `item`/`entry` is
/// expanded alone and freed when the reader moves on; at most `itemLimit` items are read (the rest
/// skipped, still scanned for the `next` link), documents over `byteLimit` are refused.
/// Items: see `XMLFeedItemReader`.
public enum XMLFeedReader {
    /// Most items read from one document.
    public static let itemLimit = 1_000
    /// The largest document read (the network layer's cap on a feed body).
    public static let byteLimit = 16 << 20

    /// Reads `bytes`, the document at `url` (absolute: relative links resolve against it).
    /// Errors: `URL: larger than 16 MiB, not read`, `URL: not an RSS or Atom feed (root element <html>)`,
    /// `URL: malformed XML at line L: reason`.
    public static func read(_ bytes: [UInt8], url: String, topLevelDomains: TopLevelDomains) throws(SourceError) -> XMLFeed {
        guard bytes.count <= byteLimit else {
            throw SourceError(.invalidFeed, path: url, reason: "larger than \(byteLimit >> 20) MiB, not read")
        }
        guard !bytes.isEmpty else { throw SourceError(.invalidFeed, path: url, reason: "malformed XML at line 1: the document is empty") }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(SourceError) -> XMLFeed in
            try parse(buffer, url: url, topLevelDomains: topLevelDomains)
        }
    }

    /// The first error libxml2 reports while parsing.
    private final class ErrorBox {
        var line = 0
        var message: String?
    }

    /// Parses the document in `buffer`.
    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, url: String, topLevelDomains: TopLevelDomains) throws(SourceError) -> XMLFeed {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue)
        let base = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { $0 }
        guard let reader = xmlReaderForMemory(base, Int32(buffer.count), nil, nil, options) else {
            throw SourceError(.invalidFeed, path: url, reason: "malformed XML at line 1: the parser could not start")
        }
        defer { xmlFreeTextReader(reader) }
        let errors = ErrorBox()
        let box = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
            guard box.message == nil else { return }
            box.line = Int(error.pointee.line)
            box.message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        }, box)

        var builder: XMLFeedBuilder?
        var status = xmlTextReaderRead(reader)
        while status == 1 {
            var skipped = false
            if xmlTextReaderNodeType(reader) == 1 {  // an element start
                let depth = Int(xmlTextReaderDepth(reader))
                let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
                let namespace = xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) }
                if depth == 0 {
                    guard let kind = rootKind(name, namespace) else {
                        let shown = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? name
                        throw SourceError(.invalidFeed, path: url, reason: "not an RSS or Atom feed (root element <\(MessageText.clipped(shown))>)")
                    }
                    builder = XMLFeedBuilder(kind: kind, url: url, atomNamespace: kind == .atom ? namespace : XMLNamespace.atom,
                                             detector: EntityDetector(topLevelDomains: topLevelDomains))
                } else if let b = builder, b.descends(into: name, namespace, depth: depth) {
                    // channel: read its children
                } else if builder?.isFeedChild(depth: depth) == true, let node = xmlTextReaderExpand(reader) {
                    builder?.take(XMLElement(node: node))
                    status = xmlTextReaderNext(reader)
                    skipped = true
                } else {
                    status = xmlTextReaderNext(reader)
                    skipped = true
                }
            }
            if !skipped { status = xmlTextReaderRead(reader) }
        }
        if status < 0 || errors.message != nil {
            let message = errors.message.map { $0.split(separator: "\n").first.map(String.init) ?? $0 } ?? "unreadable document"
            let line = errors.message == nil ? max(1, Int(xmlTextReaderGetParserLineNumber(reader))) : max(1, errors.line)
            throw SourceError(.invalidFeed, path: url, reason: "malformed XML at line \(line): \(message.trimmingCharactersAtEnd)")
        }
        guard let builder else { throw SourceError(.invalidFeed, path: url, reason: "malformed XML at line 1: no root element") }
        return builder.feed()
    }

    /// `.rss` for `rss` or RDF's `RDF`, `.atom` for `feed`, nil for other roots.
    private static func rootKind(_ name: String, _ namespace: String?) -> SourceKind? {
        switch name {
        case "rss" where namespace == nil: .rss
        case "RDF" where namespace == XMLNamespace.rdf: .rss
        case "feed" where namespace == XMLNamespace.atom || namespace == nil || namespace == "http://purl.org/atom/ns#": .atom
        default: nil
        }
    }
}

private extension String {
    /// Without trailing spaces and newlines.
    var trimmingCharactersAtEnd: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\n" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
