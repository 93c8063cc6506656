"""A small HTTP/1.1 server on loopback that misbehaves on purpose, for Courier's tests.

httpbin cannot reset a connection, truncate a body or speak garbage; this server can.
Every connection is handled by asyncio; nothing here is meant to be fast or general.

Paths:
  /ok                       200 "ok"
  /reset-before             closes the connection (RST) before any response
  /reset-mid-body           sends headers and half the body, then resets
  /truncated                Content-Length 100, sends 10 bytes, closes
  /hang                     reads the request and never answers
  /garbage                  answers with bytes that are not HTTP
  /count/KEY[?delay=S]      200 with the hit number for KEY as JSON, after an optional delay
  /hits/KEY                 200 {"hits": N, "closed_early": M} for KEY, without counting
  /flaky/KEY?fail=N&status=S[&retry_after=V]
                            answers S (with Retry-After: V when given) for the first N hits of
                            KEY, then 200 {"hits": n, "headers": {...}}
  /echo-headers             200 with the request headers as JSON
  /problem/STATUS[?fields=a,b&message=M]
                            STATUS with a JSON error body: {"message": M, "errors": [{"field": "a",
                            "code": "invalid"}, ...]} (a validation failure, as many APIs send it)
  /cacheable/KEY[?max_age=N] counts a hit for KEY; 200 {"key": KEY, "hit": n} with ETag "KEY" and
                            Cache-Control: max-age=N (default 60), or 304 (counted under KEY-304)
                            when If-None-Match names that ETag
  /download/N               200 with N bytes (Content-Length N), written in 64 KiB chunks
  /upload                   200 {"received": N} after reading a request body of N bytes
  /gate/KEY                 counts a hit for KEY, then waits until /open/KEY is requested and
                            answers 200 {"key": KEY, "hit": n}; a client closing first is
                            counted in closed_early
  /open/KEY                 opens KEY's gate (now and for later hits)
  /close-second/KEY         counts a hit for KEY; answers 200 {"key": KEY, "hit": n} when it is the
                            first request on its connection, otherwise reads it whole and closes
                            the connection without answering (a keep-alive connection dying under
                            a reused request)
  /conns/KEY                200 {"connections": N, "max_open": M}: how many connections carried a
                            request for KEY (/count/KEY, /close-second/KEY, ?key=KEY), and the most
                            of them open at once
  /matrix/RUN/ID            200 with a body of 1,000 to 20,999 bytes made from ID (byte i is
                            (i * 7 + X-Body-Seed) % 251) and headers X-Body-Length and X-Body-Seed
                            for the client to check it whole; counts the hit per RUN, ID and method
  /matrix-stats/RUN         200 {"requests": N, "posts": P, "posts_seen_twice": D} for RUN
  /s3-upload                stands in for S3's POST upload (Reddit media): parses the multipart
                            form, checks the file comes last after the fields and a key field
                            is there, answers 201 with S3's XML PostResponse (400 XML otherwise)
  /s3-uploads/KEY           200 with what /s3-upload parsed for KEY (fields in order, the file)
  /sink/KEY                 reads the request body as it arrives (Content-Length or chunked, never
                            buffered whole) and answers 200 {"key", "hit", "method", "received",
                            "sha256", "chunked", "content_type"}; counts a hit for KEY
  /sink-form/KEY            parses a multipart/form-data body as it arrives and answers 200 {"key",
                            "hit", "received", "parts": [{"name", "filename", "content_type",
                            "size", "sha256"}]}; 400 when the form is malformed
  /sink-flaky/KEY?fail=N    like /sink, but answers 503 (after reading the body) for the first N
                            hits of KEY (default 1)
  /sink-redirect/STATUS?to=PATH
                            reads and drops the body, then answers STATUS (307, 308...) with
                            Location: PATH
  /sse/KEY[?drop=reset]     a server-sent event stream over three connections (see sse()): the first
                            sends retry: 1500, events 1 and 2, half of event 3, then drops the
                            connection (a chunked body cut short, or a reset with drop=reset); the
                            second must carry Last-Event-ID: 2 (else 400), sends retry: 10,
                            events 3 and 4 and ends cleanly; the third must carry Last-Event-ID: 4
                            (else 400) and gets 204
  /sse-hold/KEY             200 text/event-stream: one event, then holds the connection open until
                            the client closes it (counted in closed_early for KEY)
  /sse-log/KEY              200 {"connections": [{"last_event_id", "accept", "cache_control",
                            "status"}...], "closed_early": N}: what the /sse endpoints saw for KEY
  /endless/KEY[?framing=F]  counts a hit for KEY, then sends 200 and a body of 64 KiB chunks every
                            10 ms with no end until the client closes the connection, which is
                            counted in closed_early. The body is delimited by the close (Connection:
                            close) unless framing=chunked (Transfer-Encoding: chunked, one chunk per
                            64 KiB) or framing=length:N (Content-Length: N, and never N bytes);
                            status=S answers S instead of 200
  /close-unanswered/KEY     counts a hit for KEY, reads the request whole (its body too), then
                            closes the connection without answering
  /chunked-cut/KEY          counts a hit for KEY, sends 200 with a chunked body of three 1,000-byte
                            chunks, then closes the connection without the last (empty) chunk
  /raw-headers/KEY          records the request's header lines for KEY as they arrived (raw, one
                            string a line, the request line first) and answers 200 "recorded"
  /raw-log/KEY              200 {"requests": [[line, ...], ...]}: what /raw-headers recorded for KEY
  ?key=K on /reset-before, /reset-mid-body, /truncated, /hang, /garbage counts a hit for K
  retry_after=date:N on /flaky sends a Date header and an HTTP-date N seconds after it
  www=basic on /flaky adds a WWW-Authenticate: Basic challenge to the failures
"""

import argparse
import asyncio
import fcntl
import hashlib
import json
import socket
import struct
import termios
import time
import zlib
from email.parser import BytesParser
from email.utils import formatdate
from urllib.parse import urlsplit, parse_qs

hits: dict[str, int] = {}
uploads: dict[str, dict] = {}
closed_early: dict[str, int] = {}
gates: dict[str, asyncio.Event] = {}
# Connections per key: every connection that carried a request for the key, those still open,
# and the most open at once.
conns_seen: dict[str, set[int]] = {}
conns_open: dict[str, set[int]] = {}
conns_max_open: dict[str, int] = {}
next_connection_id = 0
# /matrix: hits per (run, method, id).
matrix_hits: dict[str, dict[tuple[str, str], int]] = {}
# /sse: per key, one entry per connection with the headers that matter and the status answered.
sse_log: dict[str, list[dict]] = {}
# /raw-headers: per key, the header lines of each request as they arrived.
raw_log: dict[str, list[list[str]]] = {}
# /ranged: per key, how many responses were cut so far, and each request's Range and answer.
ranged_cuts: dict[str, int] = {}
ranged_config: dict[str, dict[str, str]] = {}
ranged_log: dict[str, list[dict]] = {}
FAULT_PATHS = {"reset-before", "reset-mid-body", "truncated", "hang", "garbage"}


def http_date(seconds: float) -> str:
    return formatdate(seconds, usegmt=True)


def response(status: int, body: bytes, content_type="application/json", extra=None) -> bytes:
    reason = {200: "OK", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
              503: "Service Unavailable", 504: "Gateway Timeout", 408: "Request Timeout",
              404: "Not Found", 201: "Created", 400: "Bad Request"}.get(status, "Status")
    headers = [f"HTTP/1.1 {status} {reason}", f"Content-Type: {content_type}",
               f"Content-Length: {len(body)}", "Connection: keep-alive"]
    for name, value in (extra or {}).items():
        headers.append(f"{name}: {value}")
    return ("\r\n".join(headers) + "\r\n\r\n").encode() + body


def s3_post(headers: dict, body: bytes, host: str) -> bytes:
    """Stands in for S3's POST upload: a multipart form with the lease fields first and the file
    last. Answers 201 with S3's XML PostResponse, or 400 with an XML error saying what is wrong;
    records what it parsed for /s3-uploads/<key>."""
    content_type = headers.get("Content-Type", headers.get("content-type", ""))
    def error(message: str) -> bytes:
        xml = f"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>InvalidArgument</Code><Message>{message}</Message></Error>"
        return response(400, xml.encode(), "application/xml")
    if not content_type.startswith("multipart/form-data"):
        return error(f"not multipart/form-data: {content_type}")
    message = BytesParser().parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + body)
    if not message.is_multipart():
        return error("the body is not a multipart form")
    fields, file = [], None
    for part in message.get_payload():
        name = part.get_param("name", header="content-disposition")
        filename = part.get_param("filename", header="content-disposition")
        data = part.get_payload(decode=True) or b""
        if file is not None:
            return error(f"field {name} comes after the file")
        if filename is not None:
            if name != "file":
                return error(f"the file part is named {name}, not file")
            file = {"filename": filename, "content_type": part.get_content_type(), "size": len(data),
                    "md5": hashlib.md5(data).hexdigest()}
        else:
            fields.append([name, data.decode()])
    if file is None:
        return error("no file part")
    key = dict(fields).get("key")
    if not key:
        return error("no key field")
    authorization = headers.get("Authorization", headers.get("authorization"))
    uploads[key] = {"fields": fields, "file": file, "authorization": authorization}
    location = f"http://{host}/s3-upload/{key}"
    xml = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           f"<PostResponse><Location>{location}</Location><Bucket>reddit-uploaded-media</Bucket>"
           f"<Key>{key}</Key><ETag>\"{file['md5']}\"</ETag></PostResponse>")
    return response(201, xml.encode(), "application/xml", {"Location": location})


def header(headers: dict, name: str):
    """The value of the header `name` (any case), None when absent."""
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value
    return None


def header_text(headers: dict, name: str) -> str:
    """The value of the header `name` (any case), "" when absent."""
    return header(headers, name) or ""


SSE_HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-cache\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")


async def sse_send(writer: asyncio.StreamWriter, text: str) -> None:
    """Writes one chunk of a chunked event stream, and lets it leave before the next."""
    data = text.encode()
    writer.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
    await writer.drain()
    await asyncio.sleep(0.005)


async def sse(key: str, headers: dict, query: dict, reader: asyncio.StreamReader,
              writer: asyncio.StreamWriter) -> bool:
    """/sse/KEY: the scripted stream of the docstring. Returns True when the connection is done."""
    log = sse_log.setdefault(key, [])
    seen = {"last_event_id": header(headers, "Last-Event-ID"), "accept": header(headers, "Accept"),
            "cache_control": header(headers, "Cache-Control")}
    log.append(seen)
    expected = {1: None, 2: "2", 3: "4"}.get(len(log), "4")
    if seen["last_event_id"] != expected:
        seen["status"] = 400
        writer.write(response(400, json.dumps({"error": f"expected Last-Event-ID {expected}, "
                                                        f"got {seen['last_event_id']}"}).encode()))
        return False
    if len(log) >= 3:
        seen["status"] = 204
        writer.write(b"HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n")
        return False
    seen["status"] = 200
    writer.write(SSE_HEAD)
    if len(log) == 1:
        # A BOM, a comment, CRLF and CR line ends, a multi-line event, then half an event.
        await sse_send(writer, "\ufeff: welcome\r\nretry: 1500\r\n\r\n")
        await sse_send(writer, "id: 1\ndata: one\n\n")
        await sse_send(writer, "id: 2\revent: update\rdata: two\rdata: lines\r\r")
        await sse_send(writer, "id: 3\ndata: ha")
        if query.get("drop") == "reset":
            reset(writer)
        else:
            # The chunked body stops without its last chunk: the stream is cut short.
            writer.transport.close()
        return True
    await sse_send(writer, "retry: 10\n\nid: 3\ndata: three\n\n")
    await sse_send(writer, "id: 4\ndata: four\n\n")
    writer.write(b"0\r\n\r\n")
    await writer.drain()
    writer.close()
    return True


async def sse_hold(key: str, headers: dict, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """/sse-hold/KEY: one event, then the connection stays open until the client closes it."""
    sse_log.setdefault(key, []).append({"last_event_id": header(headers, "Last-Event-ID"),
                                        "accept": header(headers, "Accept"),
                                        "cache_control": header(headers, "Cache-Control"), "status": 200})
    writer.write(SSE_HEAD)
    await sse_send(writer, "id: 1\ndata: held\n\n")
    while True:
        if await wait_closed_or(reader, 3600):
            closed_early[key] = closed_early.get(key, 0) + 1
            return


async def delivered(writer: asyncio.StreamWriter, limit: float = 20.0) -> None:
    """Waits until the peer has acknowledged every byte written (the kernel's send queue is
    empty), at most `limit` seconds: a reset discards whatever is still queued, so a cut that
    should keep "half the body" on the client must wait for a slow client to take it."""
    await writer.drain()
    sock = writer.get_extra_info("socket")
    if sock is None:
        return
    deadline = asyncio.get_running_loop().time() + limit
    while asyncio.get_running_loop().time() < deadline:
        queued = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, struct.pack("i", 0)))[0]
        if queued == 0:
            return
        await asyncio.sleep(0.01)


def reset(writer: asyncio.StreamWriter) -> None:
    sock = writer.get_extra_info("socket")
    if sock is not None:
        # SO_LINGER with a zero timeout makes close() send RST instead of FIN.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


async def read_request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    if urlsplit(target).path.startswith("/raw-headers/"):
        key = urlsplit(target).path.split("/")[2]
        # Split on every line break, so a bare CR or LF inside a field shows as a line of its own.
        raw_log.setdefault(key, []).append(
            [line for line in head.decode("latin-1").replace("\r\n", "\n").replace("\r", "\n").split("\n") if line])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip()] = value.strip()
    length = int(headers.get("Content-Length", headers.get("content-length", "0")) or 0)
    chunked = "chunked" in header_text(headers, "Transfer-Encoding").lower()
    if (length or chunked) and headers.get("Expect", headers.get("expect", "")).lower() == "100-continue":
        # libcurl asks before sending a large body; without this it waits a second first.
        writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        await writer.drain()
    if urlsplit(target).path.startswith("/sink"):
        # The /sink endpoints read the body themselves, as it arrives (see body_chunks).
        return method, target, headers, None
    if chunked:
        # A chunked body (URLSessionTransport's multipart forms on Linux) is read whole here too.
        body = b"".join([data async for data in body_chunks(reader, headers)])
        return method, target, headers, body
    body = await reader.readexactly(length) if length else b""
    return method, target, headers, body


async def body_chunks(reader: asyncio.StreamReader, headers: dict):
    """Yields a request body's bytes as they arrive: chunked transfer coding or Content-Length."""
    if "chunked" in header_text(headers, "Transfer-Encoding").lower():
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0].strip(), 16)
            if size == 0:
                while await reader.readuntil(b"\r\n") != b"\r\n":
                    pass
                return
            async for data in exactly(reader, size):
                yield data
            await reader.readexactly(2)
    else:
        async for data in exactly(reader, int(header_text(headers, "Content-Length") or 0)):
            yield data


async def exactly(reader: asyncio.StreamReader, left: int):
    """The next `left` bytes of the stream, in pieces of at most 64 KiB; a short stream raises."""
    while left:
        data = await reader.read(min(left, 1 << 16))
        if not data:
            raise asyncio.IncompleteReadError(b"", left)
        left -= len(data)
        yield data


async def sink(reader: asyncio.StreamReader, headers: dict) -> dict:
    """Reads a body incrementally: its length and SHA-256."""
    digest, received = hashlib.sha256(), 0
    async for data in body_chunks(reader, headers):
        digest.update(data)
        received += len(data)
    return {"received": received, "sha256": digest.hexdigest(),
            "chunked": "chunked" in header_text(headers, "Transfer-Encoding").lower(),
            "content_type": header_text(headers, "Content-Type"),
            "content_length": header_text(headers, "Content-Length") or None}


class FormError(Exception):
    pass


async def sink_form(reader: asyncio.StreamReader, headers: dict) -> dict:
    """Parses a multipart/form-data body as it arrives, keeping at most one read plus a boundary
    in memory: each part's name, filename, content type, size and SHA-256."""
    content_type = header_text(headers, "Content-Type")
    boundary = None
    for param in content_type.split(";")[1:]:
        name, _, value = param.strip().partition("=")
        if name.lower() == "boundary":
            boundary = value.strip('"')
    if not content_type.lower().startswith("multipart/form-data") or not boundary:
        raise FormError(f"not a multipart form with a boundary: {content_type}")
    delimiter = b"\r\n--" + boundary.encode()
    buffer = b"\r\n"  # the first delimiter has no line break before it
    state, parts, part, received, ended = "preamble", [], None, 0, False
    async for data in body_chunks(reader, headers):
        received += len(data)
        buffer += data
        while True:
            if state in ("preamble", "data"):
                at = buffer.find(delimiter)
                if at < 0:
                    keep = len(delimiter) - 1
                    if state == "data" and len(buffer) > keep:
                        part["digest"].update(buffer[:-keep])
                        part["size"] += len(buffer) - keep
                        buffer = buffer[-keep:]
                    elif state == "preamble":
                        buffer = buffer[-keep:]
                    break
                if state == "data":
                    part["digest"].update(buffer[:at])
                    part["size"] += at
                    parts.append(part)
                buffer = buffer[at + len(delimiter):]
                state = "after-delimiter"
            elif state == "after-delimiter":
                if len(buffer) < 2:
                    break
                if buffer[:2] == b"--":
                    state, ended, buffer = "epilogue", True, b""
                    break
                if buffer[:2] != b"\r\n":
                    raise FormError("garbage after a boundary")
                buffer, state = buffer[2:], "headers"
            elif state == "headers":
                at = buffer.find(b"\r\n\r\n")
                if at < 0:
                    if len(buffer) > 16384:
                        raise FormError("part headers too long")
                    break
                message = BytesParser().parsebytes(buffer[:at + 4])
                buffer = buffer[at + 4:]
                part = {"name": message.get_param("name", header="content-disposition"),
                        "filename": message.get_param("filename", header="content-disposition"),
                        "content_type": message.get("Content-Type"), "size": 0, "digest": hashlib.sha256()}
                state = "data"
            else:  # epilogue: ignored
                buffer = b""
                break
    if not ended:
        raise FormError("the form ended before its closing boundary")
    for part in parts:
        part["sha256"] = part.pop("digest").hexdigest()
    return {"received": received, "parts": parts}


async def wait_closed_or(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Sleeps `seconds` unless the client closes first; returns True when it closed."""
    try:
        data = await asyncio.wait_for(reader.read(1), timeout=seconds)
        return data == b""
    except asyncio.TimeoutError:
        return False


def note_connection(key: str, connection: int) -> None:
    conns_seen.setdefault(key, set()).add(connection)
    open_now = conns_open.setdefault(key, set())
    open_now.add(connection)
    conns_max_open[key] = max(conns_max_open.get(key, 0), len(open_now))


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    global next_connection_id
    next_connection_id += 1
    connection = next_connection_id
    requests_on_connection = 0
    try:
        while True:
            try:
                method, target, headers, body = await read_request(reader, writer)
            except (asyncio.IncompleteReadError, ConnectionError, ValueError):
                return
            requests_on_connection += 1
            url = urlsplit(target)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            parts = [p for p in url.path.split("/") if p]
            path = parts[0] if parts else ""
            key = parts[1] if len(parts) > 1 else ""
            if path in FAULT_PATHS and "key" in query:
                hits[query["key"]] = hits.get(query["key"], 0) + 1
            if path in ("count", "close-second") and key:
                note_connection(key, connection)
            elif "key" in query:
                note_connection(query["key"], connection)
            if path == "ok":
                writer.write(response(200, b"ok", "text/plain"))
            elif path == "reset-before":
                reset(writer)
                return
            elif path == "reset-mid-body":
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n" + b"x" * 500)
                await writer.drain()
                await asyncio.sleep(0.05)
                reset(writer)
                return
            elif path == "truncated":
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789")
                await writer.drain()
                writer.close()
                return
            elif path == "hang":
                await wait_closed_or(reader, 3600)
                return
            elif path == "garbage":
                writer.write(b"\x00\x01\x02 this is not HTTP at all \xff\xfe\r\n\r\n")
                await writer.drain()
                writer.close()
                return
            elif path == "count":
                hits[key] = hits.get(key, 0) + 1
                number = hits[key]
                delay = float(query.get("delay", "0"))
                if delay and await wait_closed_or(reader, delay):
                    closed_early[key] = closed_early.get(key, 0) + 1
                    return
                writer.write(response(200, json.dumps({"key": key, "hit": number}).encode()))
            elif path == "close-second":
                hits[key] = hits.get(key, 0) + 1
                if requests_on_connection > 1:
                    writer.close()
                    return
                writer.write(response(200, json.dumps({"key": key, "hit": hits[key]}).encode()))
            elif path == "matrix" and len(parts) == 3:
                run, ident = parts[1], parts[2]
                per_run = matrix_hits.setdefault(run, {})
                per_run[(method, ident)] = per_run.get((method, ident), 0) + 1
                digest = zlib.crc32(ident.encode())
                size, seed = 1000 + digest % 20000, digest % 251
                period = bytes((i * 7 + seed) % 251 for i in range(251))
                payload = (period * (size // 251 + 1))[:size]
                writer.write(response(200, payload, "application/octet-stream",
                                      extra={"X-Body-Length": size, "X-Body-Seed": seed}))
            elif path == "matrix-stats":
                per_run = matrix_hits.get(key, {})
                posts = [n for (m, _), n in per_run.items() if m == "POST"]
                writer.write(response(200, json.dumps({"requests": sum(per_run.values()), "posts": sum(posts),
                                                       "posts_seen_twice": sum(1 for n in posts if n > 1)}).encode()))
            elif path == "conns":
                writer.write(response(200, json.dumps({"connections": len(conns_seen.get(key, ())),
                                                       "max_open": conns_max_open.get(key, 0)}).encode()))
            elif path == "hits":
                writer.write(response(200, json.dumps({"hits": hits.get(key, 0),
                                                       "closed_early": closed_early.get(key, 0)}).encode()))
            elif path == "problem":
                fields = [f for f in query.get("fields", "email").split(",") if f]
                problem = {"message": query.get("message", "Validation failed"),
                           "errors": [{"field": f, "code": "invalid"} for f in fields]}
                writer.write(response(int(key or "422"), json.dumps(problem).encode()))
            elif path == "flaky":
                hits[key] = hits.get(key, 0) + 1
                number = hits[key]
                if number <= int(query.get("fail", "1")):
                    extra = {}
                    if query.get("retry_after", "").startswith("date:"):
                        now = int(time.time())
                        extra["Date"] = http_date(now)
                        extra["Retry-After"] = http_date(now + int(query["retry_after"][5:]))
                    elif "retry_after" in query:
                        extra["Retry-After"] = query["retry_after"]
                    if query.get("www") == "basic":
                        extra["WWW-Authenticate"] = 'Basic realm="faults"'
                    status = int(query.get("status", "503"))
                    writer.write(response(status, json.dumps({"error": status}).encode(), extra=extra))
                else:
                    writer.write(response(200, json.dumps({"hits": number, "headers": headers}).encode()))
            elif path == "download":
                size = int(key or "0")
                writer.write(("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                              f"Content-Length: {size}\r\nConnection: keep-alive\r\n\r\n").encode())
                chunk = bytes(range(256)) * 256
                sent = 0
                while sent < size:
                    part = chunk[:min(len(chunk), size - sent)]
                    writer.write(part)
                    await writer.drain()
                    sent += len(part)
            elif path == "ranged":
                if not await ranged(key, headers, query, writer):
                    return
            elif path == "ranged-set":
                ranged_config[key] = query
                writer.write(response(200, b"{}"))
            elif path == "ranged-log":
                writer.write(response(200, json.dumps({"requests": ranged_log.get(key, [])}).encode()))
            elif path == "endless":
                await endless(key, query.get("framing", "close"), int(query.get("status", "200")), reader, writer)
                return
            elif path == "close-unanswered":
                hits[key] = hits.get(key, 0) + 1
                writer.close()
                return
            elif path == "chunked-cut":
                hits[key] = hits.get(key, 0) + 1
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\n"
                             b"Transfer-Encoding: chunked\r\n\r\n")
                for _ in range(3):
                    writer.write(b"3e8\r\n" + b"c" * 1000 + b"\r\n")
                await writer.drain()
                writer.close()
                return
            elif path == "raw-headers":
                writer.write(response(200, b"recorded", "text/plain"))
            elif path == "raw-log":
                writer.write(response(200, json.dumps({"requests": raw_log.get(key, [])}).encode()))
            elif path == "s3-upload":
                writer.write(s3_post(headers, body, headers.get("Host", headers.get("host", ""))))
            elif path == "s3-uploads":
                found = uploads.get(key)
                writer.write(response(200 if found else 404, json.dumps(found or {"error": "no upload"}).encode()))
            elif path == "upload":
                writer.write(response(200, json.dumps({"received": len(body)}).encode()))
            elif path == "gate":
                hits[key] = hits.get(key, 0) + 1
                number = hits[key]
                gate = gates.setdefault(key, asyncio.Event())
                opened = asyncio.ensure_future(gate.wait())
                closed = asyncio.ensure_future(reader.read(1))
                done, pending = await asyncio.wait({opened, closed}, return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                if closed in done and not opened.done():
                    closed_early[key] = closed_early.get(key, 0) + 1
                    return
                writer.write(response(200, json.dumps({"key": key, "hit": number}).encode()))
            elif path == "open":
                gates.setdefault(key, asyncio.Event()).set()
                writer.write(response(200, b'{"opened": true}'))
            elif path == "sink":
                hits[key] = hits.get(key, 0) + 1
                result = await sink(reader, headers)
                writer.write(response(200, json.dumps({"key": key, "hit": hits[key], "method": method, **result}).encode()))
            elif path == "sink-flaky":
                hits[key] = hits.get(key, 0) + 1
                result = await sink(reader, headers)
                if hits[key] <= int(query.get("fail", "1")):
                    writer.write(response(503, json.dumps({"error": 503, **result}).encode()))
                else:
                    writer.write(response(200, json.dumps({"key": key, "hit": hits[key], "method": method, **result}).encode()))
            elif path == "sink-form":
                hits[key] = hits.get(key, 0) + 1
                try:
                    result = await sink_form(reader, headers)
                except FormError as error:
                    writer.write(response(400, json.dumps({"error": str(error)}).encode()))
                    await writer.drain()
                    writer.close()
                    return
                writer.write(response(200, json.dumps({"key": key, "hit": hits[key], **result}).encode()))
            elif path == "sink-redirect":
                await sink(reader, headers)
                writer.write(response(int(key or "307"), b"{}", extra={"Location": query.get("to", "/sink/redirected")}))
            elif path == "sse":
                if await sse(key, headers, query, reader, writer):
                    return
            elif path == "sse-hold":
                await sse_hold(key, headers, reader, writer)
                return
            elif path == "sse-log":
                writer.write(response(200, json.dumps({"connections": sse_log.get(key, []),
                                                       "closed_early": closed_early.get(key, 0)}).encode()))
            elif path == "echo-headers":
                writer.write(response(200, json.dumps(headers).encode()))
            elif path == "cacheable":
                hits[key] = hits.get(key, 0) + 1
                validators = {"ETag": f'"{key}"', "Cache-Control": f"max-age={int(query.get('max_age', '60'))}"}
                if header_text(headers, "If-None-Match") == f'"{key}"':
                    hits[key + "-304"] = hits.get(key + "-304", 0) + 1
                    writer.write(response(304, b"", extra=validators))
                else:
                    writer.write(response(200, json.dumps({"key": key, "hit": hits[key]}).encode(), extra=validators))
            else:
                writer.write(response(404, b'{"error": "not found"}'))
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        for open_now in conns_open.values():
            open_now.discard(connection)
        if not writer.is_closing():
            writer.close()


def ranged_bytes(etag: str, start: int, end: int) -> bytes:
    """Bytes start..<end of the /ranged resource whose entity tag is `etag`: another tag, other bytes."""
    shift = sum(etag.encode()) % 251
    period = bytes((i + shift) % 251 for i in range(251))
    first = start % 251
    count = end - start
    return (period * (count // 251 + 2))[first:first + count]


async def ranged(key: str, headers: dict, query: dict, writer: asyncio.StreamWriter) -> bool:
    """/ranged/KEY?size=N&etag=E: a resource of N bytes that honours `Range: bytes=S-` with a
    matching `If-Range` (206) unless ranges=0 (always 200); etag=none sends Last-Modified
    instead of an ETag (and a Date, which makes it strong). The first `cuts` responses for KEY
    send half their body, then a reset.
    /ranged-set/KEY?... overrides the query for KEY (the same URL then meets another resource).
    Returns False when the connection was reset."""
    query = {**query, **ranged_config.get(key, {})}
    size = int(query.get("size", "0"))
    etag = query.get("etag", "v1")
    last_modified = http_date(1_700_000_000 + sum(etag.encode()))
    validator = last_modified if etag == "none" else f'"{etag}"'
    requested = header_text(headers, "Range")
    if_range = header_text(headers, "If-Range")
    start = 0
    if query.get("ranges", "1") == "1" and requested.startswith("bytes=") and requested.endswith("-") \
            and if_range == validator:
        start = int(requested[len("bytes="):-1])
    status = 206 if start > 0 else 200
    ranged_log.setdefault(key, []).append({"range": requested, "ifRange": if_range, "status": status})
    lines = [f"HTTP/1.1 {status} {'Partial Content' if status == 206 else 'OK'}",
             "Content-Type: application/octet-stream", f"Content-Length: {size - start}",
             "Connection: keep-alive"]
    lines.append(f"Last-Modified: {last_modified}" if etag == "none" else f"ETag: {validator}")
    # A Date later than Last-Modified makes it a strong validator (RFC 9110 §8.8.2.2).
    lines.append(f"Date: {http_date(time.time())}")
    if status == 206:
        lines.append(f"Content-Range: bytes {start}-{size - 1}/{size}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    cut = ranged_cuts.get(key, 0) < int(query.get("cuts", "0"))
    end = start + (size - start) // 2 if cut else size
    position = start
    while position < end:
        step = min(1 << 16, end - position)
        writer.write(ranged_bytes(etag, position, position + step))
        await writer.drain()
        position += step
    if cut:
        ranged_cuts[key] = ranged_cuts.get(key, 0) + 1
        await delivered(writer)
        await asyncio.sleep(0.05)
        reset(writer)
        return False
    return True


async def endless(key: str, framing: str, status: int, reader: asyncio.StreamReader,
                  writer: asyncio.StreamWriter) -> None:
    """A body that never ends, for tests that stop reading: the close is counted in closed_early.
    `framing` is "close" (the body ends with the connection), "chunked" or "length:N" (a
    Content-Length of N that the body never reaches); `status` is the response's status."""
    hits[key] = hits.get(key, 0) + 1
    if framing == "chunked":
        delimiter = b"Transfer-Encoding: chunked\r\n"
    elif framing.startswith("length:"):
        delimiter = f"Content-Length: {int(framing[7:])}\r\n".encode()
    else:
        delimiter = b""
    writer.write(f"HTTP/1.1 {status} Status\r\n".encode() + b"Content-Type: application/octet-stream\r\n" + delimiter
                 + b"Connection: close\r\n\r\n")

    async def write_forever() -> None:
        chunk = bytes(range(256)) * 256
        if framing == "chunked":
            chunk = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
        # Paced (about 6 MB/s): fast enough for any test, and a client that cannot pause
        # (URLSessionTransport on Linux spills to disk) is not flooded while the machine is busy.
        while True:
            writer.write(chunk)
            await writer.drain()
            await asyncio.sleep(0.01)

    # The client's FIN shows up as the end of its (empty) request stream; its RST as a failed write.
    writing = asyncio.ensure_future(write_forever())
    closing = asyncio.ensure_future(reader.read(1))
    done, pending = await asyncio.wait({writing, closing}, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    for task in done:
        task.exception() if not task.cancelled() else None
    closed_early[key] = closed_early.get(key, 0) + 1
    writer.transport.abort()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--small-backlog-port", type=int,
                        help="also serve on this port with a listen backlog of 10, like Django's "
                             "development server")
    args = parser.parse_args()
    # A backlog above asyncio's 100: the whole suite opens connections in bursts, and a
    # connection refused by a full queue waits a SYN retransmission (1 s, then 3 s, 7 s...).
    server = await asyncio.start_server(handle, "127.0.0.1", args.port, backlog=1024)
    # With --port 0 the system picks a free port; whoever started the server reads it here, and
    # knows the server is accepting connections once the line is printed.
    port = server.sockets[0].getsockname()[1]
    print(f"listening on 127.0.0.1:{port}", flush=True)
    servers = [server]
    if args.small_backlog_port:
        servers.append(await asyncio.start_server(handle, "127.0.0.1", args.small_backlog_port, backlog=10))
    await asyncio.gather(*(s.serve_forever() for s in servers))


if __name__ == "__main__":
    asyncio.run(main())
