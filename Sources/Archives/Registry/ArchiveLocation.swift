/// Where the bytes of a file named by an archive live: a file of its own, or a member of a zip.
/// Archives hand it out (`ArchiveFiles.location(of:)`), `OpenArchives` reads it; nobody parses a
/// path string to find out which it is.
public enum ArchiveLocation: Hashable, Sendable {
    /// A file on disk, at this absolute path.
    case file(String)
    /// The member `name` of the zip at the absolute path `archive`.
    case member(archive: String, name: String)

    /// How messages name it: the file's path, or `<archive>/<name>`.
    public var path: String {
        switch self {
        case .file(let path): path
        case .member(let archive, let name): archive + "/" + name
        }
    }
}
