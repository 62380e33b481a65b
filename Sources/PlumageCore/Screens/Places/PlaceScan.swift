import Imaging

/// What the folder scan (FeedImport's `PlaceScanner`, on a background thread) reports to the
/// places screens, batch by batch, and what reading photo headers reports back.

/// Photos found in one folder since the last batch.
public struct PlaceAddition: Hashable, Sendable {
    /// The folder relative to the scanned root; "" for the root itself.
    public var folder: String
    /// The photos, in `NaturalOrder`, following any found before in the same folder.
    public var photos: [PlacePhoto]
    /// Creates an addition.
    public init(folder: String, photos: [PlacePhoto]) { self.folder = folder; self.photos = photos }
}

/// A bound the scan stopped at, or folders it could not read.
public enum PlaceScanLimit: Hashable, Sendable {
    /// Folders deeper than this many levels below the root were not looked into.
    case depth(Int)
    /// The scan stopped after this many photos.
    case photos(Int)
    /// This many folders could not be opened (permission denied, I/O error) and were skipped.
    case unreadableFolders(Int)

    /// The notice shown when the scan hit the limit.
    public var notice: String {
        switch self {
        case let .depth(levels): "Folders more than \(levels) levels deep were skipped"
        case let .photos(count): "Stopped looking after \(PlaceText.grouped(count)) photos"
        case let .unreadableFolders(count):
            count == 1 ? "1 folder could not be read" : "\(PlaceText.grouped(count)) folders could not be read"
        }
    }
}

/// One delivery of the scan: new photos by folder, and how far it has got.
public struct PlaceScanBatch: Hashable, Sendable {
    /// Which scan it comes from (a reload starts a new one); screens drop what they had from an older one.
    public var generation: Int
    /// New photos by folder, in the order found.
    public var additions: [PlaceAddition]
    /// Photos found so far, this batch included.
    public var photoCount: Int
    /// True for the scan's last batch.
    public var isFinal: Bool
    /// The bounds the scan stopped at (reported with the final batch).
    public var limits: [PlaceScanLimit]
    /// Creates a batch.
    public init(generation: Int, additions: [PlaceAddition], photoCount: Int, isFinal: Bool,
                limits: [PlaceScanLimit] = []) {
        self.generation = generation; self.additions = additions; self.photoCount = photoCount
        self.isFinal = isFinal; self.limits = limits
    }
}

/// One photo whose header should be read: where it is and which photo of its place it is.
public struct PhotoHeaderTask: Hashable, Sendable {
    /// Its index among its place's photos (photos are only ever appended, so it stays valid).
    public var index: Int
    /// The file's name (checked against the photo at `index` when the result arrives).
    public var name: String
    /// Creates a task.
    public init(index: Int, name: String) { self.index = index; self.name = name }
}

/// Photos of one place whose headers (dimensions, date taken) should be read off the main thread,
/// most wanted first (the rows on screen).
public struct PhotoHeaderRequest: Hashable, Sendable {
    /// The place's absolute folder path.
    public var folder: String
    /// The photos to read.
    public var tasks: [PhotoHeaderTask]
    /// Creates a request.
    public init(folder: String, tasks: [PhotoHeaderTask]) { self.folder = folder; self.tasks = tasks }
}

/// What one photo's header said.
public struct PhotoHeader: Hashable, Sendable {
    /// The photo's index among its place's photos.
    public var index: Int
    /// The file's name.
    public var name: String
    /// Its size as shown (EXIF orientation applied); nil when the header could not be read.
    public var size: PixelSize?
    /// When it was taken (EXIF DateTimeOriginal), if the header says.
    public var taken: Timestamp?
    /// Why the header could not be read ("not an image"); nil when it was.
    public var problem: String?
    /// Creates a result.
    public init(index: Int, name: String, size: PixelSize?, taken: Timestamp?, problem: String? = nil) {
        self.index = index; self.name = name; self.size = size; self.taken = taken; self.problem = problem
    }
}

/// Headers read for one place since the last batch.
public struct PhotoHeaderBatch: Hashable, Sendable {
    /// The place's absolute folder path.
    public var folder: String
    /// The results, in the order read.
    public var headers: [PhotoHeader]
    /// Creates a batch.
    public init(folder: String, headers: [PhotoHeader]) { self.folder = folder; self.headers = headers }
}
