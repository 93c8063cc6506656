import Foundation
import RedditAPI
import Testing

@testable import RedditCLI

@Suite struct MailcapTests {
    @Test func entriesAreParsedWithTheirFlags() {
        let text = """
            # a comment
            image/*; feh %s; test=test -n "$DISPLAY"
            video/mp4; mpv \\
              --really-quiet %s; needsterminal
            text/plain; cat %s; copiousoutput
            application/x-odd; echo a\\;b %s

            broken-line-without-command
            """
        let entries = Mailcap.parse(text)
        #expect(entries.count == 4)
        #expect(entries[0] == .init(type: "image/*", command: "feh %s", test: "test -n \"$DISPLAY\""))
        #expect(entries[1] == .init(type: "video/mp4", command: "mpv   --really-quiet %s", needsTerminal: true))
        #expect(entries[2].copiousOutput && !entries[2].needsTerminal)
        #expect(entries[3].command == "echo a;b %s")
    }

    @Test func theFirstMatchingEntryWhoseTestPassesWins() {
        let mailcap = Mailcap(
            entries: Mailcap.parse(
                """
                image/png; first %s; test=false
                image/png; reads-standard-input
                image/*; second %s
                image/png; third %s
                video; any-video %s
                """))
        let pass: (String) -> Bool = { $0 != "false" }
        #expect(mailcap.entry(for: "image/png", passes: pass)?.command == "second %s")
        #expect(mailcap.entry(for: "IMAGE/JPEG", passes: pass)?.command == "second %s")
        #expect(mailcap.entry(for: "video/webm", passes: pass)?.command == "any-video %s")
        #expect(mailcap.entry(for: "audio/ogg", passes: pass) == nil)
        #expect(Mailcap.runTest("true") && !Mailcap.runTest("false"))
    }

    @Test func theURLIsQuotedSoThatNothingInItRuns() {
        let url = "https://example.com/a'b;$(touch x).jpg"
        let quoted = "'https://example.com/a'\\''b;$(touch x).jpg'"
        let entry = Mailcap.Entry(type: "image/*", command: "view %s --type=%t 100%%")
        #expect(entry.shellCommand(file: url, mimeType: "image/jpeg") == "view \(quoted) --type='image/jpeg' 100%")
        let selfQuoted = Mailcap.Entry(type: "image/*", command: "view '%s' \"%s\" %{charset}")
        #expect(selfQuoted.shellCommand(file: "u", mimeType: "image/png") == "view 'u' 'u' ")
    }

    @Test func entriesReadingStandardInputCountOnlyWhenTheMediaCanBeDownloaded() {
        let mailcap = Mailcap(entries: Mailcap.parse("image/png; viewer -\nimage/*; other %s\n"))
        #expect(mailcap.entry(for: "image/png")?.command == "other %s")
        #expect(mailcap.entry(for: "image/png", allowsStandardInput: true)?.command == "viewer -")
    }

    @Test func aProgramWithoutPercentSReadsTheDownloadOnStandardInputAndTheFileGoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let download = folder.appendingPathComponent("download")
        let copy = folder.appendingPathComponent("copy")
        try Data("picture bytes".utf8).write(to: download)
        let entry = Mailcap.Entry(type: "image/*", command: "cat > '\(copy.path)'")
        let process = try Mailcap.startShell(
            entry.shellCommand(standardInputFrom: download.path, mimeType: "image/png"))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: copy, encoding: .utf8) == "picture bytes")
        #expect(!FileManager.default.fileExists(atPath: download.path), "the download is removed afterwards")
    }

    @Test func mailcapsListsTheFilesElseTheStandardPlaces() {
        #expect(Mailcap.paths(environment: ["MAILCAPS": "/a:/b", "HOME": "/h"]) == ["/a", "/b"])
        #expect(
            Mailcap.paths(environment: ["HOME": "/h"]) == [
                "/h/.mailcap", "/etc/mailcap", "/usr/etc/mailcap", "/usr/local/etc/mailcap",
            ])
    }

    @Test func mediaIsGuessedFromTheLinkAndThePostData() throws {
        func post(_ fields: String) throws -> Link {
            let json = """
                {"id": "abc", "name": "t3_abc", "title": "T", "author": "a", "subreddit": "pics", "selftext": "",
                 "permalink": "/r/pics/comments/abc/t/", "domain": "d", "score": 1, "num_comments": 0,
                 "created_utc": 1, "is_self": false, \(fields)}
                """
            return try JSONDecoder().decode(Link.self, from: Data(json.utf8))
        }
        #expect(
            PostMedia.items(of: try post(#""url": "https://i.redd.it/x1.png""#)) == [
                MediaItem(url: "https://i.redd.it/x1.png", mimeType: "image/png")
            ])
        #expect(
            PostMedia.items(of: try post(#""url": "https://v.redd.it/vid123""#)) == [
                MediaItem(url: "https://v.redd.it/vid123/DASHPlaylist.mpd", mimeType: "video/mp4")
            ])
        #expect(
            PostMedia.items(of: try post(#""url": "http://i.imgur.com/eoF76hj.gifv""#)) == [
                MediaItem(url: "http://i.imgur.com/eoF76hj.mp4", mimeType: "video/mp4")
            ])
        #expect(PostMedia.items(of: try post(#""url": "https://example.com/article""#)).isEmpty)
        let gallery = try post(
            """
            "url": "https://www.reddit.com/gallery/abc", "is_gallery": true,
            "gallery_data": {"items": [{"media_id": "m2", "id": 2}, {"media_id": "m1", "id": 1},
                                       {"media_id": "m3", "id": 3}]},
            "media_metadata": {
              "m1": {"status": "valid", "m": "image/jpg", "s": {"u": "https://i.redd.it/m1.jpg?a=1&amp;b=2", "x": 1, "y": 1}},
              "m2": {"status": "valid", "m": "image/png", "s": {"u": "https://i.redd.it/m2.png", "x": 1, "y": 1}},
              "m3": {"status": "unprocessed"}}
            """)
        #expect(
            PostMedia.items(of: gallery) == [
                MediaItem(url: "https://i.redd.it/m2.png", mimeType: "image/png"),
                MediaItem(url: "https://i.redd.it/m1.jpg?a=1&b=2", mimeType: "image/jpeg"),
            ])
    }
}
