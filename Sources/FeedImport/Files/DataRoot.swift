import Foundation

/// Plumage's data root: the folder that holds `Assets/` and `Fonts/`.
///
/// Searched in order: `$PLUMAGE_DATA_DIR` (authoritative when set), `<exe dir>/../share/plumage`
/// (installed layout), the executable's folder and each of its parents (a development build in
/// `.build/release/` finds the repository), then the current directory.
public struct DataRoot: Hashable, Sendable {
    /// The environment variable that names the data root explicitly.
    public static let environmentKey = "PLUMAGE_DATA_DIR"

    /// Absolute path of the data root.
    public let rootPath: String

    /// Uses `rootPath` as the data root without checking it.
    public init(rootPath: String) { self.rootPath = rootPath }

    /// The data root as a URL.
    public var rootURL: URL { URL(fileURLWithPath: rootPath, isDirectory: true) }
    /// `Assets/`: demo feed, photos, backgrounds, palettes, icons.
    public var assetsURL: URL { URL(fileURLWithPath: rootPath + "/Assets", isDirectory: true) }
    /// `Fonts/`: the bundled font files.
    public var fontsURL: URL { URL(fileURLWithPath: rootPath + "/Fonts", isDirectory: true) }
    /// The bundled demo feed, `Assets/demo/feed.json`.
    public var demoFeedURL: URL { URL(fileURLWithPath: rootPath + "/Assets/demo/feed.json", isDirectory: false) }

    /// Finds the data root for this process, or throws a `.missingResources` error naming where it looked.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = currentExecutablePath(),
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(SourceError) -> DataRoot {
        if let explicit = environment[environmentKey], !explicit.isEmpty {
            let root = FileSystem.absolute(explicit)
            guard isDataRoot(root) else {
                throw SourceError(
                    .missingResources, path: explicit, reason: "\(environmentKey) does not hold Assets/ and Fonts/")
            }
            return DataRoot(rootPath: root)
        }
        let candidates = searchPath(executablePath: executablePath, currentDirectory: currentDirectory)
        guard let root = candidates.first(where: isDataRoot) else {
            throw SourceError(
                .missingResources, path: executablePath ?? "plumage",
                reason: "cannot find the data folder with Assets/ and Fonts/ (set \(environmentKey))")
        }
        return DataRoot(rootPath: root)
    }

    /// The folders tried after the environment variable, in order.
    static func searchPath(executablePath: String?, currentDirectory: String) -> [String] {
        var folders: [String] = []
        if let exe = executablePath {
            var dir = FileSystem.directory(of: FileSystem.absolute(exe))
            folders.append(FileSystem.absolute(dir + "/../share/plumage"))
            while true {
                folders.append(dir)
                let parent = FileSystem.directory(of: dir)
                if parent == dir { break }
                dir = parent
            }
        }
        folders.append(FileSystem.absolute(currentDirectory))
        return folders
    }

    /// The running executable with symbolic links resolved (`/proc/self/exe`), else `argv[0]`.
    public static func currentExecutablePath() -> String? {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return CommandLine.arguments.first
    }

    private static func isDataRoot(_ path: String) -> Bool {
        FileSystem.isDirectory(path + "/Assets") && FileSystem.isDirectory(path + "/Fonts")
    }
}
