#!/usr/bin/env python3
"""Builds the cassette `reddit --offline` replays, from recorded Reddit responses.

Usage: Scripts/build-offline-cassette.py FIXTURES_DIR [PRAW_FIXTURES_DIR [RTV_FIXTURES_DIR]]
  FIXTURES_DIR holds the recorded responses (each `X.json` body with its `X.meta.json` sidecar
  naming the request, status and headers) and a LICENSES folder. PRAW_FIXTURES_DIR holds the
  recordings of PRAW's endpoints in the same format (the moderator commands' queues, log and
  modmail); by default `reddit-praw` next to FIXTURES_DIR, else `praw` inside it.
  RTV_FIXTURES_DIR holds rtv's recordings (2017-2019: threads of 100-200 comments, listings,
  inbox pages, morechildren answers; see its INDEX.md); by default `reddit-rtv` next to
  FIXTURES_DIR. Every recording of it is used but those named in `RTV_LEFT_OUT`.

Writes Sources/RedditCLI/Resources/Offline/offline-cassette.json (the Courier cassette format,
version 1) and copies the licence texts next to it. The responses are the recorded bodies
(JSON re-serialized without indentation, values unchanged); only the request URLs are normalized the way `OfflineTransport` normalizes live
requests (no trailing slash, no `raw_json`, no paging items, default sorts left out), so the
client's requests find them whatever volatile query items it sends.

The first screen offline (the front page's hot order, which `reddit --offline` shows and names
"recorded threads") is made of the posts whose comment pages were recorded, outside the test
subreddit (see `recorded_threads`), so that every post on it opens onto a real thread; the test
subreddit's recorded threads make its own listing (`r/TEST_SUBREDDIT`). No recorded listing
links to them: rtv opened its threads by id. The modmail of every subreddit is made of the
conversations recorded one by one (see `modmail_inbox`).

rtv's recordings were made without `raw_json=1`, so Reddit escaped `&`, `<` and `>` in every
string (`&amp;`, `&lt;`, `&gt;`); the client asks with `raw_json=1` and shows text as it gets it,
so those escapes are undone here (`unescaped`), except in the `*_html` fields, which are HTML.
A listing URL recorded more than once (r/python on four days, a user's overview in two sorts) is
one listing offline: the recordings' posts in turn, each once (see `appended`); rtv's sortless
listings (`/r/python`) are their `hot` order, as the client asks for it. rtv's hot front page
(`/`) is left out: the recorded threads take its place.

In every recording, placeholders such as `<TEST_SUBREDDIT>` become the bare name
(`TEST_SUBREDDIT`), in the URL and in the body, so that `reddit --offline mod queue
test_subreddit` can be typed and shows the name it was asked for. A moderation queue's
recordings of one kind each (`only=links`, `only=comments`) are merged into one listing, newest
first, which `OfflineTransport` filters by `only` again; the moderation log is filtered by `type`
and `mod` the same way.
"""
import json
import os
import re
import shutil
import sys
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

# (fixture, what it offers offline). Error fixtures are left out: offline mode shows real data.
FIXTURES = [
    ("listings/subreddit_hot_askreddit", "r/askreddit, hot"),
    ("listings/subreddit_new_askreddit", "r/askreddit, new"),
    ("listings/subreddit_top_all_askreddit", "r/askreddit, top of all time"),
    ("listings/subreddit_new_all_before", "r/all, new"),
    ("listings/user_overview_top_page1", "u/spez, overview"),
    ("users/user_submitted_new", "u/spez, submitted"),
    ("users/user_comments_new", "u/spez, comments"),
    ("comments/comments_3hahrw_limit10_more", "post 3hahrw with more comments to load"),
    ("comments/comments_2gmzqe_small", "post 2gmzqe"),
    ("comments/comments_deleted_authors", "post 4b1tfm"),
    ("comments/comments_crosspost_nsfw", "post c27k7n"),
    ("comments/comments_gallery_2025", "post 1khu9tf"),
    ("comments/comments_inline_media_edited_2022", "post mcqjl8"),
    ("comments/comments_context_sort_new_limit4", "post 98vj9e, one thread"),
    ("morechildren/morechildren_small", "more comments of 3hahrw"),
    ("search/search_r_all", "search"),
    ("things/subreddit_about_announcements", "r/announcements, about"),
    ("things/user_about_other_2025", "u/Lil_SpazBot, about"),
    ("things/me_2016", "signed-in account"),
    ("things/subreddits_mine_subscriber", "subscriptions"),
    ("things/multi_mine", "multireddits"),
    ("things/wiki_page_2022", "r/reddit.com wiki page search"),
    ("inbox/inbox_mixed_t1_t4_2025", "inbox"),
    ("inbox/sent_2025", "sent messages"),
    ("inbox/mentions_2025", "username mentions"),
    ("inbox/comment_replies_2025", "comment replies"),
    ("actions/vote_200", "vote on t3_4b536p"),
    ("actions/save_200", "save t3_4b536p"),
    ("actions/unsave_200", "unsave t3_4b536p"),
    ("auth/token_installed_client_200", "app-only token"),
]

# (fixture in PRAW_FIXTURES_DIR, what it offers offline): the moderator commands' reads.
PRAW_FIXTURES = [
    ("moderation/about_modqueue__200__1", "r/TEST_SUBREDDIT mod queue, posts"),
    ("moderation/about_modqueue__200__2", "r/TEST_SUBREDDIT mod queue, comments"),
    ("moderation/about_reports__200__1", "r/TEST_SUBREDDIT reports, comments"),
    ("moderation/about_reports__200__2", "r/TEST_SUBREDDIT reports"),
    ("moderation/about_spam__200__1", "r/mod spam"),
    ("moderation/about_spam__200__2", "r/TEST_SUBREDDIT spam, posts"),
    ("moderation/about_edited__200__1", "r/TEST_SUBREDDIT edited, posts"),
    ("moderation/about_edited__200__2", "r/mod edited"),
    ("moderation/about_unmoderated__200__1", "r/mod unmoderated"),
    ("moderation/about_unmoderated__200__2", "r/TEST_SUBREDDIT unmoderated"),
    ("moderation/about_log__200__1", "r/TEST_SUBREDDIT mod log (empty)"),
    ("moderation/about_log__200__2", "r/USERNAME mod log"),
    ("modmail/modmail_conversations__200__1", "modmail of r/pics and r/LifeProTips (empty)"),
    ("submissions/submission__200__1", "post 4bbe4m"),
    ("subreddit/my_moderator__200__1", "the subreddits the recorded moderator moderates"),
    ("moderation/removal_reasons_list__200__2", "r/TEST_SUBREDDIT removal reasons"),
    ("listings/listing/front_best__200__1", "front page, best: flair (emoji too), OC, awards, locked"),
]
# Recorded answers that each hold one modmail conversation (the latest recording of each):
# `modmail_inbox` makes them the offline modmail of every subreddit, as `front_page` does posts.
MODMAIL_CONVERSATIONS = [
    "modmail/modmail_conversation__200__1",
    "modmail/modmail_conversations__201__1",
    "modmail/modmail_unarchive__200__1",
    "modmail/modmail_unmute__200__1",
    "modmail/modmail_mute__200__2",
]
# rtv's recordings left out: its account data (the signed-in account, its subscriptions and
# multireddits are the reddit set's), its token and compose answers (the client's writes are only
# described offline), redirects, the directory of popular subreddits (no key shows it), and its hot
# front page (the recorded threads are the first screen).
RTV_LEFT_OUT = ("account/", "auth/", "writes/", "redirects/", "listings/front__", "subreddits/")
# The subreddit whose recordings are PRAW's tests: kept off the first screen.
TEST_SUBREDDIT = "test_subreddit"
# The queues whose recordings of one kind each are merged (`only` is filtered offline).
MODERATION_QUEUES = {"modqueue", "reports", "spam", "edited", "unmoderated"}
PLACEHOLDER = re.compile(r"<([A-Z][A-Z0-9_]*)>")

# Query items that change from call to call and never select different data.
VOLATILE = {"raw_json", "limit", "after", "before", "count", "show", "sr_detail", "rtj", "syntax",
            "restrict_sr", "include_over_18", "type", "depth", "api_type"}
# Form fields that pick what an action acts on; the rest are left out of the recording.
KEY_FORM_FIELDS = {"link_id", "id", "dir", "action", "sr_name", "grant_type", "device_id"}


def normalize(url):
    """The normalized URL: keep in step with OfflineTransport.normalize in Swift."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/") or "/"
    if path.endswith(".json"):
        path = path[: -len(".json")]
    segments = path.strip("/").split("/")
    if len(segments) >= 2 and segments[0] == "r":
        # Subreddit names are case-insensitive; the recordings are kept in lower case.
        segments[1] = segments[1].lower()
        path = "/" + "/".join(segments)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in VOLATILE]
    if segments[0] == "user":
        # A user's overview is /user/NAME or /user/NAME/overview; the recorded sort is kept out.
        if len(segments) == 3 and segments[2] == "overview":
            path = "/user/" + segments[1]
        query = [(k, v) for k, v in query if k not in ("sort", "t")]
    if segments[0] == "comments":
        query = [(k, v) for k, v in query if not (k == "sort" and v == "confidence")]
    if len(segments) == 4 and segments[0] == "r" and segments[2] == "about":
        # Offline, a queue's `only` and the log's `mod` filter the recorded listing.
        if segments[3] in MODERATION_QUEUES:
            query = [(k, v) for k, v in query if k != "only"]
        if segments[3] == "log":
            query = [(k, v) for k, v in query if k != "mod"]
    if "search" in segments:
        query = [(k, v) for k, v in query if not (k == "sort" and v == "relevance") and not (k == "t" and v == "all")]
    query.sort()
    return f"{parts.scheme}://{parts.netloc}{path}" + (("?" + urlencode(query, quote_via=quote)) if query else "")


def interaction(fixtures, name, placeholders_readable=False):
    """One cassette interaction from a recording and its sidecar."""
    meta = json.load(open(os.path.join(fixtures, name + ".meta.json")))
    body = open(os.path.join(fixtures, meta["fixture"]), encoding="utf-8").read()
    if meta["response"].get("body_format") == "json":
        body = json.dumps(json.loads(body), ensure_ascii=False, separators=(",", ":"))
    request = meta["request"]
    response = meta["response"]
    url = request["url"]
    if placeholders_readable:
        body = PLACEHOLDER.sub(r"\1", body)
        url = PLACEHOLDER.sub(r"\1", url)
    headers = {k: v for k, v in response["headers"].items()
               if v is not None and k in ("content-type", "x-ratelimit-remaining", "x-ratelimit-used", "x-ratelimit-reset")}
    recorded_request = {"method": request["method"], "url": normalize(url), "headers": {}}
    form = request.get("form_body") or {}
    key_fields = {k: v for k, v in form.items() if k in KEY_FORM_FIELDS}
    if key_fields:
        recorded_request["headers"] = {"Content-Type": "application/x-www-form-urlencoded"}
        recorded_request["body"] = {"text": urlencode(sorted(key_fields.items()))}
    return {
        "recorded_at": (meta["source"].get("recorded_at") or "2026-01-01T00:00:00") + "Z",
        "request": recorded_request,
        "response": {"status": response["status_code"], "headers": headers, "body": {"text": body}},
    }


def unescaped(value, key=""):
    """`value` (decoded JSON) with Reddit's legacy escapes undone in every string but HTML ones."""
    if isinstance(value, dict):
        return {k: unescaped(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [unescaped(v, key) for v in value]
    if isinstance(value, str) and not key.endswith("_html"):
        return value.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return value


def rtv_interaction(rtv, name):
    """One cassette interaction from an rtv recording: escapes undone, its URL as the client asks."""
    recorded = interaction(rtv, name)
    meta = json.load(open(os.path.join(rtv, name + ".meta.json")))
    if "raw_json=1" not in meta["request"]["url"] and meta["response"].get("body_format") == "json":
        body = unescaped(json.loads(recorded["response"]["body"]["text"]))
        recorded["response"]["body"]["text"] = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    parts = urlsplit(recorded["request"]["url"])
    path = parts.path
    if path.endswith(".json"):
        path = path[: -len(".json")]
    # Empty segments stay inside the path (a permalink without its slug: /r/X/comments/ID//C).
    segments = path.strip("/").split("/")
    if len(segments) >= 4 and segments[0] == "r" and segments[2] == "comments":
        # /r/X/comments/ID[/slug[/COMMENT]]: the client asks /comments/ID[/_/COMMENT].
        segments = ["comments", segments[3]] + (["_", segments[5]] if len(segments) > 5 and segments[5] else [])
    elif len(segments) == 3 and segments[0] == "r" and segments[2] == ".api":
        # Where r/random redirected (`/r/X/.api?utm_…`): the subreddit's hot order.
        segments = segments[:2] + ["hot"]
    elif len(segments) == 2 and segments[0] == "r":
        # A subreddit's default order is hot, which the client names.
        segments = segments + ["hot"]
    query = [(k, v) for k, v in parse_qsl(parts.query) if k not in ("uniq", "unique") and not k.startswith("utm_")]
    if segments[-1] in ("top", "controversial") and "t" not in dict(query):
        # Reddit's default range for these orders is the past day, which the client names.
        query.append(("t", "day"))
    path = "/" + "/".join(segments)
    url = f"https://oauth.reddit.com{path}" + (("?" + urlencode(query, quote_via=quote)) if query else "")
    recorded["request"]["url"] = normalize(url)
    return recorded


def appended(first, second):
    """Two recordings of one listing URL as one listing: the first's children, then the second's
    that the first does not hold, each once; no next page."""
    a = json.loads(first["response"]["body"]["text"])
    b = json.loads(second["response"]["body"]["text"])
    if not (isinstance(a, dict) and isinstance(b, dict) and a.get("kind") == b.get("kind") == "Listing"):
        return first
    known = {child["data"].get("name") for child in a["data"]["children"]}
    a["data"]["children"] += [c for c in b["data"]["children"] if c["data"].get("name") not in known]
    a["data"]["after"] = None
    a["data"]["dist"] = len(a["data"]["children"])
    first["response"]["body"]["text"] = json.dumps(a, ensure_ascii=False, separators=(",", ":"))
    return first


def merged(first, second):
    """Two recordings of one listing URL as one listing: every child once, newest first."""
    a = json.loads(first["response"]["body"]["text"])
    b = json.loads(second["response"]["body"]["text"])
    children = {}
    for child in a["data"]["children"] + b["data"]["children"]:
        children.setdefault(child["data"]["name"], child)
    a["data"]["children"] = sorted(children.values(), key=lambda c: -c["data"].get("created_utc", 0))
    a["data"]["after"] = None
    a["data"]["dist"] = len(a["data"]["children"])
    first["response"]["body"]["text"] = json.dumps(a, ensure_ascii=False, separators=(",", ":"))
    return first


def recorded_threads(interactions, in_test_subreddit, url):
    """A listing of the posts whose comment pages were recorded, highest score first: outside
    the test subreddit (the first screen, at the front page's hot order) or inside it.

    No recorded listing shows the posts whose threads were recorded, so this listing is made
    of those posts as their comment pages recorded them: every post on it opens onto its thread.
    """
    posts = {}
    latest = ""
    for recorded in interactions:
        path = urlsplit(recorded["request"]["url"]).path.strip("/").split("/")
        if recorded["request"]["method"] != "GET" or path[0] != "comments":
            continue
        body = json.loads(recorded["response"]["body"]["text"])
        post = body[0]["data"]["children"][0]
        if (post["data"].get("subreddit", "").lower() == TEST_SUBREDDIT) != in_test_subreddit:
            continue
        posts.setdefault(post["data"]["id"], post)
        latest = max(latest, recorded["recorded_at"])
    children = sorted(posts.values(), key=lambda c: -c["data"].get("score", 0))
    listing = {"kind": "Listing", "data": {"after": None, "before": None, "dist": len(children),
                                           "children": children}}
    return {
        "recorded_at": latest,
        "request": {"method": "GET", "url": url, "headers": {}},
        "response": {"status": 200, "headers": {"content-type": "application/json; charset=UTF-8"},
                     "body": {"text": json.dumps(listing, ensure_ascii=False, separators=(",", ":"))}},
    }


def modmail_inbox(praw):
    """The offline modmail of every subreddit (`GET /api/mod/conversations`), newest first.

    The recorded list answers only for r/pics and r/LifeProTips and is empty; the conversations
    recorded one by one (opened, started, muted, archived) are what a moderator's modmail holds.
    """
    conversations, messages, actions = {}, {}, {}
    latest = ""
    for name in MODMAIL_CONVERSATIONS:
        recorded = interaction(praw, name, placeholders_readable=True)
        body = json.loads(recorded["response"]["body"]["text"])
        conversation = body.get("conversation") or body.get("conversations")
        conversations[conversation["id"]] = conversation
        messages.update(body.get("messages") or {})
        actions.update(body.get("modActions") or {})
        latest = max(latest, recorded["recorded_at"])
    order = sorted(conversations, key=lambda id: conversations[id].get("lastUpdated") or "", reverse=True)
    answer = {"conversationIds": order, "conversations": conversations, "messages": messages,
              "modActions": actions}
    return {
        "recorded_at": latest,
        "request": {"method": "GET", "url": "https://oauth.reddit.com/api/mod/conversations", "headers": {}},
        "response": {"status": 200, "headers": {"content-type": "application/json; charset=UTF-8"},
                     "body": {"text": json.dumps(answer, ensure_ascii=False, separators=(",", ":"))}},
    }


def rtv_recordings(rtv):
    """The names (`area/file` without `.json`) of rtv's recordings the cassette uses, in order:
    within an area, the recording rtv's INDEX keeps for the demo first (richest), then by name."""
    names = []
    for area in sorted(os.listdir(rtv)):
        folder = os.path.join(rtv, area)
        if not os.path.isdir(folder) or area == "LICENSES":
            continue
        for entry in sorted(os.listdir(folder)):
            if entry.endswith(".meta.json"):
                name = area + "/" + entry[: -len(".meta.json")]
                if not name.startswith(RTV_LEFT_OUT):
                    names.append(name)
    return names


def main():
    if len(sys.argv) not in (2, 3, 4):
        sys.exit(__doc__)
    fixtures = sys.argv[1]
    rtv = sys.argv[3] if len(sys.argv) == 4 else os.path.join(
        os.path.dirname(os.path.abspath(fixtures)), "reddit-rtv")
    if not os.path.isdir(rtv):
        sys.exit("no rtv recordings found: give RTV_FIXTURES_DIR\n" + __doc__)
    praw = sys.argv[2] if len(sys.argv) >= 3 else next(
        (d for d in (os.path.join(os.path.dirname(os.path.abspath(fixtures)), "reddit-praw"),
                     os.path.join(fixtures, "praw")) if os.path.isdir(d)), None)
    if praw is None:
        sys.exit("no PRAW recordings found: give PRAW_FIXTURES_DIR\n" + __doc__)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out_dir = os.path.join(root, "Sources", "RedditCLI", "Resources", "Offline")
    os.makedirs(out_dir, exist_ok=True)
    interactions = [interaction(fixtures, name, placeholders_readable=True) for name, _ in FIXTURES]
    by_request = {}
    for name, _ in PRAW_FIXTURES:
        recorded = interaction(praw, name, placeholders_readable=True)
        key = (recorded["request"]["method"], recorded["request"]["url"])
        if key in by_request:
            merged(by_request[key], recorded)
        else:
            by_request[key] = recorded
            interactions.append(recorded)
    interactions.append(modmail_inbox(praw))
    for key in [(i["request"]["method"], i["request"]["url"]) for i in interactions]:
        by_request.setdefault(key, next(i for i in interactions if (i["request"]["method"], i["request"]["url"]) == key))
    for name in rtv_recordings(rtv):
        recorded = rtv_interaction(rtv, name)
        key = (recorded["request"]["method"], recorded["request"]["url"])
        if key in by_request:
            appended(by_request[key], recorded)
        else:
            by_request[key] = recorded
            interactions.append(recorded)
    interactions.insert(0, recorded_threads(interactions, True, "https://oauth.reddit.com/r/test_subreddit/hot"))
    interactions.insert(0, recorded_threads(interactions, False, "https://oauth.reddit.com/hot"))
    cassette = {"format": "courier-cassette", "version": 1, "interactions": interactions}
    with open(os.path.join(out_dir, "offline-cassette.json"), "w", encoding="utf-8") as f:
        json.dump(cassette, f, indent=1, sort_keys=True, ensure_ascii=False)
        f.write("\n")
    licenses = os.path.join(out_dir, "LICENSES")
    os.makedirs(licenses, exist_ok=True)
    for folder in (fixtures, rtv):
        for entry in sorted(os.listdir(os.path.join(folder, "LICENSES"))):
            shutil.copyfile(os.path.join(folder, "LICENSES", entry), os.path.join(licenses, entry))
    print(f"wrote {len(interactions)} interactions to {os.path.relpath(out_dir, root)}/offline-cassette.json")


if __name__ == "__main__":
    main()
