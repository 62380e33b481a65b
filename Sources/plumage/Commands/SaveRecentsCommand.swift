import ArgumentParser
import FeedImport
import Foundation
import PlumageCore

/// `plumage save-recents-loop` (hidden, a test hook): records and saves the recently opened list
/// over and over, as the window does, so a test can `kill -9` it at any moment and check that the
/// file on disk is always a whole, readable list (Tests/e2e/kill-save.sh), or run two at once with
/// different tags and check that neither loses the other's entries (Tests/e2e/two-instances.sh).
struct SaveRecentsCommand: ParsableCommand {
    /// Hidden from help: only the e2e tests use it.
    static let configuration = CommandConfiguration(
        commandName: "save-recents-loop", abstract: "Test hook: save the recents list repeatedly.", shouldDisplay: false)

    /// How many saves to make before exiting.
    @Option(help: "Number of saves.") var count = 100_000

    /// With a tag, the run records its own 20 paths and checks after each save that the file has its entry.
    @Option(help: "Record /tmp/plumage-kill-test/TAG-N only, and check each save stays.") var tag: String?

    /// Loads the list (as the window does at start), then records `/tmp/plumage-kill-test/N` and
    /// saves, `count` times; with `tag`, records `/tmp/plumage-kill-test/TAG-(N mod 20)` titled
    /// "TAG N" and fails when the file then lacks that entry.
    func run() throws {
        let file = RecentsFile()
        var (recents, notice) = file.load(exists: { _ in true })
        if let notice { FileHandle.standardError.write(Data("plumage: \(notice)\n".utf8)) }
        // Numbering goes on from this run's own newest entry ("save N", or "TAG N").
        let prefix = (tag ?? "save") + " "
        let newest = recents.entries.first { $0.title.hasPrefix(prefix) }
        let start = newest.flatMap { Int($0.title.dropFirst(prefix.count)) } ?? 0
        for i in (start + 1)...(start + count) {
            let path = "/tmp/plumage-kill-test/" + (tag.map { "\($0)-\(i % 20)" } ?? "\(i % 80)")
            let title = prefix + "\(i)"
            recents.record(RecentEntry(kind: .photo, path: path, title: title, opened: Timestamp(seconds: Int64(i))))
            do {
                try file.save(recents)
            } catch {
                fail(error.description)
            }
            guard tag != nil else { continue }
            let now = file.load(exists: { _ in true }).0
            guard now.entries.contains(where: { $0.path == path && $0.title == title }) else {
                fail("the entry of save \(i) (\(title)) was lost")
            }
        }
    }
}
