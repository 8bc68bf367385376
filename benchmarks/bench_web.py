"""The web app under load: many clients validating variant files and playing hands at once.

Starts ``studkit serve``'s app in its own process on a free loopback port, then runs
``--clients`` client threads for ``--seconds``. Each client, in a loop, validates a variant
file it has just edited (a different text every time, as a person typing in the designer
sends) and takes one step at its own table (a new table, the player's decision, or the next
hand: the bots' decisions are made on the server in the same request). Prints, per kind of
request and overall, the count, the errors (any answer but 2xx, or a failed connection) and
the median, 95th percentile and largest latency. There is no peer to compare with: no other
stud tool serves a designer or a table over HTTP.

    python benchmarks/bench_web.py [--clients 32] [--seconds 15] [--think 0]

``--think MS`` is a pause between a client's requests (0: each client sends its next request
as soon as the last is answered, the heaviest load).
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from typing import Any

from _build import print_build

VARIANT = """studkit: 1
name: club-{client}
extends: seven-card-stud
title: Club stud {client}, edit {edit}
betting:
  max_raises: {raises}
"""
SERVER = (
    "import sys, uvicorn\n"
    "from studkit.web import create_app\n"
    "uvicorn.run(create_app(), host='127.0.0.1', port=int(sys.argv[1]), log_level='warning')\n"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server stopped before answering")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/variants")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


class Client:
    """One user: a keep-alive connection, a file being edited, a table being played."""

    def __init__(self, number: int, port: int, think: float) -> None:
        self.number = number
        self.port = port
        self.think = think
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.edits = 0
        self.table: str | None = None
        self.state: dict[str, Any] | None = None
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.messages: list[str] = []

    def call(self, kind: str, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"content-type": "application/json"} if data is not None else {}
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.errors[kind] += 1
            self.messages.append(f"{kind}: {error!r}")
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            return None
        self.latencies[kind].append(time.perf_counter() - start)
        if not 200 <= response.status < 300:
            self.errors[kind] += 1
            self.messages.append(f"{kind}: {response.status} {raw[:200]!r}")
            return None
        return json.loads(raw)

    def validate(self) -> None:
        self.edits += 1
        text = VARIANT.format(client=self.number, edit=self.edits, raises=1 + self.edits % 6)
        answer = self.call("validate", "POST", "/api/validate", {"yaml": text})
        if answer is not None and not answer["ok"]:
            self.errors["validate"] += 1
            self.messages.append(f"validate: {answer['problems'][:1]}")

    def play(self) -> None:
        state = self.state
        if self.table is None or state is None or (state["is_over"] and state["game_over"]):
            answer = self.call("new table", "POST", "/api/tables", {
                "variant": "seven-card-stud", "players": 6, "bots": "tag",
                "seed": self.number * 1000 + self.edits,
            })
            if answer is not None:
                self.table, self.state = answer["id"], answer["state"]
            return
        if state["is_over"]:
            answer = self.call("next hand", "POST", f"/api/tables/{self.table}/hands", {})
        else:
            legal = state["legal_actions"]
            action = next((a for a in legal if a["kind"] in ("check", "call", "bring-in")),
                          legal[0])
            amount = action["min"] if action["min"] is not None else action["amount"]
            answer = self.call("action", "POST", f"/api/tables/{self.table}/actions",
                               {"action": action["kind"], "amount": amount})
        if answer is not None:
            self.state = answer["state"]
        else:
            self.table = None

    def run(self, until: float) -> None:
        while time.monotonic() < until:
            self.validate()
            if self.think:
                time.sleep(self.think)
            self.play()
            if self.think:
                time.sleep(self.think)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--think", type=float, default=0.0, metavar="MS",
                        help="pause between one client's requests, in milliseconds")
    args = parser.parse_args()
    print_build()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(port)])
    try:
        wait_until_up(port, server)
        clients = [Client(i, port, args.think / 1000) for i in range(args.clients)]
        until = time.monotonic() + args.seconds
        threads = [threading.Thread(target=c.run, args=(until,)) for c in clients]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - began
    finally:
        server.terminate()
        server.wait(timeout=30)
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    for client in clients:
        for kind, values in client.latencies.items():
            latencies[kind].extend(values)
        for kind, count in client.errors.items():
            errors[kind] += count
    everything = [v for values in latencies.values() for v in values]
    print(f"{args.clients} clients for {elapsed:.1f} s on loopback, think time "
          f"{args.think:g} ms: {len(everything):,} requests ({len(everything) / elapsed:,.0f}/s)")
    print(f"{'request':<11} {'count':>7} {'errors':>6} {'median ms':>10} {'p95 ms':>8} "
          f"{'max ms':>8}")
    for kind in sorted(latencies) + ["all"]:
        values = everything if kind == "all" else latencies[kind]
        failed = sum(errors.values()) if kind == "all" else errors.get(kind, 0)
        if not values:
            continue
        print(f"{kind:<11} {len(values):>7,} {failed:>6} "
              f"{statistics.median(values) * 1000:>10.1f} "
              f"{percentile(values, 0.95) * 1000:>8.1f} {max(values) * 1000:>8.1f}")
    shown = [m for client in clients for m in client.messages][:5]
    for message in shown:
        print(f"  error: {message}")
    p95 = percentile(everything, 0.95) * 1000 if everything else float("nan")
    verdict = "met" if p95 < 200 and not sum(errors.values()) else "not met"
    print(f"goal (no errors, 95th percentile under 200 ms): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
