import Archives
import PlumageCore

/// The archive's owner (archive-formats.md §1.6): account id, handle and name from the manifest's
/// `userInfo`, else `data/account.js` (whose `email` is never looked at); the avatar
/// `<profile media>/<accountId>-<basename of profile.js avatarMediaUrl>`, else the first other
/// `<accountId>-*` image there that is not the banner. Grailbird: see `GrailbirdArchive`.
enum TwitterOwner {
    /// The owner of `archive` laid out as `layout`, or nil when no file names them; unreadable files
    /// add to `warnings`.
    static func read(_ archive: any ArchiveFiles, layout: TwitterArchiveLayout, warnings: inout [String]) -> Author? {
        if layout.isGrailbird { return GrailbirdArchive.owner(archive, warnings: &warnings) }
        var id = layout.userInfo?["accountId"]?.idString
        var handle = layout.userInfo?["userName"]?.string
        var name = layout.userInfo?["displayName"]?.string
        if id == nil || handle == nil || name == nil, let account = first("data/account.js", "account", archive, &warnings) {
            id = id ?? account["accountId"]?.idString
            handle = handle ?? account["username"]?.string
            name = name ?? account["accountDisplayName"]?.string
        }
        guard let handle = handle.flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        let profile = first("data/profile.js", "profile", archive, &warnings)
        let avatar = id.flatMap { avatarFile(archive, directory: layout.profileDirectory, accountID: $0, profile: profile) }
        return FieldLimits.capped(
            Author(name: name.flatMap { $0.isEmpty ? nil : $0 } ?? handle, handle: handle, avatar: avatar.map(archive.locator(of:))))
    }

    /// `[0].<key>` of script file `relative`, or nil when it is absent or unreadable (then warned).
    private static func first(_ relative: String, _ key: String, _ archive: any ArchiveFiles, _ warnings: inout [String]) -> JSONValue? {
        guard archive.contains(relative) else { return nil }
        switch ArchiveScript.value(relative, in: archive) {
        case .success(let value): return value.array?.first?[key]
        case .failure(let failure):
            warnings.append(failure.warning)
            return nil
        }
    }

    /// The avatar's entry: the file `profile.js` names, else the first `<accountID>-*` image that is
    /// not the banner.
    private static func avatarFile(_ archive: any ArchiveFiles, directory: String, accountID: String, profile: JSONValue?) -> String? {
        let prefix = directory + "/" + accountID + "-"
        if let named = (profile?["avatarMediaUrl"]?.string).flatMap(TweetMedia.basename), archive.contains(prefix + named) {
            return prefix + named
        }
        let banner = (profile?["headerMediaUrl"]?.string).flatMap(TweetMedia.basename).map { prefix + $0 }
        return archive.entries(under: directory).first { entry in
            let ext = entry.split(separator: ".").last?.lowercased() ?? ""
            return entry.hasPrefix(prefix) && !entry.utf8.dropFirst(prefix.utf8.count).contains(UInt8(ascii: "/"))
                && ["jpg", "jpeg", "png", "gif", "webp"].contains(ext) && !(banner.map { entry.hasPrefix($0) } ?? false)
        }
    }
}
