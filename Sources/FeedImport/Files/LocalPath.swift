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

    /// `resolve(reference, base:)` when that names an existing regular file, else nil.
    static func existingFile(_ reference: String, base: String) -> String? {
        guard let path = resolve(reference, base: base), FileSystem.isFile(path) else { return nil }
        return path
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
