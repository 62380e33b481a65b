/// Where a resource's bytes are: the one way the model and the core's requests name a file, so
/// the platform reads it without re-parsing a path string to find out what it is.
public enum ResourceLocator: Hashable, Sendable, CustomStringConvertible {
    /// A file of its own, at this absolute path.
    case file(String)
    /// The member `name` (`data/tweets_media/1-a.jpg`) of the zip at the absolute path `archive`.
    case member(archive: String, name: String)
    /// A remote resource at this absolute http or https URL.
    case url(String)
    /// A placeholder image described inline by its BlurHash string (Mastodon's `blurhash`): decoded
    /// from the string itself, never read from anywhere.
    case blurhash(String)

    /// The path `dump` prints and messages use: the file's path, or `<archive>/<name>` for a zip
    /// member; nil for a URL, which has no path on this machine.
    public var path: String? {
        switch self {
        case .file(let path): path
        case .member(let archive, let name): archive + "/" + name
        case .url, .blurhash: nil
        }
    }

    /// The last `/`-separated component of the path or URL (`1-a.jpg`): how the display list's
    /// text snapshots name an image ("blurhash" for a BlurHash).
    public var fileName: String {
        if case .blurhash = self { return "blurhash" }
        let whole = path ?? description
        return whole.split(separator: "/").last.map(String.init) ?? whole
    }

    /// The path, or the URL.
    public var description: String {
        switch self {
        case .url(let url): url
        case .blurhash(let hash): "blurhash:" + hash
        default: path!
        }
    }
}
