import ArgumentParser
import FeedImport
import Foundation
import PlumageCore

/// `plumage dump`: the parsed source, as the JSON contract of SPEC §6 or a short summary.
struct DumpCommand: ParsableCommand {
    /// The `dump` command's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "dump", abstract: "Print the parsed source.",
        discussion: """
            --json prints the schema of SPEC §6. A live feed (URL or @user@host) is read from the network: \
            source.kind is rss, atom, json-feed, mastodon-tag, mastodon-account or bluesky-account; authors \
            have avatar_url and media url (remote URLs), their path null; no media are fetched. What a URL is \
            comes from the server's answers (a Mastodon server answers /api/v2/instance; feeds are sniffed by \
            content; a page is searched for its <link rel="alternate"> feed), except \
            https://bsky.app/profile/HANDLE, read from the Bluesky AppView (PLUMAGE_BLUESKY_APPVIEW names \
            another). --pages N follows Link rel="next", Bluesky cursors and RFC 5005 next pages. Pages are \
            kept in $XDG_CACHE_HOME/plumage/web/ and asked for again conditionally (a 304 reuses the copy); \
            with the server unreachable a page read before is printed from there, with a line containing \
            "offline" on stderr (status 0). Errors exit 1 with one line: connect 10 s, no data for 15 s, 60 s \
            in all, 5 redirects, http/https only, 16 MiB after decompression, 429/503 with Retry-After ≤ 60 s \
            retried once, a Mastodon 401 says the server requires signing in (login).
            """)

    /// Paths of the sources (merged newest first); empty means the bundled demo.
    @Argument(
        help: "Sources: a Twitter/X or Mastodon archive (.zip or folder), a JSON Feed file, a photo folder, or a live feed (an http(s) URL of a Mastodon tag or account, a Bluesky profile, an RSS/Atom/JSON feed or a page linking to one; or @user@host); several are merged; the bundled demo when omitted.",
        completion: .file())
    var paths: [String] = []
    /// Pages of each live feed to read, newest first.
    @Option(help: "Pages of a live feed to read (newest first).") var pages = 1
    /// A search query the items are filtered by; nil keeps all.
    @Option(help: "Only items matching: '#tag', '@user' or words.") var search: String?
    /// True to print the SPEC §6 JSON instead of the summary.
    @Flag(help: "Print the SPEC §6 JSON.") var json = false

    /// Prints the source as JSON or as a summary of its sections and first 20 items.
    func run() throws {
        let live = paths.filter(LiveDump.isLive)
        var sources: [FeedSource] = []
        if !live.isEmpty {
            guard pages >= 1, pages <= 1000 else { fail("--pages must be between 1 and 1000") }
            do throws(SourceError) {
                let reader = LiveDump(domains: try PublicSuffixList.installed())
                for address in live { sources.append(try reader.read(address, pages: pages)) }
            } catch {
                fail(error.description)
            }
        }
        let local = paths.filter { !LiveDump.isLive($0) }
        if !local.isEmpty || live.isEmpty { sources.append(Startup(paths: local).dumpSource) }
        var source = sources.count == 1 ? sources[0] : SourceMerge.merged(sources)
        for warning in source.warnings { warn(warning) }
        if let search { source = SearchQuery(search).results(in: source) }
        if json {
            print(DumpEncoder.encode(source))
            return
        }
        print("\(source.title) (\(source.kind.rawValue)): \(source.items.count) items")
        for section in source.sections { print("  \(section.name): \(section.itemIndices.count)") }
        for item in source.items.prefix(20) {
            // The first 80 characters only (a post may be 50 MB), newlines shown as spaces.
            let text = String(item.text.prefix(80).map { $0.isNewline ? " " : $0 })
            print("\(item.dateDescription)  @\(item.author.handle)  \(text)")
        }
        if source.items.count > 20 { print("… \(source.items.count - 20) more") }
    }
}
