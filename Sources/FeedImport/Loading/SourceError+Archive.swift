import Archives

extension SourceError {
    /// A file of `archive` that could not be read: `ROOT: data/tweets.js: larger than 2 GiB, not read`.
    static func archive(_ error: ArchiveError, in archive: any ArchiveFiles) -> SourceError {
        SourceError(.cannotRead, path: archive.rootPath, reason: error.description)
    }
}
