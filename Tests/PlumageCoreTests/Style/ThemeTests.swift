import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct ThemeTests {
    /// `Assets/themes/` of this checkout.
    private static let themesDirectory = URL(fileURLWithPath: RepositoryPaths.path("Assets/themes"))

    /// Reads a file of `Assets/themes/` the way the app does, as a `StyleError` when missing.
    private static func readShipped(_ file: String) throws(StyleError) -> String {
        do {
            return try String(contentsOf: themesDirectory.appendingPathComponent(file), encoding: .utf8)
        } catch {
            throw StyleError(file: file, line: 0, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    private static let palette = try! Palette(
        parsing: "#FFFFFF white\n#000000 black\n#FDA676 apricot\n#10101080 veil", file: "test.palette")

    /// A complete theme text with every role set to `white`, plus `extra` lines appended.
    private static func themeText(_ extra: String = "", omitting: Set<String> = []) -> String {
        let settings = [
            "palette = test", "background = sunset.jpg", "bar-opacity = 0.5", "card-opacity = 0.25", "dark = true",
        ]
        let roles = ThemeRole.allCases.map { "\($0.rawValue) = white" }
        let lines = (settings + roles).filter { line in !omitting.contains(where: { line.hasPrefix("\($0) =") }) }
        return (lines + (extra.isEmpty ? [] : [extra])).joined(separator: "\n")
    }

    private static func parse(_ text: String) throws(StyleError) -> Theme {
        try Theme(parsing: text, file: "t.theme", name: "t") { (name) throws(StyleError) -> Palette in
            guard name == "test" else { throw StyleError(file: "\(name).palette", line: 0, reason: "no such palette") }
            return palette
        }
    }

    /// The error message parsing `text` gives, or nil when it parses.
    private static func error(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    private static let lines = themeText().split(separator: "\n").count

    @Test func parsesSettingsAndRoles() throws {
        let theme = try Self.parse(
            Self.themeText().replacingOccurrences(of: "link = white", with: "link = apricot  # the seed's orange"))
        #expect(theme.name == "t")
        #expect(theme.paletteName == "test")
        #expect(theme.backgroundImage == "sunset.jpg")
        #expect(theme.barOpacity == 0.5)
        #expect(theme.cardOpacity == 0.25)
        #expect(theme.isDark)
        #expect(theme.color(.link) == RGBA(253, 166, 118))
        #expect(theme.color(.text) == .white)
    }

    @Test func fillsScaleTintAlphaByOpacity() throws {
        let text = Self.themeText().replacingOccurrences(of: "card-tint = white", with: "card-tint = veil")
            .replacingOccurrences(of: "bar-tint = white", with: "bar-tint = black")
        let theme = try Self.parse(text)
        #expect(theme.barFill == RGBA(0, 0, 0, 128))
        #expect(theme.cardFill == RGBA(16, 16, 16, 32))
    }

    @Test func keysMayComeInAnyOrder() throws {
        let shuffled = Self.themeText().split(separator: "\n").reversed().joined(separator: "\n")
        #expect(try Self.parse(shuffled).color(.name) == .white)
    }

    @Test func reportsUnknownKeysAndRoles() {
        let n = Self.lines + 1
        #expect(Self.error(Self.themeText("lnk = apricot")) == "t.theme:\(n): unknown role 'lnk'")
        #expect(Self.error(Self.themeText("font = Inter")) == "t.theme:\(n): unknown key 'font'")
    }

    @Test func reportsColoursMissingFromThePalette() {
        let text = Self.themeText().replacingOccurrences(of: "link = white", with: "link = orange")
        let line = text.split(separator: "\n").firstIndex { $0.hasPrefix("link") }! + 1
        #expect(Self.error(text) == "t.theme:\(line): colour 'orange' for role 'link' is not in palette 'test'")
    }

    @Test func listsMissingRolesOnTheLastLine() {
        let text = Self.themeText(omitting: ["link", "overlay-graph"]) + "\n\n"
        let last = Self.lines - 2
        #expect(Self.error(text) == "t.theme:\(last): missing roles: link, overlay-graph")
        #expect(
            Self.error(Self.themeText(omitting: ["backdrop"])) == "t.theme:\(Self.lines - 1): missing role: backdrop")
    }

    @Test func listsMissingSettings() {
        let text = Self.themeText(omitting: ["dark", "background"])
        #expect(Self.error(text) == "t.theme:\(Self.lines - 2): missing keys: background, dark")
        #expect(Self.error("") == "t.theme:1: missing keys: palette, background, bar-opacity, card-opacity, dark")
    }

    @Test func reportsBadValues() {
        func replacing(_ key: String, _ value: String) -> (String, Int) {
            let lines = Self.themeText().split(separator: "\n").map {
                $0.hasPrefix("\(key) =") ? "\(key) = \(value)" : String($0)
            }
            return (lines.joined(separator: "\n"), lines.firstIndex { $0.hasPrefix(key) }! + 1)
        }
        let cases: [(String, String, String)] = [
            ("bar-opacity", "1.5", "bar-opacity must be a number from 0 to 1, got '1.5'"),
            ("bar-opacity", "-0.1", "bar-opacity must be a number from 0 to 1, got '-0.1'"),
            ("card-opacity", "half", "card-opacity must be a number from 0 to 1, got 'half'"),
            ("card-opacity", "nan", "card-opacity must be a number from 0 to 1, got 'nan'"),
            ("dark", "yes", "dark must be true or false, got 'yes'"),
            ("palette", "../etc", "invalid palette name '../etc' (use letters, digits, '_' or '-')"),
            (
                "background", "../../secret.jpg",
                "background must be a file name in Assets/backgrounds, got '../../secret.jpg'"
            ),
        ]
        for (key, value, reason) in cases {
            let (text, line) = replacing(key, value)
            #expect(Self.error(text) == "t.theme:\(line): \(reason)")
        }
    }

    @Test func reportsMalformedAndDuplicateLines() {
        #expect(Self.error("\n# comment\njust words") == "t.theme:3: expected 'key = value', got 'just words'")
        #expect(Self.error("= white") == "t.theme:1: missing key before '='")
        #expect(Self.error("link =   # nothing") == "t.theme:1: missing value for 'link'")
        #expect(
            Self.error("link = white\nname = white\nlink = black")
                == "t.theme:3: duplicate key 'link' (first on line 1)")
    }

    @Test func paletteErrorsPropagate() {
        let text = Self.themeText().replacingOccurrences(of: "palette = test", with: "palette = other")
        #expect(Self.error(text) == "other.palette:0: no such palette")
    }

    @Test func shippedThemesAllLoad() throws {
        let library = try ThemeLibrary(loading: ThemeLibrary.shippedNames, read: Self.readShipped)
        #expect(library.names == ["original", "green", "dark", "light"])
        let backgrounds: Set = ["dandelions.jpg", "sunset.jpg", "mountains.jpg"]
        for theme in library.themes {
            #expect(backgrounds.contains(theme.backgroundImage), "\(theme.name)")
            #expect(theme.paletteName == theme.name)
        }
        let original = try #require(library.theme(named: "original"))
        #expect(original.color(.link) == RGBA(253, 166, 118))
        #expect(original.isDark)
        #expect(library.theme(named: "green")?.color(.link) == RGBA(0xB3, 0xED, 0x3B))
        #expect(library.theme(named: "light")?.isDark == false)
        #expect(library.theme(named: "dark")?.isDark == true)
    }

    @Test func shippedPalettesHaveNoUnusedColours() throws {
        for name in ThemeLibrary.shippedNames {
            let palette = try Palette(parsing: try Self.readShipped("\(name).palette"), file: "\(name).palette")
            let theme = try Self.readShipped("\(name).theme")
            let used = Set(
                theme.split(separator: "\n").compactMap { line -> String? in
                    let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    let parts = code.split(separator: "=")
                    return parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
                })
            for colour in palette.names { #expect(used.contains(colour), "\(name).palette: '\(colour)' is unused") }
        }
    }

    @Test func libraryCyclesInFixedOrder() throws {
        let library = try ThemeLibrary(loading: ThemeLibrary.shippedNames, read: Self.readShipped)
        var name = "original"
        var seen: [String] = []
        for _ in 0..<5 {
            name = library.next(after: name).name
            seen.append(name)
        }
        #expect(seen == ["green", "dark", "light", "original", "green"])
        #expect(library.next(after: library.themes[3]).name == "original")
        #expect(library.next(after: "no-such-theme").name == "original")
        #expect(library.theme(named: "DARK")?.name == "dark")
        #expect(library.theme(named: "sepia") == nil)
    }

    @Test func libraryReportsUnreadableFiles() {
        do {
            _ = try ThemeLibrary(loading: ["original", "sepia"], read: Self.readShipped)
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "sepia.theme")
            #expect(error.line == 0)
        }
    }

    // MARK: Contrast (WCAG 2 relative luminance)

    /// WCAG relative luminance of an opaque colour.
    private static func luminance(_ c: RGBA) -> Double {
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// `top` composited over opaque `bottom` by its alpha.
    private static func over(_ top: RGBA, _ bottom: RGBA) -> RGBA {
        bottom.mixed(with: RGBA(top.r, top.g, top.b), Double(top.a) / 255).withAlpha(1)
    }

    private static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test func contrastFormulaMatchesKnownValues() {
        #expect(abs(Self.contrast(.white, .black) - 21) < 1e-9)
        #expect(abs(Self.contrast(RGBA(0x77, 0x77, 0x77), .white) - 4.48) < 0.01)
    }

    @Test func shippedThemesAreReadableOverMidGrey() throws {
        let library = try ThemeLibrary(loading: ThemeLibrary.shippedNames, read: Self.readShipped)
        let grey = RGBA(128, 128, 128)
        for theme in library.themes {
            let card = Self.over(theme.cardFill, grey)
            let cellRoles: [ThemeRole] = [.name, .handle, .text, .link, .hashtag, .mention, .date, .sectionHeader]
            for role in cellRoles {
                let ratio = Self.contrast(Self.over(theme.color(role), card), card)
                #expect(ratio >= 4.5, "\(theme.name) \(role.rawValue) on card: \(ratio)")
            }
            let bar = Self.over(theme.barFill, grey)
            for role in [ThemeRole.barTitle, .barIcon] {
                let ratio = Self.contrast(Self.over(theme.color(role), bar), bar)
                #expect(ratio >= 4.5, "\(theme.name) \(role.rawValue) on bar: \(ratio)")
            }
            let overlay = Self.over(theme.color(.overlayBackground), grey)
            for role in [ThemeRole.overlayText, .overlayGraph, .overlayWarning] {
                let ratio = Self.contrast(theme.color(role), overlay)
                #expect(ratio >= 4.5, "\(theme.name) \(role.rawValue) on overlay: \(ratio)")
            }
            let picker = Self.over(theme.color(.pickerBackground), grey)
            #expect(Self.contrast(theme.color(.pickerText), picker) >= 4.5, "\(theme.name) picker")
        }
    }
}

/// A theme whose background photo is missing is named in a warning.
@Test func missingBackgroundsAreWarnedAbout() {
    let library = ThemeLibrary(themes: [Fixtures.theme, Fixtures.otherTheme])
    // Both fixture themes use `none.jpg`.
    #expect(library.missingBackgrounds(hasBackground: { _ in true }).isEmpty)
    #expect(library.missingBackgrounds(hasBackground: { $0 != "none.jpg" }) == [
        "theme 'test': background 'none.jpg' not found in Assets/backgrounds; drawn without it",
        "theme 'other': background 'none.jpg' not found in Assets/backgrounds; drawn without it",
    ])
}
