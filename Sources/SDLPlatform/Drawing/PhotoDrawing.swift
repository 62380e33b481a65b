internal import CSDL2
import Imaging
import PlumageCore

/// Drawing `.photo` commands: the level the core chose as tiles, over a coarser one of its
/// fallback list where its tiles are still missing, so they never leave holes. Main thread only.
extension DisplayListExecutor {
    /// Draws level `wanted` of the photo at `source` onto `destination` (points), tiles still missing
    /// filled from the first level of `fallback` whose tiles are all up (else its last), and queues
    /// the tiles of `ahead`; without `uploads`, draws only what is uploaded already and queues
    /// nothing. `blended` composites the tiles by their alpha (a transparent photo), else they are
    /// copied opaque. `still` (the core's word that the view rests at an auto zoom): the pixels of a
    /// whole opaque draw repeated from the previous frame are kept and copied while it repeats.
    func drawPhoto(source: ResourceLocator, destination: Rect, level wanted: Int, fallback: [Int], ahead: [PhotoAhead],
                   filter: SampleFilter, blended: Bool, uploads: Bool, still: Bool) {
        let key = PhotoRendition.Key(source: source, destination: destination, level: wanted, filter: filter,
                                     clip: clip, output: renderer.outputSize)
        defer {
            lastPhotoDraw = key
            renditions.prune(current: key)
        }
        if still, !blended, let rendition = renditions.rendition(for: key) {
            renderer.copy(rendition.texture, from: rendition.source, to: rendition.area)
            renditionCopies += 1
            return
        }
        // The core chose `wanted` among the levels it heard have pixels (evictions are news too).
        let fine = wanted
        guard let loader = photos, let textures = photoTextures, let bitmap = loader.bitmap(source: source, level: fine)
        else { return }
        let target = px(destination)
        let output = renderer.outputSize
        let window = PixelRect(x: 0, y: 0, width: output.width, height: output.height)
        let visible = Self.visibleRect(of: bitmap.size, drawnAt: target, clippedTo: window)
        guard visible.width > 0, visible.height > 0 else { return }
        let opaque = loader.isOpaque(source: source)
        if uploads { textures.request(source: source, level: fine, bitmap: bitmap, visible: visible, opaque: opaque) }
        // A coarser level goes underneath only where a visible tile of the fine one is still missing:
        // the finest coarser level whose visible tiles are all uploaded, else the coarsest (cheapest to upload).
        let grid = textures.grid(for: bitmap.size)
        let holes = grid.tiles(intersecting: visible)
            .filter { !textures.contains(source: source, level: fine, index: $0) }
            .map { Self.destination(of: grid.rect(at: $0), levelSize: bitmap.size, drawnAt: target, clippedTo: window) }
        if !holes.isEmpty {
            let coarser = fallback.compactMap { level in
                loader.bitmap(source: source, level: level).map { (level: level, bitmap: $0) }
            }
            let ready = coarser.first { level, coarse in
                let area = Self.visibleRect(of: coarse.size, drawnAt: target, clippedTo: window)
                let levelGrid = textures.grid(for: coarse.size)
                return levelGrid.tiles(intersecting: area).allSatisfy { textures.contains(source: source, level: level, index: $0) }
            }
            let nothingShown = ready == nil && holes.count == grid.tiles(intersecting: visible).count
            if uploads, nothingShown, let (level, coarse) = coarser.last ?? (fallback.isEmpty ? (fine, bitmap) : nil) {
                // Nothing of this photo is uploaded yet (just navigated to it): its coarsest level
                // goes up now, so the photo shows in this very frame.
                let area = Self.visibleRect(of: coarse.size, drawnAt: target, clippedTo: window)
                textures.uploadNow(source: source, level: level, bitmap: coarse, area: area, opaque: opaque)
            }
            if let (level, coarse) = ready ?? coarser.last {
                if uploads {
                    let area = Self.visibleRect(of: coarse.size, drawnAt: target, clippedTo: window)
                    textures.request(source: source, level: level, bitmap: coarse, visible: area, opaque: opaque)
                }
                for hole in holes where hole.width > 0 && hole.height > 0 {
                    drawLevel(source: source, level: level, size: coarse.size, target: target, filter: .linear,
                              blended: blended, clip: hole)
                }
            }
        }
        drawLevel(source: source, level: fine, size: bitmap.size, target: target, filter: filter, blended: blended,
                  clip: window)
        if uploads { prefetch(ahead, source: source, level: fine, visible: visible, levelSize: bitmap.size) }
        // Drawn the same way as last frame, whole (the level asked for, no tile missing), opaque: keep
        // what it put on the output, so the next frames copy it instead of scaling tiles again.
        if still, uploads, holes.isEmpty, !blended, fine == wanted, key == lastPhotoDraw {
            keepRendition(key, target: target)
        }
    }

    /// Reads back the pixels the photo just drawn at `target` covers (within the output and the
    /// clip) as its rendition (`renditions`).
    private func keepRendition(_ key: PhotoRendition.Key, target: PixelRect) {
        let output = renderer.outputSize
        var area = target.intersection(PixelRect(x: 0, y: 0, width: output.width, height: output.height))
        if let clip { area = area.intersection(clip) }
        guard area.width > 0, area.height > 0, let pixels = renderer.readPixels(area),
              let texture = try? Texture(renderer: renderer, bitmap: pixels, opaque: true) else { return }
        renditions.keep(PhotoRendition(key: key, texture: texture, area: area), current: key)
    }

    /// Takes the core's word on which neighbours to keep renditions of (`Effect.keepPhotoRenditions`);
    /// renditions no longer named are released when the next photo is drawn (unless it is theirs).
    func wishRenditions(_ placements: [PhotoPlacement]) {
        let output = renderer.outputSize, density = DisplayScale(self.scale)
        renditions.wish((makesRenditionsAhead ? placements : []).map {
            PhotoRenditions.Wish(placement: $0, key: PhotoRendition.Key($0, output: output, scale: density))
        })
    }

    /// Releases every rendition and wish (the image view closed).
    func releaseRenditions() {
        renditions.removeAll()
        lastPhotoDraw = nil
    }

    /// A wished neighbour's rendition as it can be made now: the final (not preview) pixels of its
    /// level, where it lands on the output, the part of the level that shows; nil while its level
    /// is not decoded, or when the output changed since it was wished (new wishes will come).
    private func renditionSource(_ wish: PhotoRenditions.Wish)
        -> (bitmap: Bitmap, target: PixelRect, window: PixelRect, visible: PixelRect)? {
        let placement = wish.placement, output = renderer.outputSize
        guard wish.key.output == output, let loader = photos, loader.isFinal(source: placement.source, level: placement.level),
              let bitmap = loader.bitmap(source: placement.source, level: placement.level) else { return nil }
        let window = PixelRect(x: 0, y: 0, width: output.width, height: output.height)
        let target = px(placement.destination)
        return (bitmap, target, window, Self.visibleRect(of: bitmap.size, drawnAt: target, clippedTo: window))
    }

    /// True when every tile of `visible` of `placement`'s level (of `size`) is uploaded.
    private func tilesUp(_ placement: PhotoPlacement, size: PixelSize, visible: PixelRect) -> Bool {
        guard let textures = photoTextures else { return false }
        return textures.grid(for: size).tiles(intersecting: visible)
            .allSatisfy { textures.contains(source: placement.source, level: placement.level, index: $0) }
    }

    /// Queues for idle-time upload the tiles that wished neighbours' renditions draw (after anything
    /// queued before: the shown photo's tiles go first). Call after drawing a frame.
    func prefetchRenditionTiles() {
        guard let loader = photos, let textures = photoTextures else { return }
        for wish in renditions.missing {
            guard let (bitmap, _, _, visible) = renditionSource(wish), visible.width > 0, visible.height > 0
            else { continue }
            textures.prefetch(source: wish.placement.source, level: wish.placement.level, bitmap: bitmap, area: visible,
                              opaque: loader.isOpaque(source: wish.placement.source))
        }
    }

    /// True when a wished neighbour's rendition can be made now (its tiles are all uploaded).
    var hasRenditionsAhead: Bool {
        renditions.missing.contains { wish in
            guard let (bitmap, _, _, visible) = renditionSource(wish) else { return false }
            return tilesUp(wish.placement, size: bitmap.size, visible: visible)
        }
    }

    /// Makes the renditions of wished neighbours whose tiles are all uploaded, one at a time while
    /// `deadline` (`Video.seconds()`) is ahead: their level drawn exactly as `drawPhoto` draws a
    /// whole opaque photo (the same tiles, projection, scale mode and clip), into a target texture of
    /// the output's size instead of onto the output, so a copy of it puts the same pixels there.
    func makeRenditionsAhead(until deadline: Double) {
        for wish in renditions.missing where Video.seconds() < deadline {
            let placement = wish.placement
            guard let (bitmap, target, window, visible) = renditionSource(wish),
                  tilesUp(placement, size: bitmap.size, visible: visible) else { continue }
            let start = Video.seconds()
            defer { renditionsMs += (Video.seconds() - start) * 1000 }
            var area = target.intersection(window)
            if let clip = wish.key.clip { area = area.intersection(clip) }
            guard visible.width > 0, visible.height > 0, area.width > 0, area.height > 0,
                  let texture = renditions.takeSpare(size: wish.key.output)
                      ?? (try? Texture(renderer: renderer, target: wish.key.output)),
                  renderer.drawing(into: texture, {
                      // The clip `drawPhoto` would draw under (SDL gives a texture target none of its own).
                      renderer.setClip(wish.key.clip)
                      drawLevel(source: placement.source, level: placement.level, size: bitmap.size, target: target,
                                filter: placement.filter, blended: false, clip: window)
                  })
            else {
                renditions.refuse(wish.key)
                continue
            }
            renditions.keep(PhotoRendition(key: wish.key, texture: texture, area: area, source: area),
                            current: lastPhotoDraw)
            renditionsMade += 1
        }
    }

    /// Copies the uploaded tiles of `level` (of `size` pixels, the whole level drawn at `target`),
    /// clipped to `clip` (window pixels), blended by their alpha when `blended`. The blend mode is
    /// set at each draw, not at upload: a neighbour's tiles may go up (warm-up) before the core has
    /// heard that the photo is transparent.
    private func drawLevel(source: ResourceLocator, level: Int, size: PixelSize, target: PixelRect, filter: SampleFilter,
                           blended: Bool, clip: PixelRect) {
        guard let textures = photoTextures else { return }
        let sx = Double(target.width) / Double(size.width), sy = Double(target.height) / Double(size.height)
        let mode = filter == .nearest && level == 0 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear
        let origin = DevicePoint(x: Double(target.x), y: Double(target.y))
        for tile in textures.textures(for: source, level: level) {
            // Destinations never leave the window (SDL would scale through a destination-sized
            // temporary surface); edges come from the level's pixel grid, so tiles meet without seams.
            let pieces = TileProjection.pieces(
                tile: tile.rect, origin: origin, scale: DeviceSize(width: sx, height: sy), window: clip)
            guard !pieces.isEmpty else { continue }
            tile.texture.setScaleMode(mode)
            tile.texture.setBlended(blended)
            for piece in pieces { renderer.copy(tile.texture, from: piece.source, to: piece.destination) }
        }
    }

    /// Queues the tiles of `ahead` for idle-time upload, in order: each area is the part of its level
    /// under `visible` (the drawn `level`'s visible part, of `levelSize`), grown by its margin.
    private func prefetch(_ ahead: [PhotoAhead], source: ResourceLocator, level: Int, visible: PixelRect, levelSize: PixelSize) {
        guard let loader = photos, let textures = photoTextures else { return }
        let opaque = loader.isOpaque(source: source)
        for area in ahead {
            guard let bitmap = loader.bitmap(source: source, level: area.level) else { continue }
            let factor = Double(bitmap.width) / Double(levelSize.width)
            var rect = area.level == level ? visible
                : PixelRect(x: Int(Double(visible.x) * factor), y: Int(Double(visible.y) * factor),
                            width: Int((Double(visible.width) * factor).rounded(.up)) + 1,
                            height: Int((Double(visible.height) * factor).rounded(.up)) + 1)
            rect = PixelRect(x: rect.x - Int(Double(rect.width) * area.margin), y: rect.y - Int(Double(rect.height) * area.margin),
                             width: rect.width + Int(Double(rect.width) * 2 * area.margin),
                             height: rect.height + Int(Double(rect.height) * 2 * area.margin))
            textures.prefetch(source: source, level: area.level, bitmap: bitmap, area: rect, opaque: opaque)
        }
    }

    /// Asks for the coarsest cached level of the photo at `source` (a neighbour the user may move to)
    /// to be uploaded whole in idle time, so moving to it draws it at once.
    func prefetchPhoto(source: ResourceLocator) {
        guard let loader = photos, let textures = photoTextures, let level = loader.availableLevels(source: source).max(),
              let bitmap = loader.bitmap(source: source, level: level)
        else { return }
        textures.prefetch(source: source, level: level, bitmap: bitmap,
                          area: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height),
                          opaque: loader.isOpaque(source: source))
    }

    /// Where the pixels `rect` of a level of `levelSize` land when the whole level is drawn at
    /// `target`, grown by a pixel on each side and clipped to `window`.
    static func destination(of rect: PixelRect, levelSize: PixelSize, drawnAt target: PixelRect,
                            clippedTo window: PixelRect) -> PixelRect {
        let sx = Double(target.width) / Double(levelSize.width), sy = Double(target.height) / Double(levelSize.height)
        let left = max(window.x, Int((Double(target.x) + Double(rect.x) * sx).rounded(.down)) - 1)
        let top = max(window.y, Int((Double(target.y) + Double(rect.y) * sy).rounded(.down)) - 1)
        let right = min(window.x + window.width, Int((Double(target.x) + Double(rect.x + rect.width) * sx).rounded(.up)) + 1)
        let bottom = min(window.y + window.height,
                         Int((Double(target.y) + Double(rect.y + rect.height) * sy).rounded(.up)) + 1)
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The part of a level of `size` pixels that shows when the whole level is drawn at `target`
    /// and clipped to `window`, in the level's pixels (grown by one pixel for filtering).
    static func visibleRect(of size: PixelSize, drawnAt target: PixelRect, clippedTo window: PixelRect) -> PixelRect {
        guard target.width > 0, target.height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let sx = Double(size.width) / Double(target.width), sy = Double(size.height) / Double(target.height)
        let left = max(window.x, target.x), top = max(window.y, target.y)
        let right = min(window.x + window.width, target.x + target.width)
        let bottom = min(window.y + window.height, target.y + target.height)
        guard right > left, bottom > top else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = max(0, Int((Double(left - target.x) * sx).rounded(.down)) - 1)
        let y0 = max(0, Int((Double(top - target.y) * sy).rounded(.down)) - 1)
        let x1 = min(size.width, Int((Double(right - target.x) * sx).rounded(.up)) + 1)
        let y1 = min(size.height, Int((Double(bottom - target.y) * sy).rounded(.up)) + 1)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
