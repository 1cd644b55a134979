// swift-tools-version:6.1
import PackageDescription

// An app-side package using Specwright the way users do: the build-tool plugin turns
// `Sources/BookstoreAPI/bookstore.specwright.yaml` into a typed client at build time; nothing
// generated is committed.
let package = Package(
    name: "BookstoreExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // `name:` keeps the identity stable whatever the checkout folder is called.
        .package(name: "Specwright", path: "../.."),
    ],
    targets: [
        .target(
            name: "BookstoreAPI",
            dependencies: [.product(name: "SpecwrightRuntime", package: "Specwright")],
            plugins: [.plugin(name: "SpecwrightPlugin", package: "Specwright")]
        ),
        .executableTarget(name: "bookstore-demo", dependencies: ["BookstoreAPI"]),
    ],
    swiftLanguageModes: [.v6]
)
