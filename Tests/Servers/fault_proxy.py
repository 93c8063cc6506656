"""A seeded fault-injecting HTTP/1.1 proxy on loopback, for Courier's fault-matrix test.

It sits in front of a real upstream (the fault server), forwards requests over one upstream
connection per client connection, and breaks some exchanges on purpose. Which fault an exchange
gets is decided by the seed, the request's `X-Request-Id` and how many times that id was seen
before within its `X-Run` (so a retry meets a different fault, and a run with the same ids and
seed meets the same faults in the same order per id, whatever the interleaving). Requests
without `X-Request-Id` (the readiness probe, control calls) are forwarded untouched.

Faults (percent of exchanges):
  forward            55  forwarded, answered normally
  reset-before        7  reset (RST) after reading the request; upstream never sees it
  reset-after-send    6  forwarded (upstream acted on it), then reset before any response byte
  reset-mid-body      6  forwarded, head and half the body sent, then reset
  truncate            6  forwarded, head and half the body sent, then closed (FIN)
  stall               3  forwarded, then nothing for 3 s (longer than the test's 2 s per attempt)
  garbage             5  bytes that are not HTTP, then closed; upstream never sees it
  unavailable         4  503 with Retry-After: 1 (keep-alive); upstream never sees it
  idle-close          8  forwarded, answered normally, then the connection is closed without a
                         `Connection: close` (a keep-alive connection dying while idle)

GET /proxy-stats/RUN answers {"faults": {name: count}} for RUN without forwarding.

Cuts (resumable downloads, with any upstream): a request with `X-Cut-Key: K` and `X-Cuts: N` is
forwarded and its response streamed (a body of any size, never held whole); the first N such
exchanges for K are reset halfway through the body. With `X-Hold-After: B`, the first exchange for
K sends B body bytes and then nothing more until the client goes away. GET /cut-stats/K answers {"cuts": count,
"ranges": [the Range header of each request]}.
"""

import argparse
import asyncio
import hashlib
import json
import socket
import struct

from fault_server import delivered

FAULTS = [("forward", 55), ("reset-before", 7), ("reset-after-send", 6), ("reset-mid-body", 6),
          ("truncate", 6), ("stall", 3), ("garbage", 5), ("unavailable", 4), ("idle-close", 8)]
assert sum(weight for _, weight in FAULTS) == 100

seen: dict[tuple[str, str], int] = {}
stats: dict[str, dict[str, int]] = {}
cuts: dict[str, int] = {}
cut_ranges: dict[str, list[str]] = {}
held: set[str] = set()


def choose(seed: int, request_id: str, occurrence: int) -> str:
    digest = hashlib.sha256(f"{seed}:{request_id}:{occurrence}".encode()).digest()
    point = int.from_bytes(digest[:4], "big") % 100
    for name, weight in FAULTS:
        if point < weight:
            return name
        point -= weight
    return "forward"


def reset(writer: asyncio.StreamWriter) -> None:
    sock = writer.get_extra_info("socket")
    if sock is not None:
        # SO_LINGER with a zero timeout makes close() send RST instead of FIN.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


def header_map(head: bytes) -> dict[str, str]:
    fields = {}
    for line in head.decode("latin-1").split("\r\n")[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            fields[name.strip().lower()] = value.strip()
    return fields


async def read_message(reader: asyncio.StreamReader) -> tuple[bytes, dict[str, str], bytes]:
    """One request or response with a Content-Length body (all this setup ever sends)."""
    head = await reader.readuntil(b"\r\n\r\n")
    fields = header_map(head)
    length = int(fields.get("content-length", "0") or 0)
    body = await reader.readexactly(length) if length else b""
    return head, fields, body


def plain(status: int, reason: str, body: bytes, extra: str = "") -> bytes:
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            f"{extra}Connection: keep-alive\r\n\r\n").encode() + body


async def handle(reader, writer, seed: int, upstream_host: str, upstream_port: int) -> None:
    upstream = None
    try:
        while True:
            try:
                head, fields, body = await read_message(reader)
            except (asyncio.IncompleteReadError, ConnectionError, ValueError, asyncio.LimitOverrunError):
                return
            target = head.split(b" ", 2)[1].decode("latin-1")
            if target.startswith("/proxy-stats/"):
                run = target.split("/")[2]
                writer.write(plain(200, "OK", json.dumps({"faults": stats.get(run, {})}).encode()))
                await writer.drain()
                continue
            if target.startswith("/cut-stats/"):
                key = target.split("/")[2]
                writer.write(plain(200, "OK", json.dumps(
                    {"cuts": cuts.get(key, 0), "ranges": cut_ranges.get(key, [])}).encode()))
                await writer.drain()
                continue
            if "x-cut-key" in fields:
                if upstream is None:
                    upstream = await asyncio.open_connection(upstream_host, upstream_port)
                if not await forward_cut(head + body, fields, upstream, reader, writer):
                    return
                continue
            request_id = fields.get("x-request-id")
            fault = "forward"
            if request_id is not None:
                run = fields.get("x-run", "")
                occurrence = seen.get((run, request_id), 0) + 1
                seen[(run, request_id)] = occurrence
                fault = choose(seed, request_id, occurrence)
                per_run = stats.setdefault(run, {})
                per_run[fault] = per_run.get(fault, 0) + 1
            if fault == "reset-before":
                reset(writer)
                return
            if fault == "garbage":
                writer.write(b"\x16\x03\x01 garbage, not HTTP \xff\xfe\r\n\r\n")
                await writer.drain()
                writer.close()
                return
            if fault == "unavailable":
                writer.write(plain(503, "Service Unavailable", b'{"error": 503}', "Retry-After: 1\r\n"))
                await writer.drain()
                continue
            if upstream is None:
                upstream = await asyncio.open_connection(upstream_host, upstream_port)
            upstream[1].write(head + body)
            await upstream[1].drain()
            response_head, _, response_body = await read_message(upstream[0])
            half = response_body[: len(response_body) // 2]
            if fault == "reset-after-send":
                reset(writer)
                return
            if fault in ("reset-mid-body", "truncate"):
                writer.write(response_head + half)
                await writer.drain()
                await asyncio.sleep(0.01)
                if fault == "reset-mid-body":
                    reset(writer)
                else:
                    writer.close()
                return
            if fault == "stall":
                try:
                    await asyncio.wait_for(reader.read(1), timeout=3)
                except asyncio.TimeoutError:
                    pass
                return
            writer.write(response_head + response_body)
            await writer.drain()
            if fault == "idle-close":
                writer.close()
                return
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        if upstream is not None:
            upstream[1].close()
        if not writer.is_closing():
            writer.close()


async def forward_cut(request: bytes, fields: dict[str, str], upstream, reader, writer) -> bool:
    """Forwards one request of a cut run and streams its response, resetting the connection
    halfway through the body for the run's first `X-Cuts` exchanges, or holding it after
    `X-Hold-After` bytes for the first; False when the exchange did not end normally."""
    key = fields["x-cut-key"]
    cut_ranges.setdefault(key, []).append(fields.get("range", ""))
    upstream[1].write(request)
    await upstream[1].drain()
    response_head = await upstream[0].readuntil(b"\r\n\r\n")
    length = int(header_map(response_head).get("content-length", "0") or 0)
    cut = cuts.get(key, 0) < int(fields.get("x-cuts", "0"))
    limit = length // 2 if cut else length
    hold = "x-hold-after" in fields and key not in held
    if hold:
        held.add(key)
        limit = min(length, int(fields["x-hold-after"]))
    writer.write(response_head)
    sent = 0
    while sent < limit:
        chunk = await upstream[0].read(min(1 << 16, limit - sent))
        if not chunk:
            raise ConnectionError("upstream closed")
        writer.write(chunk)
        await writer.drain()
        sent += len(chunk)
    if hold:
        # Nothing more until the client is gone (the test kills it).
        await reader.read()
        return False
    if cut:
        cuts[key] = cuts.get(key, 0) + 1
        # A reset drops what the kernel still queues: the cut keeps "half the body" on the
        # client only once the client has acknowledged every byte (a loaded machine took 230 KB
        # less than sent with a fixed 50 ms pause).
        await delivered(writer)
        reset(writer)
        return False
    return True


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True, help="host:port of the upstream server")
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    host, port = args.upstream.rsplit(":", 1)

    async def serve(reader, writer):
        await handle(reader, writer, args.seed, host, int(port))

    server = await asyncio.start_server(serve, "127.0.0.1", args.port, backlog=1024)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
