internal import CPango
import Imaging
import PlumageCore

/// Lays out and draws styled text with Pango and cairo: font fallback by fontconfig, shaping,
/// bidi, line breaking, ellipsis at grapheme boundaries and hit-testing. Owns one font map and
/// context; main thread only (a Pango font map and its layouts belong to one thread).
/// Not used by the app yet (issue 20, step 1).
public final class PangoTextEngine {
    /// The font families asked for, in order; scripts none of them has come from fontconfig's fallback.
    /// No emoji font: Pango picks it for emoji runs itself, and listed it would draw spaces.
    public static let families = "Inter, Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, DejaVu Sans"
    /// The most UTF-8 bytes laid out from one call: Pango shapes the whole text however few lines show.
    public static let maxBytes = 2048
    /// Layouts kept for `render` (and repeated `layout` calls) before the oldest is dropped.
    public static let cacheLimit = 64

    /// The PangoCairoFontMap (with the app's FcConfig).
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The context every layout is made in (font options set).
    let context: OpaquePointer
    /// Laid-out blocks with their Pango layouts, by inputs.
    var cache: [PangoBlockKey: (layout: OpaquePointer, block: PangoBlock)] = [:]
    /// Keys of `cache`, oldest first.
    var cacheOrder: [PangoBlockKey] = []

    /// Sets up fontconfig with `fontsDirectory`'s rules and Inter, a font map and a context with
    /// grey antialiasing, slight hinting, unhinted metrics and unrounded glyph positions.
    public init(fontsDirectory: String) throws(SDLError) {
        let config = try PangoFontSetup.makeConfig(fontsDirectory: fontsDirectory)
        defer { FcConfigDestroy(config) }
        guard let map = pango_cairo_font_map_new() else {
            throw SDLError(function: "pango_cairo_font_map_new", message: "no font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        guard let context = pango_font_map_create_context(map) else {
            g_object_unref(map)
            throw SDLError(function: "pango_font_map_create_context", message: "no context")
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        fontMap = map
        self.context = context
    }

    deinit {
        for entry in cache.values { g_object_unref(UnsafeMutableRawPointer(entry.layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Lays out `spans` in `style` within `maxWidth` points at `scale` device pixels per point:
    /// line boxes `lineSpacing` times the font's line height, at most `maxLines` lines (the last
    /// ellipsized), text past `maxBytes` left out. `language` (BCP 47) picks CJK glyph variants.
    public func layout(
        spans: [StyledSpan], style: FontStyle, maxWidth: Double, lineSpacing: Double = 1, maxLines: Int = .max,
        scale: Double = 1, language: String? = nil
    ) -> PangoBlock {
        let key = PangoBlockKey(spans: spans, style: style, maxWidth: maxWidth, lineSpacing: lineSpacing,
                                maxLines: maxLines, scale: scale, language: language)
        return entry(for: key).block
    }

    /// The most pixels one `render` draws (64 MB of RGBA); a taller block is cut at the bottom.
    public static let maxBitmapPixels = 1 << 24

    /// Draws `block` into a bitmap of its pixel size (cut to `maxBitmapPixels`): transparent where
    /// there is no text, straight alpha.
    public func render(_ block: PangoBlock) -> Bitmap {
        let width = block.pixelSize.width
        let height = width > 0 ? min(block.pixelSize.height, Self.maxBitmapPixels / width) : 0
        guard width > 0, height > 0 else { return Bitmap(width: 0, height: 0, pixels: []) }
        let layout = entry(for: block.key).layout
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let surface = cairo_image_surface_create_for_data(
                buffer.baseAddress, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            let cr = cairo_create(surface)
            cairo_set_source_rgb(cr, 0, 0, 0)
            pango_cairo_show_layout(cr, layout)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        PangoBitmap.unpremultiply(&pixels)
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Drops every cached layout (benchmarks time fresh layouts with it).
    public func removeAllCachedLayouts() {
        for entry in cache.values { g_object_unref(UnsafeMutableRawPointer(entry.layout)) }
        cache.removeAll(keepingCapacity: true)
        cacheOrder.removeAll(keepingCapacity: true)
    }

    /// The cached layout and block for `key`, laid out (and the oldest entry dropped) when missing.
    func entry(for key: PangoBlockKey) -> (layout: OpaquePointer, block: PangoBlock) {
        if let hit = cache[key] { return hit }
        let made = make(key)
        if cacheOrder.count >= Self.cacheLimit {
            let old = cacheOrder.removeFirst()
            if let gone = cache.removeValue(forKey: old) { g_object_unref(UnsafeMutableRawPointer(gone.layout)) }
        }
        cache[key] = made
        cacheOrder.append(key)
        return made
    }

    /// Makes the Pango layout for `key` and reads its block.
    func make(_ key: PangoBlockKey) -> (layout: OpaquePointer, block: PangoBlock) {
        // Out-of-range inputs are clamped rather than trusted: a huge font or line box would make
        // Pango's sizes overflow its 32-bit units.
        let scale = key.scale.isFinite && key.scale > 0 ? min(key.scale, 16) : 1
        let (spans, cut) = PangoSpans.capped(key.spans, maxBytes: Self.maxBytes)
        let (text, ranges) = PangoSpans.joined(spans)
        let pixelSize = key.style.points * scale
        let layout = pango_layout_new(context)!
        let description = pango_font_description_from_string(Self.families)
        pango_font_description_set_absolute_size(description, pixelSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, key.style.weight == .medium ? PANGO_WEIGHT_MEDIUM : PANGO_WEIGHT_NORMAL)
        let language = key.language.map { pango_language_from_string($0) }
        let metrics = pango_context_get_metrics(context, description, language ?? nil)
        let fontHeight = Double(pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics))
        pango_font_metrics_unref(metrics)
        let lineSpacing = key.lineSpacing.isFinite && key.lineSpacing > 0 ? min(key.lineSpacing, 100) : 1
        let lineHeight = max(1, (fontHeight / Double(PANGO_SCALE) * lineSpacing).rounded())
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        let width = key.maxWidth.isFinite ? max(1, key.maxWidth * scale) : 1_000_000
        pango_layout_set_width(layout, Int32(min(width, 1_000_000) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(layout, -Int32(min(max(key.maxLines, 1), 100_000)))
        pango_layout_set_text(layout, text, Int32(text.utf8.count))
        let attributes = pango_attr_list_new()
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>? = nil) {
            guard let attribute else { return }
            if let range { attribute.pointee.start_index = UInt32(range.lowerBound); attribute.pointee.end_index = UInt32(range.upperBound) }
            pango_attr_list_insert(attributes, attribute)
        }
        insert(pango_attr_line_height_new_absolute(Int32(lineHeight) * PANGO_SCALE))
        if let language { insert(pango_attr_language_new(language)) }
        for (span, range) in zip(spans, ranges) where !range.isEmpty {
            let c = span.color
            insert(pango_attr_foreground_new(UInt16(c.r) * 257, UInt16(c.g) * 257, UInt16(c.b) * 257), range)
            if c.a < 255 { insert(pango_attr_foreground_alpha_new(UInt16(c.a) * 257), range) }
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        let block = PangoBlockReader(layout: layout, scale: scale).read(
            key: key, text: text, spans: spans, ranges: ranges, truncatedByCap: cut)
        return (layout, block)
    }
}
