import PlumageCore

/// Scan batches and headers built by hand for the places tests (no file system): photos named as
/// given, their file times a day apart from 1 Mar 2021 00:00 UTC in the order listed.
enum PlaceFixtures {
    /// 1 Mar 2021 00:00:00 UTC.
    static let firstDay: Int64 = 1_614_556_800

    /// Photos called `names`, the nth modified `firstDay + n` days (+ `offsetDays`).
    static func photos(_ names: [String], offsetDays: Int = 0) -> [PlacePhoto] {
        names.enumerated().map { PlacePhoto(name: $0.element, modified: Timestamp(seconds: firstDay + Int64($0.offset + offsetDays) * 86_400)) }
    }

    /// `count` photos "IMG_1.jpg"… of one folder.
    static func numbered(_ count: Int, from first: Int = 1) -> [String] { (first..<first + count).map { "IMG_\($0).jpg" } }

    /// A batch of scan `generation` adding photos by folder, in order.
    static func batch(_ additions: [(String, [String])], generation: Int = 1, total: Int? = nil, final: Bool = false,
                      limits: [PlaceScanLimit] = []) -> PlaceScanBatch {
        let adds = additions.map { PlaceAddition(folder: $0.0, photos: photos($0.1)) }
        return PlaceScanBatch(generation: generation, additions: adds,
                              photoCount: total ?? adds.reduce(0) { $0 + $1.photos.count }, isFinal: final, limits: limits)
    }
}
