internal import CSDL2
import Imaging
import PlumageCore

/// Draws a core `Frame` with SDL_Renderer. Implemented: fills, anti-aliased rounded fills (corner
/// texture), images via `ImageStore` with placeholders, cached text textures, tinted icons,
/// the activity spinner, frosted-glass blur of what is already drawn, clipping. Main thread only.
public final class DisplayListExecutor {
    /// The renderer every command draws with.
    let renderer: Renderer
    /// The image store that decodes, uploads and holds the textures `.image` commands draw.
    public let images: ImageStore
    /// Decoded photo levels for `.photo` commands (nil: the executor draws no photos).
    public var photos: PhotoLoader?
    /// Photo tiles uploaded as textures.
    public var photoTextures: PhotoTextures?
    /// Milliseconds of photo-tile uploads allowed per frame.
    public var photoUploadBudgetMs = 1.0
    /// True when photo tiles the last frame wanted are still being uploaded.
    public private(set) var photoTilesPending = false
    /// The measurer whose scales text textures are rendered at.
    let measurer: TextMeasurer
    /// Renders text blocks into surfaces for `textTextures`.
    let rasterizer: TextRasterizer
    /// Icon textures loaded at init, tinted when drawn; a missing icon is not drawn.
    var icons: [Icon: Texture] = [:]
    /// Text and core-pixel textures by key, bounded in bytes (32 MiB).
    var textTextures: CostCache<String, Texture>

    /// Bytes of rendered text textures held.
    public var textTextureBytes: Int { textTextures.totalCost }

    /// White anti-aliased discs by pixel radius; their quarters draw rounded corners 1:1 (scaled,
    /// colour-modulated copies take a slow path in SDL's software renderer).
    var discs: [Int: Texture] = [:]
    /// White spinner spokes by pixel side and head (`ActivitySpinner.bitmap`), tinted when drawn;
    /// emptied past 96 (a few sizes × twelve steps).
    var spinners: [Int: Texture] = [:]
    /// The reused texture of the last frosted-glass area; nil until the first blur.
    var glass: Texture?
    /// Device pixels per point.
    public var scale = 1.0
    /// Appended to text keys: texture pixels depend on the HiDPI scale and the text size.
    var textKeySuffix = ""
    /// Blocks with clickable runs rendered since the last `takeRenderedLinks()`, with where their runs are.
    var renderedLinks: [(key: String, runs: [[RunExtent]])] = []

    /// Takes the blocks with clickable runs rendered since the last call (for the app's hit tests).
    public func takeRenderedLinks() -> [(key: String, runs: [[RunExtent]])] {
        defer { renderedLinks = [] }
        return renderedLinks
    }

    /// Text textures rendered in the last frame (diagnostics).
    public private(set) var textRendersLastFrame = 0
    /// Milliseconds the last frame spent on frosted glass (diagnostics).
    public private(set) var frostMsLastFrame = 0.0

    /// Creates an executor; icons are read from `iconsDirectory/NAME.png`.
    public init(renderer: Renderer, images: ImageStore, measurer: TextMeasurer, iconsDirectory: String) {
        self.renderer = renderer
        self.images = images
        self.measurer = measurer
        rasterizer = TextRasterizer(fonts: measurer.fonts, measurer: measurer)
        // A 1280×800 screen of text is ~4 MB of textures; 32 MB keeps several screens around.
        textTextures = CostCache(costLimit: 32 << 20)
        for icon in Icon.allCases {
            if let bitmap = try? ImageDecoder.decode(source: .file("\(iconsDirectory)/\(icon.rawValue).png"), cover: nil).get().bitmap {
                icons[icon] = try? Texture(renderer: renderer, bitmap: bitmap)
            }
        }
    }

    /// Text of rows about to scroll in (the last frame's `Lookahead.text`), rendered in idle time by
    /// `renderTextAhead`.
    var textAhead: [DrawCommand] = []
    /// The clip in force while drawing (device pixels; nil = the whole output).
    var clip: PixelRect?
    /// Opaque photos drawn complete, kept as the pixels they put on the output — the one drawn last,
    /// and the neighbours the core named, made ahead — so a frame that draws one of them the same
    /// way copies them 1:1 instead of scaling its tiles.
    let renditions = PhotoRenditions()
    /// The photo drawn by the previous frame and how (a rendition is made when it repeats).
    var lastPhotoDraw: PhotoRendition.Key?
    /// Photos drawn from a rendition so far (diagnostics and tests).
    public internal(set) var renditionCopies = 0
    /// False leaves the neighbours' renditions unmade and their tiles unqueued (as before they
    /// existed: `bench image --without-renditions`).
    public var makesRenditionsAhead = true
    /// Neighbours' renditions made ahead so far (diagnostics and tests).
    public internal(set) var renditionsMade = 0
    /// Milliseconds spent making them (diagnostics: `bench image`).
    public internal(set) var renditionsMs = 0.0

    /// Draws a frame (not presented): every command in order, then the photo tiles it asked for,
    /// and keeps `textAhead` to render in idle time. Images were uploaded before, in the event
    /// path (`ImageStore.pumpUploads`).
    public func draw(_ frame: Frame, textAhead: [DrawCommand] = []) {
        let suffix = "@\(scale)x\(measurer.textScale)"
        if suffix != textKeySuffix { textKeySuffix = suffix }
        textRendersLastFrame = 0
        frostMsLastFrame = 0
        photoTextures?.beginFrame()
        if !coversOutput(frame.commands.first) { renderer.clear(.black) }
        for command in frame.commands { execute(command) }
        renderer.setClip(nil)
        clip = nil
        // Tiles requested while drawing are uploaded after it, within the budget; the next frame shows them.
        photoTilesPending = photoTextures?.pump(budgetMs: photoUploadBudgetMs) ?? false
        self.textAhead = textAhead
    }

    /// True when `command` is an opaque image ready to draw over the whole output (every screen's
    /// backdrop), which makes the frame's clear redundant: a 4 MB fill per frame at 1280×800 in
    /// the software renderer.
    func coversOutput(_ command: DrawCommand?) -> Bool {
        guard case let .image(request, rect, _, _)? = command, ImageStore.isOpaque(request) else { return false }
        let target = px(rect), output = renderer.outputSize
        guard target.x <= 0, target.y <= 0, target.x + target.width >= output.width,
              target.y + target.height >= output.height else { return false }
        return images.isReady(request)
    }

    /// True when text of the rows about to appear is not rendered yet.
    public var hasTextAhead: Bool {
        textAhead.contains { command in
            if case let .text(_, _, key) = command { !textTextures.contains(key + textKeySuffix) } else { false }
        }
    }

    /// Renders the uncached text of the rows about to appear, nearest first, until `deadline`
    /// (`Video.seconds()`; at least one block): idle time between frames, so rows scroll in with
    /// their text ready (a body costs up to ~1 ms with a cold glyph cache). True while some remains.
    @discardableResult
    public func renderTextAhead(until deadline: Double) -> Bool {
        for case let .text(block, _, key) in textAhead where !textTextures.contains(key + textKeySuffix) {
            _ = textTexture(block, key: key)
            if Video.seconds() >= deadline { break }
        }
        return hasTextAhead
    }

    /// True when on-screen images or photo tiles wait for upload, or news about uploads waits (the
    /// loop should draw another frame soon).
    public var hasPendingUploads: Bool { images.hasUrgentArrivals || images.hasNews || photoTilesPending }

    /// True when tiles the image view may draw soon wait for `uploadAhead`, or a neighbour's
    /// rendition can be made.
    public var hasUploadsAhead: Bool { (photoTextures?.hasUploadsAhead ?? false) || hasRenditionsAhead }

    /// Uploads tiles the image view may draw soon until `deadline` (`Video.seconds()`), for idle
    /// time between frames, then makes the renditions of the neighbours whose tiles are all up;
    /// returns true while some work remains.
    @discardableResult
    public func uploadAhead(until deadline: Double) -> Bool {
        let tiles = photoTextures?.uploadAhead(until: deadline) ?? false
        if Video.seconds() < deadline { makeRenditionsAhead(until: deadline) }
        return tiles || hasRenditionsAhead
    }

    /// `r` converted from points to device pixels at `scale`.
    func px(_ r: Rect) -> PixelRect { DisplayScale(scale).pixels(r) }

    /// Draws one display-list command.
    func execute(_ command: DrawCommand) {
        switch command {
        case let .fill(rect, color):
            renderer.fill(px(rect), color)
        case let .roundedFill(rect, radius, color):
            roundedFill(px(rect), radius: Int((radius * scale).rounded()), color)
        case let .image(request, rect, placeholder, _):
            drawImage(request, in: rect, placeholder: placeholder)
        case let .text(block, origin, key):
            drawText(block, at: origin, key: key)
        case let .icon(icon, rect, color):
            guard let texture = icons[icon] else { return }
            texture.tint(color)
            renderer.copy(texture, to: px(rect))
        case let .blurBehind(rect, sigma, tint):
            frost(px(rect), sigma: sigma * scale, tint: tint)
        case let .photo(source, destination, level, fallback, ahead, filter, blended, uploads, still):
            drawPhoto(source: source, destination: destination, level: level, fallback: fallback, ahead: ahead,
                      filter: filter, blended: blended, uploads: uploads, still: still)
        case let .checkerboard(rect, square, light, dark):
            drawCheckerboard(px(rect), square: square * scale, light: light, dark: dark)
        case let .pixels(bitmap, rect, key):
            drawPixels(bitmap, in: rect, key: key)
        case let .clip(rect):
            clip = rect.map(px)
            renderer.setClip(clip)
        case let .spinner(rect, color, head):
            drawSpinner(px(rect), color, head: head)
        }
    }

    /// Fills pixel rect `r` with `light`, then `dark` squares of side `square` pixels alternating
    /// from its top-left corner, all in one batched fill (edges rounded, so squares tile exactly).
    func drawCheckerboard(_ r: PixelRect, square: Double, light: RGBA, dark: RGBA) {
        renderer.fill(r, light)
        guard square >= 1 else { return }
        func edge(_ i: Int, from start: Int, limit: Int) -> Int {
            min(limit, start + Int((Double(i) * square).rounded()))
        }
        let columns = Int((Double(r.width) / square).rounded(.up)), rows = Int((Double(r.height) / square).rounded(.up))
        var squares: [PixelRect] = []
        squares.reserveCapacity(columns * rows / 2 + 1)
        for row in 0..<rows {
            let y0 = edge(row, from: r.y, limit: r.y + r.height), y1 = edge(row + 1, from: r.y, limit: r.y + r.height)
            for column in stride(from: (row + 1) % 2, to: columns, by: 2) {
                let x0 = edge(column, from: r.x, limit: r.x + r.width)
                let x1 = edge(column + 1, from: r.x, limit: r.x + r.width)
                squares.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            }
        }
        renderer.fill(squares, dark)
    }

    /// Draws the request's texture in `rect` (points) once uploaded, else its placeholder in the
    /// image's shape. (A failure's icon is a command of its own: the core's ledger adds it.)
    func drawImage(_ request: ImageRequest, in rect: Rect, placeholder: RGBA?) {
        let target = px(rect)
        if let texture = images.texture(for: request) {
            renderer.copy(texture, to: target)
        } else if let placeholder {
            shapedFill(target, request.shape, placeholder)
        }
    }

    /// The spinner's spokes at step `head`, tinted `color`, 1:1 in the square of pixel rect `r`.
    func drawSpinner(_ r: PixelRect, _ color: RGBA, head: Int) {
        let side = max(4, min(256, min(r.width, r.height)))
        let key = side * ActivitySpinner.spokes + ((head % ActivitySpinner.spokes) + ActivitySpinner.spokes) % ActivitySpinner.spokes
        if spinners[key] == nil {
            if spinners.count >= 96 { spinners.removeAll() }
            spinners[key] = try? Texture(renderer: renderer, bitmap: ActivitySpinner.bitmap(side: side, head: head))
        }
        guard let texture = spinners[key] else { return }
        texture.tint(color)
        renderer.copy(texture, to: PixelRect(x: r.x + (r.width - side) / 2, y: r.y + (r.height - side) / 2,
                                             width: side, height: side))
    }

    /// Fills pixel rect `r` with `color` in the image's shape (rectangle, circle or rounded).
    func shapedFill(_ r: PixelRect, _ shape: ImageShape, _ color: RGBA) {
        switch shape {
        case .rect: renderer.fill(r, color)
        case .circle: roundedFill(r, radius: min(r.width, r.height) / 2, color)
        case let .rounded(radius): roundedFill(r, radius: radius, color)
        }
    }

    /// The cached texture of a text block, rendered now if missing.
    func textTexture(_ block: TextBlock, key: String) -> Texture? {
        let cacheKey = key + textKeySuffix
        if let texture = textTextures.value(for: cacheKey) { return texture }
        guard let surface = rasterizer.render(block) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        if block.lines.contains(where: { $0.runs.contains { $0.link != nil } }) {
            renderedLinks.append((key, rasterizer.lastExtents))
        }
        if block.background != nil { texture.setOpaque() }
        _ = textTextures.insert(texture, for: cacheKey, cost: texture.byteCount)
        textRendersLastFrame += 1
        return texture
    }

    /// Draws a text block with its top left at `origin` (points), using its cached texture.
    func drawText(_ block: TextBlock, at origin: Point, key: String) {
        guard let texture = textTexture(block, key: key) else { return }
        let x = Int((origin.x * scale).rounded()) - 1, y = Int((origin.y * scale).rounded()) - 1
        renderer.copy(texture, to: PixelRect(x: x, y: y, width: texture.size.width, height: texture.size.height))
    }

    /// Core-made pixels, uploaded once per key (cached with the text textures).
    func drawPixels(_ bitmap: Bitmap, in rect: Rect, key: String) {
        var texture = textTextures.value(for: key)
        if texture == nil {
            texture = try? Texture(renderer: renderer, bitmap: bitmap, opaque: true)
            if let texture { _ = textTextures.insert(texture, for: key, cost: texture.byteCount) }
        }
        guard let texture else { return }
        renderer.copy(texture, to: px(rect))
    }

    /// A rounded rectangle from four disc quarters and three non-overlapping strips (no double blending).
    func roundedFill(_ r: PixelRect, radius: Int, _ color: RGBA) {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        guard rad > 0, let disc = disc(radius: rad) else { renderer.fill(r, color); return }
        disc.tint(color)
        let half = rad
        let corners = [
            (PixelRect(x: 0, y: 0, width: half, height: half), r.x, r.y),
            (PixelRect(x: half, y: 0, width: half, height: half), r.x + r.width - rad, r.y),
            (PixelRect(x: 0, y: half, width: half, height: half), r.x, r.y + r.height - rad),
            (PixelRect(x: half, y: half, width: half, height: half), r.x + r.width - rad, r.y + r.height - rad),
        ]
        for (source, x, y) in corners {
            renderer.copy(disc, from: source, to: PixelRect(x: x, y: y, width: rad, height: rad))
        }
        renderer.fill(PixelRect(x: r.x + rad, y: r.y, width: r.width - 2 * rad, height: r.height), color)
        renderer.fill(PixelRect(x: r.x, y: r.y + rad, width: rad, height: r.height - 2 * rad), color)
        renderer.fill(PixelRect(x: r.x + r.width - rad, y: r.y + rad, width: rad, height: r.height - 2 * rad), color)
    }

    /// The white disc of a pixel radius (made on first use, kept: the UI uses a handful of radii).
    func disc(radius: Int) -> Texture? {
        if let disc = discs[radius] { return disc }
        let side = radius * 2
        let disc = try? Texture(renderer: renderer, bitmap: Bitmap(width: side, height: side, fill: .white).masked(.circle))
        if discs.count < 64 { discs[radius] = disc }
        return disc
    }

    /// Frosted glass: reads back what is under `r`, shrinks it 4×, blurs, and stretches it back with
    /// linear filtering (reference/sdl-notes.md §4, mode 2).
    func frost(_ r: PixelRect, sigma: Double, tint: RGBA) {
        let start = Video.seconds()
        defer { frostMsLastFrame += (Video.seconds() - start) * 1000 }
        let output = renderer.outputSize
        let x0 = max(0, r.x), y0 = max(0, r.y)
        let x1 = min(output.width, r.x + r.width), y1 = min(output.height, r.y + r.height)
        guard x1 - x0 >= 4, y1 - y0 >= 4, let under = renderer.readPixels(
            PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) else { return }
        var small = under.downscaled(byFactor: 4)
        BoxBlur.blur(&small, sigma: max(0.5, sigma / 4))
        small.composite(tint, over: PixelRect(x: 0, y: 0, width: small.width, height: small.height))
        if glass?.size != small.size {
            glass = try? Texture(renderer: renderer, bitmap: small, opaque: true)
        } else {
            glass?.update(small)
        }
        guard let glass else { return }
        // The shrunk copy covers floor(w/4)·4 pixels; stretch it over exactly that many.
        renderer.copy(glass, to: PixelRect(x: x0, y: y0, width: small.width * 4, height: small.height * 4))
    }

}
