import Foundation
import RedditCLI

// All logic lives in RedditCLI so it can be tested; this only hands over the arguments.
let status = await RedditCommandLine().run(Array(CommandLine.arguments.dropFirst()))
exit(status)
