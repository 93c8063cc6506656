#!/usr/bin/env python3
"""A fake Reddit on loopback for the fleet test (issue 38).

It enforces Reddit's rate limit per OAuth client id, scaled down in time: --limit requests per
--window seconds (fixed windows counted from the server's start), with Reddit's headers
X-Ratelimit-Used, X-Ratelimit-Remaining (a decimal, as Reddit sends it) and X-Ratelimit-Reset
(whole seconds left in the window, rounded down), and 429 past the limit. Every request to the
API counts, whatever its answer.

Tokens: POST /api/v1/access_token with grant_type=password (or authorization_code with any
code, for `reddit login`) issues a token family;
grant_type=refresh_token rotates it (new access and refresh token; the old access token stops
working at once, as on django-oauth-toolkit). Reusing a rotated-away refresh token revokes the
whole family (reuse protection): a fleet that refreshes twice for one expiry signs itself out.

GET /r/<name>/new answers an empty listing; GET /api/v1/me a small account. Both need a live
bearer token (401 otherwise).

Streams (issue 49): POST /test/stream with name, count and rate makes r/<name> a subreddit whose
posts 1..count appear at `rate` a second from then (ids in base 36, newest first). Its /new
listing answers as Reddit's does: at most `limit` (100) posts, only the newest 1,000 listed,
`before=NAME` the posts just newer than NAME, `after=NAME` those just older; a NAME no longer
listed answers an empty page.

Writes (issue 49, the outbox): with a live token, POST /api/vote, /api/save, /api/unsave,
/api/hide, /api/unhide, /api/subscribe, /api/comment, /api/editusertext and /api/compose are
applied and counted; comments and messages are kept, by the account `outboxbot`, for
GET /user/outboxbot/comments and GET /message/sent (newest first); GET /api/v1/me names the
account. POST /test/faults with `faults=before,during,after,none,...` queues what happens to the
next writes: `before` closes the connection without applying the write, `during` applies it and
cuts the answer halfway, `after` applies it and closes without answering. `delay_ms=N` makes
every write take N ms before it is applied. GET /test/writes answers every applied write as
[kind, target, text] in order.

Sync (issue 49, offline reading): subreddits with posts and comments, and a client's
subscriptions, made by POST /test/sync; see fake_reddit_sync.py.

GET /test/stats answers the counts as JSON (`?client=ID`: that client id's alone): per window
the requests served and refused with 429, refreshes, refreshes of a token younger than half its life (a second refresh for one
expiry), reuses, 401s, the tokens' lifetime and per client id the age of its newest token.
"""
import argparse
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import fake_reddit_sync

LOCK = threading.Lock()
START = time.monotonic()
ARGS = None
ACCESS = {}  # access token -> {"client", "family", "issued"}
REFRESH = {}  # refresh token -> {"client", "family", "current": bool}
REVOKED_FAMILIES = set()
WINDOWS = {}  # (client, index) -> {"served": n, "refused": n}
STREAMS = {}  # name -> {"start", "count", "rate"}
FAULTS = []  # what happens to the next writes: "before", "during", "after" or "none"
WRITE_DELAY = [0.0]
APPLIED = []  # [kind, target, text] of every applied write
COMMENTS = []  # comment data, oldest first
SENT = []  # message data, oldest first
WRITE_PATHS = {
    "/api/vote", "/api/save", "/api/unsave", "/api/hide", "/api/unhide", "/api/subscribe", "/api/comment",
    "/api/editusertext", "/api/compose",
}
BY_CLIENT = {}  # client id -> the counts of STATS for that client alone
STATS = {"refreshes": 0, "youngRefreshes": 0, "reuses": 0, "unauthorized": 0, "signIns": 0}


def count(name, client):
    """Counts one event, in total and for its client id (LOCK held)."""
    STATS[name] += 1
    mine = BY_CLIENT.setdefault(client, {key: 0 for key in STATS})
    mine[name] += 1


def issue(client, family):
    access, refresh = secrets.token_hex(16), secrets.token_hex(16)
    ACCESS[access] = {
        "client": client, "family": family, "issued": time.monotonic(),
        "lifetime": fake_reddit_sync.TOKEN_SECONDS.get(client, ARGS.token_seconds),
    }
    REFRESH[refresh] = {"client": client, "family": family, "current": True}
    return {
        "access_token": access,
        "token_type": "bearer",
        "expires_in": fake_reddit_sync.TOKEN_SECONDS.get(client, ARGS.token_seconds),
        "refresh_token": refresh,
        "scope": "identity read",
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_json(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
        if self.path == "/test/faults":
            with LOCK:
                FAULTS[:] = [f for f in form.get("faults", "").split(",") if f]
                WRITE_DELAY[0] = int(form.get("delay_ms", "0")) / 1000
            return self.send_json(200, {"ok": True})
        if self.path.split("?", 1)[0] in WRITE_PATHS:
            return self.write(form)
        if self.path == "/test/sync":
            return self.send_json(200, fake_reddit_sync.create(form))
        if self.path == "/test/stream":
            with LOCK:
                STREAMS[form["name"]] = {
                    "start": time.monotonic(), "count": int(form["count"]), "rate": float(form["rate"]),
                }
            return self.send_json(200, {"ok": True})
        if self.path != "/api/v1/access_token":
            return self.send_json(404, {"error": 404})
        client = self.client_id(form)
        with LOCK:
            grant = form.get("grant_type")
            # An authorization code from a browser sign-in (reddit login) is taken as it comes.
            if grant == "password" or (grant == "authorization_code" and form.get("code")):
                count("signIns", client)
                return self.send_json(200, issue(client, secrets.token_hex(8)))
            if grant != "refresh_token":
                return self.send_json(400, {"error": "unsupported_grant_type"})
            record = REFRESH.get(form.get("refresh_token", ""))
            if record is None or record["family"] in REVOKED_FAMILIES:
                return self.send_json(400, {"error": "invalid_grant"})
            if not record["current"]:
                count("reuses", record["client"])
                REVOKED_FAMILIES.add(record["family"])
                return self.send_json(400, {"error": "invalid_grant"})
            record["current"] = False
            count("refreshes", record["client"])
            # The family's live access token dies; was it young (a second refresh for one expiry)?
            for info in ACCESS.values():
                if info["family"] == record["family"] and not info.get("dead"):
                    if time.monotonic() - info["issued"] < ARGS.token_seconds / 2:
                        count("youngRefreshes", record["client"])
                    info["dead"] = True
            return self.send_json(200, issue(record["client"], record["family"]))

    def live(self):
        auth = self.headers.get("Authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ""
        with LOCK:
            info = ACCESS.get(token)
            return (
                info is not None and not info.get("dead") and info["family"] not in REVOKED_FAMILIES
                and time.monotonic() - info["issued"] < info["lifetime"]
            )

    def cut(self, partial=b""):
        """Closes the connection, after `partial` bytes of an answer."""
        import socket
        self.close_connection = True
        try:
            if partial:
                self.wfile.write(partial)
                self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def write(self, form):
        if not self.live():
            return self.send_json(401, {"message": "Unauthorized", "error": 401},
                                  [("WWW-Authenticate", 'Bearer realm="reddit", error="invalid_token"')])
        with LOCK:
            fault = FAULTS.pop(0) if FAULTS else "none"
            delay = WRITE_DELAY[0]
        if fault == "before":
            return self.cut()
        if delay:
            time.sleep(delay)
        with LOCK:
            body = self.apply(form)
        if fault == "during":
            data = json.dumps(body).encode()
            head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(data)
            return self.cut(head.encode() + data[: len(data) // 2])
        if fault == "after":
            return self.cut()
        return self.send_json(200, body)

    def apply(self, form):
        """Applies a write (LOCK held) and returns Reddit's answer."""
        path = self.path.split("?", 1)[0]
        now = time.time()
        if path == "/api/comment":
            number = len(COMMENTS) + 1
            data = {
                "id": "c%d" % number, "name": "t1_c%d" % number, "parent_id": form.get("thing_id"),
                "link_id": form.get("thing_id"), "body": form.get("text", ""), "author": "outboxbot",
                "created_utc": now, "subreddit": "outbox", "score": 1,
            }
            COMMENTS.append(data)
            APPLIED.append(["comment", form.get("thing_id"), form.get("text")])
            return {"json": {"errors": [], "data": {"things": [{"kind": "t1", "data": data}]}}}
        if path == "/api/compose":
            number = len(SENT) + 1
            SENT.append({
                "id": "m%d" % number, "name": "t4_m%d" % number, "author": "outboxbot", "dest": form.get("to"),
                "subject": form.get("subject", ""), "body": form.get("text", ""), "created_utc": now,
                "new": False, "was_comment": False,
            })
            APPLIED.append(["message", form.get("to"), form.get("subject") + "|" + form.get("text", "")])
            return {"json": {"errors": []}}
        if path == "/api/editusertext":
            APPLIED.append(["edit", form.get("thing_id"), form.get("text")])
            data = {"id": "e1", "name": form.get("thing_id"), "body": form.get("text", ""), "author": "outboxbot",
                    "parent_id": "t3_x", "link_id": "t3_x", "created_utc": now, "subreddit": "outbox"}
            return {"json": {"errors": [], "data": {"things": [{"kind": "t1", "data": data}]}}}
        target = form.get("id") or form.get("sr_name") or ""
        value = form.get("dir") or form.get("action") or ""
        APPLIED.append([path.rsplit("/", 1)[1], target, value])
        return {}

    def client_id(self, form):
        import base64
        auth = self.headers.get("Authorization", "")
        if auth.lower().startswith("basic "):
            try:
                return base64.b64decode(auth[6:]).decode().split(":", 1)[0]
            except Exception:
                pass
        return form.get("client_id", "unknown")

    def do_GET(self):
        if self.path.split("?")[0] == "/test/stats":
            # ?client=ID: the counts of that client id alone (tests share the server).
            only = parse_qs(self.path.partition("?")[2]).get("client", [None])[0]
            with LOCK:
                totals = dict(STATS) if only is None else dict(BY_CLIENT.get(only, {key: 0 for key in STATS}))
                windows = {}
                for (client, index), counts in sorted(WINDOWS.items()):
                    windows.setdefault(client, []).append(dict(counts, index=index))
                # Per client id, the age of its newest access token (how soon a refresh falls due).
                newest = {}
                for info in ACCESS.values():
                    newest[info["client"]] = max(newest.get(info["client"], 0), info["issued"])
                ages = {client: time.monotonic() - issued for client, issued in newest.items()}
                return self.send_json(
                    200,
                    dict(
                        totals, windows=windows, limit=ARGS.limit, window=ARGS.window,
                        tokenSeconds=ARGS.token_seconds, tokenAges=ages,
                    ),
                )
        if self.path == "/ok":
            return self.send_json(200, {"ok": True})
        if self.path == "/test/writes":
            with LOCK:
                return self.send_json(200, {"writes": APPLIED})
        if self.path.split("?")[0] in ("/api/v1/me", "/user/outboxbot/comments", "/message/sent"):
            if not self.live():
                return self.send_json(401, {"message": "Unauthorized", "error": 401},
                                      [("WWW-Authenticate", 'Bearer realm="reddit", error="invalid_token"')])
            path = self.path.split("?")[0]
            with LOCK:
                if path == "/api/v1/me":
                    return self.send_json(200, {"id": "ob1", "name": "outboxbot", "created_utc": 1.0})
                kind, items = ("t1", COMMENTS) if path.startswith("/user/") else ("t4", SENT)
                children = [{"kind": kind, "data": item} for item in reversed(items[-100:])]
            return self.send_json(200, {"kind": "Listing", "data": {"children": children, "after": None}})
        auth = self.headers.get("Authorization", "")
        token = auth[7:] if auth.lower().startswith("bearer ") else ""
        now = time.monotonic() - START
        index = int(now // ARGS.window)
        with LOCK:
            info = ACCESS.get(token)
            live = info is not None and not info.get("dead") and info["family"] not in REVOKED_FAMILIES
            live = live and time.monotonic() - info["issued"] < info["lifetime"]
            client = info["client"] if info else "anonymous"
            counts = WINDOWS.setdefault((client, index), {"served": 0, "refused": 0})
            used = counts["served"] + counts["refused"]
            over = used >= ARGS.limit
            if over:
                counts["refused"] += 1
            else:
                counts["served"] += 1
                used += 1
            if not live:
                count("unauthorized", client)
        reset = int((index + 1) * ARGS.window - now)
        headers = [
            ("X-Ratelimit-Used", str(min(used, ARGS.limit))),
            ("X-Ratelimit-Remaining", "%.1f" % max(ARGS.limit - used, 0)),
            ("X-Ratelimit-Reset", str(reset)),
        ]
        if over:
            return self.send_json(429, {"message": "Too Many Requests", "error": 429}, headers)
        if not live:
            headers.append(("WWW-Authenticate", 'Bearer realm="reddit", error="invalid_token"'))
            return self.send_json(401, {"message": "Unauthorized", "error": 401}, headers)
        path, _, query = self.path.partition("?")
        name = path.strip("/").split("/")[1] if path.startswith("/r/") else None
        if name in STREAMS and path.rstrip("/").endswith("/new"):
            return self.send_json(200, stream_page(STREAMS[name], name, parse_qs(query)), headers)
        synced = fake_reddit_sync.answer(path, parse_qs(query), client)
        if synced == fake_reddit_sync.CUT:
            return self.cut()
        if synced is not None:
            return self.send_json(200, synced, headers)
        if path.startswith("/r/") and path.rstrip("/").endswith("/new"):
            body = {"kind": "Listing", "data": {"modhash": "", "children": [], "after": None, "before": None}}
            return self.send_json(200, body, headers)
        return self.send_json(404, {"message": "Not Found", "error": 404}, headers)


def base36(number):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if number == 0:
            return text


def stream_page(stream, subreddit, query):
    """One page of a stream's /new listing, as Reddit pages it."""
    appeared = int((time.monotonic() - stream["start"]) * stream["rate"])
    newest = min(stream["count"], appeared)
    listed = list(range(newest, max(newest - 1000, 0), -1))  # newest first, the newest 1000
    limit = min(int(query.get("limit", ["25"])[0]), 100)
    names = ["t3_" + base36(number) for number in listed]
    if "before" in query:
        at = names.index(query["before"][0]) if query["before"][0] in names else None
        page = [] if at is None else listed[max(at - limit, 0):at]
    elif "after" in query:
        at = names.index(query["after"][0]) if query["after"][0] in names else None
        page = [] if at is None else listed[at + 1:at + 1 + limit]
    else:
        page = listed[:limit]
    children = [
        {
            "kind": "t3",
            "data": {
                "id": base36(number), "name": "t3_" + base36(number), "title": "post %d" % number,
                "author": "poster", "subreddit": subreddit, "created_utc": 1.0 + number,
                "permalink": "/r/%s/comments/%s/" % (subreddit, base36(number)), "url": "https://example.com",
            },
        }
        for number in page
    ]
    return {"kind": "Listing", "data": {"modhash": "", "children": children, "after": None, "before": None}}


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--limit", type=int, default=60)
    parser.add_argument("--window", type=float, default=6.0)
    parser.add_argument("--token-seconds", type=int, default=8)
    ARGS = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", ARGS.port), Handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
