/// One GET: the URL, extra headers, the validators of a copy the caller holds, and the limits.
public struct HTTPRequest: Sendable, Equatable {
    /// The absolute http or https URL.
    public var url: String
    /// Extra request headers in order (`Accept: application/json`); the client adds `User-Agent`,
    /// `Accept-Encoding` and the conditional headers itself.
    public var headers: [HTTPHeaderField]
    /// Sent as `If-None-Match` / `If-Modified-Since`; the server may then answer 304.
    public var validators: HTTPValidators
    /// Size, time and redirect limits.
    public var limits: HTTPLimits

    /// A GET of `url` with `headers`, `validators` and `limits` (a feed's by default).
    public init(
        url: String, headers: [HTTPHeaderField] = [], validators: HTTPValidators = .none,
        limits: HTTPLimits = .feed
    ) {
        self.url = url
        self.headers = headers
        self.validators = validators
        self.limits = limits
    }

    /// The header lines to send (`Name: value`), the conditional ones included; fails when a name
    /// is not a token or a value holds a control character (CR or LF would forge another header).
    func headerLines() throws(HTTPError) -> [String] {
        var fields = headers
        if let etag = validators.etag { fields.append(HTTPHeaderField(name: "If-None-Match", value: etag)) }
        if let date = validators.lastModified {
            fields.append(HTTPHeaderField(name: "If-Modified-Since", value: date))
        }
        var lines: [String] = []
        for field in fields {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(Self.isTokenByte) else {
                throw .invalidHeader("the name \"\(field.name)\" is not a token")
            }
            guard !field.value.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else {
                throw .invalidHeader("the value of \(field.name) holds a control character")
            }
            lines.append("\(field.name): \(field.value)")
        }
        return lines
    }

    /// True for the bytes RFC 9110 §5.6.2 allows in a token.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
