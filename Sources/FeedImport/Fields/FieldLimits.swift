import PlumageCore

/// The longest names, handles, titles and alt texts the readers keep, decided here for every
/// format (Twitter/X, Mastodon, JSON Feed): a longer one is cut and ends with "…". Real values are
/// far shorter (X caps display names at 50 characters, Mastodon alt text at 1,500); the caps only
/// keep a hostile file's 50 MB name from being copied into every row, title and dump.
public enum FieldLimits {
    /// Most Unicode scalars of a display name or a feed's title.
    public static let name = 1_000
    /// Most Unicode scalars of a handle.
    public static let handle = 1_000
    /// Most Unicode scalars of an image's alt text.
    public static let alt = 10_000

    /// `text` cut to at most `limit` Unicode scalars, the last of them "…" when it was cut.
    public static func capped(_ text: String, _ limit: Int) -> String {
        // A native string knows its UTF-8 length at once, and it is never shorter than its scalars.
        guard text.utf8.count > limit else { return text }
        var scalars = text.unicodeScalars.prefix(limit)
        guard scalars.endIndex < text.unicodeScalars.endIndex else { return text }
        scalars = scalars.dropLast()
        return String(String.UnicodeScalarView(scalars)) + "…"
    }

    /// `author` with its name and handle capped.
    public static func capped(_ author: Author) -> Author {
        Author(name: capped(author.name, name), handle: capped(author.handle, handle), avatar: author.avatar)
    }
}
