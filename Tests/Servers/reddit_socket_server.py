"""Reddit's WebSocket messages, replayed on loopback for the RedditAPI tests (issue 35, part 2).

WRITTEN BY HAND: the recordings under ../shared/fixtures have no socket traffic. The messages
follow the shapes Reddit sends (and PRAW reads):

  media uploads   {"type": "success", "payload": {"redirect": "<the post's URL>"}}
                  {"type": "failed", "payload": {"message": "<why>"}}
  live threads    {"type": "update", "payload": {"kind": "LiveUpdate", "data": {...}}}
                  {"type": "strike", "payload": "LiveUpdate_<id>"}
                  {"type": "delete", "payload": "LiveUpdate_<id>"}
                  {"type": "activity", "payload": {"count": N, "fuzzed": bool}}
                  {"type": "embeds_ready", "payload": {...}}   (a type the client ignores)
                  {"type": "complete", "payload": {}}

Routes:
    ws  /media/ASSET          registers the socket for ASSET and waits; nothing is sent until
                              the trigger below (Reddit announces the post once it exists)
    GET /trigger/ASSET?outcome=success&redirect=URL | outcome=failed&message=TEXT | outcome=silent
                              sends the message to the socket waiting for ASSET: 200 "sent"
                              (or "silent"); 409 "nobody listening" when no socket waits (the
                              message is lost, as on Reddit when the client connects too late)
    ws  /live/THREAD?part=1   an activity count, an update, a strike of it, an ignored
                              embeds_ready, a delete, then the server closes (1001)
    ws  /live/THREAD?part=2   a second update, then "complete" (the thread was closed)
    GET /api/live/THREAD/about[.json]
                              the thread's details (a hand-made LiveUpdateEvent) whose
                              websocket_url is ws://this server/live/THREAD?part=N, N counting
                              the reads of THREAD (for `reddit live` run against this server)
    GET /health               200, for start-up probes
"""

import argparse
import asyncio
import json
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response

waiting = {}  # asset id -> the socket waiting for it
about_reads = {}  # live thread id -> how many times its details were read


def update(uuid, body):
    return {
        "type": "update",
        "payload": {
            "kind": "LiveUpdate",
            "data": {
                "id": uuid, "name": "LiveUpdate_" + uuid, "body": body, "body_html": "<p>" + body + "</p>",
                "author": "courier_tests", "created_utc": 1764770000.0, "stricken": False, "embeds": [],
            },
        },
    }


FIRST = "11111111-d0a1-11f0-a000-000000000001"
SECOND = "22222222-d0a1-11f0-a000-000000000002"
EARLIER = "00000000-d0a1-11f0-a000-000000000000"
LIVE_PARTS = {
    "1": [
        {"type": "activity", "payload": {"count": 42, "fuzzed": True}},
        update(FIRST, "Doors open."),
        {"type": "strike", "payload": "LiveUpdate_" + FIRST},
        {"type": "embeds_ready", "payload": {"liveupdate_id": "LiveUpdate_" + FIRST, "media_embeds": []}},
        {"type": "delete", "payload": "LiveUpdate_" + EARLIER},
    ],
    "2": [update(SECOND, "Second update."), {"type": "complete", "payload": {}}],
}


# websockets closes the connection after any answer that is not an upgrade; "Connection: close"
# says so, so that a client does not put the connection back in its pool and send its next
# request on a socket that is closing (seen under load as a transport error on the next trigger).
def plain(status, reason, body):
    data = body.encode()
    return Response(status, reason, Headers([("Connection", "close"), ("Content-Length", str(len(data))), ("Content-Type", "text/plain")]), data)


async def handler(ws):
    url = urlsplit(ws.request.path)
    path, query = url.path, parse_qs(url.query)
    if path.startswith("/media/"):
        asset = path.removeprefix("/media/")
        waiting[asset] = ws
        try:
            await ws.wait_closed()
        finally:
            if waiting.get(asset) is ws:
                del waiting[asset]
    elif path.startswith("/live/"):
        for message in LIVE_PARTS.get(query.get("part", ["1"])[0], []):
            await ws.send(json.dumps(message))
        if query.get("part", ["1"])[0] == "1":
            await ws.close(1001, "going away")
        else:
            await ws.wait_closed()
    else:
        await ws.close(4404, "no such route")


async def process_request(ws, request):
    url = urlsplit(request.path)
    path, query = url.path, parse_qs(url.query)
    if path == "/health":
        return plain(200, "OK", "ok")
    if path.startswith("/api/live/") and path.removesuffix(".json").endswith("/about"):
        thread = path.removeprefix("/api/live/").removesuffix(".json").removesuffix("/about")
        about_reads[thread] = about_reads.get(thread, 0) + 1
        host = request.headers.get("Host", "127.0.0.1")
        about = {"kind": "LiveUpdateEvent", "data": {
            "id": thread, "name": "LiveUpdateEvent_" + thread, "title": "Courier test thread", "description": "",
            "resources": "", "state": "live", "nsfw": False, "created_utc": 1764770000.0,
            "websocket_url": f"ws://{host}/live/{thread}?part={about_reads[thread]}",
        }}
        data = json.dumps(about).encode()
        return Response(200, "OK", Headers([("Connection", "close"), ("Content-Length", str(len(data))), ("Content-Type", "application/json")]), data)
    if path.startswith("/trigger/"):
        socket = waiting.get(path.removeprefix("/trigger/"))
        if socket is None:
            return plain(409, "Conflict", "nobody listening")
        outcome = query.get("outcome", ["success"])[0]
        if outcome == "success":
            await socket.send(json.dumps({"type": "success", "payload": {"redirect": query["redirect"][0]}}))
        elif outcome == "failed":
            await socket.send(json.dumps({"type": "failed", "payload": {"message": query["message"][0]}}))
        else:
            return plain(200, "OK", "silent")
        return plain(200, "OK", "sent")
    return None


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    async with serve(handler, "127.0.0.1", args.port, process_request=process_request, compression=None):
        await asyncio.get_running_loop().create_future()


if __name__ == "__main__":
    asyncio.run(main())
