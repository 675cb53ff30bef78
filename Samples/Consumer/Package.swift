// swift-tools-version: 6.1
// A package that uses FrameLens as a library, as another project would: by its public API only.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(name: "FrameLens", path: "../..")],
    targets: [.executableTarget(name: "consumer", dependencies: [.product(name: "FrameLens", package: "FrameLens")])]
)
