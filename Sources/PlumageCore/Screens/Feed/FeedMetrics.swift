/// Fixed measurements of the feed screen, in points (the design's grid).
public enum FeedMetrics {
    /// The list column never grows wider than this; the blurred background shows beside it.
    public static let columnMaxWidth = 640.0
    /// Padding inside a cell.
    public static let padding = 14.0
    /// Diameter of the round avatar.
    public static let avatarSize = 48.0
    /// Gap between the avatar and the text column.
    public static let avatarGap = 12.0
    /// Gap between the header line and the body, and between body and photos.
    public static let blockGap = 6.0
    /// Gap between photos of a grid.
    public static let photoGap = 4.0
    /// Corner radius of photos.
    public static let photoRadius = 12.0
    /// Extra line spacing of the body text (comfortable reading, seed 000).
    public static let bodyLineSpacing = 1.3
    /// Wheel distance of one detent.
    public static let wheelStep = 80.0
    /// Distance of one arrow-key step.
    public static let lineStep = 48.0
    /// Space below the last cell.
    public static let bottomInset = 24.0
}
