import Archives
import PlumageCore

/// The owner of a Mastodon archive, from `actor.json` (an ActivityPub `Person`).
enum MastodonActor {
    /// Name (`name`, else `preferredUsername`), handle `user@host` (`preferredUsername` and the host
    /// of `url`, else of `id`; else read from a profile URL), avatar from `icon.url` (`avatar.png`)
    /// when the archive holds it, else any `avatar.*` at its root. Without an actor, the handle
    /// comes from `fallbackActorURL` (an activity's `actor`, `https://host/users/name`).
    static func owner(_ actor: JSONValue?, fallbackActorURL: String?, archive: any ArchiveFiles) -> Author {
        let user = actor?["preferredUsername"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        let urls = [actor?["url"]?.string, actor?["id"]?.string, fallbackActorURL].compactMap { $0 }
        var handle: String?
        if let user, let host = urls.lazy.compactMap(RemoteURL.host(of:)).first { handle = user + "@" + host }
        handle = handle ?? urls.lazy.compactMap(MentionDirectory.handle(fromProfileURL:)).first ?? user
        let name = actor?["name"]?.string.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
            ?? user ?? handle.map { String($0.prefix { $0 != "@" }) }
        return FieldLimits.capped(Author(
            name: name ?? "Mastodon archive", handle: handle ?? "unknown", avatar: avatar(actor, archive: archive)))
    }

    /// The avatar file: `icon.url` (one object or the first of an array) when the archive holds
    /// it, else the first `avatar.*` at the root.
    private static func avatar(_ actor: JSONValue?, archive: any ArchiveFiles) -> ResourceLocator? {
        let icon = MastodonStatusReader.list(actor?["icon"]).first
        if let url = icon?["url"]?.string ?? icon?.string {
            let name = String(url.drop { $0 == "/" })
            if ArchivePath.isConfined(name), archive.contains(name) { return archive.locator(of: name) }
        }
        return archive.entries.first { $0.hasPrefix("avatar.") && !$0.contains("/") }.map(archive.locator(of:))
    }
}
