"""Instructions per hand of the compiled kernel, counted by Valgrind inside its block loop.

The kernel's time on a shared machine moves by 30% and more with the load; the number of
instructions it runs does not. This script runs ``valgrind --tool=callgrind`` on a Python
process that plays ``--hands`` hands of 4-handed fixed-limit seven-card stud (ante 1,
bring-in 2, bets 5/10, the setup of ``bench_kernel.py``) with each ``--bots`` line-up and
counts only what runs inside one call of :func:`studkit.kernel.run.count_block` (collection
is switched on and off around that call by Valgrind client requests, from a small C helper
compiled here with ``cc``), so Python's start-up and imports are left out. PokerKit's hands
(``bench_kernel.pokerkit_rate``: check/call for ``calling-station``, uniformly random legal
actions for ``random``) are counted the same way over ``--peer-hands``, and the ratio
printed.

The kernel is the C extension ``pip install .`` built (``-O3``, no CPU-specific
instructions, so Valgrind runs it as built). Needs ``valgrind`` with its headers (Debian:
``valgrind``) and a C compiler.

    python benchmarks/kernel_instructions.py [--hands 20000] [--peer-hands 30]
        [--bots random calling-station]
"""

from __future__ import annotations

import argparse
import ctypes
import subprocess
import sys
import tempfile
from pathlib import Path

HELPER = """#include <valgrind/callgrind.h>
void collect_on(void) { CALLGRIND_ZERO_STATS; CALLGRIND_TOGGLE_COLLECT; }
void collect_off(void) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS; }
"""


def _inner(bots: str, hands: int, helper: str, peer: bool) -> None:
    """Inside Valgrind: play the hands, collecting instructions only inside the kernel's
    block (or PokerKit's hands, with ``peer``)."""
    control = ctypes.CDLL(helper)
    if peer:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench_kernel import pokerkit_rate

        pokerkit_rate(2, bots == "calling-station")  # PokerKit's imports, outside the count
        control.collect_on()
        pokerkit_rate(hands, bots == "calling-station")
        control.collect_off()
        return
    from studkit import load_variant
    from studkit.kernel.run import count_block, kernel_run

    variant = load_variant("seven-card-stud").with_stakes(
        ante=1, bring_in=2, small_bet=5, big_bet=10
    )
    run = kernel_run(variant, variant.stakes, 4, 1000, (bots,) * 4, 7)
    count_block(run, 0, 100)  # the lookup tables built, outside the count
    control.collect_on()
    count_block(run, 0, hands)
    control.collect_off()


def _totals(prefix: Path) -> int:
    """The instructions of the dump made when collection was switched off (the dump at the
    process's end holds none)."""
    totals = [
        int(line.split()[1])
        for path in prefix.parent.glob(prefix.name + ".*")
        if path.suffix != ".log"
        for line in path.read_text().splitlines()
        if line.startswith("totals:")
    ]
    if not totals:
        raise SystemExit(f"no callgrind dump under {prefix}: see {prefix}.log")
    return max(totals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--peer-hands", type=int, default=30)
    parser.add_argument("--bots", nargs="+", default=["random", "calling-station"])
    parser.add_argument("--inner", nargs=4, metavar=("BOTS", "HANDS", "HELPER", "PEER"),
                        help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.inner:
        bots, hands, helper, peer = options.inner
        _inner(bots, int(hands), helper, peer == "peer")
        return
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "collect.c").write_text(HELPER)
        helper = str(work / "libcollect.so")
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", helper, str(work / "collect.c")],
                       check=True)
        me = [sys.executable, str(Path(__file__).resolve())]

        def count(bots: str, hands: int, what: str) -> int:
            prefix = work / f"cg.{bots}.{what}"
            with open(f"{prefix}.log", "w") as log:
                subprocess.run(
                    ["valgrind", "--tool=callgrind", "--collect-atstart=no",
                     f"--callgrind-out-file={prefix}.%p", *me, "--inner", bots, str(hands),
                     helper, what],
                    check=True, stdout=log, stderr=subprocess.STDOUT,
                )
            return _totals(prefix)

        for bots in options.bots:
            ours = count(bots, options.hands, "kernel") / options.hands
            theirs = count(bots, options.peer_hands, "peer") / options.peer_hands
            print(f"{bots}: kernel {ours:,.0f} instructions a hand ({options.hands:,} hands), "
                  f"PokerKit {theirs:,.0f} ({options.peer_hands:,} hands): "
                  f"{theirs / ours:,.0f}x fewer", flush=True)


if __name__ == "__main__":
    main()
