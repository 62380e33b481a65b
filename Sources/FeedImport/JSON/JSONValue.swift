/// A parsed JSON value. Numbers keep their literal text so ids beyond 2^53 survive intact.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number exactly as written (`"1588091220244369409"`, `"1.5e3"`).
    case number(String)
    /// A string, escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// Members by key; a repeated key keeps its last value.
    case object([String: JSONValue])

    /// The member `key` of an object, or nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string payload, or nil.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The elements of an array, or nil.
    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members of an object, or nil.
    public var object: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// A number as `Double`, or nil.
    public var double: Double? {
        if case .number(let n) = self { return Double(n) }
        return nil
    }

    /// A number, or a string of digits (archives store numbers as strings), as `Int`; nil otherwise.
    public var int: Int? {
        switch self {
        case .number(let n): return Int(n) ?? Double(n).flatMap { $0.isFinite && abs($0) < 9e18 ? Int($0) : nil }
        case .string(let s): return Int(s)
        default: return nil
        }
    }

    /// A string, or a number's literal text, as an identifier; nil otherwise.
    public var idString: String? {
        switch self {
        case .string(let s): return s
        case .number(let n): return n
        default: return nil
        }
    }
}
