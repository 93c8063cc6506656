"""The Python contender of courier-bench's WebSocket rows (issue 35): Python's `websockets` client
(asyncio API) doing what Courier does in the same run, against the same server.

    websocket-client.py echo URL CONNECTIONS ROUND_TRIPS   round trips of a 32-byte text message,
                                                           spread over CONNECTIONS connections
    websocket-client.py flood URL BYTES                    reads URL's binary messages until the
                                                           server closes; checks BYTES arrived

Prints the seconds the work took (after the connections are open) on one line.
"""

import asyncio
import sys
import time

from websockets.asyncio.client import connect


async def echo(url, connections, round_trips):
    sockets = [await connect(url, compression=None, max_size=None) for _ in range(connections)]
    share = round_trips // connections

    async def run(ws):
        for _ in range(share):
            await ws.send("0123456789abcdef0123456789abcdef")
            await ws.recv()

    started = time.perf_counter()
    await asyncio.gather(*(run(ws) for ws in sockets))
    seconds = time.perf_counter() - started
    for ws in sockets:
        await ws.close()
    return seconds


async def flood(url, expected):
    async with connect(url, compression=None, max_size=None) as ws:
        started = time.perf_counter()
        received = 0
        async for message in ws:
            received += len(message)
        seconds = time.perf_counter() - started
    if received != expected:
        raise SystemExit(f"received {received} of {expected} bytes")
    return seconds


def main():
    mode, url = sys.argv[1], sys.argv[2]
    if mode == "echo":
        seconds = asyncio.run(echo(url, int(sys.argv[3]), int(sys.argv[4])))
    else:
        seconds = asyncio.run(flood(url, int(sys.argv[3])))
    print(f"{seconds:.6f}")


if __name__ == "__main__":
    main()
