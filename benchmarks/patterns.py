"""`python -m benchmarks.patterns [STEP]`: named patterns over the rated set's states (issue 43, point 7).

Walks every STEP-th puzzle of benchmarks/data/rated_sudokus.txt (all 120 by default) as a person
would, the cheapest pattern each time (a right guess where none applies), and per state times
`find`: the first pattern (what a hint or the explainer asks for) and the whole list. Prints and
writes benchmarks/results-patterns.json: per technique how often it is present and how often it
is the cheapest, and the times (median, max; absolute times depend on the machine's load)."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from puzzlesat.reasoning.patterns.library import find
from tests.pattern_grids import solve, states

DATA = Path(__file__).parent / "data" / "rated_sudokus.txt"
OUT = Path(__file__).parent / "results-patterns.json"


def main(step: int = 1) -> dict:
    grids = [line.split()[0] for line in DATA.read_text().splitlines() if line and not line.startswith("#")][::step]
    present, first = Counter(), Counter()
    t_first, t_all = [], []
    n_states = 0
    for g in grids:
        for m in states(g, solve(g)):
            n_states += 1
            t0 = time.perf_counter()
            p = next(find(m), None)
            t_first.append(time.perf_counter() - t0)
            if p is not None:
                first[p.technique] += 1
            t0 = time.perf_counter()
            ps = list(find(m))
            t_all.append(time.perf_counter() - t0)
            present.update(q.technique for q in ps)
    ms = lambda xs: {"median_ms": round(1000 * statistics.median(xs), 2), "max_ms": round(1000 * max(xs), 1)}  # noqa: E731
    doc = {"puzzles": len(grids), "states": n_states, "first": ms(t_first), "all": ms(t_all),
           "present": dict(present.most_common()), "cheapest": dict(first.most_common())}
    return doc


if __name__ == "__main__":
    result = main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))
