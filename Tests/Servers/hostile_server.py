"""A hostile HTTP/1.1 server on loopback, for Courier's hostile-server suite (issue 45, §3-§5).

Each route answers the way a broken or malicious server might, written from the RFCs it breaks:
RFC 9110 §14 (ranges, `Content-Range`, `If-Range`), §13.1 and §8.8 (validators), §15.4
(redirects), and libcurl's limits on a response's header section. Nothing here is general or
fast; every connection is handled by asyncio, on 127.0.0.1 only.

Paths (KEY keeps parallel tests apart; every request is logged under /log/KEY when its path or
query names KEY):
  /health                   200 "ok"
  /resource/KEY?size=N&validator=V&cut=C&after=A
                            a resource of N bytes (byte i of version v is (i * 7 + v) % 251).
                            The first response for KEY is a 200 of version 1 with validator V:
                            strong (ETag "v1"), weak (ETag W/"v1"), lastmod (Last-Modified an hour
                            before Date), lastmod-now (Last-Modified equal to Date: weak by RFC 9110
                            §8.8.2.2), none; its body is cut (a reset) after C bytes (default half).
                            Later requests with a Range get what A says:
                              ok            206 of version 1, bytes S- to the end (the one honest answer)
                              no-validator  206 of version 2 without ETag or Last-Modified
                              changed       206 of version 2 with ETag "v2" (If-Range ignored)
                              short         206 whose Content-Range and body stop a quarter early
                              short-body    206 claiming S-(N-1)/N whose Content-Length and body
                                            stop a quarter early
                              wrong-start   206 starting 1000 bytes before S
                              wrong-total   206 with S-(2N-1)/2N (another total than announced)
                              bad-range     206 with Content-Range "bytes garbage"
                              full          200 of version 1 (the range ignored)
                            A request without Range always gets a whole 200 of the current version
                            (2 once a Range was refused by `changed` or `no-validator`, else 1).
  /big-headers/KEY?total=N  200 "ok" after header lines of 8,000 bytes each, N bytes in all
  /long-header/KEY?size=N   200 "ok" after one header line of N bytes
  /redirect/KEY?to=LOC&status=S
                            S (default 302) with Location: LOC (file:, ftp:, data:, gopher:...);
                            LOC may hold the text KEY so a request that follows it is logged
  /reflect/KEY?status=S     S (default 400) with a JSON body repeating the request line and every
                            header (a server echoing what it got, secrets included), and a
                            text/plain variant when ?text=1
  /log/KEY                  200 {"requests": [{"method", "path", "headers"}...]} for KEY
"""

import argparse
import asyncio
import json
import time
from email.utils import formatdate
from urllib.parse import urlsplit, parse_qs

# Per key: the requests seen, how many first responses were cut, the current version.
request_log: dict[str, list[dict]] = {}
cuts: dict[str, int] = {}
versions: dict[str, int] = {}

REASONS = {200: "OK", 206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other",
           307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 404: "Not Found",
           416: "Range Not Satisfiable"}


def body_bytes(version: int, start: int, end: int) -> bytes:
    """Bytes [start, end) of the resource's version `version`."""
    period = bytes((i * 7 + version) % 251 for i in range(251))
    offset = start % 251
    count = end - start
    repeated = period * ((offset + count) // 251 + 2)
    return repeated[offset:offset + count]


def head(status: int, fields: list[tuple[str, str]]) -> bytes:
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"] + [f"{n}: {v}" for n, v in fields]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def simple(status: int, body: bytes, content_type="text/plain", extra=None) -> bytes:
    fields = [("Content-Type", content_type), ("Content-Length", str(len(body))), ("Connection", "keep-alive")]
    return head(status, fields + list(extra or [])) + body


async def read_request(reader: asyncio.StreamReader):
    line = await reader.readline()
    if not line:
        return None
    method, target, _ = line.decode("latin-1").rstrip("\r\n").split(" ", 2)
    headers: list[tuple[str, str]] = []
    while True:
        raw = await reader.readline()
        if raw in (b"\r\n", b"\n", b""):
            break
        name, _, value = raw.decode("latin-1").partition(":")
        headers.append((name.strip(), value.strip()))
    length = next((int(v) for n, v in headers if n.lower() == "content-length"), 0)
    if length:
        await reader.readexactly(length)
    return method, target, headers


def header(headers: list[tuple[str, str]], name: str) -> str:
    return next((v for n, v in headers if n.lower() == name.lower()), "")


async def resource(key: str, query: dict, headers, writer: asyncio.StreamWriter) -> bool:
    """The resumable resource; False when the connection was reset."""
    size = int(query.get("size", "100000"))
    validator = query.get("validator", "strong")
    after = query.get("after", "ok")
    now = time.time()
    date = formatdate(now, usegmt=True)
    requested = header(headers, "Range")
    version = versions.get(key, 1)
    if not requested:
        fields = [("Content-Type", "application/octet-stream"), ("Content-Length", str(size)), ("Date", date),
                  ("Connection", "keep-alive")]
        if validator == "strong":
            fields.append(("ETag", f'"v{version}"'))
        elif validator == "weak":
            fields.append(("ETag", f'W/"v{version}"'))
        elif validator == "lastmod":
            fields.append(("Last-Modified", formatdate(now - 3600, usegmt=True)))
        elif validator == "lastmod-now":
            fields.append(("Last-Modified", date))
        writer.write(head(200, fields))
        cut = cuts.get(key, 0) < int(query.get("cuts", "1"))
        end = int(query.get("cut", str(size // 2))) if cut else size
        writer.write(body_bytes(version, 0, end))
        await writer.drain()
        if cut:
            cuts[key] = cuts.get(key, 0) + 1
            await asyncio.sleep(0.05)
            writer.transport.abort()
            return False
        return True
    start = int(requested[len("bytes="):].split("-")[0]) if requested.startswith("bytes=") else 0
    fields = [("Content-Type", "application/octet-stream"), ("Date", date), ("Connection", "keep-alive")]
    status, first, last, total, body_end = 206, start, size - 1, size, size
    if after == "ok":
        fields.append(("ETag", '"v1"') if validator == "strong" else ("Last-Modified", header(headers, "If-Range")))
    elif after == "no-validator":
        version = versions[key] = 2
    elif after == "changed":
        version = versions[key] = 2
        fields.append(("ETag", '"v2"'))
    elif after == "short":
        fields.append(("ETag", '"v1"'))
        last = size - 1 - (size - start) // 4
        body_end = last + 1
    elif after == "short-body":
        fields.append(("ETag", '"v1"'))
        body_end = size - (size - start) // 4
    elif after == "wrong-start":
        fields.append(("ETag", '"v1"'))
        first = max(0, start - 1000)
    elif after == "wrong-total":
        fields.append(("ETag", '"v1"'))
        total = 2 * size
    elif after == "bad-range":
        fields.append(("ETag", '"v1"'))
    elif after == "full":
        fields.append(("ETag", '"v1"'))
        status, first = 200, 0
    payload = body_bytes(version, first, body_end)
    fields.append(("Content-Length", str(len(payload))))
    if status == 206:
        fields.append(("Content-Range", "bytes garbage" if after == "bad-range" else f"bytes {first}-{last}/{total}"))
    writer.write(head(status, fields) + payload)
    await writer.drain()
    return True


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            request = await read_request(reader)
            if request is None:
                return
            method, target, headers = request
            split = urlsplit(target)
            query = {k: v[-1] for k, v in parse_qs(split.query, keep_blank_values=True).items()}
            parts = split.path.strip("/").split("/")
            route, key = parts[0], (parts[1] if len(parts) > 1 else "")
            entry = {"method": method, "path": target, "headers": [[n, v] for n, v in headers]}
            for logged_key, requests in list(request_log.items()):
                if logged_key and logged_key in target and logged_key != key:
                    requests.append(entry)
            if key and route != "log":
                request_log.setdefault(key, []).append(entry)
            elif not key and route not in ("health",):
                request_log.setdefault("", []).append(entry)
            if route == "health":
                writer.write(simple(200, b"ok"))
            elif route == "resource":
                if not await resource(key, query, headers, writer):
                    return
            elif route == "big-headers":
                total = int(query.get("total", "400000"))
                fields = []
                sent = 0
                index = 0
                while sent < total:
                    value = "x" * min(8000, max(1, total - sent))
                    fields.append((f"X-Filler-{index}", value))
                    sent += len(value) + len(f"X-Filler-{index}: \r\n")
                    index += 1
                writer.write(head(200, [("Content-Length", "2"), ("Connection", "keep-alive")] + fields) + b"ok")
            elif route == "long-header":
                size = int(query.get("size", str(1 << 20)))
                writer.write(head(200, [("Content-Length", "2"), ("Connection", "keep-alive"),
                                        ("X-Long", "y" * size)]) + b"ok")
            elif route == "redirect":
                status = int(query.get("status", "302"))
                writer.write(simple(status, b"", extra=[("Location", query.get("to", "/"))]))
            elif route == "reflect":
                status = int(query.get("status", "400"))
                if query.get("text") == "1":
                    text = f"{method} {target}\n" + "".join(f"{n}: {v}\n" for n, v in headers)
                    writer.write(simple(status, text.encode()))
                else:
                    payload = {"request": f"{method} {target}", "headers": {n: v for n, v in headers}}
                    writer.write(simple(status, json.dumps(payload).encode(), "application/json"))
            elif route == "log":
                writer.write(simple(200, json.dumps({"requests": request_log.get(key, [])}).encode(),
                                    "application/json"))
            else:
                writer.write(simple(404, b"not found"))
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError, ValueError):
        pass
    finally:
        writer.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    server = await asyncio.start_server(handle, "127.0.0.1", args.port, backlog=256)
    print(f"listening on 127.0.0.1:{server.sockets[0].getsockname()[1]}", flush=True)
    await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
