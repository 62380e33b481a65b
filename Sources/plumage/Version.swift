/// Plumage's release: the one place its version number and date are written (`plumage --version`;
/// `make install` reads both from here for the man page and the AppStream metainfo).
enum PlumageVersion {
    /// The version number, `MAJOR.MINOR.PATCH`.
    static let number = "0.9.0"
    /// The release date, `YYYY-MM-DD`.
    static let date = "2026-11-24"
    /// What `plumage --version` prints: `plumage 0.9.0`.
    static let banner = "plumage \(number)"
}
