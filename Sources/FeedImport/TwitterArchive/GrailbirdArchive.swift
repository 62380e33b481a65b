import Archives
import PlumageCore

/// The legacy (≤ 2018) "Grailbird" export: `data/js/tweets/YYYY_MM.js` files holding
/// `Grailbird.data.tweets_YYYY_MM = [ … ]` (API v1.1 tweets: `text`, numbers as numbers, `user`,
/// `retweeted_status`, dates `2014-05-27 12:24:35 +0000`), the owner in `data/js/user_details.js`
/// (`var user_details = {screen_name, full_name, …}`), and no media files: its media are remote.
/// The tweets themselves are read by `TweetReader` like any other era's.
enum GrailbirdArchive {
    /// The monthly tweets files among `entries` (relative names under `data/`), oldest first.
    static func tweetFiles(in entries: [String]) -> [String] {
        let folder = "data/js/tweets/"
        return entries.filter { $0.hasPrefix(folder) && $0.hasSuffix(".js") && !$0.utf8.dropFirst(folder.utf8.count).contains(UInt8(ascii: "/")) }.sorted()
    }

    /// The owner named by `data/js/user_details.js`, or nil (an unreadable file adds to `warnings`).
    static func owner(_ archive: any ArchiveFiles, warnings: inout [String]) -> Author? {
        let file = "data/js/user_details.js"
        guard archive.contains(file) else { return nil }
        switch ArchiveScript.value(file, in: archive) {
        case .success(let details):
            guard let handle = details["screen_name"]?.string, !handle.isEmpty else { return nil }
            let name = details["full_name"]?.string ?? ""
            return FieldLimits.capped(Author(name: name.isEmpty ? handle : name, handle: handle))
        case .failure(let failure):
            warnings.append(failure.warning)
            return nil
        }
    }
}
