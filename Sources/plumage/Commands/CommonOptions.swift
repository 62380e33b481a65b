import Archives
import ArgumentParser
import FeedImport
import Jobs
import Foundation
import PlumageCore
import SDLPlatform

/// A `WIDTHxHEIGHT` size argument in points.
struct SizeArgument: ExpressibleByArgument {
    /// The parsed size in points.
    let size: Size
    /// Parses `WIDTHxHEIGHT` (each 64…16384); nil when malformed.
    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (64...16384).contains(w),
              (64...16384).contains(h) else { return nil }
        size = Size(width: Double(w), height: Double(h))
    }
    /// The default window size, 1280×800 points.
    static let defaultWindow = SizeArgument(argument: "1280x800")!
    /// The size as written on the command line (`1280x800`), for `--help` and the man page.
    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// Prints `message` to stderr as one line (`MessageText.line`) and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("plumage: \(MessageText.line(message))\n".utf8))
    exit(1)
}

/// Prints `plumage: warning: message` to stderr as one line (`MessageText.line`).
func warn(_ message: String) {
    FileHandle.standardError.write(Data("plumage: warning: \(MessageText.line(message))\n".utf8))
}

/// The data folder, the themes and what every command starts from: a feed, or photos named on
/// the command line.
struct Startup {
    /// Where the assets and fonts are.
    let resources: DataRoot
    /// The archives this run opened: detection, the loader and the backend's decoders share one
    /// reading of each zip (its directory read once) through it.
    let archives = OpenArchives()
    /// The shipped themes, read when first asked for: `dump` never draws, so a broken palette it
    /// would not use cannot stop it. Exits with a message when one is broken; warns once for each
    /// theme whose background photo is missing.
    var themes: ThemeLibrary { themeCache.library(assets: resources.assetsURL.path) }
    private let themeCache = ThemeCache()
    /// What the command line's paths hold.
    let opened: Opened
    /// The command's one job system (its lanes start their threads on first use), handed to the
    /// backend and to whatever else runs work off the main thread.
    let jobs = JobSystem()
    /// The loaded feed or demo; nil when the command line named photos.
    var feed: FeedSource? { opened.feed }
    /// The photos named on the command line (image files, or several folders), shown in the image
    /// view at start.
    var photos: [Photo] { opened.photos }
    /// The one folder named on the command line (absolute), shown as places (`PlacesScreen`), or
    /// straight as its photo list (`PlaceScreen`) when it has no sub-folders; its scan starts with the app.
    var placesRoot: String? { opened.placesRoot }
    /// True when `placesRoot` has sub-folders (it opens as a places list).
    var placesHaveSubfolders: Bool { opened.placesHaveSubfolders }
    /// What the photos are called in the window title (the folder's or file's name, or "N photos").
    var photosTitle: String { opened.photosTitle }
    /// The paths given on the command line (empty for the demo).
    var paths: [String] { opened.paths }

    /// Locates resources and loads the source at `path` (nil = demo), or exits with a message.
    init(path: String?) { self.init(paths: path.map { [$0] } ?? []) }

    /// Locates resources, then reads `paths`: images and folders open the image view;
    /// otherwise one feed (the demo when `paths` is empty). Exits with a message on bad input.
    /// With `cache` (the window), a large source is taken from its index cache or left pending
    /// (`Opened.begin`) instead of being read before the window opens.
    init(paths: [String], cache: SourceCacheStore? = nil) {
        do {
            resources = try DataRoot.locate()
        } catch {
            fail(error.description)
        }
        do throws(SourceError) {
            if let cache {
                opened = try Opened.begin(paths: paths, resources: resources, cache: cache, archives: archives)
            } else {
                opened = try Opened.open(paths: paths, resources: resources, archives: archives)
            }
        } catch {
            fail(error.description)
        }
    }

    /// The source as `dump` shows it: the feed, or the photos as a photo-folder source (a folder
    /// scanned to the end, its headers read).
    var dumpSource: FeedSource {
        if let feed { return feed }
        if let placesRoot { return PhotoFolderSource.load(path: placesRoot) }
        return PhotoFolderSource.source(files: photos.compactMap(\.source?.path), title: photosTitle)
    }

    /// The time relative dates are measured from in reproducible output: an hour after the newest item.
    var reproducibleNow: Timestamp {
        (feed?.items.compactMap(\.date).max() ?? Timestamp(seconds: 0)).advanced(by: 3600)
    }

    /// The app at start with `theme`: the feed screen, the places of a folder (or its photo list
    /// when it has no sub-folders), or the image view on the photos (a stack whose root is the image view).
    func app(theme: Theme) -> AppState {
        var app = AppState(root: opened.root, themes: themes, theme: theme)
        app.assetRoot = resources.assetsURL.path
        let backgrounds = resources.assetsURL.path + "/backgrounds"
        app.backgrounds = ((try? FileManager.default.contentsOfDirectory(atPath: backgrounds)) ?? [])
            .filter { [".jpg", ".jpeg", ".png", ".webp"].contains(where: $0.lowercased().hasSuffix) }.sorted()
        return app
    }

    /// A backend drawing with `renderer`, with the shipped assets and fonts, working on `jobs`,
    /// fetching remote images through the web cache.
    func backend(renderer: Renderer, systemEmoji: Bool) throws(SDLError) -> SDLBackend {
        try SDLBackend(assetsDirectory: resources.assetsURL.path, fontsDirectory: resources.fontsURL.path,
                       renderer: renderer, systemEmoji: systemEmoji, archives: archives, jobs: jobs,
                       remoteImages: RemoteImages())
    }

    /// The theme called `name`, or exits listing the valid names.
    func theme(named name: String?) -> Theme {
        let wanted = name ?? ThemeLibrary.shippedNames[0]
        guard let theme = themes.theme(named: wanted) else {
            fail("unknown theme '\(MessageText.clipped(wanted))'; themes are: \(themes.names.joined(separator: ", "))")
        }
        return theme
    }
}

/// The shipped themes of a `Startup`, read once on first use.
private final class ThemeCache {
    private var loaded: ThemeLibrary?

    /// The themes in `assets/themes`, read the first time; exits with a message when one is broken
    /// and warns for each missing background photo.
    func library(assets: String) -> ThemeLibrary {
        if let loaded { return loaded }
        let themeDirectory = assets + "/themes/"
        let library: ThemeLibrary
        do {
            library = try ThemeLibrary(loading: ThemeLibrary.shippedNames) { (file) throws(StyleError) -> String in
                guard let text = try? String(contentsOfFile: themeDirectory + file, encoding: .utf8) else {
                    throw StyleError(file: themeDirectory + file, line: 0, reason: "cannot read the file")
                }
                return text
            }
        } catch {
            fail(error.message)
        }
        for warning in library.missingBackgrounds(hasBackground: { ArchivePath.isRegularFile(assets + "/backgrounds/" + $0) }) {
            warn(warning)
        }
        loaded = library
        return library
    }
}
