import Imaging

/// Thumbnails of the places screens: square-cropped photos decoded off the main thread at the size
/// drawn, through the same image requests as the feed's photos (`ImageRequest`, cover-scaled).
enum PlaceThumbnails {
    /// Side of a place's mosaic, in points.
    static let mosaicSide = 72.0
    /// Gap between the tiles of a mosaic.
    static let gap = 2.0
    /// Corner radius of a tile, in points.
    static let radius = 5.0

    /// The tiles of a mosaic of `count` photos (up to 4) in a square of side `side` at the origin:
    /// one photo fills it; two sit side by side; three are one tall tile and two small ones; four
    /// make a 2×2 grid.
    static func mosaic(count: Int, side: Double = mosaicSide) -> [Rect] {
        let half = ((side - gap) / 2).rounded(.down)
        let far = side - half
        switch count {
        case ...0: return []
        case 1: return [Rect(x: 0, y: 0, width: side, height: side)]
        case 2: return [Rect(x: 0, y: 0, width: half, height: side), Rect(x: far, y: 0, width: half, height: side)]
        case 3:
            return [Rect(x: 0, y: 0, width: half, height: side), Rect(x: far, y: 0, width: half, height: half),
                    Rect(x: far, y: far, width: half, height: half)]
        default:
            return [Rect(x: 0, y: 0, width: half, height: half), Rect(x: far, y: 0, width: half, height: half),
                    Rect(x: 0, y: far, width: half, height: half), Rect(x: far, y: far, width: half, height: half)]
        }
    }

    /// The request for `path` drawn into `frame` (window points): the exact device pixels, rounded.
    static func request(_ path: String, frame: Rect, radius: Double = radius, scale: DisplayScale) -> ImageRequest {
        ImageRequest(source: .file(path), size: scale.pixels(frame.size), shape: .rounded(Int((radius * scale.factor).rounded())))
    }

    /// Appends the thumbnail of `path` in `frame`: the placeholder until it decodes, the broken-image
    /// icon when it cannot.
    static func draw(_ path: String, in frame: Rect, radius: Double = radius, env: ScreenEnvironment,
                     into commands: inout [DrawCommand]) {
        let request = request(path, frame: frame, radius: radius, scale: env.displayScale)
        commands.append(.image(request, frame, placeholder: CellLayout.placeholderColor(env.theme),
                               failureIcon: CellLayout.failureIcon(request, frame: frame, scale: env.displayScale)))
    }
}
