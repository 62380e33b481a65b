import Imaging

/// One photo file of a place, as the scan found it and its header later told.
public struct PlacePhoto: Hashable, Sendable {
    /// The file's name in its folder ("IMG_0001.jpg").
    public var name: String
    /// The file's modification time.
    public var modified: Timestamp
    /// When it was taken (EXIF DateTimeOriginal), once its header was read and if it says.
    public var taken: Timestamp?
    /// Its size as shown (EXIF orientation applied), once its header was read.
    public var size: PixelSize?
    /// True once its header was read (successfully or not).
    public var headerRead: Bool
    /// Why its header could not be read, when it could not ("not an image").
    public var problem: String?

    /// A photo known only from its folder listing.
    public init(name: String, modified: Timestamp) {
        self.name = name; self.modified = modified; taken = nil; size = nil; headerRead = false; problem = nil
    }

    /// The date shown and sorted by: when it was taken, else the file's time.
    public var date: Timestamp { taken ?? modified }

    /// Records what its header said.
    public mutating func apply(_ header: PhotoHeader) {
        taken = header.taken
        size = header.size
        problem = header.problem
        headerRead = true
    }
}

/// A folder holding photos (seed 002's "place"): the folder itself, its photos in `NaturalOrder`,
/// and the span of their dates.
public struct Place: Hashable, Sendable {
    /// The folder relative to the scanned root ("2021/Trips/Rome"); "" for the root itself.
    public let folder: String
    /// The folder's absolute path.
    public let path: String
    /// The folder's own name ("Rome"; the root's own name for the root).
    public let name: String
    /// Where the folder sits relative to the root ("2021/Trips"); "" for the root and its children.
    public let parent: String
    /// The photos, in `NaturalOrder` of their names (the scan lists each folder sorted).
    public internal(set) var photos: [PlacePhoto] = []
    /// The earliest and latest of the photos' dates; nil while it has none.
    public internal(set) var dateRange: ClosedRange<Timestamp>?

    /// An empty place for `folder` (relative, "" = the root) under the root at `rootPath`.
    public init(folder: String, rootPath: String) {
        self.folder = folder
        path = folder.isEmpty ? rootPath : rootPath + "/" + folder
        let parts = folder.split(separator: "/")
        name = parts.last.map(String.init) ?? String(rootPath.split(separator: "/").last ?? "/")
        parent = parts.dropLast().joined(separator: "/")
    }

    /// The scanned root's absolute path.
    public var rootPath: String {
        folder.isEmpty ? path : String(decoding: path.utf8.dropLast(folder.utf8.count + 1), as: UTF8.self)
    }

    /// The absolute path of photo `index`.
    public func path(ofPhoto index: Int) -> String { path + "/" + photos[index].name }

    /// Adds photos found by the scan (already in order after the ones known).
    mutating func append(_ more: [PlacePhoto]) {
        photos += more
        for photo in more { widenDates(with: photo.date) }
    }

    /// Records read headers of its photos; returns true when any of them was its photo.
    @discardableResult
    mutating func apply(_ headers: [PhotoHeader]) -> Bool {
        var changed = false
        for header in headers where photos.indices.contains(header.index) && photos[header.index].name == header.name {
            photos[header.index].apply(header)
            changed = true
        }
        if changed {
            // A taken date replaces a file time: the range may shrink as well as grow.
            dateRange = nil
            for photo in photos { widenDates(with: photo.date) }
        }
        return changed
    }

    /// Grows `dateRange` to include `date`.
    private mutating func widenDates(with date: Timestamp) {
        dateRange = dateRange.map { min($0.lowerBound, date)...max($0.upperBound, date) } ?? date...date
    }

    /// The image view's photos of this place, titled with their names and subtitled with their days.
    public var viewerPhotos: [Photo] {
        photos.indices.map { i in
            let photo = photos[i]
            return Photo(source: .file(path(ofPhoto: i)), title: photo.name, subtitle: PlaceText.day(photo.date),
                         knownSize: photo.size ?? PixelSize(width: 0, height: 0))
        }
    }
}
