import FeedImport
import Foundation
import Jobs
import PlumageCore

/// The recently opened list's file: the photos the core asks to remember are checked on disk here,
/// and the list the core keeps is written one write after another on the job system's saving lane.
extension WindowPlatform {
    /// The entry for `photo`, viewed now, when it is a file on disk; nil for a member of an archive
    /// or a missing file (neither can be opened again from the list).
    func viewedEntry(_ photo: Photo) -> RecentEntry? {
        guard case .file(let path) = photo.source, FileManager.default.fileExists(atPath: path) else { return nil }
        return RecentEntry(kind: .photo, path: path, title: photo.title, opened: wallNow())
    }

    /// Writes `recents` on the saving lane of the job system (after the writes queued before it,
    /// off the main thread), merged with what the file then holds; a failure goes to stderr.
    func save(_ recents: Recents) {
        let file = recentsFile
        jobs.submit(on: .saving) {
            do {
                try file.save(recents)
            } catch {
                FileHandle.standardError.write(Data("plumage: cannot save the recently opened list: \(error)\n".utf8))
            }
        }
    }
}

/// Now on the wall clock.
func wallNow() -> Timestamp { Timestamp(seconds: Int64(Date().timeIntervalSince1970)) }
