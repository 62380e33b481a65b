/// Laid-out texts of the rows a places screen drew lately, keyed by everything their layout
/// depends on: a row is laid out when it first shows or its text changes (a count grows), not
/// every frame. Bounded: forgotten wholesale past `limit` entries.
struct PlaceRowTexts: Sendable {
    /// What a row's text blocks depend on.
    struct Key: Hashable, Sendable {
        /// The row's texts, in order.
        var texts: [String]
        /// Room for the texts, in points.
        var width: Double
        /// Theme (colours), text size and pixel density.
        var theme: String, textScale: Double, displayScale: Double
    }

    /// Most rows kept (a few screens' worth).
    static let limit = 512
    /// The blocks by key.
    private var blocks: [Key: [TextBlock]] = [:]

    /// The blocks for `key`, made by `make` when not kept.
    mutating func blocks(for key: Key, make: () -> [TextBlock]) -> [TextBlock] {
        if let kept = blocks[key] { return kept }
        if blocks.count >= Self.limit { blocks.removeAll(keepingCapacity: true) }
        let made = make()
        blocks[key] = made
        return made
    }

    /// The key of a row of `texts` laid out `width` points wide in `env`.
    static func key(_ texts: [String], width: Double, env: ScreenEnvironment) -> Key {
        Key(texts: texts, width: width, theme: env.theme.name, textScale: env.textScale,
            displayScale: env.displayScale.factor)
    }
}
