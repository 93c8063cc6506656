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
    /flaky?key=K       the first connection with key K sends "first" and is dropped without a
                       close frame; the next sends "again N" (N: its number) and closes with 1000;
                       with &refuse, every connection after the first is refused (503)
    /health            plain HTTP 200, for start-up probes

permessage-deflate (RFC 7692) is accepted only under /deflate/ (elsewhere compression is off):

    /deflate/echo      echoes; the query sets the answer's parameters (server_no_context_takeover,
                       client_no_context_takeover, server_max_window_bits=N,
                       client_max_window_bits=N); the text message "wire?" is answered with the
                       number of bytes received on the connection since the handshake
    /deflate/bomb?size=N  one compressed binary message that inflates to N zero bytes
"""

import argparse
import asyncio
import json
import struct
import zlib
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
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


# Connections seen per /flaky key.
flaky_connections = {}


async def handler(ws):
    url = urlsplit(ws.request.path)
    path, query = url.path.removeprefix("/ws"), parse_qs(url.query)
    raw = ws.transport.write
    if path.startswith("/deflate/"):
        await deflate_route(ws, path.removeprefix("/deflate"), query, raw)
        return
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
    elif path == "/flaky":
        key = query["key"][0]
        flaky_connections[key] = flaky_connections.get(key, 0) + 1
        if flaky_connections[key] == 1:
            await ws.send("first")
            ws.transport.abort()
        else:
            await ws.send(f"again {flaky_connections[key]}")
            await ws.close(1000, "")
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


async def deflate_route(ws, path, query, raw):
    if path == "/echo":
        received = 0
        data_received = ws.data_received

        def counting(data):
            nonlocal received
            received += len(data)
            data_received(data)

        # asyncio's transport looks the method up on each read: this counts the wire bytes.
        ws.data_received = counting
        async for message in ws:
            await ws.send(str(received) if message == "wire?" else message)
    elif path == "/bomb":
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        chunk = bytes(1 << 20)
        size = int(query["size"][0])
        body = b"".join(compressor.compress(chunk[: min(len(chunk), size - done)]) for done in range(0, size, len(chunk)))
        body += compressor.flush(zlib.Z_SYNC_FLUSH)
        raw(frame(0x2, body[:-4], rsv=0x40))
        await ws.wait_closed()
    else:
        await ws.close(4404, "no such route")


def process_request(ws, request):
    url = urlsplit(request.path)
    path = url.path.removeprefix("/ws")
    if path.startswith("/deflate/"):
        # Compression for this connection alone, with the parameters the query names.
        query = parse_qs(url.query, keep_blank_values=True)
        ws.protocol.available_extensions = [
            ServerPerMessageDeflateFactory(
                server_no_context_takeover="server_no_context_takeover" in query,
                client_no_context_takeover="client_no_context_takeover" in query,
                server_max_window_bits=int(query["server_max_window_bits"][0]) if "server_max_window_bits" in query else None,
                client_max_window_bits=int(query["client_max_window_bits"][0]) if "client_max_window_bits" in query else None,
            )
        ]
    # Answers other than upgrades say "Connection: close": websockets closes the connection after
    # them, and a client must not reuse it.
    if path == "/health":
        return Response(200, "OK", Headers([("Connection", "close"), ("Content-Length", "2")]), b"ok")
    if path == "/flaky":
        query = parse_qs(url.query, keep_blank_values=True)
        if "refuse" in query and query["key"][0] in flaky_connections:
            return Response(503, "Unavailable", Headers([("Connection", "close"), ("Content-Length", "4")]), b"down")
    if path == "/refuse":
        return Response(403, "Forbidden", Headers([("Connection", "close"), ("Content-Length", "7"), ("Content-Type", "text/plain")]), b"go away")
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
