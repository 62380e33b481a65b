internal import CLibXML2

/// Namespace URIs the feed readers match elements by.
enum XMLNamespace {
    /// Atom (RFC 4287), also used inside RSS for `atom:link`.
    static let atom = "http://www.w3.org/2005/Atom"
    /// RSS 1.0's own elements (RSS 2.0's have no namespace).
    static let rss1 = "http://purl.org/rss/1.0/"
    /// RDF, the root of RSS 1.0.
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// `content:encoded`.
    static let content = "http://purl.org/rss/1.0/modules/content/"
    /// Dublin Core: `dc:creator`, `dc:date`.
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    /// Media RSS (the trailing slash is part of it).
    static let media = "http://search.yahoo.com/mrss/"
    /// XHTML, the `div` of Atom's `type="xhtml"` content.
    static let xhtml = "http://www.w3.org/1999/xhtml"
}

/// A read-only view of one element of a libxml2 tree (an expanded subtree of `xmlTextReader`),
/// valid while the reader has not moved past it.
struct XMLElement {
    /// The libxml2 node, of type `XML_ELEMENT_NODE`.
    let node: xmlNodePtr

    /// The name without prefix (`encoded` for `content:encoded`).
    var localName: String { String(cString: node.pointee.name) }

    /// The namespace URI, nil when the element has none.
    var namespace: String? { node.pointee.ns.flatMap { $0.pointee.href.map { String(cString: $0) } } }

    /// True when the element is `name` in namespace `namespace` (nil: no namespace).
    func `is`(_ name: String, _ namespace: String?) -> Bool { localName == name && self.namespace == namespace }

    /// The child elements in document order.
    var children: [XMLElement] {
        var out: [XMLElement] = []
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { out.append(XMLElement(node: c)) }
            child = c.pointee.next
        }
        return out
    }

    /// The first child element `name` in `namespace`.
    func child(_ name: String, _ namespace: String?) -> XMLElement? {
        children.first { $0.is(name, namespace) }
    }

    /// The value of the attribute `name` without a namespace, nil when absent.
    func attribute(_ name: String) -> String? {
        var property = node.pointee.properties
        while let p = property {
            if p.pointee.ns == nil, String(cString: p.pointee.name) == name {
                var bytes: [UInt8] = []
                Self.appendText(of: p.pointee.children, to: &bytes, limit: FieldLimits.url + 1)
                return String(decoding: bytes, as: UTF8.self)
            }
            property = p.pointee.next
        }
        return nil
    }

    /// The text and CDATA inside the element (markup of children dropped, their text kept), at most
    /// `limit` UTF-8 bytes (cut on a character boundary), whitespace at both ends removed.
    /// Entity references other than the predefined ones are not expanded: they add nothing.
    func text(limit: Int = FieldLimits.url + 1) -> String {
        var bytes: [UInt8] = []
        Self.appendText(of: node.pointee.children, to: &bytes, limit: limit)
        return Self.trimmed(Self.cutToCharacter(bytes))
    }

    /// The children serialized as markup (the XHTML of Atom content): element names without
    /// prefixes, attributes and text escaped; at most about `limit` bytes.
    func innerMarkup(limit: Int) -> String {
        var bytes: [UInt8] = []
        Self.appendMarkup(of: node.pointee.children, to: &bytes, limit: limit)
        return String(decoding: Self.cutToCharacter(bytes), as: UTF8.self)
    }

    /// Appends the text of `first` and its siblings (and their descendants) to `bytes`, up to `limit`.
    private static func appendText(of first: xmlNodePtr?, to bytes: inout [UInt8], limit: Int) {
        var node = first
        while let n = node, bytes.count < limit {
            switch n.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                append(n.pointee.content, to: &bytes, limit: limit)
            case XML_ELEMENT_NODE:
                appendText(of: n.pointee.children, to: &bytes, limit: limit)
            default:
                break
            }
            node = n.pointee.next
        }
    }

    /// Appends the markup of `first` and its siblings to `bytes`, up to about `limit`.
    private static func appendMarkup(of first: xmlNodePtr?, to bytes: inout [UInt8], limit: Int) {
        var node = first
        while let n = node, bytes.count < limit {
            switch n.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                var text: [UInt8] = []
                append(n.pointee.content, to: &text, limit: limit - bytes.count)
                escape(text, to: &bytes)
            case XML_ELEMENT_NODE:
                let name = Array(String(cString: n.pointee.name).utf8)
                bytes.append(UInt8(ascii: "<"))
                bytes.append(contentsOf: name)
                var property = n.pointee.properties
                while let p = property {
                    var value: [UInt8] = []
                    appendText(of: p.pointee.children, to: &value, limit: FieldLimits.url + 1)
                    bytes.append(UInt8(ascii: " "))
                    bytes.append(contentsOf: Array(String(cString: p.pointee.name).utf8))
                    bytes.append(contentsOf: Array("=\"".utf8))
                    escape(value, to: &bytes)
                    bytes.append(UInt8(ascii: "\""))
                    property = p.pointee.next
                }
                bytes.append(UInt8(ascii: ">"))
                appendMarkup(of: n.pointee.children, to: &bytes, limit: limit)
                bytes.append(contentsOf: Array("</".utf8))
                bytes.append(contentsOf: name)
                bytes.append(UInt8(ascii: ">"))
            default:
                break
            }
            node = n.pointee.next
        }
    }

    /// Appends the C string `content` to `bytes`, stopping at `limit` bytes in all.
    private static func append(_ content: UnsafeMutablePointer<xmlChar>?, to bytes: inout [UInt8], limit: Int) {
        guard var p = content else { return }
        while p.pointee != 0, bytes.count < limit {
            bytes.append(p.pointee)
            p += 1
        }
    }

    /// Appends `text` with `&`, `<`, `>` and `"` escaped.
    private static func escape(_ text: [UInt8], to bytes: inout [UInt8]) {
        for b in text {
            switch b {
            case UInt8(ascii: "&"): bytes.append(contentsOf: Array("&amp;".utf8))
            case UInt8(ascii: "<"): bytes.append(contentsOf: Array("&lt;".utf8))
            case UInt8(ascii: ">"): bytes.append(contentsOf: Array("&gt;".utf8))
            case UInt8(ascii: "\""): bytes.append(contentsOf: Array("&quot;".utf8))
            default: bytes.append(b)
            }
        }
    }

    /// `bytes` without a trailing incomplete UTF-8 sequence (left by a cut).
    private static func cutToCharacter(_ bytes: [UInt8]) -> [UInt8] {
        var end = bytes.count
        var back = 0
        while end > 0, back < 4, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; back += 1 }
        guard end > 0, bytes[end - 1] >= 0xC0 else { return bytes }
        let lead = bytes[end - 1]
        let need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
        return back >= need ? bytes : Array(bytes[..<(end - 1)])
    }

    /// `bytes` as a string without XML whitespace at either end.
    static func trimmed(_ bytes: [UInt8]) -> String {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
