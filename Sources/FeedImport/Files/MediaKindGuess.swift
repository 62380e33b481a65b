import PlumageCore

/// The kind of an attached medium from its MIME type, else its file name's extension.
enum MediaKindGuess {
    /// `image/gif` → gif, `image/*` → photo, `video/*` → video, others (audio, documents) nil;
    /// without a MIME type, by the extension of `url` (query and fragment ignored).
    static func kind(mime: String?, url: String) -> MediaKind? {
        let type = mime?.lowercased() ?? mimeType(forExtensionOf: url)
        if type == "image/gif" { return .gif }
        if type.hasPrefix("image/") { return .photo }
        if type.hasPrefix("video/") { return .video }
        return nil
    }

    private static func mimeType(forExtensionOf url: String) -> String {
        let name = url.prefix { $0 != "?" && $0 != "#" }
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "gif": return "image/gif"
        case "jpg", "jpeg", "png", "webp", "bmp": return "image/" + ext
        case "mp4", "webm", "mov", "m4v": return "video/" + ext
        default: return ""
        }
    }
}
