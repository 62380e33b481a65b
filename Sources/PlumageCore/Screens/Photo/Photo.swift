import Imaging

/// One photo the image view can show: a file on disk (or a missing one) and how to title it.
public struct Photo: Hashable, Sendable {
    /// Where the file is, or nil when it is missing (the view shows why).
    public var source: ResourceLocator?
    /// The title: the file name, or the author of the item it belongs to.
    public var title: String
    /// What follows the title (the item's date), if anything.
    public var subtitle: String?
    /// The size known from metadata before decoding, if any (0×0 when unknown).
    public var knownSize: PixelSize
    /// The author's description of the photo (alt text), shown as a caption; nil when none.
    public var alt: String?
    /// What the view says when `source` is nil ("Not in the archive", "cdn.example.com — not
    /// downloaded"); nil says the file is missing.
    public var unavailableReason: String?
    /// Creates a photo.
    public init(source: ResourceLocator?, title: String, subtitle: String? = nil, knownSize: PixelSize = PixelSize(width: 0, height: 0),
                alt: String? = nil, unavailableReason: String? = nil) {
        self.source = source; self.title = title; self.subtitle = subtitle; self.knownSize = knownSize
        self.alt = alt; self.unavailableReason = unavailableReason
    }

    /// The title and subtitle as the bar and the window title show them: "Ada Park · Aug 12, 2023".
    public var caption: String { [title, subtitle ?? ""].filter { !$0.isEmpty }.joined(separator: " · ") }

    /// The photos of a feed item (its videos and GIFs are not: they open in the desktop's player),
    /// titled with its author's name (or "@handle" when it has none), subtitled with the item's day
    /// ("Aug 12, 2023"; none for an undated item), with their alt text and, for missing ones, why
    /// (worded for a `source` of that kind).
    public static func photos(of item: Item, source: SourceKind) -> [Photo] {
        let author = item.author.name.isEmpty ? "@\(item.author.handle)" : item.author.name
        let subtitle = item.date.map(RelativeDate.day)
        return item.media.filter { $0.kind == .photo }.map {
            Photo(source: $0.locator, title: author, subtitle: subtitle, knownSize: PixelSize(width: $0.width, height: $0.height),
                  alt: $0.alt, unavailableReason: MediaDrawing.unavailableReason($0, in: source))
        }
    }

    /// Index among `photos(of: item)` of the item's medium `media` (an index into `item.media`), when it is a photo.
    public static func index(ofMedium media: Int, in item: Item) -> Int? {
        guard item.media.indices.contains(media), item.media[media].kind == .photo else { return nil }
        return item.media[..<media].filter { $0.kind == .photo }.count
    }
}

/// A photo the image view wants decoded, with its priority (higher first) and the view size it
/// will be shown in (so a preview can be decoded at the right scale).
public struct PhotoRequest: Hashable, Sendable {
    /// Where the file is.
    public var source: ResourceLocator
    /// Higher runs first: the current photo 10, neighbours less.
    public var priority: Int
    /// The view in device pixels.
    public var viewSize: PixelSize
    /// True for a photo the user may move to next (a neighbour): its coarsest decoded level is
    /// uploaded in idle time, so moving to it draws it in the very next frame.
    public var warm: Bool
    /// The app's count of photo request lists when this one was made (`AppState` stamps it): the
    /// platform drops work and late results of older lists.
    public var generation: Int
    /// Creates a request.
    public init(source: ResourceLocator, priority: Int, viewSize: PixelSize, warm: Bool = false, generation: Int = 0) {
        self.source = source; self.priority = priority; self.viewSize = viewSize; self.warm = warm
        self.generation = generation
    }
}

/// Where and how the image view at rest draws a photo: the source, destination, level and filter of
/// the `.photo` command a frame holds once the photo is shown at an auto zoom (opaque, unclipped).
/// The core names its warm neighbours' placements (`Effect.keepPhotoRenditions`) so the platform can
/// make their 1:1 renditions ahead, before the user pages to them.
public struct PhotoPlacement: Hashable, Sendable {
    /// Where the file is.
    public var source: ResourceLocator
    /// Where the whole photo is mapped (window points; may extend past the window).
    public var destination: Rect
    /// The pyramid level drawn (0 = full resolution).
    public var level: Int
    /// How the level is sampled.
    public var filter: SampleFilter
    /// The clip in force where the photo is drawn (window points; nil = none): the detail pane of
    /// the split view.
    public var clip: Rect?
    /// Creates a placement.
    public init(source: ResourceLocator, destination: Rect, level: Int, filter: SampleFilter, clip: Rect? = nil) {
        self.source = source; self.destination = destination; self.level = level; self.filter = filter; self.clip = clip
    }

    /// The placement of a screen whose frame is `Frame.placed(at: dx, clippedTo: visible)`: moved
    /// `dx` points to the right, drawn clipped to `visible`.
    public func placed(at dx: Double, clippedTo visible: Rect) -> PhotoPlacement {
        PhotoPlacement(source: source, destination: destination.offsetBy(dx: dx, dy: 0), level: level, filter: filter,
                       clip: clip.map { $0.offsetBy(dx: dx, dy: 0).intersection(visible) } ?? visible)
    }
}

extension Effect {
    /// The effect of a screen whose frame is `Frame.placed(at: dx, clippedTo: visible)`: the
    /// renditions it names are placed likewise (so their keys match what is drawn); the rest as is.
    public func placed(at dx: Double, clippedTo visible: Rect) -> Effect {
        guard case let .keepPhotoRenditions(placements) = self else { return self }
        return .keepPhotoRenditions(placements.map { $0.placed(at: dx, clippedTo: visible) })
    }
}

/// What the platform has reported about one photo's decoding.
public struct PhotoStatus: Equatable, Sendable {
    /// The oriented size from the file's header, once known.
    public var size: PixelSize?
    /// Pyramid levels with pixels ready (0 = full resolution; previews count).
    public var levels: Set<Int> = []
    /// Why the photo cannot be shown, if it cannot.
    public var error: ImageError?
    /// True once the decoder found pixels that are not fully opaque (drawn blended, over something).
    public var isTransparent: Bool
    /// Creates an empty status.
    public init(size: PixelSize? = nil, levels: Set<Int> = [], error: ImageError? = nil, isTransparent: Bool = false) {
        self.size = size; self.levels = levels; self.error = error; self.isTransparent = isTransparent
    }

    /// The finest level with pixels (0 = full resolution), nil while none.
    public var bestLevel: Int? { levels.min() }

    /// The level to draw when `wanted` is asked for and `available` have pixels: `wanted` itself,
    /// else the nearest finer one (shrinking at most 2× more stays sharp), else the nearest coarser;
    /// nil when none has pixels. The backend uses the same rule when a level was evicted.
    public static func level(toDraw wanted: Int, available: some Collection<Int>) -> Int? {
        if available.contains(wanted) { return wanted }
        return available.filter { $0 < wanted }.max() ?? available.filter { $0 > wanted }.min()
    }
}

/// What shows through the transparent pixels of a photo (`a` switches).
public enum TransparencyBackground: Hashable, Sendable {
    /// Grey squares, as Loupe, eog and nsxiv draw them: where the photo is transparent is plain to see.
    case checkerboard
    /// The image view's dimmed backdrop, as beside the photo: the photo as it would sit on a page.
    case backdrop
}

/// An absolute zoom for the image view (`snapshot --zoom`).
public enum PhotoZoom: Hashable, Sendable {
    case fit, fill, actual
    /// Device pixels per image pixel (1 = 100 %).
    case factor(Double)

    /// Parses `fit`, `fill`, `actual`, or a factor such as `4` or `2.5` (also `400%`).
    public init?(argument: String) {
        switch argument.lowercased() {
        case "fit": self = .fit
        case "fill": self = .fill
        case "actual", "100%": self = .actual
        default:
            let percent = argument.hasSuffix("%")
            guard let v = Double(percent ? String(argument.dropLast()) : argument), v > 0, v <= 100 * 32 else { return nil }
            self = .factor(percent ? v / 100 : v)
        }
    }
}
