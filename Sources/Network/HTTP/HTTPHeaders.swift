/// One header field as the server sent it: the name's case kept, the value trimmed of surrounding
/// blanks.
public struct HTTPHeaderField: Sendable, Equatable {
    /// The field name (`Content-Type`), case as received.
    public var name: String
    /// The field value, without leading or trailing spaces and tabs.
    public var value: String

    /// The field `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A response's header fields in arrival order; lookup ignores ASCII case, and a repeated field
/// (several `Link` or `Set-Cookie` lines) keeps every occurrence.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// The fields in the order they arrived.
    public private(set) var fields: [HTTPHeaderField]

    /// Headers holding `fields` in this order.
    public init(_ fields: [HTTPHeaderField] = []) {
        self.fields = fields
    }

    /// Adds `name: value` after the fields already held.
    public mutating func append(name: String, value: String) {
        fields.append(HTTPHeaderField(name: name, value: value))
    }

    /// The first value of the field `name` (any case), or nil when the server did not send it.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of the field `name` (any case), in arrival order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Iterates the fields in arrival order.
    public func makeIterator() -> IndexingIterator<[HTTPHeaderField]> { fields.makeIterator() }

    /// True when `a` and `b` are equal ignoring ASCII case (field names are ASCII tokens).
    static func sameName(_ a: String, _ b: String) -> Bool {
        let a = a.utf8, b = b.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    /// `byte` with A–Z mapped to a–z.
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}

extension HTTPHeaders {
    /// Appends `text` to the last field's value after one space (an obsolete folded line, RFC 9112
    /// §5.2); ignored when there is no field yet.
    mutating func continueLastValue(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += " " + text
    }
}
