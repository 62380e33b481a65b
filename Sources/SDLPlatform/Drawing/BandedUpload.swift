import Imaging
import PlumageCore

/// A region of a bitmap being copied into its own texture in row bands of about `bandBytes`, one
/// band per `step()`, so a big upload spreads over frames with a budget check between bands. The
/// texture is complete, and may be shown, once `step()` returns true. Main thread only.
struct BandedUpload {
    /// Bytes copied per band (at least one row).
    static let bandBytes = 512 << 10

    /// The pixels copied from.
    let bitmap: Bitmap
    /// The part of `bitmap` the texture holds (same size as the texture).
    let region: PixelRect
    /// The texture being filled, top rows first.
    let texture: Texture
    /// The first row of `region` not yet copied.
    private(set) var nextRow = 0

    /// Starts copying `region` of `bitmap` into a new empty texture (`opaque`: drawn without blending);
    /// nothing is copied yet.
    init(renderer: Renderer, bitmap: Bitmap, region: PixelRect, opaque: Bool) throws(SDLError) {
        self.bitmap = bitmap
        self.region = region
        texture = try Texture(renderer: renderer, size: PixelSize(width: region.width, height: region.height), opaque: opaque)
    }

    /// Starts copying the whole of `bitmap` into a new empty texture.
    init(renderer: Renderer, bitmap: Bitmap, opaque: Bool) throws(SDLError) {
        try self.init(
            renderer: renderer, bitmap: bitmap, region: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height),
            opaque: opaque)
    }

    /// Rows in one band: `bandBytes` worth of the region's width, at least one.
    var rowsPerBand: Int { max(1, Self.bandBytes / max(1, region.width * 4)) }

    /// Copies the next band of rows; returns true when the texture is complete.
    mutating func step() -> Bool {
        let end = min(region.height, nextRow + rowsPerBand)
        texture.update(rows: nextRow..<end, of: region, in: bitmap)
        nextRow = end
        return end == region.height
    }
}
