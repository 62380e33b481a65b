import Foundation
import Imaging
import PlumageCore

/// Photos as a `FeedSource` of kind `photo-folder`, for `dump` (SPEC §6): one item per photo, newest
/// first (date taken, else the file's time), its id the path relative to the folder scanned, its
/// one medium the photo with its size from the header; one section per place, in the places
/// list's order (most photos first), named by the folder relative to the one scanned (the
/// scanned folder's own photos under its name). Headers are read here, on the calling thread.
public enum PhotoFolderSource {
    /// Scans the folder at `path` to the end, reads every photo's header and returns the source;
    /// the limits the scan reached and the folders it could not read are its warnings (`PATH: notice`).
    public static func load(path: String, limits: PlaceScanner.Limits = .init()) -> FeedSource {
        let scanner = PlaceScanner(rootPath: path, limits: limits)
        var catalog = PlaceCatalog(rootPath: scanner.rootPath)
        var notices: [String] = []
        scanner.scan(generation: 1) { batch in
            if batch.isFinal { notices = batch.limits.map(\.notice) }
            catalog.apply(batch)
        }
        for place in catalog.places {
            let tasks = place.photos.enumerated().map { PhotoHeaderTask(index: $0.offset, name: $0.element.name) }
            PhotoHeaderReader.read(PhotoHeaderRequest(folder: place.path, tasks: tasks)) { catalog.apply($0) }
        }
        var loaded = source(of: catalog)
        loaded.warnings = notices.map { "\(path): \($0)" }
        return loaded
    }

    /// The source of a scanned catalog (headers applied as far as they were read).
    public static func source(of catalog: PlaceCatalog) -> FeedSource {
        let title = String(catalog.rootPath.split(separator: "/").last ?? "/")
        var items: [Item] = []
        var place: [Int] = []
        for id in catalog.order {
            let p = catalog.places[id]
            for (i, photo) in p.photos.enumerated() {
                items.append(item(photo, path: p.path(ofPhoto: i), id: p.folder.isEmpty ? photo.name : p.folder + "/" + photo.name,
                                  placeName: p.name))
                place.append(id)
            }
        }
        let order = newestFirst(items)
        let sorted = order.map { items[$0] }
        var sections: [Int: [Int]] = [:]
        for (newIndex, oldIndex) in order.enumerated() { sections[place[oldIndex], default: []].append(newIndex) }
        return FeedSource(kind: .photoFolder, title: title, sections: catalog.order.map { id in
            let p = catalog.places[id]
            return Section(name: p.folder.isEmpty ? p.name : p.folder, itemIndices: sections[id] ?? [])
        }, items: sorted)
    }

    /// Image files named one by one (the command line's), their headers read here: one section
    /// called `title` holding them all.
    public static func source(files paths: [String], title: String) -> FeedSource {
        var items: [Item] = []
        for path in paths {
            let name = String(path.split(separator: "/").last ?? "")
            let folder = FileSystem.directory(of: path)
            var photo = PlacePhoto(name: name, modified: modificationTime(path))
            photo.apply(PhotoHeaderReader.header(of: PhotoHeaderTask(index: 0, name: name), in: folder))
            items.append(item(photo, path: path, id: path, placeName: String(folder.split(separator: "/").last ?? "/")))
        }
        let order = newestFirst(items)
        return FeedSource(kind: .photoFolder, title: title, sections: [Section(name: title, itemIndices: Array(order.indices))],
                          items: order.map { items[$0] })
    }

    /// One photo as an item: the file name as its text, the place as its author.
    static func item(_ photo: PlacePhoto, path: String, id: String, placeName: String) -> Item {
        Item(id: id, date: photo.date, author: Author(name: placeName, handle: ""), text: photo.name,
             media: [Media(kind: .photo, locator: .file(path), width: photo.size?.width ?? 0, height: photo.size?.height ?? 0)])
    }

    /// The file's modification time (the epoch when it cannot be examined).
    static func modificationTime(_ path: String) -> Timestamp {
        var st = stat()
        return Timestamp(seconds: stat(path, &st) == 0 ? Int64(st.st_mtim.tv_sec) : 0)
    }

    /// Indices of `items` newest first, equal dates in their given order.
    static func newestFirst(_ items: [Item]) -> [Int] {
        items.indices.sorted { a, b in
            let x = items[a].date?.seconds ?? .min, y = items[b].date?.seconds ?? .min
            return x != y ? x > y : a < b
        }
    }
}
