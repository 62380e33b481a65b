import Archives
import PlumageCore

extension ResourceLocator {
    /// The model's name for what an archive located: a file of its own, or a zip member.
    init(_ location: ArchiveLocation) {
        switch location {
        case .file(let path): self = .file(path)
        case .member(let archive, let name): self = .member(archive: archive, name: name)
        }
    }
}

extension ArchiveFiles {
    /// Where `relative`'s bytes are, as the model names them (`location(of:)`).
    func locator(of relative: String) -> ResourceLocator { ResourceLocator(location(of: relative)) }
}
