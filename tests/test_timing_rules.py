"""The suite's rules for time (docs/testing.md, "Timing in tests"): hypothesis sets no deadline
on an example, a bounded wait is the loaded machine's, and a test server's port is one the
system picked."""

from __future__ import annotations

import re
import socket
import time

from conftest import ROOT, free_port
from hypothesis import HealthCheck, given, settings, strategies as st
from timeouts import LOADED_MACHINE_TIMEOUT, LOADED_MACHINE_TIMEOUT_MS


@settings(max_examples=2)
@given(st.integers(0, 1))
def test_a_slow_example_is_not_a_failure(value: int) -> None:
    # hypothesis' default deadline is 200 ms: a loaded machine can take longer over any example
    time.sleep(0.25)
    assert value in (0, 1)


def test_the_profile_has_no_deadline_and_no_too_slow_check() -> None:
    current = settings.default
    assert current is not None and current.deadline is None
    assert HealthCheck.too_slow in current.suppress_health_check


def test_no_test_sets_a_hypothesis_deadline() -> None:
    setting = re.compile(r"settings\([^()]*\bdeadline\s*=\s*(?!None\b)[\w.]", re.S)
    found = [
        f"{path.name}: {match.group()}"
        for path in sorted((ROOT / "tests").glob("*.py"))
        for match in setting.finditer(path.read_text())
    ]
    assert found == []


def test_the_loaded_machine_bound_is_minutes() -> None:
    assert LOADED_MACHINE_TIMEOUT >= 120
    assert LOADED_MACHINE_TIMEOUT_MS == LOADED_MACHINE_TIMEOUT * 1000


def test_a_free_port_takes_a_server() -> None:
    port = free_port()
    assert 1024 <= port <= 65535
    with socket.socket() as server:
        server.bind(("127.0.0.1", port))
        server.listen()
        with socket.create_connection(("127.0.0.1", port), timeout=LOADED_MACHINE_TIMEOUT):
            pass
