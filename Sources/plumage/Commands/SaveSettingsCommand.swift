import ArgumentParser
import FeedImport
import Foundation
import PlumageCore

/// `plumage save-settings-loop` (hidden, a test hook): changes and saves the settings over and
/// over, as the window does, so a test can `kill -9` it at any moment and check that the file on
/// disk is always whole and readable (Tests/e2e/settings-kill.sh).
struct SaveSettingsCommand: ParsableCommand {
    /// Hidden from help: only the kill test uses it.
    static let configuration = CommandConfiguration(
        commandName: "save-settings-loop", abstract: "Test hook: save the settings repeatedly.", shouldDisplay: false)

    /// How many saves to make before exiting.
    @Option(help: "Number of saves.") var count = 100_000

    /// Loads the settings (as the window does at start), then saves `count` changes: save N has the
    /// window at x = N, and cycles the theme, text size and FPS overlay.
    func run() throws {
        let file = SettingsFile()
        let themes = ThemeLibrary.shippedNames
        let (stored, notice) = file.load(themes: themes, backgrounds: [])
        if let notice { FileHandle.standardError.write(Data("plumage: \(notice)\n".utf8)) }
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
}
