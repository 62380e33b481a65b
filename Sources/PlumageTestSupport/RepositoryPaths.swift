/// Absolute paths inside this checkout, for tests that read committed files (assets, goldens,
/// fixtures) wherever their own source file sits.
public enum RepositoryPaths {
    /// The checkout's root folder, the one holding `Package.swift`.
    public static let root: String = {
        // This file is <root>/Sources/PlumageTestSupport/RepositoryPaths.swift.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// The absolute path of `relative` (e.g. `"Assets/themes"`) inside the checkout.
    public static func path(_ relative: String) -> String { root + "/" + relative }
}
