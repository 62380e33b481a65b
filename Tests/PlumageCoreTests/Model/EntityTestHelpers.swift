import PlumageCore
import PlumageTestSupport

/// The scalars `entity` covers in `text`, as a string.
func slice(_ text: String, _ entity: Entity) -> String {
    String(String.UnicodeScalarView(Array(text.unicodeScalars)[entity.start..<entity.end]))
}

/// `kind text` of every entity `Fixtures.detector` finds in `text`.
func found(_ text: String) -> [String] {
    Fixtures.detector.entities(in: text).map { "\($0.kind.rawValue) \($0.text)" }
}

/// The texts of the entities of `kind` found in `text`.
func found(_ kind: EntityKind, in text: String) -> [String] {
    Fixtures.detector.entities(in: text).filter { $0.kind == kind }.map(\.text)
}
