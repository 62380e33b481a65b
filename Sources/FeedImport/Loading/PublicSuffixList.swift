import PlumageCore

/// The system's public suffix list, the source of the top-level domains a detected link's host
/// must end in; read once, at first use.
public enum PublicSuffixList {
    /// Where Debian's `publicsuffix` package installs the list.
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The top-level domains of the list at `debianPath`, read at the first call and kept; when it is
    /// missing or unreadable, every call throws the same `.missingResources` error naming the package.
    public static func installed() throws(SourceError) -> TopLevelDomains {
        try installedList.get()
    }

    private static let installedList: Result<TopLevelDomains, SourceError> = {
        do throws(SourceError) {
            return .success(try read(path: debianPath))
        } catch {
            return .failure(error)
        }
    }()

    /// The top-level domains of the list at `path`. Errors read `PATH: cannot read the public suffix
    /// list (install the publicsuffix package): <reason>` or say the file names no domain.
    public static func read(path: String) throws(SourceError) -> TopLevelDomains {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.regularFile(path, limit: 64 << 20)
        } catch {
            throw SourceError(
                .missingResources, path: path,
                reason:
                    "cannot read the public suffix list (install the publicsuffix package): \(error.reason.trimmingPrefix("cannot read: "))"
            )
        }
        let domains = TopLevelDomains(publicSuffixList: String(decoding: bytes, as: UTF8.self))
        guard domains.count > 0 else {
            throw SourceError(.missingResources, path: path, reason: "the public suffix list names no top-level domain")
        }
        return domains
    }
}
