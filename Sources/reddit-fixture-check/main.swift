import Foundation
import RedditFixtureCheck

// reddit-fixture-check DIR...
//   Checks every recording under each DIR (a body and its .meta.json sidecar, as in
//   ../shared/fixtures/reddit-praw): rebuilds the request through RedditAPI's public API,
//   compares it with what PRAW sent, and decodes the recorded response through it. One line a
//   file (OK <model> <summary> / ERROR <typed Reddit error> / UNSUPPORTED <method> <path> /
//   FAIL <file>: <why>), then `N passed, N failed (N unsupported), N distinct endpoints`.
//   A typed Reddit error for an error response passes; unsupported and failed files fail.
//   Exit status: 0 when every file passed, 1 otherwise, 2 for a usage error.
//
// reddit-fixture-check --coverage RECORDINGS HANDWRITTEN [--write ARTICLE]
//   Prints the endpoint coverage table of the "Moderating with RedditAPI" article, or puts it
//   into ARTICLE between its coverage markers (what Scripts/reddit-coverage does).

let usage = """
    usage: reddit-fixture-check DIR...
           reddit-fixture-check --coverage RECORDINGS HANDWRITTEN [--write ARTICLE]
    """

func folder(_ path: String) -> URL? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        FileHandle.standardError.write(Data("reddit-fixture-check: \(path) is not a folder\n".utf8))
        return nil
    }
    return URL(fileURLWithPath: path)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--coverage" {
    guard arguments.count == 3 || (arguments.count == 5 && arguments[3] == "--write"),
        let recordings = folder(arguments[1]), let handWritten = folder(arguments[2])
    else {
        print(usage)
        exit(2)
    }
    let table = CoverageTable.markdown(
        recordings: await CheckReport.check(folder: recordings),
        handWritten: await CheckReport.check(folder: handWritten))
    guard arguments.count == 5 else {
        print(table)
        exit(0)
    }
    let article = URL(fileURLWithPath: arguments[4])
    guard let text = try? String(contentsOf: article, encoding: .utf8),
        let updated = CoverageTable.replacing(in: text, with: table)
    else {
        FileHandle.standardError.write(Data("reddit-fixture-check: \(arguments[4]) has no coverage markers\n".utf8))
        exit(1)
    }
    do {
        try Data(updated.utf8).write(to: article, options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("reddit-fixture-check: cannot write \(arguments[4]): \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
    print(usage)
    exit(2)
}
let folders = arguments.compactMap(folder)
guard folders.count == arguments.count else { exit(2) }
var allPassed = true
for url in folders {
    let report = await CheckReport.check(folder: url)
    for result in report.results { print(result.line) }
    print(report.summary)
    allPassed = allPassed && report.failed == 0
}
exit(allPassed ? 0 : 1)
