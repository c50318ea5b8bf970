"""`python -m benchmarks.patterns [STEP]`: named patterns over the rated set's states (issue 43, point 7).

Walks every STEP-th puzzle of benchmarks/data/rated_sudokus.txt (all 120 by default) as a person
would, the cheapest pattern each time (a right guess where none applies), and per state times
`find`: the first pattern (what a hint or the explainer asks for), every family up to the wings
(least score 180: singles, subsets, intersections, fish to jellyfish and finned X-wings,
skyscraper, kite, empty rectangle, W/XY/XYZ-wings) and the whole list. CPU time of this process
(`time.process_time`), so the others' load inflates it less than wall time. Prints and writes
benchmarks/results-patterns.json: per technique how often it is present and how often it is the
cheapest, and the times (median, max)."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from puzzlesat.reasoning.patterns.context import Board
from puzzlesat.reasoning.patterns.library import FAMILIES, find
from tests.pattern_grids import solve, states

DATA = Path(__file__).parent / "data" / "rated_sudokus.txt"
OUT = Path(__file__).parent / "results-patterns.json"
WINGS = 180  # HoDoKu's XYZ-Wing, the dearest of the wings


def upto(m, most: float) -> int:
    """Run every finder whose least score is at most `most`; how many patterns they give."""
    b = Board(m)
    return sum(1 for least, _, f in FAMILIES if least <= most for _ in f(b))


def main(step: int = 1) -> dict:
    grids = [line.split()[0] for line in DATA.read_text().splitlines() if line and not line.startswith("#")][::step]
    present, first = Counter(), Counter()
    t_first, t_wings, t_all = [], [], []
    n_states = 0
    for g in grids:
        for m in states(g, solve(g)):
            n_states += 1
            t0 = time.process_time()
            p = next(find(m), None)
            t_first.append(time.process_time() - t0)
            t0 = time.process_time()
            upto(m, WINGS)
            t_wings.append(time.process_time() - t0)
            if p is not None:
                first[p.technique] += 1
            t0 = time.process_time()
            ps = list(find(m))
            t_all.append(time.process_time() - t0)
            present.update(q.technique for q in ps)
    ms = lambda xs: {"median_ms": round(1000 * statistics.median(xs), 2), "max_ms": round(1000 * max(xs), 1)}  # noqa: E731
    doc = {"puzzles": len(grids), "states": n_states, "first": ms(t_first), "to_wings": ms(t_wings), "all": ms(t_all),
           "present": dict(present.most_common()), "cheapest": dict(first.most_common())}
    return doc


if __name__ == "__main__":
    result = main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))
