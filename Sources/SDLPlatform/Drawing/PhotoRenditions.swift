import Imaging
import PlumageCore

/// The pixels an opaque photo puts on the output when drawn whole, for frames that draw it the same
/// way again (the fitted view at rest): one 1:1 copy instead of scaling its tiles.
struct PhotoRendition {
    /// Everything the drawn pixels depend on.
    struct Key: Hashable {
        /// The photo.
        var source: ResourceLocator
        /// Where the whole photo is mapped (window points).
        var destination: Rect
        /// The pyramid level drawn.
        var level: Int
        /// How it was sampled.
        var filter: SampleFilter
        /// The clip in force (device pixels; nil = none).
        var clip: PixelRect?
        /// The output's size.
        var output: PixelSize
    }

    /// How the pixels were drawn.
    var key: Key
    /// The pixels.
    var texture: Texture
    /// Where they go on the output (device pixels).
    var area: PixelRect
    /// Where they are in `texture` (nil: the whole texture, of `area`'s size).
    var source: PixelRect? = nil
}

extension PhotoRendition.Key {
    /// The key of a rendition drawn at `placement` onto an output of `output` pixels at `scale`.
    init(_ placement: PhotoPlacement, output: PixelSize, scale: DisplayScale) {
        self.init(source: placement.source, destination: placement.destination, level: placement.level,
                  filter: placement.filter, clip: placement.clip.map { scale.pixels($0) }, output: output)
    }
}

/// The image view's renditions: the shown photo's (kept when its view at rest repeats) and those of
/// the neighbours the core named (`Effect.keepPhotoRenditions`), made ahead in idle time so paging
/// to one copies it at once. Bounded: each time a photo is drawn, all but its own rendition and
/// those of wished placements are released (the core names at most two, each at most the output's
/// size), but for one spare target texture. Main thread only.
final class PhotoRenditions {
    /// A placement the core wants a rendition of, and the key that rendition gets (output and
    /// pixel density as they were when it was named).
    struct Wish {
        /// Where the core says the photo would be drawn.
        var placement: PhotoPlacement
        /// How it is drawn, as `drawPhoto` keys it.
        var key: PhotoRendition.Key
    }

    /// The renditions held.
    private(set) var held: [PhotoRendition] = []
    /// The neighbours the core wants renditions of.
    private(set) var wishes: [Wish] = []
    /// Keys of wishes whose rendition could not be made (not tried again until wished anew).
    private var refused: Set<PhotoRendition.Key> = []
    /// The target texture of the last rendition made ahead that was released, for the next one
    /// (making a texture of the output's size costs 2–6 ms of the software renderer's time).
    private var spare: Texture?

    /// The rendition drawn with `key`, if held.
    func rendition(for key: PhotoRendition.Key) -> PhotoRendition? { held.first { $0.key == key } }

    /// True when `key` is the key of a wish.
    func isWished(_ key: PhotoRendition.Key) -> Bool { wishes.contains { $0.key == key } }

    /// Replaces the wishes. Renditions no longer wished are released by the next `prune` (the next
    /// photo drawn): after a page the core names the new neighbours before the frame that shows the
    /// photo paged to, whose rendition was wished until then.
    func wish(_ wishes: [Wish]) {
        self.wishes = wishes
        refused.formIntersection(wishes.map(\.key))
    }

    /// Holds `rendition` (replacing one with the same key), releasing those neither wished nor `current`.
    func keep(_ rendition: PhotoRendition, current: PhotoRendition.Key?) {
        held.removeAll { $0.key == rendition.key }
        held.append(rendition)
        prune(current: current)
    }

    /// Releases the renditions neither wished nor drawn with `current` (the texture of one made
    /// ahead is kept as the spare).
    func prune(current: PhotoRendition.Key?) {
        for rendition in held where rendition.key != current && !isWished(rendition.key) && rendition.source != nil {
            spare = rendition.texture
        }
        held.removeAll { $0.key != current && !isWished($0.key) }
    }

    /// The spare target texture when it has `size`, handed over (nil otherwise).
    func takeSpare(size: PixelSize) -> Texture? {
        defer { spare = nil }
        return spare?.size == size ? spare : nil
    }

    /// Wishes without a rendition, not refused, in the core's order.
    var missing: [Wish] {
        wishes.filter { wish in !refused.contains(wish.key) && !held.contains { $0.key == wish.key } }
    }

    /// Marks a wish whose rendition cannot be made, so it is not tried every idle slice.
    func refuse(_ key: PhotoRendition.Key) { refused.insert(key) }

    /// Releases every rendition and wish.
    func removeAll() {
        held = []
        wishes = []
        refused = []
        spare = nil
    }
}
