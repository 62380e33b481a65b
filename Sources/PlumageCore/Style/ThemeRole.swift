/// Every colour the UI asks a theme for; the raw value is the kebab-case key used in theme files.
///
/// Alpha in the palette colour is honoured everywhere, so hairlines and selections can be
/// translucent; `barTint` and `cardTint` are additionally scaled by the theme's opacities.
public enum ThemeRole: String, Hashable, Sendable, CaseIterable {
    /// Display name of an author (font A1).
    case name
    /// @handle next to the display name (font B1).
    case handle
    /// Body text of an item (font A2).
    case text
    /// Links inside item text.
    case link
    /// #hashtags inside item text.
    case hashtag
    /// @mentions inside item text.
    case mention
    /// Relative date of an item (font B2).
    case date
    /// Fill of the translucent nav bar, drawn at the theme's `barOpacity` over the frosted blur.
    case barTint = "bar-tint"
    /// The bar's title button ("Timeline ▾").
    case barTitle = "bar-title"
    /// Tint of the monochrome bar button icons.
    case barIcon = "bar-icon"
    /// Hairline between rows, inset as in the design.
    case separator
    /// Highlight of the row under the pointer or keyboard focus.
    case selection
    /// Fill behind each row, drawn at the theme's `cardOpacity` so text stays readable over the photo.
    case cardTint = "card-tint"
    /// Fill of a photo or avatar slot before its pixels arrive.
    case placeholder
    /// Thumb of the scroll indicator, and the loading spinner.
    case indicator
    /// Panel behind the FPS overlay.
    case overlayBackground = "overlay-background"
    /// Numbers and labels of the FPS overlay.
    case overlayText = "overlay-text"
    /// Bars of the frame-time graph that are within budget.
    case overlayGraph = "overlay-graph"
    /// The frame-budget line across the graph (16.7 ms at 60 Hz).
    case overlayBudget = "overlay-budget"
    /// Bars and counts of frames over budget.
    case overlayWarning = "overlay-warning"
    /// Solid window fill shown before the background image has decoded.
    case backdrop
    /// Fill of the section picker that slides down from the bar title.
    case pickerBackground = "picker-background"
    /// Section names in the picker.
    case pickerText = "picker-text"
    /// Section headers of the item details screen (Images, Hashtags, Users, URLs).
    case sectionHeader = "section-header"
    /// Window fill around a photo in the image view.
    case imageBackground = "image-background"
    /// Message text of the error placeholder for a broken or missing image.
    case error
}
