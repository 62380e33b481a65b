/// A problem in a palette or theme file, reported as "FILE:LINE: reason" so an editor can jump to it.
///
/// `line` is 1-based; problems that belong to no single line (missing keys or roles) use the
/// file's last non-blank line, where the missing text would be added, and 0 means the whole
/// file (it could not be read).
public struct StyleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name as given to the parser ("dark.palette").
    public var file: String
    /// The 1-based line the problem is on (0: the whole file).
    public var line: Int
    /// What is wrong, phrased so the user can fix it.
    public var reason: String
    /// Creates an error for `reason` at `file:line`.
    public init(file: String, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }
    /// The full message: "FILE:LINE: reason".
    public var message: String { "\(file):\(line): \(reason)" }
    /// Same as `message`.
    public var description: String { message }
}
