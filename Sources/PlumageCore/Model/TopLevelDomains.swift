/// The set of top-level domains a detected link's host must end in (`com`, `jp`, `みんな`), matched
/// case-insensitively in both the Unicode and the `xn--` spelling of internationalised names.
///
/// A value, so the core never reads files: the importer builds it from the system's public suffix
/// list (`init(publicSuffixList:)`), tests from a few literal names.
public struct TopLevelDomains: Hashable, Sendable {
    private var names: Set<String> = []
    /// The longest name in scalars (0 when empty); no longer run of text needs a look-up.
    public private(set) var longestName = 0

    /// A set of `names` (`"com"`, `"みんな"` or `"xn--q9jyb4c"`); each is also known by its other spelling.
    public init(_ names: some Sequence<String>) {
        for name in names { insert(name) }
    }

    /// The top-level domains named by a public suffix list (https://publicsuffix.org/list/): the last
    /// label of every rule (`co.uk` → `uk`, `*.ck` → `ck`, `!www.ck` → `ck`); comments and blank lines skipped.
    public init(publicSuffixList text: String) {
        // Bytes, not Characters: the list is about 250 KB read at every start.
        var seen: Set<ArraySlice<UInt8>> = []
        for line in Array(text.utf8).split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let rule = line.drop { $0 == 0x20 || $0 == 0x09 }.prefix { $0 != 0x20 && $0 != 0x09 }
            guard !rule.isEmpty, !rule.starts(with: [0x2F, 0x2F]) else { continue }
            let last = rule[((rule.lastIndex(of: 0x2E) ?? rule.startIndex - 1) + 1)...]
            let name = last.drop { $0 == 0x21 || $0 == 0x2A }
            if !name.isEmpty, seen.insert(name).inserted { insert(String(decoding: name, as: UTF8.self)) }
        }
    }

    /// How many names the set holds, counting both spellings of internationalised ones.
    public var count: Int { names.count }

    /// True when `name` (any case, Unicode or `xn--` spelling) is a top-level domain of the set.
    public func contains(_ name: String) -> Bool {
        names.contains(Self.folded(name))
    }

    private mutating func insert(_ name: String) {
        let folded = Self.folded(name)
        guard !folded.isEmpty else { return }
        var spellings = [folded]
        if folded.hasPrefix("xn--") {
            if let unicode = Punycode.decode(String(folded.dropFirst(4))) { spellings.append(Self.folded(unicode)) }
        } else if !folded.utf8.allSatisfy({ $0 < 0x80 }), let ascii = Punycode.encode(folded) {
            spellings.append("xn--" + ascii)
        }
        for spelling in spellings {
            names.insert(spelling)
            longestName = max(longestName, spelling.unicodeScalars.count)
        }
    }

    /// `name` lowercased (ASCII quickly, other scripts by Unicode's rules).
    private static func folded(_ name: String) -> String {
        name.utf8.allSatisfy { $0 < 0x80 && !(0x41...0x5A).contains($0) } ? name : name.lowercased()
    }
}
