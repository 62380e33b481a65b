/// What the backend's bounded caches hold, in bytes, each under its own limit: decoded pixels
/// (`DecodedImageCache`), the image view's tile textures (`PhotoTextures`), the feed's image textures
/// (`ImageStore`) and rendered text (`DisplayListExecutor`).
public struct CacheBytes: Equatable, Sendable {
    /// Decoded photo levels and feed images, shared by the image view and the feed.
    public var decoded: Int
    /// Photo tiles uploaded as textures.
    public var photoTiles: Int
    /// Feed images (avatars, photos, the backdrop) uploaded as textures.
    public var feedImages: Int
    /// Text blocks rendered into textures.
    public var text: Int
}
