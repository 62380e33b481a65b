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

    /// Makes and keeps the blocks for `key` with `make` unless they are kept already (`update`).
    mutating func prepare(_ key: Key, make: () -> [TextBlock]) {
        guard blocks[key] == nil else { return }
        if blocks.count >= Self.limit { blocks.removeAll(keepingCapacity: true) }
        blocks[key] = make()
    }

    /// The blocks for `key`: the kept ones, else made by `make` now (and not kept: drawing is pure).
    func blocks(for key: Key, make: () -> [TextBlock]) -> [TextBlock] {
        blocks[key] ?? make()
    }

    /// The key of a row of `texts` laid out `width` points wide in `env`.
    static func key(_ texts: [String], width: Double, env: ScreenEnvironment) -> Key {
        Key(texts: texts, width: width, theme: env.theme.name, textScale: env.textScale,
            displayScale: env.displayScale.factor)
    }
}
