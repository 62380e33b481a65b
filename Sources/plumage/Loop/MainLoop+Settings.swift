import FeedImport
import Foundation
import Jobs
import PlumageCore
import SDLPlatform

extension MainLoop {
    /// Notes the settings in effect at `now` (monotonic seconds) and writes them when a change is due.
    mutating func keepSettings(at now: Double) {
        settings.observe(app: app, window: window, at: now)
        if let due = settings.due(at: now) { write(due) }
    }

    /// Writes the fields of `settings` the user changed in the background, after the writes queued
    /// before it, over what the file then holds; a failure goes to stderr.
    func write(_ settings: Settings) {
        let file = self.settings.file, changed = self.settings.changedFields
        jobs.submit(on: .saving) {
            do {
                try file.save(settings, changed: changed)
            } catch {
                FileHandle.standardError.write(Data("plumage: cannot save the settings: \(error)\n".utf8))
            }
        }
    }

    /// Queues the last settings change (if any), then waits until every queued save is written
    /// (before the process exits).
    mutating func finishSaving() {
        if let last = settings.atQuit(app: app, window: window) { write(last) }
        jobs.waitForSaving()
    }
}
