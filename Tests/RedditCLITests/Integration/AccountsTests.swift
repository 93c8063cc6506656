import Foundation
import TestSupport
import Testing

/// Several accounts, run as the built `reddit`: each with its own token file in the config
/// directory, listed and chosen offline, and `login`'s browser and time limit.
@Suite struct AccountsTests {
    /// An isolated environment whose config directory holds token files for `accounts`.
    private func environment(accounts: [String], extra: [String: String] = [:]) throws -> [String: String] {
        let environment = try BuiltExecutable.isolatedEnvironment(extra)
        let directory = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("accounts"), withIntermediateDirectories: true)
        for name in accounts {
            let file =
                name == "default"
                ? directory.appendingPathComponent("token.json")
                : directory.appendingPathComponent("accounts/\(name).json")
            try Data("{}".utf8).write(to: file)
        }
        return environment
    }

    @Test func logoutDeletesATokenFileItCannotRead() async throws {
        let environment = try environment(accounts: [])
        let file = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("reddit/token.json")
        try Data("not a token".utf8).write(to: file)
        let run = try await BuiltExecutable.run(["logout"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix("Signed out of account default: its token file could not be read"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "the broken file does not survive logout")
        let again = try await BuiltExecutable.run(["logout"], environment: environment)
        #expect(again.stdout == "Not signed in.\n")
    }

    @Test func accountsListsEveryAccountAndMarksTheCurrentOne() async throws {
        let environment = try environment(accounts: ["default", "bob", "alice"])
        let list = try await BuiltExecutable.run(["accounts", "--offline"], environment: environment)
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n").map { String($0.prefix { $0 != "(" }) }
        #expect(lines == ["* default  ", "  alice  ", "  bob  "])

        let use = try await BuiltExecutable.run(["accounts", "use", "bob"], environment: environment)
        #expect(use.status == 0 && use.stdout == "Commands now use account bob.\n")
        let after = try await BuiltExecutable.run(["accounts"], environment: environment)
        #expect(after.stdout.hasPrefix("  default  (") && after.stdout.contains("\n* bob  ("))
        #expect(after.stdout.contains("/reddit/accounts/bob.json)"))

        // --account overrides the current one for one command.
        let json = try await BuiltExecutable.run(
            ["accounts", "--json", "--account", "alice"], environment: environment)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { $0["current"] as? Bool } == [false, true, false])
    }

    @Test func anAccountWithoutTokensIsRefusedWithTheWayToSignIn() async throws {
        let environment = try environment(accounts: ["bob"])
        let use = try await BuiltExecutable.run(["accounts", "use", "carol"], environment: environment)
        #expect(use.status != 0)
        #expect(
            use.stderr == "reddit: no account 'carol': sign in with 'reddit login --account carol' (signed in: bob)\n")
        // A command run as an unknown account says so before touching the network.
        let whoami = try await BuiltExecutable.run(
            ["whoami", "--client-id", "abc", "--account", "carol"], environment: environment)
        #expect(whoami.status != 0)
        #expect(whoami.stderr.hasPrefix("reddit: no account 'carol': sign in with 'reddit login --account carol'"))
        let empty = try await BuiltExecutable.run(["accounts"], environment: try self.environment(accounts: []))
        #expect(empty.stdout == "No accounts signed in. Sign in with: reddit login [--account NAME]\n")
    }

    @Test func loginOpensTheBrowserAndGivesUpAfterItsTimeout() async throws {
        let folder = try makeTemporaryFolder("reddit-login")
        let record = folder.appendingPathComponent("opened.txt")
        let browser = folder.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(record.path)'\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let config = folder.appendingPathComponent("config.json")
        let port = try LoopbackPort.unused()
        // Sign-in goes to the fake Reddit: login first checks that its site answers.
        let site = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        try Data(
            #"{"client_id": "abc", "redirect_port": \#(port), "reddit_url": "\#(site.absoluteString)"}"#.utf8
        ).write(to: config)
        let environment = try environment(accounts: [], extra: ["BROWSER": browser.path])

        let started = ContinuousClock.now
        let login = try await BuiltExecutable.run(
            ["login", "--account", "bob", "--timeout", "2", "--config", config.path], environment: environment)
        #expect(ContinuousClock.now - started >= .seconds(2), "it waited for the browser")
        #expect(login.status != 0)
        #expect(
            login.stderr
                == "reddit: sign-in gave up: Reddit's redirect did not reach http://127.0.0.1:\(port)/callback within 2 seconds; nothing was stored. Open the URL above in a browser on this machine and allow access, wait longer with --timeout SECONDS, or use --paste\n"
        )
        #expect(login.stdout.contains("Opened the sign-in page in your browser"))
        #expect(login.stdout.contains("(account bob; giving up after 2 seconds)"))
        let opened = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
        #expect(opened.count == 1)
        #expect(opened.first?.hasPrefix("\(site.absoluteString)/api/v1/authorize") == true)
        #expect(login.stdout.contains(String(opened.first ?? "-")), "the URL is printed too")
        let accounts = try await BuiltExecutable.run(["accounts"], environment: environment)
        #expect(accounts.stdout.hasPrefix("No accounts signed in."))
    }
}
