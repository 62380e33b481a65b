/// Every place found so far under one root, and their order on screen: the most photos first,
/// ties by name in `NaturalOrder`, then by parent folder. Batches of the scan only ever add
/// photos, so a place's id (its index in `places`) never changes; only `order` moves. Applying a
/// batch re-places just the places it touched (a merge, O(places + touched · log touched)), so a
/// 2,000-place list takes a batch in well under a millisecond.
public struct PlaceCatalog: Sendable {
    /// The scanned folder's absolute path.
    public let rootPath: String
    /// The places in the order they were found; a place's index here is its id.
    public private(set) var places: [Place] = []
    /// Place ids in display order.
    public private(set) var order: [Int] = []
    /// Photos found so far in all places.
    public private(set) var photoCount = 0
    /// The scan that filled it (0 before any batch).
    public private(set) var generation = 0
    /// True once the scan's last batch arrived.
    public private(set) var isComplete = false
    /// Place ids by relative folder.
    private var ids: [String: Int] = [:]
    /// Sort keys of the places' names and parent folders, by id.
    private var keys: [(name: NaturalOrder.Key, parent: NaturalOrder.Key)] = []

    /// An empty catalog of the folder at `rootPath`.
    public init(rootPath: String) { self.rootPath = rootPath }

    /// The id of the place for a relative folder ("" = the root), if it has been found.
    public func id(ofFolder folder: String) -> Int? { ids[folder] }

    /// The id of the place at an absolute folder path, if it has been found.
    public func id(ofPath path: String) -> Int? {
        if path == rootPath { return ids[""] }
        guard path.hasPrefix(rootPath + "/") else { return nil }
        return ids[String(path.dropFirst(rootPath.count + 1))]
    }

    /// Adds a batch of the scan. A batch of a newer scan (a reload) first empties the catalog; one
    /// of an older scan is ignored. Returns false when ignored.
    @discardableResult
    public mutating func apply(_ batch: PlaceScanBatch) -> Bool {
        if batch.generation < generation { return false }
        if batch.generation > generation {
            self = PlaceCatalog(rootPath: rootPath)
            generation = batch.generation
        }
        var touched = Set<Int>()
        for addition in batch.additions where !addition.photos.isEmpty {
            let id: Int
            if let known = ids[addition.folder] {
                id = known
            } else {
                id = places.count
                let place = Place(folder: addition.folder, rootPath: rootPath)
                places.append(place)
                keys.append((NaturalOrder.Key(place.name), NaturalOrder.Key(place.parent)))
                ids[addition.folder] = id
            }
            places[id].append(addition.photos)
            photoCount += addition.photos.count
            touched.insert(id)
        }
        photoCount = max(photoCount, batch.photoCount)
        isComplete = batch.isFinal
        reorder(touched)
        return true
    }

    /// Records read headers of one place's photos (its date range may change; its place in the
    /// order does not, as it depends on counts and names only). Returns the place's id when it is here.
    @discardableResult
    public mutating func apply(_ batch: PhotoHeaderBatch) -> Int? {
        guard let id = id(ofPath: batch.folder) else { return nil }
        places[id].apply(batch.headers)
        return id
    }

    /// True when place `a` is shown before place `b`.
    func precedes(_ a: Int, _ b: Int) -> Bool {
        let x = places[a].photos.count, y = places[b].photos.count
        if x != y { return x > y }
        if keys[a].name != keys[b].name { return keys[a].name < keys[b].name }
        if keys[a].parent != keys[b].parent { return keys[a].parent < keys[b].parent }
        return a < b
    }

    /// Moves the `touched` places to where their new counts put them: the others keep their
    /// relative order, so the touched ones, sorted, are merged into them.
    private mutating func reorder(_ touched: Set<Int>) {
        guard !touched.isEmpty else { return }
        let rest = order.filter { !touched.contains($0) }
        let moved = touched.sorted(by: precedes)
        var merged: [Int] = []
        merged.reserveCapacity(rest.count + moved.count)
        var i = 0, j = 0
        while i < rest.count && j < moved.count {
            if precedes(moved[j], rest[i]) { merged.append(moved[j]); j += 1 } else { merged.append(rest[i]); i += 1 }
        }
        merged += rest[i...]
        merged += moved[j...]
        order = merged
    }
}
