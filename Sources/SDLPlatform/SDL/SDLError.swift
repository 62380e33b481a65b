internal import CSDL2

/// A failed SDL call: which function failed and SDL's message, captured at the failure.
public struct SDLError: Error, Sendable, CustomStringConvertible {
    /// The SDL function that failed (e.g. "SDL_CreateWindow").
    public let function: String
    /// SDL's error text at the time of failure.
    public let message: String
    /// Captures and clears SDL's per-thread error string for `function`.
    static func capture(_ function: String) -> SDLError {
        let message = SDL_GetError().map { String(cString: $0) } ?? ""
        SDL_ClearError()
        return SDLError(function: function, message: message.isEmpty ? "unknown error" : message)
    }
    public var description: String { "\(function): \(message)" }
}

/// Throws the current SDL error for `function` when an SDL status code is negative.
@inline(__always)
func check(_ status: Int32, _ function: String) throws(SDLError) {
    if status < 0 { throw SDLError.capture(function) }
}

extension Optional {
    /// Unwraps an SDL result, throwing the current SDL error for `function` when it is nil.
    @inline(__always)
    func orThrow(_ function: String) throws(SDLError) -> Wrapped {
        guard let value = self else { throw SDLError.capture(function) }
        return value
    }
}
