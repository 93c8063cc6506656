import Foundation

/// Which public request factories of RedditAPI are not yet shown working on a real recording,
/// each with what to add: the route, the recording, the area's files. The factories are read
/// from the committed public API (`API/RedditAPI.txt`, which `Scripts/public-api --check`
/// keeps equal to the sources): every `Reddit.name(labels)` that makes a `Request`.
package enum EndpointCoverage {
    /// The public request factories named in `apiBaseline` (the text of `API/RedditAPI.txt`),
    /// as the registry names calls: `Reddit.approve(_:)`.
    package static func factories(inAPIBaseline apiBaseline: String) -> [String] {
        apiBaseline.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("Reddit."), let colon = line.range(of: "): ") else { return nil }
            let declaration = line[colon.upperBound...]
            guard declaration.hasPrefix("static func "), declaration.contains("-> Request<") else { return nil }
            return String(line[...colon.lowerBound])
        }
    }

    /// One line for each factory in `factories` that no route of `routes` names, or whose routes'
    /// endpoints passed on no real recording (`passedOnRecording`, endpoint keys); each line says
    /// which files to add. Empty when every factory is shown working on a recording.
    package static func gaps(
        factories: [String], routes: [FixtureRoute] = FixtureRoutes.all, passedOnRecording: Set<String>,
        passedByHand: Set<String>
    ) -> [String] {
        var keysByCall: [String: [String]] = [:]
        for route in routes {
            for call in route.call.components(separatedBy: ", ") { keysByCall[call, default: []].append(route.key) }
        }
        let areas = Dictionary(
            PRAWEndpoints.all.map { ($0.key, $0.area) }, uniquingKeysWith: { first, _ in first })
        return factories.compactMap { factory in
            guard let keys = keysByCall[factory] else {
                return "\(factory) has no route: add a FixtureRoute with call: \"\(factory)\" to "
                    + "Sources/RedditFixtureCheck/Registry/FixtureRoutes+AREA.swift (AREA: the area of its "
                    + "Reddit+AREA.swift), a recording KEY__200__1.json with its KEY__200__1.meta.json in "
                    + "Tests/RedditAPITests/Fixtures/praw/AREA/, then run Scripts/reddit-coverage "
                    + "(CONTRIBUTING.md, \"Adding an endpoint\")"
            }
            if keys.contains(where: passedOnRecording.contains) { return nil }
            let key = keys[0]
            let area = areas[key] ?? "AREA"
            let recording = "Tests/RedditAPITests/Fixtures/praw/\(area)/\(key)__200__1.json with its .meta.json"
            if keys.contains(where: passedByHand.contains) {
                return "\(factory) (\(key)) passes only on a hand-written body "
                    + "(Tests/RedditAPITests/Fixtures/praw-handwritten/\(area)/): add a real recording, \(recording)"
            }
            return "\(factory) (\(key)) has a route but passes on no recording: add \(recording), "
                + "then run Scripts/reddit-coverage"
        }
    }
}
