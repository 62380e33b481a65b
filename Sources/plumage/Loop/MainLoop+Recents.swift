import FeedImport
import Foundation
import Jobs
import PlumageCore

/// The recently opened list: what the loop records (sources opened, photos viewed) and its saving,
/// one write after another off the main thread.
extension MainLoop {
    /// Puts `entry` first in the recently opened list and saves it.
    mutating func remember(_ entry: RecentEntry?) {
        guard let entry else { return }
        app.recents.record(entry)
        save()
    }

    /// Remembers the photo the top screen shows, once per photo viewed.
    mutating func rememberViewedPhoto() {
        let photo = app.top.viewedPhoto
        guard photo?.path != lastViewed else { return }
        lastViewed = photo?.path
        guard let photo, let path = photo.path, FileManager.default.fileExists(atPath: path) else { return }
        remember(RecentEntry(kind: .photo, path: path, title: photo.title, opened: wallNow()))
    }

    /// Writes the recently opened list in the background; a failure shows once as a notice.
    func save() {
        let recents = app.recents, file = recentsFile
        jobs.submit(on: .saving) {
            do {
                try file.save(recents)
            } catch {
                FileHandle.standardError.write(Data("plumage: cannot save the recently opened list: \(error)\n".utf8))
            }
        }
    }

    /// Now on the wall clock.
    func wallNow() -> Timestamp { Timestamp(seconds: Int64(Date().timeIntervalSince1970)) }
}
