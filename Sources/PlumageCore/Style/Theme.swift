import Imaging

/// A complete look: a palette colour for every `ThemeRole`, a background photo and bar/card styling.
///
/// Theme file format (`Assets/themes/NAME.theme`), one `key = value` per line; blank lines are
/// skipped and `#` starts a comment anywhere on a line. Keys may come in any order, each once:
///
///     palette = original          # colours come from Assets/themes/original.palette
///     background = sunset.jpg     # a file name in Assets/backgrounds/
///     bar-opacity = 0.6           # 0…1, opacity of bar-tint over the frosted bar
///     card-opacity = 0.5          # 0…1, opacity of card-tint behind each row
///     dark = true                 # true | false: light-on-dark content
///     link = apricot              # one line per ThemeRole (its kebab-case raw value) = palette colour
///
/// Every setting and every role is required. Errors read "FILE:LINE: reason"; a key that is
/// neither a setting nor a role is reported as an unknown role when its value names a palette
/// colour (a misspelt role) and as an unknown key otherwise. Missing settings or roles are
/// reported on the file's last non-blank line, listed in `ThemeRole.allCases` order.
public struct Theme: Hashable, Sendable {
    /// The theme's name, as used by `--theme NAME` ("original").
    public let name: String
    /// The name of the palette its colours come from.
    public let paletteName: String
    /// File name of the background photo in `Assets/backgrounds/` ("sunset.jpg").
    public let backgroundImage: String
    /// Opacity (0…1) of `barTint` over the bar's frosted blur.
    public let barOpacity: Double
    /// Opacity (0…1) of `cardTint` behind each row.
    public let cardOpacity: Double
    /// True when content is light text on a dark ground.
    public let isDark: Bool
    private let colors: [ThemeRole: RGBA]

    private static let settingKeys = ["palette", "background", "bar-opacity", "card-opacity", "dark"]

    /// Parses theme text; `palette` loads a palette by name (it is called once, with the value of
    /// the `palette` key) and its errors propagate unchanged.
    public init(
        parsing text: String, file: String, name: String,
        palette loadPalette: (String) throws(StyleError) -> Palette
    ) throws(StyleError) {
        let lines = styleFileLines(text)
        let entries = try Theme.entries(of: lines, file: file)
        let lastLine = (lines.lastIndex { !styleTrimmed($0).isEmpty } ?? 0) + 1
        let missingSettings = Theme.settingKeys.filter { entries[$0] == nil }
        guard missingSettings.isEmpty else {
            let noun = missingSettings.count == 1 ? "key" : "keys"
            throw StyleError(
                file: file, line: lastLine, reason: "missing \(noun): \(missingSettings.joined(separator: ", "))")
        }
        func setting(_ key: String) -> Entry { entries[key] ?? Entry(value: "", line: lastLine) }
        func fail(_ entry: Entry, _ reason: String) -> StyleError {
            StyleError(file: file, line: entry.line, reason: reason)
        }

        let paletteEntry = setting("palette")
        guard Theme.isSafeFileStem(paletteEntry.value) else {
            throw fail(paletteEntry, "invalid palette name '\(paletteEntry.value)' (use letters, digits, '_' or '-')")
        }
        let palette = try loadPalette(paletteEntry.value)

        let background = setting("background")
        guard !background.value.contains("/"), !background.value.hasPrefix(".") else {
            throw fail(background, "background must be a file name in Assets/backgrounds, got '\(background.value)'")
        }
        func opacity(_ key: String) throws(StyleError) -> Double {
            let entry = setting(key)
            guard let v = Double(entry.value), v >= 0, v <= 1 else {
                throw fail(entry, "\(key) must be a number from 0 to 1, got '\(entry.value)'")
            }
            return v
        }
        let barOpacity = try opacity("bar-opacity")
        let cardOpacity = try opacity("card-opacity")
        let dark = setting("dark")
        guard dark.value == "true" || dark.value == "false" else {
            throw fail(dark, "dark must be true or false, got '\(dark.value)'")
        }

        var colors: [ThemeRole: RGBA] = [:]
        let roleEntries = entries.filter { !Theme.settingKeys.contains($0.key) }.sorted {
            $0.value.line < $1.value.line
        }
        for (key, entry) in roleEntries {
            guard let role = ThemeRole(rawValue: key) else {
                throw fail(entry, palette[entry.value] == nil ? "unknown key '\(key)'" : "unknown role '\(key)'")
            }
            guard let color = palette[entry.value] else {
                throw fail(entry, "colour '\(entry.value)' for role '\(key)' is not in palette '\(paletteEntry.value)'")
            }
            colors[role] = color
        }
        let missingRoles = ThemeRole.allCases.filter { colors[$0] == nil }.map(\.rawValue)
        guard missingRoles.isEmpty else {
            let noun = missingRoles.count == 1 ? "role" : "roles"
            throw StyleError(
                file: file, line: lastLine, reason: "missing \(noun): \(missingRoles.joined(separator: ", "))")
        }
        self.name = name
        self.paletteName = paletteEntry.value
        self.backgroundImage = background.value
        self.barOpacity = barOpacity
        self.cardOpacity = cardOpacity
        self.isDark = dark.value == "true"
        self.colors = colors
    }

    /// The colour for `role`; every role is present in a parsed theme.
    public func color(_ role: ThemeRole) -> RGBA { colors[role] ?? .clear }

    /// `barTint` with its alpha scaled by `barOpacity`: what to draw over the frosted bar.
    public var barFill: RGBA { Theme.scaled(color(.barTint), by: barOpacity) }

    /// `cardTint` with its alpha scaled by `cardOpacity`: what to draw behind each row.
    public var cardFill: RGBA { Theme.scaled(color(.cardTint), by: cardOpacity) }

    /// One `key = value` line of a theme file.
    private struct Entry {
        /// The text after `=`.
        var value: String
        /// 1-based line number in the theme file, for error messages.
        var line: Int
    }

    /// Splits lines into entries, rejecting malformed and duplicate lines.
    private static func entries(of lines: [Substring], file: String) throws(StyleError) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            func fail(_ reason: String) -> StyleError { StyleError(file: file, line: lineNumber, reason: reason) }
            let uncommented = rawLine.firstIndex(of: "#").map { rawLine[..<$0] } ?? rawLine
            let line = styleTrimmed(uncommented)
            if line.isEmpty { continue }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected 'key = value', got '\(line)'") }
            let key = String(styleTrimmed(line[..<equals]))
            let value = String(styleTrimmed(line[line.index(after: equals)...]))
            guard !key.isEmpty else { throw fail("missing key before '='") }
            guard !value.isEmpty else { throw fail("missing value for '\(key)'") }
            if let first = entries[key] { throw fail("duplicate key '\(key)' (first on line \(first.line))") }
            entries[key] = Entry(value: value, line: lineNumber)
        }
        return entries
    }

    /// True for a non-empty name of letters, digits, '_' and '-' (safe to use as a file name stem).
    private static func isSafeFileStem(_ s: String) -> Bool {
        !s.isEmpty
            && s.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            }
    }

    /// `c` with alpha multiplied by `opacity`.
    private static func scaled(_ c: RGBA, by opacity: Double) -> RGBA {
        c.withAlpha(Double(c.a) / 255 * opacity)
    }
}

/// The themes the `t` key cycles through, in a fixed order, looked up by name.
///
/// Example: `let lib = try ThemeLibrary(loading: ThemeLibrary.shippedNames) { file throws(StyleError) in
/// try read("Assets/themes/" + file) }`, then `lib.next(after: "original").name == "green"`.
public struct ThemeLibrary: Hashable, Sendable {
    /// The shipped themes in cycling order; the first is the default.
    public static let shippedNames = ["original", "green", "dark", "light"]
    /// The themes in cycling order (never empty).
    public let themes: [Theme]

    /// A library of `themes` in the given order; there must be at least one.
    public init(themes: [Theme]) {
        precondition(!themes.isEmpty, "a theme library needs at least one theme")
        self.themes = themes
    }

    /// Loads `NAME.theme` for each name and the palettes they use (each palette parsed once).
    /// `read` returns the text of a file in `Assets/themes/` by file name ("dark.theme",
    /// "dark.palette") or throws a `StyleError` for that file (line 0 when it cannot be read).
    public init(loading names: [String], read: (String) throws(StyleError) -> String) throws(StyleError) {
        var palettes: [String: Palette] = [:]
        func palette(named paletteName: String) throws(StyleError) -> Palette {
            if let cached = palettes[paletteName] { return cached }
            let paletteFile = "\(paletteName).palette"
            let palette = try Palette(parsing: try read(paletteFile), file: paletteFile)
            palettes[paletteName] = palette
            return palette
        }
        var themes: [Theme] = []
        for name in names {
            let file = "\(name).theme"
            themes.append(try Theme(parsing: try read(file), file: file, name: name, palette: palette(named:)))
        }
        self.init(themes: themes)
    }

    /// Theme names in cycling order.
    public var names: [String] { themes.map(\.name) }

    /// One warning per theme whose background photo `hasBackground` says is missing
    /// (`theme 'dark': background 'night.jpg' not found in Assets/backgrounds; drawn without it`).
    public func missingBackgrounds(hasBackground: (String) -> Bool) -> [String] {
        themes.filter { !hasBackground($0.backgroundImage) }.map {
            "theme '\($0.name)': background '\(MessageText.clipped($0.backgroundImage))' not found in Assets/backgrounds; drawn without it"
        }
    }

    /// The theme called `name` (case-insensitive), or nil.
    public func theme(named name: String) -> Theme? {
        let wanted = name.lowercased()
        return themes.first { $0.name.lowercased() == wanted }
    }

    /// The theme after the one called `name` (case-insensitive), wrapping around; the first theme
    /// when `name` is unknown.
    public func next(after name: String) -> Theme {
        let wanted = name.lowercased()
        guard let i = themes.firstIndex(where: { $0.name.lowercased() == wanted }) else { return themes[0] }
        return themes[(i + 1) % themes.count]
    }

    /// The theme after `theme` in cycling order (the `t` key), wrapping around.
    public func next(after theme: Theme) -> Theme { next(after: theme.name) }
}
