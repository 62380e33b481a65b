import Glibc

/// A strict RFC 8259 parser (a leading UTF-8 byte-order mark is skipped). It is iterative, so hostile
/// nesting cannot exhaust the stack; nesting deeper than `maxDepth` is an error.
///
/// With a `JSONKeyFilter`, object members whose key the filter does not hold are checked for syntax
/// but not built (their strings are not checked for valid UTF-8): a reader that needs a few fields
/// of large objects does not pay for the rest.
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
    /// without copying), keeping only the object members `keeping` holds (all when nil); error
    /// places count from the buffer's start (see `JSONSyntaxError.relocated`).
    public static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, keeping filter: JSONKeyFilter? = nil
    ) throws(JSONSyntaxError) -> JSONValue {
        var scanner = JSONScanner(buffer)
        return try scanner.document(keeping: filter)
    }
}

/// The parser's cursor over the bytes; `document(keeping:)` drives an explicit stack of open containers.
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

    /// An open array or object.
    private struct Container {
        /// True for an object.
        var isObject: Bool
        /// False when the container is skipped (a dropped member's value, or inside one).
        var kept: Bool
        /// Where its elements or members start on the flat stacks.
        var start: Int
    }

    /// Parses one complete value and rejects anything but whitespace after it; members whose key
    /// `filter` does not hold are skipped.
    mutating func document(keeping filter: JSONKeyFilter?) throws(JSONSyntaxError) -> JSONValue {
        var open: [Container] = []
        // Elements of the open kept arrays and members of the open kept objects, innermost last,
        // so each container is built once at its exact size when it closes.
        var elements: [JSONValue] = []
        var members: [(String, JSONValue)] = []
        // The pending key of each open kept object; nil when the filter dropped it.
        var keys: [String?] = []
        while true {
            skipWhitespace()
            guard pos < b.count else { throw error("unexpected end of input, expected a value") }
            let skipped = open.last.map { !$0.kept || ($0.isObject && keys[keys.count - 1] == nil) } ?? false
            var value = JSONValue.null
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
                    if !skipped { value = opensObject ? .object([:]) : .array([]) }
                } else {
                    open.append(Container(isObject: opensObject, kept: !skipped, start: opensObject ? members.count : elements.count))
                    if opensObject {
                        let k = try key(keeping: filter, skip: skipped)
                        if !skipped { keys.append(k) }
                    }
                    continue
                }
            case UInt8(ascii: "\""):
                if skipped { try skipString() } else { value = .string(try string()) }
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let literal = try number()
                if !skipped { value = .number(String(decoding: UnsafeBufferPointer(rebasing: b[literal]), as: UTF8.self)) }
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
                    if top.kept, let k = keys.removeLast() { members.append((k, value)) }
                    if next == UInt8(ascii: ",") {
                        pos += 1
                        let k = try key(keeping: filter, skip: !top.kept)
                        if top.kept { keys.append(k) }
                        break
                    }
                    guard next == UInt8(ascii: "}") else { throw error("expected ',' or '}' after object member") }
                    value = .null
                    if top.kept {
                        var object = [String: JSONValue](minimumCapacity: members.count - top.start)
                        for (k, v) in members[top.start...] { object[k] = v }
                        members.removeSubrange(top.start...)
                        value = .object(object)
                    }
                } else {
                    if top.kept { elements.append(value) }
                    if next == UInt8(ascii: ",") {
                        pos += 1
                        break
                    }
                    guard next == UInt8(ascii: "]") else { throw error("expected ',' or ']' after array element") }
                    value = .null
                    if top.kept {
                        value = .array(Array(elements[top.start...]))
                        elements.removeSubrange(top.start...)
                    }
                }
                pos += 1
                open.removeLast()
            }
        }
    }
}

/// The object keys a parse keeps (see `JSONParser.parse(_:keeping:)`); the same key is kept at every depth.
public struct JSONKeyFilter: Sendable {
    /// For each byte length, the kept keys of that length back to back.
    private var byLength: [[UInt8]] = []

    /// A filter keeping the members named in `keys`.
    public init(_ keys: some Sequence<String>) {
        for key in keys {
            let bytes = Array(key.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count] += bytes
        }
    }

    /// Whether the key spelled by UTF-8 `key` is kept (the empty key never is).
    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = key.count
        guard n > 0, n < byLength.count, let base = key.baseAddress else { return false }
        return byLength[n].withUnsafeBufferPointer { kept in
            var offset = 0
            while offset < kept.count {
                if memcmp(kept.baseAddress! + offset, base, n) == 0 { return true }
                offset += n
            }
            return false
        }
    }
}
