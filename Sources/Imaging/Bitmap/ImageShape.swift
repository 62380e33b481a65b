/// How an image is masked after decoding.
public enum ImageShape: Hashable, Sendable {
    /// No mask: the whole rectangle shows.
    case rect
    /// Corners rounded by half the shorter side: a circle when the image is square.
    case circle
    /// Rounded corners with the radius in device pixels.
    case rounded(Int)
}
