/// Where the bytes a path names live: a file of its own, or a member of an open zip. The rest of the
/// program names a member `<zip path>/<member>` (`ZipArchive.path(of:)`); `OpenArchives.locate`
/// turns that string into this value once, by the archives it has open.
public enum ArchiveLocation: Hashable, Sendable {
    /// A file on disk, at this path.
    case file(String)
    /// The member `name` of the zip at the absolute path `archive`.
    case member(archive: String, name: String)

    /// The path the rest of the program knows this by: the file's, or `<archive>/<name>`.
    public var path: String {
        switch self {
        case .file(let path): path
        case .member(let archive, let name): archive + "/" + name
        }
    }
}
