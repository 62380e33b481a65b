// swift-tools-version:6.2
import PackageDescription

/// Warnings are errors in every target we own (DESIGN.md §5).
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "Plumage",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "plumage", targets: ["plumage"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    // Each target lists every module its files import, even one it reaches through another target:
    // only declared ones make it rebuild when they change (scripts/check-target-imports.py, `make unit-test`).
    targets: [
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(
            name: "CSDL2Image", pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(
            name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CZLibSystem", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "Imaging", swiftSettings: strict),
        .target(name: "Locking", swiftSettings: strict),
        .target(name: "Files", swiftSettings: strict),
        .target(name: "Jobs", dependencies: ["Locking"], swiftSettings: strict),
        .target(name: "URLs", swiftSettings: strict),
        .target(name: "Network", dependencies: ["CCurl", "Files", "Locking", "URLs"], swiftSettings: strict),
        .systemLibrary(name: "CMath"),
        .systemLibrary(name: "CMalloc"),
        .target(name: "PlumageCore", dependencies: ["CMath", "Imaging"], swiftSettings: strict),
        .target(
            name: "Archives", dependencies: ["CZLibSystem", "Files", "Locking"], swiftSettings: strict),
        .target(
            name: "FeedImport", dependencies: ["Archives", "Files", "Imaging", "Jobs", "Locking", "PlumageCore", "URLs", "CLibXML2"],
            swiftSettings: strict),
        .target(
            name: "SDLPlatform",
            dependencies: ["Archives", "Imaging", "Jobs", "Locking", "PlumageCore", "CPango", "CSDL2", "CSDL2Image", "CSDL2TTF", "CTurboJPEG"],
            swiftSettings: strict),
        .executableTarget(
            name: "plumage",
            dependencies: [
                "Archives", "CMalloc", "Imaging", "Jobs", "Locking", "Network", "PlumageCore", "FeedImport", "SDLPlatform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .target(
            name: "PlumageTestSupport",
            dependencies: ["Archives", "CZLibSystem", "Imaging", "PlumageCore"], swiftSettings: strict),
        .testTarget(
            name: "ImagingTests", dependencies: ["Imaging", "PlumageTestSupport"], swiftSettings: strict),
        .testTarget(name: "LockingTests", dependencies: ["Locking"], swiftSettings: strict),
        .testTarget(name: "FilesTests", dependencies: ["Files", "PlumageTestSupport"], swiftSettings: strict),
        .testTarget(name: "JobsTests", dependencies: ["Jobs", "Locking"], swiftSettings: strict),
        .testTarget(name: "URLsTests", dependencies: ["URLs"], swiftSettings: strict),
        .testTarget(
            name: "NetworkTests", dependencies: ["Jobs", "Locking", "Network", "PlumageTestSupport"],
            exclude: ["Server", "Cache/Bench", "HTTP/Bench"], swiftSettings: strict),
        .testTarget(
            name: "PlumageCoreTests", dependencies: ["Imaging", "PlumageCore", "PlumageTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "ArchivesTests",
            dependencies: ["Archives", "Locking", "PlumageTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: strict),
        .testTarget(
            name: "FeedImportTests",
            dependencies: ["Archives", "FeedImport", "Imaging", "Jobs", "Locking", "PlumageCore", "PlumageTestSupport"],
            exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "SDLPlatformTests",
            dependencies: [
                "SDLPlatform", "Archives", "FeedImport", "Imaging", "Jobs", "Locking", "PlumageCore", "PlumageTestSupport",
                "CSDL2", "CSDL2Image", "CTurboJPEG",
            ],
            exclude: ["Golden", "Fixtures"], swiftSettings: strict),
    ]
)
