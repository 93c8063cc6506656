import Foundation
import Testing

@testable import RedditCLI

@Suite struct CLIConfigurationTests {
    private func directory(with config: String?) throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("reddit-config-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("reddit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: folder.appendingPathComponent("config.json")) }
        return base.path
    }

    @Test func flagsBeatTheEnvironmentWhichBeatsTheConfigFile() throws {
        let xdg = try directory(
            with: #"{"client_id": "from-file", "user_agent": "linux:file:1.0 (by /u/file)", "redirect_port": 8123}"#)
        var options = GlobalOptions()
        let fileOnly = try CLIConfiguration.resolve(options: options, environment: ["XDG_CONFIG_HOME": xdg])
        #expect(fileOnly.clientID == "from-file")
        #expect(fileOnly.userAgent == "linux:file:1.0 (by /u/file)")
        #expect(fileOnly.redirectPort == 8123)
        #expect(fileOnly.directory.path == xdg + "/reddit")

        let environment = [
            "XDG_CONFIG_HOME": xdg, "REDDIT_CLIENT_ID": "from-env", "REDDIT_USER_AGENT": "linux:env:1.0 (by /u/env)",
        ]
        let fromEnvironment = try CLIConfiguration.resolve(options: options, environment: environment)
        #expect(fromEnvironment.clientID == "from-env" && fromEnvironment.userAgent == "linux:env:1.0 (by /u/env)")

        options.clientID = "from-flag"
        options.userAgent = "linux:flag:1.0 (by /u/flag)"
        let fromFlags = try CLIConfiguration.resolve(options: options, environment: environment)
        #expect(fromFlags.clientID == "from-flag" && fromFlags.userAgent == "linux:flag:1.0 (by /u/flag)")
    }

    @Test func theDefaultDirectoryIsUnderHomeWithoutXDG() throws {
        let configuration = try CLIConfiguration.resolve(
            options: GlobalOptions(), environment: ["HOME": "/nonexistent-home"])
        #expect(configuration.directory.path == "/nonexistent-home/.config/reddit")
        #expect(configuration.clientID == nil)
        #expect(configuration.userAgent == CLIConfiguration.defaultUserAgent)
    }

    @Test func aMissingClientIDExplainsHowToRegisterAnInstalledApp() throws {
        let configuration = try CLIConfiguration.resolve(
            options: GlobalOptions(), environment: ["HOME": "/nonexistent-home"])
        #expect {
            try configuration.requireClientID()
        } throws: { error in
            let message = (error as? CLIError)?.message ?? ""
            return message.contains("installed app") && message.contains("https://www.reddit.com/prefs/apps")
                && message.contains("http://127.0.0.1:65010/callback")
                && message.contains("/nonexistent-home/.config/reddit/config.json")
        }
    }

    @Test func anUnknownKeyIsReportedWithTheNearestKnownOne() throws {
        let typo = try directory(with: #"{"clientid": "abc"}"#)
        #expect(
            throws: CLIError(
                "config file \(typo)/reddit/config.json: unknown key \"clientid\" (did you mean \"client_id\"?)")
        ) {
            try CLIConfiguration.resolve(options: GlobalOptions(), environment: ["XDG_CONFIG_HOME": typo])
        }
        let unrelated = try directory(with: #"{"colours": "dark"}"#)
        #expect(
            throws: CLIError(
                "config file \(unrelated)/reddit/config.json: unknown key \"colours\"; the keys are client_id, user_agent, redirect_port, image_preview, theme, keys, reddit_url"
            )
        ) {
            try CLIConfiguration.resolve(options: GlobalOptions(), environment: ["XDG_CONFIG_HOME": unrelated])
        }
        let notWeb = try directory(with: #"{"reddit_url": "ftp://example.com"}"#)
        #expect(
            throws: CLIError(
                "config file \(notWeb)/reddit/config.json: \"reddit_url\" must be an http or https address, not 'ftp://example.com'"
            )
        ) {
            try CLIConfiguration.resolve(options: GlobalOptions(), environment: ["XDG_CONFIG_HOME": notWeb])
        }
    }

    @Test func badConfigFilesAreErrorsThatNameTheFile() throws {
        let broken = try directory(with: #"{"client_id": 42}"#)
        #expect {
            try CLIConfiguration.resolve(options: GlobalOptions(), environment: ["XDG_CONFIG_HOME": broken])
        } throws: { error in
            (error as? CLIError)?.message.hasPrefix(
                "config file \(broken)/reddit/config.json: \"client_id\" should be a string;")
                == true
        }
        // Not JSON: said plainly, without Foundation's "The given data was not valid JSON.".
        let garbled = try directory(with: #"{"client_id": "abc",}x"#)
        #expect(
            throws: CLIError(
                "config file \(garbled)/reddit/config.json is not a JSON object; expected JSON like {\"client_id\": \"…\", \"user_agent\": \"…\"}"
            )
        ) {
            try CLIConfiguration.resolve(options: GlobalOptions(), environment: ["XDG_CONFIG_HOME": garbled])
        }
        var options = GlobalOptions()
        options.configPath = "/nonexistent/config.json"
        #expect(throws: CLIError("config file /nonexistent/config.json does not exist")) {
            try CLIConfiguration.resolve(options: options, environment: [:])
        }
        options = GlobalOptions()
        options.userAgent = "curl"
        #expect(throws: CLIError.self) {
            try CLIConfiguration.resolve(options: options, environment: ["HOME": "/nonexistent-home"])
        }
    }
}
