import ArgumentParser
import FeedImport
import Foundation
import PlumageCore

/// `plumage save-recents-loop` (hidden, a test hook): records and saves the recently opened list
/// over and over, as the window does, so a test can `kill -9` it at any moment and check that the
/// file on disk is always a whole, readable list (Tests/e2e/recents-kill.sh).
struct SaveRecentsCommand: ParsableCommand {
    /// Hidden from help: only the kill test uses it.
    static let configuration = CommandConfiguration(
        commandName: "save-recents-loop", abstract: "Test hook: save the recents list repeatedly.", shouldDisplay: false)

    /// How many saves to make before exiting.
    @Option(help: "Number of saves.") var count = 100_000

    /// Loads the list (as the window does at start), then records `/tmp/plumage-kill-test/N` and saves, `count` times.
    func run() throws {
        let file = RecentsFile()
        var (recents, notice) = file.load(exists: { _ in true })
        if let notice { FileHandle.standardError.write(Data("plumage: \(notice)\n".utf8)) }
        let start = Int(recents.entries.first.map { $0.title.split(separator: " ").last.map(String.init) ?? "0" } ?? "0") ?? 0
        for i in (start + 1)...(start + count) {
            recents.record(RecentEntry(kind: .photo, path: "/tmp/plumage-kill-test/\(i % 80)", title: "save \(i)",
                                       opened: Timestamp(seconds: Int64(i))))
            do {
                try file.save(recents)
            } catch {
                fail(error.description)
            }
        }
    }
}
