import Archives
import Foundation
import PlumageCore

/// Reads the photos named on the command line: image files as given, folders as their images
/// sorted by name in `NaturalOrder` (numbers compared as numbers, so `IMG_2` comes before `IMG_10`).
public enum PhotoList {
    /// File name extensions treated as images.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "gif", "webp", "bmp", "tga", "tif", "tiff"]

    /// True when every path is an image file or a folder of photos (so the image view opens
    /// directly), as `SourceFormat.detect` tells through `archives`.
    public static func isPhotoArguments(_ paths: [String], archives: OpenArchives) -> Bool {
        !paths.isEmpty && paths.allSatisfy {
            let format = SourceFormat.detect(path: $0, archives: archives)
            return format == .image || format == .photoFolder
        }
    }

    /// The photos of `paths`, in order; throws naming the first path that is missing or holds no images.
    public static func load(paths: [String]) throws(SourceError) -> [Photo] {
        var photos: [Photo] = []
        for path in paths {
            let absolute = FileSystem.absolute(path)
            if FileSystem.isDirectory(absolute) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []
                let images = names.filter { !$0.hasPrefix(".") && isImageName($0) }
                    .map { (NaturalOrder.Key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
                guard !images.isEmpty else {
                    throw SourceError(.unsupported, path: path, reason: "no images in this folder")
                }
                photos += images.map { Photo(source: .file(absolute + "/" + $0), title: $0) }
            } else if FileSystem.isFile(absolute) {
                photos.append(Photo(source: .file(absolute), title: String(absolute.split(separator: "/").last ?? "")))
            } else if FileSystem.kind(of: absolute) == .other {
                throw SourceError(.cannotRead, path: path, reason: "cannot read: not a regular file")
            } else {
                throw SourceError(.cannotRead, path: path, reason: "cannot read: No such file or directory")
            }
        }
        return photos
    }

    /// True when the name ends in an image extension.
    static func isImageName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
