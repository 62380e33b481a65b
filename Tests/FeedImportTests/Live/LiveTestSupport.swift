@testable import FeedImport
import PlumageCore

/// The UTF-8 bytes of a JSON fixture written in a test.
func liveBytes(_ json: String) -> [UInt8] { Array(json.utf8) }

/// The reason of the `SourceError` `body` throws, or "no error".
func liveFailure(_ body: () throws(SourceError) -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch {
        return error.reason
    }
}

/// The scalars `start..<end` of `text`: the oracle for an entity's `text`, counted independently of the readers.
func scalarSlice(_ text: String, _ start: Int, _ end: Int) -> String {
    String(String.UnicodeScalarView(Array(text.unicodeScalars)[start..<end]))
}
