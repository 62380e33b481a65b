/// Where one `SDLBackend.drawFrame` spent its time and what it made: the stats log's account of a
/// slow frame (`--stats-file`).
public struct FrameCost: Equatable, Sendable {
    /// News and layout (ms): the app's events and `AppState.frame`.
    public var layoutMs: Double
    /// Drawing the display list (ms), uploads and text rendering included.
    public var drawMs: Double
    /// Of `drawMs`, the frosted glass (ms): reading back, shrinking, blurring and uploading.
    public var frostMs: Double
    /// Text blocks rendered into new textures.
    public var textRenders: Int
    /// Feed images uploaded.
    public var uploads: Int

    /// A cost with the given figures (zero when left out).
    public init(layoutMs: Double = 0, drawMs: Double = 0, frostMs: Double = 0, textRenders: Int = 0, uploads: Int = 0) {
        self.layoutMs = layoutMs
        self.drawMs = drawMs
        self.frostMs = frostMs
        self.textRenders = textRenders
        self.uploads = uploads
    }
}
