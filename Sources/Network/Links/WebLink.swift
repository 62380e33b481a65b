/// One link of a `Link` header (RFC 8288 §3): its target as written and its parameters.
public struct WebLink: Sendable, Equatable {
    /// The URI reference between `<` and `>`, unresolved.
    public var target: String
    /// The parameters in order, names lowercased, quoted values unquoted; a parameter without a
    /// value has an empty one.
    public var parameters: [(name: String, value: String)]

    /// A link to `target` with `parameters`.
    public init(target: String, parameters: [(name: String, value: String)] = []) {
        self.target = target
        self.parameters = parameters
    }

    /// The first value of the parameter `name` (lowercase), or nil.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The relation types: the first `rel` parameter split at whitespace, lowercased (§3.3: later
    /// `rel` parameters are ignored).
    public var relations: [String] {
        (parameter("rel") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
    }

    /// Equal targets and parameters.
    public static func == (a: WebLink, b: WebLink) -> Bool {
        a.target == b.target && a.parameters.map(\.name) == b.parameters.map(\.name)
            && a.parameters.map(\.value) == b.parameters.map(\.value)
    }
}
