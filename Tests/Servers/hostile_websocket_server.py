"""A hostile WebSocket server for issue 45: every route breaks RFC 6455 or RFC 7692 in one
precise way, or behaves legally in the way that hurts a client most (it stops reading, it floods,
it accepts and drops). Raw asyncio sockets, no WebSocket library: every byte is scripted.

    /health                        plain HTTP 200, for start-up probes
    /ext?value=V                   101 with "Sec-WebSocket-Extensions: V" (V as given, URL-decoded),
                                   then the text message "ok"; then reads until the client closes
    /refuse?length=L               403 with "Content-Length: L" (L as given) and the body "nope"
    /head?kind=K                   an answer head broken one way: K = no-colon, bad-status,
                                   status-only, huge-header (a 200 KB field), empty, binary
    /frame?length=N&send=K         101, then a binary frame whose header announces N bytes (the
                                   64-bit form, N as given, up to 2^64-1) followed by K bytes of it;
                                   then holds the connection, reading and discarding
    /stall?key=K                   101, then never reads again; on /trigger?key=K&action=A it sends
                                   A = close (a close frame 1000 "bye"), violation (a masked
                                   frame), or drop (closes the TCP connection)
    /trigger?key=K&action=A        plain HTTP 200 once the stalled connection K acted (404: no such K)
    /unread?key=K&atLeast=N        plain HTTP 200 once the stalled connection K has at least N bytes
                                   received and unread in its socket (the client's writes are then
                                   blocked when it sent more than the buffers hold); 504 after 60 s
    /ping-flood?count=N            101, never reads, sends N pings (125-byte payloads), then the
                                   text "done"; then holds the connection
    /accept-drop                   101, then closes the TCP connection at once (no close frame);
                                   /handshakes?key=K counts the connections made with that key
    /handshakes?key=K              plain HTTP 200 with the number of /accept-drop?key=K handshakes
    /hang                          reads the request and never answers
"""

import argparse
import fcntl
import termios
import asyncio
import base64
import hashlib
import struct
from urllib.parse import parse_qs, unquote, urlsplit

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

stalled = {}  # key -> (writer, asyncio.Event, [action])
handshakes = {}  # key -> count


def accept_for(key):
    return base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()


def frame(opcode, payload, fin=True, mask=None):
    head = bytes([(0x80 if fin else 0) | opcode])
    length = len(payload)
    bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([bit | length])
    elif length < 65536:
        head += bytes([bit | 126]) + struct.pack("!H", length)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", length)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


def upgrade_head(headers, extra=b""):
    key = headers.get("sec-websocket-key", "")
    return (
        b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + b"Sec-WebSocket-Accept: " + accept_for(key).encode() + b"\r\n" + extra + b"\r\n"
    )


def plain(status, body):
    body = body.encode()
    return b"HTTP/1.1 %d X\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (status, len(body), body)


async def discard(reader):
    try:
        while await reader.read(65536):
            pass
    except (ConnectionError, OSError):
        pass


async def handle(reader, writer):
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        writer.close()
        return
    lines = head.decode("latin-1").split("\r\n")
    target = lines[0].split(" ")[1] if len(lines[0].split(" ")) > 1 else "/"
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    url = urlsplit(target)
    query = {k: v[0] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
    path = url.path
    try:
        await route(path, query, headers, reader, writer)
    except (ConnectionError, OSError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def route(path, query, headers, reader, writer):
    if path == "/health":
        writer.write(plain(200, "ok"))
        await writer.drain()
    elif path == "/ext":
        value = unquote(query.get("value", ""))
        writer.write(upgrade_head(headers, b"Sec-WebSocket-Extensions: " + value.encode("latin-1") + b"\r\n"))
        writer.write(frame(0x1, b"ok"))
        await writer.drain()
        await discard(reader)
    elif path == "/refuse":
        length = query.get("length", "")
        writer.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: " + length.encode() + b"\r\n\r\nnope")
        await writer.drain()
    elif path == "/head":
        kind = query.get("kind", "")
        answers = {
            "no-colon": b"HTTP/1.1 101 Switching Protocols\r\nUpgrade websocket\r\n\r\n",
            "bad-status": b"HTTP/1.1 abc Nope\r\n\r\n",
            "status-only": b"HTTP/1.1\r\n\r\n",
            "huge-header": b"HTTP/1.1 101 Switching Protocols\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n",
            "empty": b"\r\n\r\n",
            "binary": bytes(range(256)) + b"\r\n\r\n",
        }
        writer.write(answers.get(kind, b"\r\n\r\n"))
        await writer.drain()
        await asyncio.sleep(5)
    elif path == "/frame":
        length = int(query.get("length", "0"))
        send = int(query.get("send", "0"))
        writer.write(upgrade_head(headers))
        writer.write(bytes([0x82, 127]) + struct.pack("!Q", length) + b"x" * send)
        await writer.drain()
        await discard(reader)
    elif path == "/stall":
        key = query.get("key", "")
        event = asyncio.Event()
        action = []
        stalled[key] = (writer, event, action)
        writer.write(upgrade_head(headers))
        await writer.drain()
        # Never reads again: the client's writes fill the socket buffers and block.
        try:
            await asyncio.wait_for(event.wait(), 600)
        except asyncio.TimeoutError:
            return
        if action and action[0] != "drop":
            await asyncio.sleep(600)
    elif path == "/trigger":
        key = query.get("key", "")
        action = query.get("action", "close")
        entry = stalled.pop(key, None)
        if entry is None:
            writer.write(plain(404, "no such key"))
        else:
            target, event, actions = entry
            actions.append(action)
            if action == "close":
                target.write(frame(0x8, struct.pack("!H", 1000) + b"bye"))
            elif action == "violation":
                target.write(frame(0x1, b"masked", mask=b"\x01\x02\x03\x04"))
            elif action == "drop":
                target.transport.abort()
            event.set()
            writer.write(plain(200, action))
        await writer.drain()
    elif path == "/unread":
        key = query.get("key", "")
        at_least = int(query.get("atLeast", "1"))
        entry = stalled.get(key)
        if entry is None:
            writer.write(plain(404, "no such key"))
        else:
            sock = entry[0].get_extra_info("socket")
            unread = 0
            for _ in range(6000):
                unread = struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]
                if unread >= at_least:
                    break
                await asyncio.sleep(0.01)
            writer.write(plain(200 if unread >= at_least else 504, str(unread)))
        await writer.drain()
    elif path == "/ping-flood":
        count = int(query.get("count", "1000"))
        writer.write(upgrade_head(headers))
        ping = frame(0x9, b"p" * 125)
        batch = ping * 1000
        sent = 0
        while sent < count:
            n = min(1000, count - sent)
            writer.write(batch if n == 1000 else ping * n)
            sent += n
            await writer.drain()
        writer.write(frame(0x1, b"done"))
        await writer.drain()
        await asyncio.sleep(600)
    elif path == "/accept-drop":
        key = query.get("key", "")
        handshakes[key] = handshakes.get(key, 0) + 1
        writer.write(upgrade_head(headers))
        await writer.drain()
        writer.transport.abort()
    elif path == "/handshakes":
        writer.write(plain(200, str(handshakes.get(query.get("key", ""), 0))))
        await writer.drain()
    elif path == "/hang":
        await asyncio.sleep(600)
    else:
        writer.write(plain(404, "no route"))
        await writer.drain()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    server = await asyncio.start_server(handle, "127.0.0.1", args.port, limit=1 << 20)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
