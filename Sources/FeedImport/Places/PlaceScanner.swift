import Archives
import Foundation
import PlumageCore

/// Finds the places under a folder (SPEC §4, seed 002): every folder that directly holds photos,
/// with its photos in `NaturalOrder` and their file times. It runs on whatever thread calls
/// `scan` (a background thread in the window, the caller's in `snapshot` and `dump`) and hands out
/// `PlaceScanBatch`es as it goes: the first as soon as a photo is found, then every
/// `batchInterval` or `batchPhotos` photos, so places appear and grow while it runs.
///
/// Read-only and bounded: folders are opened read-only and nothing is written; hidden entries
/// (".name") are skipped; symbolic links to folders are not followed, a linked photo file is
/// listed only when it lies under the root, and a folder already seen (a bind mount looping back)
/// is not entered twice; folders deeper than `maxDepth` below the root are not entered and the
/// scan stops after `maxPhotos` photos; folders that cannot be read are skipped and counted. All
/// three are reported with the final batch (`PlaceScanLimit`), which the screens show as notices.
public struct PlaceScanner: Sendable {
    /// The bounds of one scan.
    public struct Limits: Hashable, Sendable {
        /// Folders at most this many levels below the root are entered (the root is level 0).
        public var maxDepth: Int
        /// The scan stops after this many photos.
        public var maxPhotos: Int
        /// 16 levels and 1,000,000 photos.
        public init(maxDepth: Int = 16, maxPhotos: Int = 1_000_000) { self.maxDepth = maxDepth; self.maxPhotos = maxPhotos }
    }

    /// The folder scanned, absolute.
    public let rootPath: String
    /// The bounds.
    public var limits: Limits
    /// Longest time between two batches while photos keep coming.
    public var batchInterval: Duration = .milliseconds(50)
    /// Most photos in one batch (a batch is handed out as soon as it has this many).
    public var batchPhotos = 4096
    /// Opens a folder for listing: `opendir`; tests stand in a failure (root may read any folder).
    var openFolder: @Sendable (String) -> OpaquePointer? = { opendir($0) }

    /// A scanner of the folder at `path` (made absolute).
    public init(rootPath path: String, limits: Limits = Limits()) {
        rootPath = FileSystem.absolute(path)
        self.limits = limits
    }

    /// What a first look at a folder's own entries finds: whether it has sub-folders (so it opens
    /// as a places list) and whether it holds images itself. Hidden entries, links to folders and
    /// links leading out of it do not count.
    public static func survey(_ path: String) -> (hasSubfolders: Bool, hasImages: Bool) {
        var result = (hasSubfolders: false, hasImages: false)
        let absolute = FileSystem.absolute(path)
        let root = ArchivePath.realPath(absolute) ?? absolute
        _ = FolderListing.forEach(in: absolute, root: root, files: PhotoList.isImageName) { _, kind in
            switch kind {
            case .folder: result.hasSubfolders = true
            case .file: result.hasImages = true
            }
            return !(result.hasSubfolders && result.hasImages)
        }
        return result
    }

    /// Walks the tree, handing each batch to `deliver` on the calling thread; the last has `isFinal`.
    /// Stops early, without a final batch, once `cancellation` is cancelled.
    public func scan(generation: Int, cancellation: ScanCancellation? = nil, deliver: (PlaceScanBatch) -> Void) {
        withoutActuallyEscaping(deliver) { deliver in
            var batcher = Batcher(generation: generation, interval: batchInterval, maxPhotos: batchPhotos, deliver: deliver)
            walk(&batcher, cancellation: cancellation)
        }
    }

    /// The walk of `scan`, handing its photos to `batcher`.
    private func walk(_ batcher: inout Batcher, cancellation: ScanCancellation?) {
        var reached: [PlaceScanLimit] = []
        var seen = Set<FolderListing.Identity>()
        var unreadable = 0
        let realRoot = ArchivePath.realPath(rootPath) ?? rootPath
        // Not counted: a folder gone since its parent was listed, or a root that is no folder.
        let opening = { (path: String) -> OpaquePointer? in
            let dir = openFolder(path)
            if dir == nil, errno != ENOENT, errno != ENOTDIR { unreadable += 1 }
            return dir
        }
        // Depth first, sub-folders in name order; the root is "" (its own photos are a place too).
        var stack: [(folder: String, depth: Int)] = [("", 0)]
        walk: while let (folder, depth) = stack.popLast() {
            if cancellation?.isCancelled == true { return }
            let path = folder.isEmpty ? rootPath : rootPath + "/" + folder
            var images: [(key: NaturalOrder.Key, name: String, modified: Timestamp)] = []
            var subfolders: [String] = []
            let identity = FolderListing.forEach(
                in: path, root: realRoot, files: PhotoList.isImageName, seen: &seen, opening: opening
            ) { name, kind in
                switch kind {
                case .folder: subfolders.append(name)
                case let .file(modified): images.append((NaturalOrder.Key(name), name, modified))
                }
                return true
            }
            guard identity != nil else { continue }
            images.sort { $0.key < $1.key }
            for start in stride(from: 0, to: images.count, by: 512) {
                let slice = images[start..<min(images.count, start + 512)]
                let chunk = slice.prefix(limits.maxPhotos - batcher.photoCount)
                batcher.add(chunk.map { PlacePhoto(name: $0.name, modified: $0.modified) }, folder: folder)
                // A photo found past the cap: the scan stops (a tree of exactly the cap is complete).
                if chunk.count < slice.count {
                    reached.append(.photos(limits.maxPhotos))
                    break walk
                }
            }
            if depth >= limits.maxDepth {
                if !subfolders.isEmpty && !reached.contains(.depth(limits.maxDepth)) { reached.append(.depth(limits.maxDepth)) }
            } else {
                let sorted = subfolders.map { (NaturalOrder.Key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
                for name in sorted.reversed() { stack.append((folder.isEmpty ? name : folder + "/" + name, depth + 1)) }
            }
        }
        if cancellation?.isCancelled == true { return }
        batcher.finish(limits: reached + (unreadable > 0 ? [.unreadableFolders(unreadable)] : []))
    }
}

/// Gathers a scan's photos into batches and hands them out when due.
private struct Batcher {
    /// The scan's number, stamped on every batch.
    let generation: Int
    /// Longest wait between two batches while photos come.
    let interval: Duration
    /// A batch goes out as soon as this many photos wait.
    let maxPhotos: Int
    /// Where batches go.
    let deliver: (PlaceScanBatch) -> Void
    /// Photos found so far, handed out or not.
    private(set) var photoCount = 0
    /// Photos waiting, by folder, in the order found.
    private var pending: [PlaceAddition] = []
    /// How many photos `pending` holds.
    private var pendingPhotos = 0
    /// When the last batch went out.
    private var lastDelivery = ContinuousClock.now
    /// True once a batch went out (the first goes as soon as there is a photo).
    private var deliveredAny = false

    /// A batcher handing batches of scan `generation` to `deliver`.
    init(generation: Int, interval: Duration, maxPhotos: Int, deliver: @escaping (PlaceScanBatch) -> Void) {
        self.generation = generation; self.interval = interval; self.maxPhotos = maxPhotos; self.deliver = deliver
    }

    /// Adds photos of `folder` (following its earlier ones) and hands out a batch when one is due:
    /// the very first photos at once, then every `interval` or `maxPhotos` photos.
    mutating func add(_ photos: [PlacePhoto], folder: String) {
        guard !photos.isEmpty else { return }
        if pending.last?.folder == folder {
            pending[pending.count - 1].photos += photos
        } else {
            pending.append(PlaceAddition(folder: folder, photos: photos))
        }
        pendingPhotos += photos.count
        photoCount += photos.count
        if !deliveredAny || pendingPhotos >= maxPhotos || ContinuousClock.now - lastDelivery >= interval {
            flush(isFinal: false, limits: [])
        }
    }

    /// Hands out what is left as the final batch.
    mutating func finish(limits: [PlaceScanLimit]) { flush(isFinal: true, limits: limits) }

    /// Hands out the waiting photos (possibly none) as one batch.
    private mutating func flush(isFinal: Bool, limits: [PlaceScanLimit]) {
        deliver(PlaceScanBatch(generation: generation, additions: pending, photoCount: photoCount, isFinal: isFinal,
                               limits: limits))
        pending = []
        pendingPhotos = 0
        lastDelivery = .now
        deliveredAny = true
    }
}
