/// Why an image could not be shown; `message` is the text a user sees in place of the picture.
public enum ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not any image format we recognise (empty file, text, random data).
    case notAnImage
    /// The file ends before the data its header promises.
    case truncated
    /// A recognised image format the viewer cannot decode (the detail names it, e.g. "TIFF").
    case unsupportedFormat(String)
    /// The declared dimensions exceed the pixel cap (`limit` is in pixels).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The header or data is malformed (the detail says how).
    case corrupt(String)
    /// The decoder ran longer than its time limit.
    case decodeTimedOut
    /// The file could not be opened or read (the detail is the system's reason).
    case cannotRead(String)

    /// A short, user-facing explanation ("4000×3000 exceeds the 10 MP limit").
    public var message: String {
        switch self {
        case .notAnImage: "not an image"
        case .truncated: "truncated"
        case .unsupportedFormat(let detail): "unsupported format (\(detail))"
        case .tooLarge(let width, let height, let limit): "\(width)×\(height) exceeds the \(limit / 1_000_000) MP limit"
        case .corrupt(let detail): "corrupt (\(detail))"
        case .decodeTimedOut: "decode timed out"
        case .cannotRead(let detail): "cannot read: \(detail)"
        }
    }

    public var description: String { message }
}
