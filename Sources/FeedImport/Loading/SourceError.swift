import PlumageCore

/// Why a source could not be loaded; `description` is the message shown to the user, `PATH: reason`.
public struct SourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is, for callers that react differently (e.g. reload keeps the old feed).
    public enum Kind: String, Hashable, Sendable {
        /// The file or folder could not be read.
        case cannotRead
        /// The file is not well-formed JSON.
        case malformedJSON
        /// The file is JSON but not the expected shape.
        case invalidFeed
        /// The path holds something Plumage does not read (yet).
        case unsupported
        /// The data files (Assets/, Fonts/) could not be found.
        case missingResources
    }

    /// The failure's kind.
    public let kind: Kind
    /// The path the message is about.
    public let path: String
    /// What went wrong, without the path ("3:17: expected ',' or '}' after object member").
    public let reason: String

    /// Creates an error about `path`.
    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind; self.path = path; self.reason = reason
    }

    /// `PATH: reason`, each part one line and cut short when long (`MessageText.clipped`).
    public var description: String {
        "\(MessageText.clipped(path)): \(MessageText.clipped(reason, limit: 2 * MessageText.valueLimit))"
    }

    /// A malformed-JSON error carrying the parser's `LINE:COLUMN: reason`.
    static func malformed(_ path: String, _ error: JSONSyntaxError) -> SourceError {
        SourceError(.malformedJSON, path: path, reason: error.description)
    }

    /// `PATH: not a JSON Feed (detail)`.
    static func notAFeed(_ path: String, _ detail: String) -> SourceError {
        SourceError(.invalidFeed, path: path, reason: "not a JSON Feed (\(detail))")
    }
}
