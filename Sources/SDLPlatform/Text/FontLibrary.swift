internal import CSDL2
internal import CSDL2TTF
import PlumageCore

/// Font files for each face, and the open `TTF_Font`s per face, weight and pixel size; main thread only.
public final class FontLibrary {
    /// Paths of the font files.
    public struct Files: Sendable {
        /// Path of the text face's regular weight (Inter Regular).
        public var regular: String
        /// Path of the text face's medium weight (Inter Medium).
        public var medium: String
        /// Path of the wide-coverage fallback face (DejaVu Sans).
        public var fallback: String
        /// Path of the colour emoji font (bundled subset, or the system Noto Color Emoji).
        public var emoji: String
        /// Path of the CJK face (Noto Sans CJK subset).
        public var cjk: String
        /// The bundled fonts in `fontsDirectory`; `systemEmoji` prefers the full system Noto Color Emoji.
        public init(fontsDirectory dir: String, systemEmoji: Bool) {
            regular = dir + "/Inter-Regular.otf"
            medium = dir + "/Inter-Medium.otf"
            fallback = dir + "/DejaVuSans.ttf"
            cjk = dir + "/NotoSansCJKsc-subset.otf"
            let system = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
            emoji = systemEmoji && Files.exists(system) ? system : dir + "/NotoColorEmoji-subset.ttf"
        }
        /// True when `path` can be opened for reading.
        static func exists(_ path: String) -> Bool {
            guard let rw = SDL_RWFromFile(path, "rb") else { SDL_ClearError(); return false }
            SDL_RWclose(rw)
            return true
        }
    }

    /// Identifies one open font.
    struct Key: Hashable {
        /// The face.
        var face: FontFace
        /// The weight (always regular outside the text face).
        var weight: FontWeight
        /// Size in pixels (at least 4).
        var pixelSize: Int
    }

    /// The font file paths.
    let files: Files
    /// Open fonts by face, weight and pixel size; closed on deinit.
    var fonts: [Key: OpaquePointer] = [:]
    /// The colour emoji font has one fixed strike; it is opened once and scaled when drawn.
    var emojiFont: OpaquePointer?

    /// Checks that every font file opens; throws a message naming the file that does not.
    public init(files: Files) throws(SDLError) {
        self.files = files
        for path in [files.regular, files.medium, files.fallback, files.cjk, files.emoji] {
            guard let f = TTF_OpenFont(path, 12) else { throw SDLError.capture("TTF_OpenFont(\(path))") }
            TTF_CloseFont(f)
        }
    }

    deinit {
        for f in fonts.values { TTF_CloseFont(f) }
        if let emojiFont { TTF_CloseFont(emojiFont) }
    }

    /// The open font for a face, weight and pixel size (opened on first use, then kept).
    func font(_ face: FontFace, _ weight: FontWeight, pixelSize: Int) -> OpaquePointer? {
        if face == .emoji { return emoji() }
        let key = Key(face: face, weight: face == .text ? weight : .regular, pixelSize: max(4, pixelSize))
        if let f = fonts[key] { return f }
        let path = switch face {
        case .text: key.weight == .medium ? files.medium : files.regular
        case .fallback: files.fallback
        case .cjk: files.cjk
        case .emoji: files.emoji
        }
        guard let f = TTF_OpenFont(path, Int32(key.pixelSize)) else { SDL_ClearError(); return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        fonts[key] = f
        return f
    }

    /// The colour emoji font (fixed 109 ppem strike, 128 px line).
    func emoji() -> OpaquePointer? {
        if let emojiFont { return emojiFont }
        emojiFont = TTF_OpenFont(files.emoji, 109)
        if emojiFont == nil { SDL_ClearError() }
        return emojiFont
    }
}
