"""WebSocket test server for issue 35, on Python's `websockets` (asyncio API).

Well-behaved routes use the library; misbehaving ones write hand-made frames straight to the
transport after the library's handshake, to break RFC 6455 in one precise way each.

    /echo              echoes every message (text as text, binary as binary)
    /headers           sends the handshake's request headers as one JSON text message, then echoes
    /refuse            refuses the upgrade: 403 with the body "go away"
    /fragmented        "Hel" + ping + "lo" (a text message in two fragments, a ping between them),
                       then "pong ok" once the ping's pong has arrived
    /bad-utf8          a text frame that is not UTF-8
    /masked            a masked frame
    /reserved          a frame with RSV2 set
    /bad-opcode        a frame with opcode 3
    /drop              "bye", then the TCP connection is dropped without a close frame
    /close             closes with 4000 "done"
    /big?size=N        one binary message of N bytes (byte i is i % 251)
    /silent            stops reading after the handshake: pings are never answered
    /flood?count=N     N binary messages of 64 KiB (first 4 bytes: the index, big-endian)
    /health            plain HTTP 200, for start-up probes
"""

import argparse
import asyncio
import json
import struct
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve
from websockets.http11 import Response
from websockets.datastructures import Headers


def frame(opcode, payload, fin=True, rsv=0, mask=None):
    head = bytes([(0x80 if fin else 0) | rsv | opcode])
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([mask_bit | length])
    elif length < 65536:
        head += bytes([mask_bit | 126]) + struct.pack("!H", length)
    else:
        head += bytes([mask_bit | 127]) + struct.pack("!Q", length)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


def pattern(size):
    block = bytes(i % 251 for i in range(251 * 64))
    return (block * (size // len(block) + 1))[:size]


async def handler(ws):
    url = urlsplit(ws.request.path)
    path, query = url.path.removeprefix("/ws"), parse_qs(url.query)
    raw = ws.transport.write
    if path == "/headers":
        await ws.send(json.dumps(dict(ws.request.headers.raw_items())))
        path = "/echo"
    if path == "/echo":
        async for message in ws:
            await ws.send(message)
    elif path == "/fragmented":
        waiter = await ws.ping(b"p")
        # The library's ping went first; then the hand-made fragments with a ping between them.
        raw(frame(0x1, b"Hel", fin=False) + frame(0x9, b"between") + frame(0x0, b"lo"))
        await asyncio.wait_for(waiter, 10)
        await ws.send("pong ok")
        async for _ in ws:
            pass
    elif path == "/bad-utf8":
        raw(frame(0x1, b"\xff\xfe\xfd"))
        await ws.wait_closed()
    elif path == "/masked":
        raw(frame(0x2, b"masked", mask=b"\x01\x02\x03\x04"))
        await ws.wait_closed()
    elif path == "/reserved":
        raw(frame(0x2, b"rsv2", rsv=0x20))
        await ws.wait_closed()
    elif path == "/bad-opcode":
        raw(frame(0x3, b"three"))
        await ws.wait_closed()
    elif path == "/drop":
        await ws.send("bye")
        ws.transport.abort()
    elif path == "/close":
        await ws.close(4000, "done")
    elif path == "/big":
        await ws.send(pattern(int(query["size"][0])))
        await ws.wait_closed()
    elif path == "/silent":
        ws.transport.pause_reading()
        await asyncio.sleep(3600)
    elif path == "/flood":
        for index in range(int(query["count"][0])):
            await ws.send(struct.pack("!I", index) + bytes(65536 - 4))
        await ws.close()
    else:
        await ws.close(4404, "no such route")


def process_request(ws, request):
    path = urlsplit(request.path).path.removeprefix("/ws")
    if path == "/health":
        return Response(200, "OK", Headers([("Content-Length", "2")]), b"ok")
    if path == "/refuse":
        return Response(403, "Forbidden", Headers([("Content-Length", "7"), ("Content-Type", "text/plain")]), b"go away")
    return None


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    async with serve(
        handler, "127.0.0.1", args.port, process_request=process_request, compression=None,
        ping_interval=None, max_size=64 << 20, max_queue=4,
    ) as server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
