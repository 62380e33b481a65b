/// Measurements every screen shares, in points: the translucent bar at the top and the blurred
/// backdrop behind everything.
public enum ChromeMetrics {
    /// Height of the translucent navigation bar.
    public static let barHeight = 52.0
    /// Blur radius of the frosted bar (and of panels over content), in points.
    public static let barBlurSigma = 10.0
    /// Blur radius of the static background image, in points.
    public static let backgroundBlurSigma = 18.0
}
