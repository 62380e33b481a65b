internal import CSDL2
import PlumageCore

/// Drawing `.photo` commands: the photo's pyramid levels as tiles, the wanted level over the
/// coarsest one available, so missing tiles never leave holes. Main thread only.
extension DisplayListExecutor {
    func drawPhoto(path: String, destination: Rect, level wanted: Int, filter: SampleFilter) {
        guard let loader = photos, let textures = photoTextures else { return }
        let available = loader.availableLevels(path: path)
        guard let coarsest = available.max() else { return }
        // The wanted level, else the nearest finer one (shrinking ≤ 2× stays sharp), else the nearest coarser.
        let fine = available.contains(wanted) ? wanted
            : available.filter { $0 < wanted }.max() ?? available.filter { $0 > wanted }.min() ?? coarsest
        let target = px(destination)
        let output = renderer.outputSize
        let window = PixelRect(x: 0, y: 0, width: output.width, height: output.height)
        var levels = [fine]
        if fine != coarsest, let bitmap = loader.bitmap(path: path, level: fine) {
            // The coarse level goes underneath only while a visible tile of the fine one is missing.
            let visible = Self.visibleRect(of: bitmap.size, drawnAt: target, clippedTo: window)
            let wanted = Set(textures.grid(for: bitmap.size).tiles(intersecting: visible))
            let ready = Set(textures.textures(for: path, level: fine).map(\.rect))
            let grid = textures.grid(for: bitmap.size)
            if wanted.contains(where: { !ready.contains(grid.rect(at: $0)) }) { levels.insert(coarsest, at: 0) }
        }
        for level in levels {
            guard let bitmap = loader.bitmap(path: path, level: level) else { continue }
            let visible = Self.visibleRect(of: bitmap.size, drawnAt: target, clippedTo: window)
            guard visible.width > 0, visible.height > 0 else { continue }
            textures.request(path: path, level: level, bitmap: bitmap, visible: visible, opaque: true)
            let sx = Double(target.width) / Double(bitmap.width), sy = Double(target.height) / Double(bitmap.height)
            let mode = filter == .nearest && level == 0 ? SDL_ScaleModeNearest : SDL_ScaleModeLinear
            let origin = Point(x: Double(target.x), y: Double(target.y))
            for tile in textures.textures(for: path, level: level) {
                // Destinations never leave the window (SDL would scale through a destination-sized
                // temporary surface); edges come from the level's pixel grid, so tiles meet without seams.
                let pieces = TileProjection.pieces(tile: tile.rect, origin: origin, scale: Size(width: sx, height: sy),
                                                   window: window)
                guard !pieces.isEmpty else { continue }
                tile.texture.setScaleMode(mode)
                for piece in pieces { renderer.copy(tile.texture, from: piece.source, to: piece.destination) }
            }
        }
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
