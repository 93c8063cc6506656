"""Subreddits with posts and comments on the fake Reddit, for `reddit sync` (issue 49, part 4).

POST /test/sync with name, posts, comments and optionally subscriber, broken and cut_after makes
r/<name> a subreddit of `posts` posts (ids unique on the server, the first one stickied), each
with `comments` top-level comments and one reply to the first; `subscriber=CLIENT_ID` adds it
to the subscriptions of that client id's account. `broken=1,3` (1-based) makes those posts'
comment pages cut the connection every time; `cut_after=N` makes every request for r/<name>
(its listing and its comment pages) cut the connection once N of them have been answered, as if
the network went away in the middle of a sync. POST /test/sync with token_client and
token_seconds alone makes that client id's tokens live that long (a `reddit` process cannot
shorten its refresh margin to the server's 8 s tokens).

With a live token (checked and counted by fake_reddit.py like every other GET):
GET /subreddits/mine/subscriber answers the client's subscriptions (one page),
GET /r/<name>/hot the posts (at most `limit`), GET /comments/<id> the post and its comments.
"""
import threading
import time

LOCK = threading.Lock()
SUBREDDITS = {}  # lower-case name -> {"name", "posts", "comments", "broken", "cut_after", "answered"}
POSTS = {}  # post id -> lower-case subreddit name
SUBSCRIPTIONS = {}  # client id -> [name]
COUNTER = [0]
TOKEN_SECONDS = {}  # client id -> lifetime of its tokens, when not the server's
CUT = "cut"


def base36(number):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if number == 0:
            return text


def create(form):
    """POST /test/sync: makes (or remakes) a subreddit; answers its post ids in order."""
    if "token_client" in form:
        TOKEN_SECONDS[form["token_client"]] = int(form["token_seconds"])
        return {"posts": []}
    name = form["name"]
    count = int(form.get("posts", "5"))
    per_post = int(form.get("comments", "3"))
    broken = {int(index) for index in form.get("broken", "").split(",") if index}
    now = time.time()
    with LOCK:
        posts, comments = [], {}
        for index in range(1, count + 1):
            COUNTER[0] += 1
            post_id = "s" + base36(COUNTER[0] + 36 ** 4)
            posts.append({
                "id": post_id, "name": "t3_" + post_id, "title": "%s post %d" % (name, index),
                "author": "poster%d" % index, "subreddit": name, "subreddit_name_prefixed": "r/" + name,
                "created_utc": now - 60 * index, "score": 1000 - index, "num_comments": per_post + 1,
                "permalink": "/r/%s/comments/%s/post_%d/" % (name, post_id, index),
                "url": "https://www.reddit.com/r/%s/comments/%s/post_%d/" % (name, post_id, index),
                "is_self": True, "selftext": "text of %s post %d" % (name, index), "domain": "self." + name,
                "stickied": index == 1, "broken": index in broken,
            })
            thread = []
            for number in range(1, per_post + 1):
                comment_id = post_id + "c" + base36(number)
                replies = ""
                if number == 1:
                    reply = {
                        "id": comment_id + "r", "name": "t1_%sr" % comment_id, "parent_id": "t1_" + comment_id,
                        "link_id": "t3_" + post_id, "author": "replier", "body": "reply to comment 1 of %s" % post_id,
                        "created_utc": now - 10, "score": 2, "depth": 1, "replies": "", "subreddit": name,
                    }
                    replies = {"kind": "Listing", "data": {"children": [{"kind": "t1", "data": reply}],
                                                           "after": None, "before": None}}
                thread.append({
                    "id": comment_id, "name": "t1_" + comment_id, "parent_id": "t3_" + post_id,
                    "link_id": "t3_" + post_id, "author": "commenter%d" % number,
                    "body": "comment %d of %s post %d" % (number, name, index), "created_utc": now - 30,
                    "score": 10 - number, "depth": 0, "replies": replies, "subreddit": name,
                })
            comments[post_id] = thread
            POSTS[post_id] = name.lower()
        SUBREDDITS[name.lower()] = {
            "name": name, "posts": posts, "comments": comments,
            "cut_after": int(form["cut_after"]) if form.get("cut_after") else None, "answered": 0,
        }
        if form.get("subscriber"):
            mine = SUBSCRIPTIONS.setdefault(form["subscriber"], [])
            if name not in mine:
                mine.append(name)
    return {"posts": [post["id"] for post in posts]}


def listing(children):
    return {"kind": "Listing", "data": {"modhash": "", "children": children, "after": None, "before": None}}


def public(post):
    return {key: value for key, value in post.items() if key != "broken"}


def answer(path, query, client):
    """The answer to a GET of a sync path: a JSON body, CUT, or None when the path is not one."""
    segments = [segment for segment in path.split("/") if segment]
    if segments == ["subreddits", "mine", "subscriber"]:
        with LOCK:
            names = list(SUBSCRIPTIONS.get(client, []))
        children = [
            {"kind": "t5", "data": {"id": "sr" + name.lower(), "name": "t5_sr" + name.lower(), "display_name": name,
                                    "title": name, "url": "/r/%s/" % name, "subscribers": 10}}
            for name in names
        ]
        return listing(children)
    if len(segments) == 3 and segments[0] == "r" and segments[2] == "hot":
        with LOCK:
            subreddit = SUBREDDITS.get(segments[1].lower())
            if subreddit is None:
                return None
            if cut(subreddit):
                return CUT
            limit = min(int(query.get("limit", ["25"])[0]), 100)
            return listing([{"kind": "t3", "data": public(post)} for post in subreddit["posts"][:limit]])
    if len(segments) >= 2 and segments[0] == "comments":
        with LOCK:
            name = POSTS.get(segments[1])
            if name is None:
                return None
            subreddit = SUBREDDITS[name]
            post = next(post for post in subreddit["posts"] if post["id"] == segments[1])
            if post["broken"] or cut(subreddit):
                return CUT
            comments = [{"kind": "t1", "data": data} for data in subreddit["comments"][post["id"]]]
            return [listing([{"kind": "t3", "data": public(post)}]), listing(comments)]
    return None


def cut(subreddit):
    """Whether this request for the subreddit is cut (LOCK held); counts the ones answered."""
    if subreddit["cut_after"] is not None and subreddit["answered"] >= subreddit["cut_after"]:
        return True
    subreddit["answered"] += 1
    return False
