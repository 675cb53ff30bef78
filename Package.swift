// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FrameLens",
    products: [
        .library(name: "FrameLens", targets: ["FrameLens"]),
        .executable(name: "framelens", targets: ["framelens"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .target(
            name: "FrameLens",
            dependencies: ["CFFmpeg", "CTesseract", "CZBar"]
        ),
        .executableTarget(
            name: "framelens",
            dependencies: [
                "FrameLens",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "framelens-bench", dependencies: ["FrameLens"], path: "Benchmarks/GrabLoop"),
        .testTarget(
            name: "FrameLensTests",
            dependencies: ["FrameLens", "CFFmpeg"],
            resources: [.copy("Fixtures")]
        ),
    ]
)
