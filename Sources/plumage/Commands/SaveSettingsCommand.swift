import ArgumentParser
import FeedImport
import Foundation
import PlumageCore

/// `plumage save-settings-loop` (hidden, a test hook): changes and saves the settings over and
/// over, as the window does, so a test can `kill -9` it at any moment and check that the file on
/// disk is always whole and readable (Tests/e2e/kill-save.sh), or run two at once, each changing
/// one field, and check that neither loses the other's saves (Tests/e2e/two-instances.sh).
struct SaveSettingsCommand: ParsableCommand {
    /// Hidden from help: only the e2e tests use it.
    static let configuration = CommandConfiguration(
        commandName: "save-settings-loop", abstract: "Test hook: save the settings repeatedly.", shouldDisplay: false)

    /// The one field a run changes, as a second instance would.
    enum OnlyField: String, ExpressibleByArgument {
        /// The window's corner: x = N.
        case position
        /// The window's size: width = 64 + N.
        case size
    }

    /// How many saves to make before exiting.
    @Option(help: "Number of saves.") var count = 100_000

    /// With a field, each save changes only it and checks right after that the file holds it.
    @Option(help: "Change only this field (position or size) and check each save stays.") var only: OnlyField?

    /// Loads the settings (as the window does at start), then saves `count` changes: save N has the
    /// window at x = N, and cycles the theme, text size and FPS overlay; with `only`, save N writes
    /// just that field (x = N, or width = 64 + N) and fails when the file then holds another value.
    func run() throws {
        let file = SettingsFile()
        let themes = ThemeLibrary.shippedNames
        let (stored, notice) = file.load(themes: themes, backgrounds: [])
        if let notice { FileHandle.standardError.write(Data("plumage: \(notice)\n".utf8)) }
        if let only { return saveOnly(only, file: file, stored: stored, themes: themes) }
        let start = Int(stored.windowPosition?.x ?? 0)
        for i in (start + 1)...(start + count) {
            let settings = Settings(theme: themes[i % themes.count], textScale: AppState.textScales[i % AppState.textScales.count],
                                    showsFPS: i % 2 == 0, windowSize: Size(width: Double(640 + i % 640), height: 480),
                                    windowPosition: Point(x: Double(i), y: 0), fullscreen: i % 3 == 0)
            do {
                try file.save(settings)
            } catch {
                fail(error.description)
            }
        }
    }

    /// Saves `count` changes of `field` alone, reading the file back after each.
    private func saveOnly(_ field: OnlyField, file: SettingsFile, stored: Settings, themes: [String]) {
        let start = Int(field == .position ? stored.windowPosition?.x ?? 0 : (stored.windowSize?.width ?? 64) - 64)
        for i in (start + 1)...(start + count) {
            let settings = field == .position ? Settings(windowPosition: Point(x: Double(i), y: 0))
                : Settings(windowSize: Size(width: Double(64 + i), height: 480))
            do {
                try file.save(settings, changed: [field == .position ? .windowPosition : .windowSize])
            } catch {
                fail(error.description)
            }
            let now = file.load(themes: themes, backgrounds: []).0
            let held = field == .position ? now.windowPosition?.x : now.windowSize.map { $0.width - 64 }
            guard held == Double(i) else {
                fail("save \(i) of the window \(field.rawValue) was lost: the file holds \(held.map { "\(Int($0))" } ?? "none")")
            }
        }
    }
}
