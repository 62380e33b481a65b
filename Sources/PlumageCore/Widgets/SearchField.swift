/// The search box in the bar: the query being typed, a caret, and the IME's text being composed.
/// Editing is by grapheme clusters (a flag or a family emoji is deleted whole).
public struct SearchField: Hashable, Sendable {
    /// The query typed so far.
    public private(set) var text = ""
    /// The caret, in characters from the start of `text`.
    public private(set) var caret = 0
    /// The IME's composition shown at the caret, not part of `text` yet.
    public private(set) var composition = ""
    /// At most this many characters are kept in a search box (a paste of a whole document is cut).
    public static let maxLength = 200
    /// At most this many characters are kept in this field (`maxLength` unless made with another).
    public let limit: Int

    /// An empty field keeping at most `limit` characters.
    public init(limit: Int = SearchField.maxLength) { self.limit = limit }

    /// Inserts `typed` at the caret (newlines and tabs become spaces), up to `limit`.
    public mutating func insert(_ typed: String) {
        let clean = String(typed.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        let room = max(0, limit - text.count)
        let added = String(clean.prefix(room))
        let index = text.index(text.startIndex, offsetBy: caret)
        text.insert(contentsOf: added, at: index)
        caret += added.count
        composition = ""
    }

    /// Shows `text` as the IME's composition at the caret ("" ends it).
    public mutating func compose(_ text: String) { composition = text }

    /// Deletes the character before the caret, or with `word` the word before it (and the spaces
    /// between it and the caret), as Ctrl+Backspace does.
    public mutating func deleteBackward(word: Bool) {
        guard caret > 0 else { return }
        let characters = Array(text)
        var start = caret - 1
        if word {
            while start > 0 && characters[start] == " " { start -= 1 }
            while start > 0 && characters[start - 1] != " " { start -= 1 }
        }
        text = String(characters[..<start] + characters[caret...])
        caret = start
    }

    /// Moves the caret `step` characters (clamped), or to the start or end.
    public mutating func moveCaret(by step: Int) { caret = max(0, min(text.count, caret + step)) }

    /// Moves the caret to the start (`toEnd` false) or the end of the text.
    public mutating func moveCaret(toEnd: Bool) { caret = toEnd ? text.count : 0 }

    /// Appends the field drawn in `frame` (the bar's middle): a rounded well, the query (or `hint`),
    /// the composition in the link colour, and the caret; its text is keyed under `key`.
    func draw(in frame: Rect, hint: String = "Search: words, #tag, @user", key: String = "search-field", theme: Theme,
              measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        commands.append(.roundedFill(frame, radius: frame.height / 2, theme.color(.selection)))
        let inner = frame.insetBy(14)
        let before = String(text.prefix(caret)), after = String(text.dropFirst(caret))
        var spans: [StyledSpan] = []
        if text.isEmpty && composition.isEmpty {
            spans = [StyledSpan(Substring(hint), theme.color(.date))]
        } else {
            spans = [StyledSpan(Substring(before), theme.color(.barTitle))]
            if !composition.isEmpty { spans.append(StyledSpan(Substring(composition), theme.color(.link))) }
            if !after.isEmpty { spans.append(StyledSpan(Substring(after), theme.color(.barTitle))) }
        }
        let block = TextLayout.layout(spans, style: .a2, maxWidth: 10_000, maxLines: 1, measurer: measurer)
        let caretX = text.isEmpty && composition.isEmpty ? 0
            : TextLayout.layout([StyledSpan(Substring(before + composition), theme.color(.barTitle))], style: .a2,
                                maxWidth: 10_000, maxLines: 1, measurer: measurer).size.width
        // Long queries scroll left so the caret stays in the well.
        let shift = max(0, caretX - inner.width + 2)
        let y = (frame.midY - block.size.height / 2).rounded()
        commands.append(.clip(frame.insetBy(6)))
        commands.append(.text(block, at: Point(x: (inner.minX - shift).rounded(), y: y),
                              key: "\(key):\(text):\(composition):\(theme.name)"))
        commands.append(.fill(Rect(x: (inner.minX + caretX - shift).rounded(), y: y + 2, width: 2,
                                   height: block.size.height - 4), theme.color(.link)))
        commands.append(.clip(nil))
    }
}
