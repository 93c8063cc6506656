import Foundation
import TestSupport
import Testing

@testable import RedditCLI

/// `reddit login` around the browser, run as the built `reddit` against the fake Reddit: Reddit is
/// checked before anything is opened, and over SSH (or with `--paste`) the user pastes the
/// address the browser landed on.
@Suite struct LoginTests {
    /// A config file naming the app, the redirect port and the site sign-in goes to.
    private func setUp(site: URL, extra: [String: String] = [:]) throws -> (
        environment: [String: String], config: URL, opened: URL, port: Int
    ) {
        let folder = try makeTemporaryFolder("reddit-login")
        let opened = folder.appendingPathComponent("opened.txt")
        let browser = folder.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(opened.path)'\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let port = try LoopbackPort.unused()
        let config = folder.appendingPathComponent("config.json")
        let json =
            #"{"client_id": "login-\#(UUID().uuidString.prefix(8))", "redirect_port": \#(port), "reddit_url": "\#(site.absoluteString)"}"#
        try Data(json.utf8).write(to: config)
        var extra = extra
        extra["BROWSER"] = browser.path
        return (try BuiltExecutable.isolatedEnvironment(extra), config, opened, port)
    }

    @Test func withoutTheNetworkLoginSaysSoAndOpensNothing() async throws {
        let nobody = URL(string: "http://127.0.0.1:\(try LoopbackPort.unused())")!
        let (environment, config, opened, _) = try setUp(site: nobody)
        let login = try await BuiltExecutable.run(
            ["login", "--timeout", "30", "--config", config.path], environment: environment)
        #expect(login.status == 1)
        #expect(
            login.stderr
                == "reddit: cannot sign in: can't reach 127.0.0.1: connection refused; reddit --offline works without it. Nothing was opened or stored\n"
        )
        #expect(!FileManager.default.fileExists(atPath: opened.path), "no browser was opened")
        #expect(login.stdout.isEmpty, "no URL to open: \(login.stdout)")
    }

    @Test func overSSHTheAddressIsPastedAndNoBrowserIsOpened() async throws {
        let site = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let (environment, config, opened, port) = try setUp(
            site: site, extra: ["SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22"])
        let login = try await Self.run(["login", "--config", config.path], environment: environment) { shown in
            // The page's URL carries this sign-in's state; the browser would land on the callback with it.
            let state = try #require(Self.state(in: shown))
            return "http://127.0.0.1:\(port)/callback?state=\(state)&code=pasted-code\n"
        }
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Paste that whole address here"))
        #expect(login.stdout.contains("\(site.absoluteString)/api/v1/authorize?"))
        #expect(login.stdout.contains("Signed in as account default."))
        #expect(!FileManager.default.fileExists(atPath: opened.path), "no browser was opened over SSH")
        let whoami = try await BuiltExecutable.run(["accounts", "--config", config.path], environment: environment)
        #expect(whoami.stdout.contains("default"), "\(whoami.stdout)")
    }

    @Test func aPastedAddressOfAnotherSignInIsRefused() async throws {
        let site = try TestServers.url(from: "COURIER_FAKE_REDDIT_URL")
        let (environment, config, _, port) = try setUp(site: site)
        let login = try await Self.run(["login", "--paste", "--config", config.path], environment: environment) { _ in
            "http://127.0.0.1:\(port)/callback?state=someone-elses&code=x\n"
        }
        #expect(login.status == 1)
        #expect(login.stderr.hasPrefix("reddit: the pasted address belongs to another sign-in (its state differs)"))
        #expect(!login.stdout.contains("Signed in"))
    }

    @Test(arguments: [
        ("", "no address was pasted; nothing was stored"),
        ("not an address", "'not an address' is not an address"),
        (
            "http://example.com/callback?state=S&code=c",
            "the pasted address does not start with http://127.0.0.1:65010/callback"
        ),
        ("http://127.0.0.1:65010/callback?state=T&code=c", "the pasted address belongs to another sign-in"),
        (
            "http://127.0.0.1:65010/callback?state=S&error=access_denied",
            "sign-in did not complete: access was not allowed"
        ),
        ("http://127.0.0.1:65010/callback?state=S", "the pasted address has no authorization code"),
    ])
    func aPastedAddressIsChecked(text: String, expected: String) {
        let redirect = URL(string: "http://127.0.0.1:65010/callback")!
        #expect(throws: CLIError.self) {
            try SignInChecks.pastedRedirect(text, redirectURI: redirect, expectedState: "S")
        }
        do {
            _ = try SignInChecks.pastedRedirect(text, redirectURI: redirect, expectedState: "S")
        } catch {
            #expect(error.message.hasPrefix(expected), "\(error.message)")
        }
        let good = "  http://127.0.0.1:65010/callback?state=S&code=c \n"
        #expect((try? SignInChecks.pastedRedirect(good, redirectURI: redirect, expectedState: "S")) != nil)
    }

    /// The `state` query item of the first authorization URL in `text`.
    static func state(in text: String) -> String? {
        guard let range = text.range(of: #"state=[^&\s]+"#, options: .regularExpression) else { return nil }
        return String(text[range].dropFirst("state=".count))
    }

    /// Runs `reddit`, waits until it asks for the address, writes `answer(stdout so far)` to its
    /// standard input, and waits for it to exit.
    static func run(
        _ arguments: [String], environment: [String: String],
        answer: @escaping @Sendable (String) throws -> String
    ) async throws -> BuiltExecutable.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltExecutable.path())
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        let out = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        async let stderr = ChildProcess.readToEnd(err)
        let stdout = try await offPool { () throws -> Data in
            var shown = Data()
            var answered = false
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                shown.append(chunk)
                if !answered, String(decoding: shown, as: UTF8.self).contains("press Enter") {
                    answered = true
                    input.fileHandleForWriting.write(Data(try answer(String(decoding: shown, as: UTF8.self)).utf8))
                    try input.fileHandleForWriting.close()
                }
            }
            if !answered { try input.fileHandleForWriting.close() }
            return shown
        }
        let errors = await stderr
        process.waitUntilExit()
        return BuiltExecutable.Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: errors, as: UTF8.self))
    }
}
