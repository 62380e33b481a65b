import Archives
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// What the window reads and where it reads it: the source shown (from the command line or a
/// recently opened entry), its reload, its background read through the index cache, its search
/// index, and a photo folder's scan and header reads. Each reading of a source is announced to the
/// core (`.readingSource`), which hands it back with its search-index generation (`.readSource`).
extension WindowPlatform {
    /// Carries out `read` for search-index generation `generation`: builds the search index of a
    /// source read whole in the background (it takes as long as a full scan: about half a second
    /// for 100,000 items), or reads a large source in the background.
    func readSource(_ read: SourceRead, generation: Int) {
        switch read {
        case let .index(source):
            let items = source.items, jobs = backend.jobs
            backend.runInBackground { post in
                post(.searchIndex(SearchIndexBuilder.build(items: items, generation: generation, jobs: jobs)))
            }
        case let .load(bar, reloading):
            load(label: bar.label, reloading: reloading, generation: generation)
        }
    }

    /// Scans the photo folder shown in the background, replacing a scan under way; its batches
    /// arrive as events while it runs (nothing when no folder is shown).
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

    /// Reads the source again from its path (the demo when none), as the events that tell the app:
    /// a large source is read in the background; another one is read now: the new source (and its
    /// search index to build), or why it cannot be read (the old one stays). Nothing for photos
    /// named on the command line, which have no source to reload; a photo folder is scanned again
    /// instead (its batches tell the app).
    mutating func reload() -> [InputEvent] {
        guard opened.photos.isEmpty else { return [] }
        if SourceLoader.isLarge(paths: opened.paths, archives: startup.archives) {
            return [loadInBackground(reloading: true)]
        }
        if opened.placesRoot != nil {
            scanPlaces()
            return []
        }
        do {
            let source = try SourceLoader.load(
                paths: opened.paths, resources: startup.resources, archives: startup.archives, jobs: backend.jobs)
            return [.sourceReloaded(source), .readingSource(.index(source))]
        } catch {
            return [.sourceTrouble(.cannotReload(error.description))]
        }
    }

    /// Opens a recently opened source or photo in place of what is shown: the events that tell the
    /// app (its content, its reading, the entry to remember), or why it cannot be opened.
    mutating func open(_ entry: RecentEntry) -> [InputEvent] {
        do {
            let next = try Opened.begin(
                paths: [entry.path], resources: startup.resources, cache: cacheStore, archives: startup.archives)
            opened = next
            var events: [InputEvent] = [.opened(next.content)]
            if next.isPending {
                events.append(loadInBackground(reloading: false))
            } else if let feed = next.feed {
                events.append(.readingSource(.index(feed)))
            }
            scanPlaces()
            if entry.kind == .source, let remembered = next.recentEntry(at: wallNow()) {
                events.append(.recentOpened(remembered))
            }
            return events
        } catch {
            return [.sourceTrouble(.cannotOpen(error.description))]
        }
    }

    /// The announcement of a background read of `opened.paths` (through the index cache), with its
    /// progress bar; the core answers with `.readSource`, which starts it (`load`).
    func loadInBackground(reloading: Bool) -> InputEvent {
        let label = reloading ? "Reloading…" : "Reading \(opened.feed?.title ?? "")…"
        return .readingSource(.load(LoadingBar(fraction: 0, label: label), reloading: reloading))
    }

    /// Reads the source of `opened.paths` on the loading lane while the window shows what it has,
    /// moving the progress bar labelled `label`; the posts arrive as `.sourceReloaded` (which keeps
    /// the reader's place), then its search index of generation `generation`. A failure or the
    /// source's warnings are told as `.sourceTrouble`.
    func load(label: String, reloading: Bool, generation: Int) {
        let paths = opened.paths, resources = startup.resources, store = cacheStore, archives = startup.archives
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
                if !source.warnings.isEmpty { post(.sourceTrouble(.warnings(source.warnings))) }
                post(.loading(nil))
                post(.searchIndex(SearchIndexBuilder.build(items: source.items, generation: generation, jobs: jobs)))
            } catch {
                post(.loading(nil))
                post(.sourceTrouble(reloading ? .cannotReload(error.description) : .cannotRead(error.description)))
            }
        }
    }
}
