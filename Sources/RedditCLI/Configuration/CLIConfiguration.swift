import Courier
package import Foundation

/// Where `reddit` gets its Reddit app credentials and User-Agent: flags first, then the
/// environment (`REDDIT_CLIENT_ID`, `REDDIT_USER_AGENT`), then the config file
/// (`$XDG_CONFIG_HOME/reddit/config.json`, by default `~/.config/reddit/config.json`).
package struct CLIConfiguration: Equatable, Sendable {
    /// The installed app's client id, if configured.
    package var clientID: String?
    /// The User-Agent to send, in Reddit's format.
    package var userAgent: String
    /// Port of the loopback redirect URI registered for the app (`http://127.0.0.1:PORT/callback`).
    package var redirectPort: UInt16
    /// The directory holding the config file and the stored tokens.
    package var directory: URL
    /// The data directory: what `reddit sync` fetched (`$XDG_DATA_HOME/reddit`).
    package var dataDirectory: URL
    /// The account whose tokens commands use: `--account`, else the one `reddit accounts use`
    /// chose, else `default`.
    package var account = "default"
    /// Whether `v` in `browse` may draw a post's picture (`"image_preview": false` turns it off).
    package var imagePreview = true
    /// The colour theme (`--theme`, else `"theme"`): a built-in one's name or a JSON file.
    package var theme: String?
    /// The browser's key bindings (`"keys": {"w": "k"}`: w acts as k).
    package var keys = KeyBindings()
    /// Where `login` and `logout` sign in and out (`"reddit_url"`, PRAW's name for it): Reddit's
    /// own site unless the config file names another (a test server, say).
    package var signInURL = CLIConfiguration.redditURL

    /// The User-Agent used when none is configured, in Reddit's `platform:app:version (by /u/user)` form.
    package static let defaultUserAgent = "linux:dev.courier.reddit-cli:\(HelpText.version) (by /u/courier-reddit-cli)"
    /// Reddit's site, where sign-in happens unless `"reddit_url"` says otherwise.
    package static let redditURL = URL(string: "https://www.reddit.com")!
    /// The redirect port used when none is configured.
    package static let defaultRedirectPort: UInt16 = 65010

    /// What a config file may hold.
    struct File: Decodable {
        var clientID: String?
        var userAgent: String?
        var redirectPort: Int?
        var imagePreview: Bool?
        var theme: String?
        var keys: [String: String]?
        var redditURL: String?

        enum CodingKeys: String, CodingKey {
            case theme, keys
            case redditURL = "reddit_url"
            case clientID = "client_id"
            case userAgent = "user_agent"
            case redirectPort = "redirect_port"
            case imagePreview = "image_preview"
        }
    }

    /// The configuration directory: `$XDG_CONFIG_HOME/reddit`, else `~/.config/reddit`.
    package static func directory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("reddit")
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".config").appendingPathComponent("reddit")
    }

    /// The keys a config file may hold.
    static let knownKeys = [
        "client_id", "user_agent", "redirect_port", "image_preview", "theme", "keys", "reddit_url",
    ]

    /// Resolves the configuration. A config file that exists but cannot be read, is not JSON or
    /// holds a key `reddit` does not know is an error; a missing one is not. With `readsFile`
    /// false the file is left out (what `--offline` falls back to when it is broken).
    package static func resolve(options: GlobalOptions, environment: [String: String], readsFile: Bool = true)
        throws(CLIError) -> CLIConfiguration
    {
        let directory = directory(environment: environment)
        let path =
            options.configPath.map { URL(fileURLWithPath: $0) } ?? directory.appendingPathComponent("config.json")
        var file = File()
        var isDirectory: ObjCBool = false
        if !readsFile {
            // Flags and the environment only.
        } else if FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else {
                throw CLIError(
                    "config file \(path.path) is a directory; it should be a JSON file like {\"client_id\": \"…\"}")
            }
            file = try read(path)
        } else if options.configPath != nil {
            throw CLIError("config file \(path.path) does not exist")
        }
        func nonEmpty(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        let userAgent =
            nonEmpty(options.userAgent) ?? nonEmpty(environment["REDDIT_USER_AGENT"]) ?? nonEmpty(file.userAgent)
            ?? defaultUserAgent
        guard userAgent.count >= 7 else {
            throw CLIError(
                "the User-Agent '\(userAgent)' is too short; use Reddit's format: <platform>:<app id>:<version> (by /u/<your name>)"
            )
        }
        if let port = file.redirectPort, !(1...65535).contains(port) {
            throw CLIError("config file \(path.path): \"redirect_port\" must be a port from 1 to 65535, not \(port)")
        }
        var signInURL = redditURL
        if let text = file.redditURL {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host?.isEmpty == false
            else {
                throw CLIError(
                    "config file \(path.path): \"reddit_url\" must be an http or https address, not '\(text)'")
            }
            signInURL = url
        }
        return CLIConfiguration(
            clientID: nonEmpty(options.clientID) ?? nonEmpty(environment["REDDIT_CLIENT_ID"])
                ?? nonEmpty(file.clientID),
            userAgent: userAgent,
            redirectPort: file.redirectPort.map { UInt16($0) } ?? defaultRedirectPort,
            directory: directory,
            dataDirectory: SyncedCache.dataDirectory(environment: environment),
            account: options.account ?? Accounts(directory: directory).current(),
            imagePreview: file.imagePreview ?? true,
            theme: nonEmpty(options.theme) ?? nonEmpty(file.theme),
            keys: try KeyBindings(file.keys ?? [:]),
            signInURL: signInURL
        )
    }

    /// The client id, or an error explaining how to get one.
    package func requireClientID() throws(CLIError) -> String {
        guard let clientID else {
            throw CLIError(Self.missingClientIDMessage(directory: directory, port: redirectPort))
        }
        return clientID
    }

    /// What to do without a client id: two lines.
    package static func missingClientIDMessage(directory: URL, port: UInt16) -> String {
        """
        this needs a Reddit app: register an "installed app" at https://www.reddit.com/prefs/apps (redirect uri http://127.0.0.1:\(port)/callback),
        then give its id with --client-id, REDDIT_CLIENT_ID or {"client_id": "ID"} in \(directory.appendingPathComponent("config.json").path)
        """
    }

    /// The file's settings: one line saying what is wrong when it is not a JSON object of known
    /// keys with values of the right types.
    private static func read(_ path: URL) throws(CLIError) -> File {
        let example = "expected JSON like {\"client_id\": \"…\", \"user_agent\": \"…\"}"
        let data: Data
        do {
            data = try Data(contentsOf: path)
        } catch {
            throw CLIError("cannot read config file \(path.path): \(error.localizedDescription)")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw CLIError("config file \(path.path) is not a JSON object; \(example)")
        }
        for key in object.keys.sorted() where !knownKeys.contains(key) {
            let near = CommandSuggestion.nearest(to: key, among: Set(knownKeys)).first
            throw CLIError(
                "config file \(path.path): unknown key \"\(key)\""
                    + (near.map { " (did you mean \"\($0)\"?)" } ?? "; the keys are "
                        + knownKeys.joined(separator: ", ")))
        }
        do {
            return try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw CLIError("config file \(path.path): \(Self.describe(error)); \(example)")
        } catch {
            throw CLIError("config file \(path.path) is not valid; \(example)")
        }
    }

    /// What is wrong, without Foundation's wording ("The given data was not valid JSON.").
    private static func describe(_ error: DecodingError) -> String {
        func key(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .typeMismatch(let type, let context):
            let wanted =
                type == String.self
                ? "a string"
                : type == Int.self ? "a whole number" : type == Bool.self ? "true or false" : "another type"
            return "\"\(key(context))\" should be \(wanted)"
        case .valueNotFound(_, let context): return "\"\(key(context))\" has no value"
        case .keyNotFound(let missing, _): return "\"\(missing.stringValue)\" is missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\"\(key(context))\" is not valid"
        @unknown default: return "not valid"
        }
    }
}
