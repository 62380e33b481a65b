import Foundation
import PlumageCore

/// Builders for model values used across tests.
public enum Fixtures {
    /// The themes the app ships, read from the checkout's Assets/themes.
    public static func shippedThemes() throws -> ThemeLibrary {
        let dir = RepositoryPaths.path("Assets/themes/")
        return try ThemeLibrary(loading: ThemeLibrary.shippedNames) { (file) throws(StyleError) -> String in
            guard let text = try? String(contentsOfFile: dir + file, encoding: .utf8) else {
                throw StyleError(file: file, line: 0, reason: "cannot read")
            }
            return text
        }
    }

    /// A theme whose roles all have distinct, easily recognised colours.
    /// Role number i has colour #(i*8)64C8, named after the role.
    public static let theme = makeTheme(name: "test", tail: "64C8")

    /// A second theme, for switching: role number i has colour #(i*8)C864.
    public static let otherTheme = makeTheme(name: "other", tail: "C864")

    /// A theme called `name` whose role number i has colour #(i*8) followed by `tail`.
    static func makeTheme(name: String, tail: String) -> Theme {
        let digits = Array("0123456789ABCDEF")
        var palette = ""
        var theme = "palette = test\nbackground = none.jpg\nbar-opacity = 0.8\ncard-opacity = 0.5\ndark = true\n"
        for (i, role) in ThemeRole.allCases.enumerated() {
            let v = i * 8
            palette += "#\(digits[v >> 4])\(digits[v & 15])\(tail) c\(i)\n"
            theme += "\(role.rawValue) = c\(i)\n"
        }
        let paletteText = palette
        return try! Theme(parsing: theme, file: "\(name).theme", name: name) { (_) throws(StyleError) -> Palette in
            try Palette(parsing: paletteText, file: "test.palette")
        }
    }

    /// A few real top-level domains (ASCII ones, `みんな`, `中国` and `рф`), enough for the links of core tests.
    public static let topLevelDomains = TopLevelDomains([
        "com", "org", "net", "edu", "io", "co", "ly", "so", "tv", "jp", "de", "il", "uk", "za", "fr", "social",
        "lol", "community", "みんな", "中国", "рф",
    ])

    /// A detector that knows `topLevelDomains`.
    public static let detector = EntityDetector(topLevelDomains: topLevelDomains)

    /// An author called `handle` with no avatar.
    public static func author(_ handle: String) -> Author { Author(name: handle.capitalized, handle: handle) }

    /// An item with the given text, detected entities left empty unless given.
    public static func item(
        _ id: String, _ text: String, by handle: String = "ada", at seconds: Int64 = 1_700_000_000,
        entities: [Entity] = [], media: [Media] = []
    ) -> Item {
        Item(id: id, date: Timestamp(seconds: seconds), author: author(handle), text: text, entities: entities,
             media: media)
    }

    /// A source of `count` one-line items, newest first, with a Timeline section and a Media section of every third.
    public static func source(count: Int) -> FeedSource {
        let items = (0..<count).map { i in
            item("\(count - i)", "Item number \(i) with some words to wrap around", at: 1_700_000_000 - Int64(i) * 60,
                 media: i % 3 == 0 ? [Media(kind: .photo, locator: .file("/p\(i).jpg"), width: 1600, height: 900)] : [])
        }
        return FeedSource(kind: .demo, title: "Test", sections: [
            Section(name: "Timeline", itemIndices: Array(items.indices)),
            Section(name: "Media", itemIndices: items.indices.filter { $0 % 3 == 0 }),
        ], items: items)
    }
}

extension String {
    /// The string with its first letter upper-cased.
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
