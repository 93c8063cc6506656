// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 mode already implies complete strict concurrency.
/// Warnings are errors in CI (Scripts/test builds with `-Xswiftc -warnings-as-errors`).
/// MemberImportVisibility: a file sees only the members of modules it imports itself.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierOAuth", targets: ["CourierOAuth"]),
        .library(name: "CourierStore", targets: ["CourierStore"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierRedis", targets: ["CourierRedis"]),
        .library(name: "CourierCombine", targets: ["CourierCombine"]),
        .library(name: "RedditAPI", targets: ["RedditAPI"]),
        .library(name: "RedditFleet", targets: ["RedditFleet"]),
        .executable(name: "reddit", targets: ["reddit"]),
        .executable(name: "reddit-fixture-check", targets: ["reddit-fixture-check"]),
    ],
    targets: [
        // System libraries from the OS (Linux only; Apple platforms use the SDK's).
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),

        // The core: no dependency outside the Swift toolchain.
        .target(name: "Courier", swiftSettings: swiftSettings),
        // Internal helpers shared by CourierStore and CourierOAuth (durable file writes); not a product.
        .target(name: "CourierFileSupport", swiftSettings: swiftSettings),
        .target(
            name: "CourierOAuth",
            dependencies: [
                "Courier", "CourierFileSupport", .target(name: "CCrypto", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CourierStore",
            dependencies: [
                "Courier", "CourierFileSupport", .target(name: "CSQLite", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "CourierTesting", dependencies: ["Courier"], swiftSettings: swiftSettings),
        // Shared state for a fleet of processes through Redis (hiredis, loaded at run time).
        .target(name: "CourierRedis", dependencies: ["CourierOAuth", "CourierStore"], swiftSettings: swiftSettings),
        .target(name: "CourierCombine", dependencies: ["Courier", "CourierOAuth"], swiftSettings: swiftSettings),
        .target(
            name: "RedditAPI",
            dependencies: ["Courier", "CourierOAuth", "CourierStore"],
            swiftSettings: swiftSettings
        ),
        // RedditAPI for a fleet of processes: what its workers share through Redis (the rate budget,
        // stream checkpoints).
        .target(name: "RedditFleet", dependencies: ["RedditAPI", "CourierRedis"], swiftSettings: swiftSettings),

        // Checks RedditAPI against recordings of PRAW's requests and Reddit's answers: the route
        // registry and the checker (shared by the tests and the tool), and the tool itself.
        .target(
            name: "RedditFixtureCheck", dependencies: ["Courier", "CourierOAuth", "CourierTesting", "RedditAPI"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "reddit-fixture-check", dependencies: ["RedditFixtureCheck"], swiftSettings: swiftSettings),

        // The terminal Reddit client: all logic in RedditCLI (testable), a thin executable on top.
        .target(
            name: "RedditCLI",
            dependencies: ["Courier", "CourierOAuth", "CourierRedis", "RedditAPI", "RedditFleet"],
            resources: [.copy("Resources/Offline")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "reddit", dependencies: ["RedditCLI"], swiftSettings: swiftSettings),

        // Benchmarks: Courier side by side with raw URLSession against a local nginx.
        .executableTarget(
            name: "courier-bench",
            dependencies: ["Courier", "CourierStore", "CourierRedis", "RedditAPI", "RedditFleet"],
            swiftSettings: swiftSettings),

        // Helpers shared by the test targets: where the test servers and fixtures are.
        .target(
            name: "TestSupport", dependencies: ["Courier", "CourierTesting"], path: "Tests/TestSupport",
            swiftSettings: swiftSettings),
        // A child process for the upload memory test: it reports its own peak memory growth.
        .executableTarget(
            name: "courier-upload-helper",
            dependencies: ["Courier", "TestSupport"],
            path: "Tests/UploadHelper",
            swiftSettings: swiftSettings
        ),
        // A child process for the resumable-download test: killed mid-body, then run again to resume.
        .executableTarget(
            name: "courier-download-helper",
            dependencies: ["Courier", "TestSupport"],
            path: "Tests/DownloadHelper",
            swiftSettings: swiftSettings
        ),
        // A child process for the timeout tests under a starved thread pool or a held FoundationNetworking
        // queue (it blocks its own, not the test process's).
        .executableTarget(
            name: "courier-starved-pool-helper",
            dependencies: ["Courier", "TestSupport"],
            path: "Tests/StarvedPoolHelper",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier", "CourierTesting", "TestSupport", "courier-upload-helper", "courier-starved-pool-helper",
                "courier-download-helper",
            ],
            swiftSettings: swiftSettings),
        // A child process for CourierStore's crash-safety tests: it writes in a loop until killed.
        .executableTarget(
            name: "courier-store-crash-helper",
            dependencies: ["CourierStore", "TestSupport"],
            path: "Tests/StoreCrashHelper",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CourierStoreTests",
            dependencies: [
                "CourierStore", "CourierRedis", "CourierTesting", "TestSupport", "courier-store-crash-helper",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RedditCLITests",
            dependencies: ["RedditCLI", "TestSupport"],
            resources: [.copy("Rendering/Golden")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CourierTestingTests",
            dependencies: ["CourierTesting", "TestSupport"],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        // Two of these share one token file in CourierOAuth's cross-process refresh test.
        .executableTarget(
            name: "courier-oauth-refresh-helper",
            dependencies: ["CourierOAuth"],
            path: "Tests/OAuthRefreshHelper",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CourierOAuthTests",
            dependencies: [
                "CourierOAuth", "CourierFileSupport", "CourierTesting", "TestSupport", "courier-oauth-refresh-helper",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        // A worker of the fleet test: RedditClient with a budget and a token shared through Redis.
        .executableTarget(
            name: "courier-fleet-helper",
            dependencies: ["RedditAPI", "RedditFleet", "CourierOAuth", "CourierRedis"],
            path: "Tests/FleetHelper",
            swiftSettings: swiftSettings
        ),
        // A bot of the stream kill test: reads a resuming stream from the fake Reddit, logs each item.
        .executableTarget(
            name: "courier-stream-helper",
            dependencies: ["RedditAPI", "CourierOAuth", "Courier"],
            path: "Tests/StreamHelper",
            swiftSettings: swiftSettings
        ),
        // The second process of the shared response cache tests: one GET through a cache in Redis.
        .executableTarget(
            name: "courier-cache-helper",
            dependencies: ["Courier", "CourierStore", "CourierRedis"],
            path: "Tests/CacheHelper",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "CourierRedisTests",
            dependencies: [
                "CourierRedis", "CourierOAuth", "TestSupport", "Courier", "CourierStore", "CourierTesting",
                "courier-cache-helper",
            ],
            swiftSettings: swiftSettings
        ),
        // Every Swift block of README.md and the DocC articles, extracted by
        // Scripts/extract-doc-snippets (Generated/), compiled here and run by Runs/ against the
        // test servers. Apple/ holds the Combine blocks, which Scripts/check-apple type-checks.
        .testTarget(
            name: "DocSnippetTests",
            dependencies: [
                "Courier", "CourierOAuth", "CourierStore", "CourierTesting", "CourierRedis", "RedditAPI", "RedditFleet",
                "TestSupport",
            ],
            exclude: ["Apple", "Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RedditAPITests",
            dependencies: [
                "RedditAPI", "CourierOAuth", "CourierStore", "CourierTesting", "TestSupport", "RedditFixtureCheck",
                "CourierRedis", "RedditFleet", "courier-stream-helper",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RedditFleetTests",
            dependencies: ["RedditFleet", "RedditAPI", "CourierRedis", "TestSupport", "courier-fleet-helper"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
