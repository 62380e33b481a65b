internal import CSDL2
internal import CSDL2TTF
import PlumageCore

/// Draws a laid-out `TextBlock` into one ARGB surface (each run with its own font, emoji scaled to
/// the line, right-to-left runs shaped RTL), ready to become one cached texture; main thread only.
final class TextRasterizer {
    /// The fonts runs are drawn with.
    let fonts: FontLibrary
    /// The measurer whose scales set the pixel sizes.
    let measurer: TextMeasurer
    /// Where the runs of the block last rendered were drawn, in points (lines × runs).
    private(set) var lastExtents: [[RunExtent]] = []

    /// Creates a rasterizer using `fonts` at `measurer`'s scales.
    init(fonts: FontLibrary, measurer: TextMeasurer) {
        self.fonts = fonts
        self.measurer = measurer
    }

    /// The block as a new surface the caller frees, or nil for an empty block.
    func render(_ block: TextBlock) -> UnsafeMutablePointer<SDL_Surface>? {
        lastExtents = []
        let scale = measurer.displayScale
        let width = Int((block.size.width * scale).rounded(.up)) + 2
        let height = Int((block.size.height * scale).rounded(.up)) + 2
        guard width > 2, height > 2, !block.lines.isEmpty,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { SDL_ClearError(); return nil }
        if let bg = block.background {
            SDL_FillRect(surface, nil, UInt32(bg.a) << 24 | UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b))
        } else {
            SDL_FillRect(surface, nil, 0)
        }
        let style = block.style
        let pixelSize = measurer.pixelSize(style)
        guard let textFont = fonts.font(.text, style.weight, pixelSize: pixelSize) else { return surface }
        let lineBox = block.lineHeight * scale
        let textHeight = Double(TTF_FontHeight(textFont))
        for line in block.lines {
            let baseline = line.y * scale + (lineBox - textHeight) / 2 + Double(TTF_FontAscent(textFont))
            // Measured widths ignore kerning, so a shaped run ends a little before its measured end:
            // left-to-right lines place each run where the previous one really ended.
            var cursor: Int32? = nil
            var extents: [RunExtent] = []
            for run in line.runs {
                let x = line.isRightToLeft ? nil : cursor
                let advance = draw(run, style: style, pixelSize: pixelSize, baseline: baseline, scale: scale,
                                   at: x, into: surface, block: block)
                let left = x ?? Int32((run.x * scale).rounded()) + 1
                // The surface starts a pixel left of the block (drawText places it so).
                extents.append(RunExtent(x: Double(left - 1) / scale, width: Double(advance) / scale))
                cursor = left + advance
            }
            lastExtents.append(extents)
        }
        return surface
    }

    /// Draws one run with its left edge at `x` pixels (its laid-out position when nil); returns its width in pixels.
    @discardableResult
    func draw(_ run: TextRun, style: FontStyle, pixelSize: Int, baseline: Double, scale: Double, at x: Int32?,
              into surface: UnsafeMutablePointer<SDL_Surface>, block: TextBlock) -> Int32 {
        guard let font = fonts.font(run.face, style.weight, pixelSize: pixelSize) else { return 0 }
        let color = SDL_Color(r: run.color.r, g: run.color.g, b: run.color.b, a: run.color.a)
        if run.isRightToLeft {
            TTF_SetFontDirection(font, TTF_DIRECTION_RTL)
            TTF_SetFontScriptName(font, run.text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) } ? "Arab" : "Hebr")
        }
        let rendered = TTF_RenderUTF8_Blended(font, run.text, color)
        if run.isRightToLeft {
            TTF_SetFontDirection(font, TTF_DIRECTION_LTR)
            TTF_SetFontScriptName(font, "Latn")
        }
        guard let glyphs = rendered else { SDL_ClearError(); return 0 }
        defer { SDL_FreeSurface(glyphs) }
        let x = x ?? Int32((run.x * scale).rounded()) + 1
        if run.face == .emoji {
            let h = measurer.emojiPixelHeight(style)
            let w = Int(Double(glyphs.pointee.w) * Double(h) / Double(max(1, glyphs.pointee.h)))
            let y = Int32((baseline - Double(h) * 0.86).rounded())
            var dst = SDL_Rect(x: x, y: y, w: Int32(w), h: Int32(h))
            clip(&dst, to: surface)
            guard dst.w > 0, dst.h > 0 else { return Int32(w) }
            // Linear stretch without blending: runs do not overlap, so copying keeps straight alpha intact.
            var full = SDL_Rect(x: x, y: y, w: Int32(w), h: Int32(h))
            let unclipped = dst.x == full.x && dst.y == full.y && dst.w == full.w && dst.h == full.h
            if unclipped && block.background == nil {
                SDL_SoftStretchLinear(glyphs, nil, surface, &dst)
            } else {
                let scaled = SDL_CreateRGBSurfaceWithFormat(0, full.w, full.h, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
                if let scaled {
                    SDL_SoftStretchLinear(glyphs, nil, scaled, nil)
                    SDL_SetSurfaceBlendMode(scaled, block.background == nil ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
                    full.x = 0; full.y = 0
                    SDL_UpperBlit(scaled, nil, surface, &full)
                    SDL_FreeSurface(scaled)
                }
            }
            return Int32(w)
        } else {
            let y = Int32((baseline - Double(TTF_FontAscent(font))).rounded())
            var dst = SDL_Rect(x: x, y: y, w: glyphs.pointee.w, h: glyphs.pointee.h)
            SDL_SetSurfaceBlendMode(glyphs, block.background == nil ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_UpperBlit(glyphs, nil, surface, &dst)
            return glyphs.pointee.w
        }
    }

    /// Shrinks `r` to the part inside `surface` (empty when outside).
    func clip(_ r: inout SDL_Rect, to surface: UnsafeMutablePointer<SDL_Surface>) {
        let x0 = max(0, r.x), y0 = max(0, r.y)
        let x1 = min(surface.pointee.w, r.x + r.w), y1 = min(surface.pointee.h, r.y + r.h)
        r = SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }
}
