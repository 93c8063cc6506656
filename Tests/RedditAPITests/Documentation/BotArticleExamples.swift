import Foundation
import RedditAPI

// The examples of the articles "Running a bot that survives restarts" and "Moving from PRAW"
// (RedditAPI.docc), compiled as written: change one, change the other. What they do is tested by
// ResumingStreamTests, StreamKillTests, PRAWSiteTests and PRAWSiteOptionTests.

/// RunningABotThatSurvivesRestarts.md, the first example.
func runningABotThatSurvivesRestartsExample(reddit: RedditClient, reply: (Comment) async throws -> Void)
    async throws
{
    let checkpoints = FileCheckpointStore(folder: URL(fileURLWithPath: "state"))
    for try await delivery in reddit.newComments(in: "swift").resuming(from: checkpoints, key: "swift-comments") {
        if let missing = delivery.mayBeMissingBefore {
            print("up to \(missing) comments arrived while the bot was down and are no longer listed")
        }
        try await reply(delivery.element)
        try await delivery.acknowledge()
    }
}

/// MovingFromPRAW.md, the first example.
func movingFromPRAWExample() async throws {
    let site = try PRAWSite.load("bot1")
    let reddit = try RedditClient(site: site)
    let subreddits = site.custom["subreddits"] ?? "test"
    for try await post in reddit.newPosts(in: subreddits) {
        print(post.title)
    }
}
