import Archives

/// Resolves the URL references of a feed (`photos/a.jpg`, `/abs/a.jpg`, `file:///abs/a.jpg`) to
/// absolute file paths; network URLs resolve to nothing (Plumage never downloads).
enum LocalPath {
    /// The absolute path `reference` names, relative ones against `base` (an absolute folder), percent-decoded,
    /// query and fragment dropped; nil for `http(s)` and other schemes, remote `file://` hosts and empty references.
    static func resolve(_ reference: String, base: String) -> String? {
        var ref = Substring(reference.trimmingPrefix(while: { $0 == " " }))
        if let scheme = scheme(of: ref) {
            guard scheme == "file" else { return nil }
            ref = ref.dropFirst(5)
            if ref.hasPrefix("//") {
                ref = ref.dropFirst(2)
                let hostEnd = ref.firstIndex(of: "/") ?? ref.endIndex
                guard ref[..<hostEnd].isEmpty || ref[..<hostEnd].lowercased() == "localhost" else { return nil }
                ref = ref[hostEnd...]
            }
        }
        ref = ref.prefix { $0 != "?" && $0 != "#" }
        guard !ref.isEmpty else { return nil }
        let path = percentDecoded(ref)
        return FileSystem.absolute(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// What a local reference leads to once confined to a folder tree.
    enum Confined: Equatable {
        /// An existing regular file inside the tree (its path as resolved, links kept).
        case file(String)
        /// Nothing readable there (no such file, or not a regular file).
        case missing
        /// A file outside the tree (`/etc/shadow`, `../../x`, a link pointing out): never opened.
        case outside(String)
    }

    /// Where `reference` leads when only files under `base` (an absolute folder whose real path,
    /// links resolved, is `realBase`) may be read; nil for network URLs and empty references.
    /// The resolved file's real path must lie under `realBase`, so a link cannot lead out.
    static func confined(_ reference: String, base: String, realBase: String) -> Confined? {
        guard let path = resolve(reference, base: base) else { return nil }
        guard let real = ArchivePath.realPath(path) else {
            return ArchivePath.isInside(path, root: base) ? .missing : .outside(path)
        }
        guard ArchivePath.isInside(real, root: realBase) else { return .outside(path) }
        return ArchivePath.isRegularFile(real) ? .file(path) : .missing
    }

    /// The lowercased URL scheme of `ref` (`https`, `file`), or nil for a path.
    private static func scheme(of ref: Substring) -> String? {
        guard let colon = ref.firstIndex(of: ":"), let first = ref.first, first.isASCII, first.isLetter else { return nil }
        let name = ref[..<colon]
        let valid = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
        return valid ? name.lowercased() : nil
    }

    /// `%XX` sequences decoded as UTF-8; malformed sequences and invalid UTF-8 are kept as written.
    private static func percentDecoded(_ s: Substring) -> String {
        guard s.contains("%") else { return String(s) }
        let utf8 = Array(s.utf8)
        var bytes: [UInt8] = []
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
                let v = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(s)
    }
}
