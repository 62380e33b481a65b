/// A strict RFC 8259 parser (a leading UTF-8 byte-order mark is skipped). It is iterative, so hostile
/// nesting cannot exhaust the stack; nesting deeper than `maxDepth` is an error. (`JSONCursor`
/// reads a known shape in place without building a tree.)
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// Parses one JSON document from UTF-8 `bytes`, or throws the first syntax error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONSyntaxError) {
                return .success(try parse(buffer))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON document held in `buffer` (a slice of a larger file can be passed rebased,
    /// without copying); error places count from the buffer's start (see `JSONSyntaxError.relocated`).
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var scanner = JSONScanner(buffer)
        return try scanner.document()
    }
}

/// The parser's cursor over the bytes; `document()` drives an explicit stack of open containers.
struct JSONScanner {
    /// The whole input.
    let b: UnsafeBufferPointer<UInt8>
    /// Byte offset of the next unread byte.
    var pos = 0

    /// Starts at the beginning of `b`, skipping a UTF-8 byte order mark.
    init(_ b: UnsafeBufferPointer<UInt8>) {
        self.b = b
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
    }

    /// Parses one complete value and rejects anything but whitespace after it.
    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        // Open containers, innermost last (true for an object), and where each one's elements or
        // members start on the flat stacks below, so each is built once at its exact size.
        var open: [(isObject: Bool, start: Int)] = []
        var elements: [JSONValue] = []
        var members: [(String, JSONValue)] = []
        var keys: [String] = []
        while true {
            skipWhitespace()
            guard pos < b.count else { throw error("unexpected end of input, expected a value") }
            var value: JSONValue
            switch b[pos] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let opensObject = b[pos] == UInt8(ascii: "{")
                let close = opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard open.count < JSONParser.maxDepth else {
                    throw error("nesting deeper than \(JSONParser.maxDepth) levels")
                }
                pos += 1
                skipWhitespace()
                if pos < b.count, b[pos] == close {
                    pos += 1
                    value = opensObject ? .object([:]) : .array([])
                } else {
                    open.append((opensObject, opensObject ? members.count : elements.count))
                    if opensObject { keys.append(try key()) }
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(String(decoding: UnsafeBufferPointer(rebasing: b[try number()]), as: UTF8.self))
            default: throw error("unexpected \(describe(pos)), expected a value")
            }
            // Store the finished value in its container, closing containers that end here.
            while true {
                skipWhitespace()
                guard let top = open.last else {
                    guard pos == b.count else { throw error("unexpected \(describe(pos)) after the top-level value") }
                    return value
                }
                let next: UInt8? = pos < b.count ? b[pos] : nil
                if top.isObject {
                    members.append((keys.removeLast(), value))
                    if next == UInt8(ascii: ",") {
                        pos += 1
                        keys.append(try key())
                        break
                    }
                    guard next == UInt8(ascii: "}") else { throw error("expected ',' or '}' after object member") }
                    var object = [String: JSONValue](minimumCapacity: members.count - top.start)
                    for (k, v) in members[top.start...] { object[k] = v }
                    members.removeSubrange(top.start...)
                    value = .object(object)
                } else {
                    elements.append(value)
                    if next == UInt8(ascii: ",") {
                        pos += 1
                        break
                    }
                    guard next == UInt8(ascii: "]") else { throw error("expected ',' or ']' after array element") }
                    value = .array(Array(elements[top.start...]))
                    elements.removeSubrange(top.start...)
                }
                pos += 1
                open.removeLast()
            }
        }
    }
}
