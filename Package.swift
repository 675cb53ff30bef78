// swift-tools-version: 6.1
import PackageDescription

/// `make test` builds in debug, where the packages this one depends on (SwiftNIO, Hummingbird, ArgumentParser),
/// the tests' own code and the thin layers over the library (the CLI, the server, the video library) build
/// quickly, with the library's own modules optimised (`FRAMELENS_OPTIMISED_DEBUG=1`): the per-pixel Swift the
/// tests exercise runs at release speed. Whole-module, as a release build is (one type-check instead of one a batch;
/// `-num-threads` keeps the object per source file that SwiftPM's debug build links).
let optimisedInDebug: [SwiftSetting] = Context.environment["FRAMELENS_OPTIMISED_DEBUG"] == "1"
    ? [.unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))] : []

let package = Package(
    name: "FrameLens",
    products: [
        .library(name: "FrameLens", targets: ["FrameLens"]),
        // The data detectors alone (URLs, e-mail, phone numbers, dates, ...), for text from anywhere: no FFmpeg,
        // Tesseract or ZBar. FrameLens re-exports it.
        .library(name: "FrameLensDataDetection", targets: ["FrameLensDataDetection"]),
        // A searchable library of many videos' indexes (SQLite FTS5): `framelens library` and `search`.
        .library(name: "FrameLensLibrary", targets: ["FrameLensLibrary"]),
        .executable(name: "framelens", targets: ["framelens"]),
        .executable(name: "framelens-serve", targets: ["framelens-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only the web player (`framelens-serve`) builds Hummingbird; the library and the CLI do not.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation --target FrameLens` (make docs) builds the DocC catalogue.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]
        ),
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev", "tesseract-ocr-eng"])]
        ),
        .systemLibrary(
            name: "CZBar",
            pkgConfig: "zbar",
            providers: [.apt(["libzbar-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // ONNX Runtime's C API, declared (not linked): FrameLens dlopens libonnxruntime.so when PP-OCR is asked for.
        .systemLibrary(name: "COnnxRuntime"),
        .target(name: "FrameLensDataDetection", swiftSettings: optimisedInDebug),
        .target(
            name: "FrameLens",
            dependencies: ["FrameLensDataDetection", "CFFmpeg", "CTesseract", "CZBar", "COnnxRuntime"],
            swiftSettings: optimisedInDebug
        ),
        .target(name: "FrameLensLibrary", dependencies: ["FrameLens", "CSQLite"]),
        .executableTarget(
            name: "framelens",
            dependencies: [
                "FrameLens",
                "FrameLensLibrary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "FrameLensServer",
            dependencies: [
                "FrameLens",
                // `serve --library`: `/api/search` across a library's videos.
                "FrameLensLibrary",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Page")]
        ),
        .executableTarget(
            name: "framelens-serve",
            dependencies: [
                "FrameLensServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "framelens-bench", dependencies: ["FrameLens"], path: "Benchmarks/GrabLoop"),
        .testTarget(
            name: "FrameLensTests",
            dependencies: ["FrameLens", "FrameLensDataDetection", "FrameLensLibrary", "FrameLensServer", "CFFmpeg"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
