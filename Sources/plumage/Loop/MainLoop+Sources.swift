import Archives
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// What the loop reads and where it reads it: the source shown (from the command line or a recently
/// opened entry), its reload, its background read through the index cache, its search index, and a
/// photo folder's scan and header reads.
extension MainLoop {
    /// Builds the search index of `source` in the background (it takes as long as a full scan:
    /// about half a second for 100,000 items); it arrives as an event.
    mutating func indexForSearch(_ source: FeedSource?) {
        guard let items = source?.items else { return }
        app.searchIndexGeneration += 1
        let generation = app.searchIndexGeneration
        let jobs = backend.jobs
        backend.runInBackground { post in
            post(.searchIndex(SearchIndexBuilder.build(items: items, generation: generation, jobs: jobs)))
        }
    }

    /// Scans the photo folder named on the command line in the background, replacing a scan under
    /// way; its batches arrive as events while it runs (nothing when no folder was named).
    mutating func scanPlaces() {
        guard let root = opened.placesRoot else { return }
        placeScan?.cancel()
        let cancellation = ScanCancellation()
        placeScan = cancellation
        placeScanGeneration += 1
        let generation = placeScanGeneration
        backend.runInBackground { post in
            PlaceScanner(rootPath: root).scan(generation: generation, cancellation: cancellation) { post(.placesScanned($0)) }
        }
    }

    /// Reads the headers `request` names in the background instead of those asked for before.
    mutating func readHeaders(_ request: PhotoHeaderRequest) {
        headerReading?.cancel()
        let cancellation = ScanCancellation()
        headerReading = cancellation
        backend.runInBackground { post in
            PhotoHeaderReader.read(request, cancellation: cancellation) { post(.photoHeaders($0)) }
        }
    }

    /// Reads the source again from its path (the demo when none), as the event that tells the app:
    /// the new source, or why it cannot be read (the old one stays). Nil for photos named on the
    /// command line, which have no source to reload; a photo folder is scanned again instead (its
    /// batches tell the app).
    mutating func reload() -> InputEvent? {
        guard opened.photos.isEmpty else { return nil }
        if opened.placesRoot != nil {
            scanPlaces()
            return nil
        }
        do {
            let source = try SourceLoader.load(
                paths: opened.paths, resources: startup.resources, archives: startup.archives, jobs: backend.jobs)
            indexForSearch(source)
            return .sourceReloaded(source)
        } catch {
            return .failed("cannot reload: \(error.description)")
        }
    }

    /// Opens a recently opened source or photo in place of what is shown; a failure is a notice.
    mutating func open(_ entry: RecentEntry) {
        do {
            let next = try Opened.begin(
                paths: [entry.path], resources: startup.resources, cache: cacheStore, archives: startup.archives)
            let effects = app.replaceRoot(next.root)
            _ = backend.perform(effects)
            opened = next
            if next.isPending { loadInBackground(reloading: false) } else { indexForSearch(next.feed) }
            scanPlaces()
            layoutPending = true
            remember(entry.kind == .source ? next.recentEntry(at: wallNow()) : nil)
        } catch {
            app.showNotice("cannot open \(error.description)", at: time())
        }
    }

    /// Reads the source of `opened.paths` on a background thread (through the index cache) while
    /// the window shows what it has, with a progress bar; the posts arrive as `.sourceReloaded`
    /// (which keeps the reader's place), then the search index. A failure is a notice.
    mutating func loadInBackground(reloading: Bool) {
        let paths = opened.paths, resources = startup.resources, store = cacheStore, archives = startup.archives
        let name = opened.feed?.title ?? ""
        let label = reloading ? "Reloading…" : "Reading \(name)…"
        app.loading = LoadingBar(fraction: 0, label: label)
        app.searchIndexGeneration += 1
        let generation = app.searchIndexGeneration
        let jobs = backend.jobs
        backend.runInBackground { post in
            do throws(SourceError) {
                let source = try SourceLoader.load(
                    paths: paths, resources: resources, cache: store, archives: archives, jobs: jobs
                ) {
                    fraction in
                    post(.loading(LoadingBar(fraction: fraction, label: label)))
                }
                post(.sourceReloaded(source))
                if let warning = source.warnings.first {
                    let more = source.warnings.count > 1 ? " (and \(source.warnings.count - 1) more)" : ""
                    post(.failed(warning + more))
                }
                post(.loading(nil))
                post(.searchIndex(SearchIndexBuilder.build(items: source.items, generation: generation, jobs: jobs)))
            } catch {
                post(.loading(nil))
                post(.failed((reloading ? "cannot reload: " : "cannot read ") + error.description))
            }
        }
    }
}
