"""explain, hint and grade in bounded memory (issue 43, point 5): the small solvers the step
search keeps are a bounded pool sized by the address-space limit (reasoning/guarded.py), and a
9x9 anti-king's 272 two-cell rules get none. Out of memory all the same: one line and exit 4."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from guards import HANG

from puzzlesat.reasoning.guarded import POOL, POOL_LEAST, SOLVER_ROOM, RuleCNF, SolverPool, pool_size

ROOT = Path(__file__).resolve().parent.parent
LINKS = json.loads((ROOT / "tests" / "data" / "real_links.json").read_text(encoding="utf-8"))["puzzles"]
GIB2 = 2 << 30

pytestmark = pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc")

CAPPED = """
import os, resource, sys
import puzzlesat, puzzlesat.cli.entry, puzzlesat.solvers.last_words
from puzzlesat import cli
limit = int(sys.argv[1])
if sys.argv[2] == "headroom":
    limit += int(open("/proc/self/statm").read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.argv = ["puzzlesat", *sys.argv[3:]]
cli.main()
"""


def capped(limit: int, how: str, *args: str, timeout: float = HANG) -> subprocess.CompletedProcess[str]:
    """The command line under an address-space cap: `limit` bytes in all ("total") or beyond what
    the imports took ("headroom")."""
    return subprocess.run([sys.executable, "-c", CAPPED, str(limit), how, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)  # fmt: skip


def test_the_pool_keeps_at_most_its_size_and_deletes_the_least_recently_used():
    """Asked for more groups than it holds, the pool deletes the one asked longest ago."""
    import puzzlesat

    g = RuleCNF(puzzlesat.load("sudoku"))
    pool = SolverPool(g, size=3)
    try:
        sels = [(r.selector,) for r in g.rules[:5]]
        first = pool.get(sels[0])
        for s in sels[1:3]:
            pool.get(s)
        assert pool.get(sels[0]) is first  # asked again: kept, now the newest
        pool.get(sels[3])
        assert [key for key, _ in pool.solvers] == [sels[2], sels[0], sels[3]]
        pool.get(sels[4])
        assert {complete for _, complete in pool.solvers} == {False}  # propagation only, never searching
        assert [key for key, _ in pool.solvers] == [sels[0], sels[3], sels[4]]
    finally:
        pool.close()
        g.close()
    assert pool.solvers == {}


def test_a_group_of_houses_tries_the_solution_first_and_answers_as_before():
    """Given a solution, the pool phases a houses-only group's solver to it (the named patterns'
    questions, yes or no); on 300 random questions (some of the solution's
    facts, one value it excludes or keeps) every answer is the unphased solver's."""
    import random

    import puzzlesat

    puzzle = puzzlesat.load("sudoku")
    (solution,) = [tuple(s.values) for s in puzzlesat.solve(puzzle, limit=1).solutions]
    g = RuleCNF(puzzle)
    phased, plain = SolverPool(g, solution=solution), SolverPool(g)
    rng = random.Random(43)
    try:
        houses = [r.selector for r in g.rules][:9]
        assert sorted(phased._phases, key=abs) == sorted(
            (lit if solution[c] == v else -lit for (c, v), lit in g.lit.items()), key=abs)
        answers = set()
        for _ in range(300):
            group = tuple(sorted(rng.sample(houses, 3)))
            cells = sorted({c for s in group for c in g.by_selector[s].cells})
            facts = [g.lit[c, solution[c]] for c in rng.sample(cells, len(cells) // 2)]
            c = rng.choice(cells)
            v = rng.choice(sorted(puzzle.domains[c]))
            question = [*rng.sample(group, 2), *facts, g.lit[c, v]]
            answer = phased.get(group, True).solve(question)
            assert answer == plain.get(group, True).solve(question)
            answers.add(answer)
        assert answers == {True, False}
    finally:
        phased.close()
        plain.close()
        g.close()


def test_the_pool_size_follows_the_address_space_limit():
    """No limit: POOL. A limit: half the room left over SOLVER_ROOM, at least POOL_LEAST."""
    assert pool_size() == POOL  # the test process runs without RLIMIT_AS
    script = (
        "import resource, sys\nfrom puzzlesat.reasoning.guarded import pool_size\n"
        "used = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize()\n"
        "for room in (0, 400 << 20, 4 << 30):\n"
        "    resource.setrlimit(resource.RLIMIT_AS, (used + room, resource.RLIM_INFINITY))\n"
        "    print(pool_size())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=HANG, check=True)
    small, middle, large = (int(x) for x in out.stdout.split())
    assert small == POOL_LEAST
    assert middle == max(POOL_LEAST, (400 << 20) // 2 // SOLVER_ROOM) == 48  # ~33 fit: the floor
    assert large == min(POOL, (4 << 30) // 2 // SOLVER_ROOM) == 341


def test_a_hint_on_a_9x9_anti_king_fits_in_500_mib_beyond_the_imports():
    """`hint` of "Clipped" (arrows, thermometers, anti-king): 308 small solvers before, one for
    each anti-king pair, ~1.5 GiB of address space (Glucose30::OutOfMemoryException, exit 4, at
    this cap); now 36, and the hint itself."""
    done = capped(500 << 20, "headroom", "hint", "examples/clipped-fpuzzles.txt", "--json")
    assert done.returncode == 0, done.stderr[-800:]
    doc = json.loads(done.stdout)
    assert doc["step"]["deduced"]


@pytest.mark.sweep
@pytest.mark.parametrize("p", LINKS, ids=[p["title"][:40] for p in LINKS])
def test_grade_of_every_real_link_under_2_gib(p):
    """The page's cap: every real link grades to the end (or stops at --timeout, exit 3), and an
    out of memory would be one line and exit 4: never an abort (134) or a loader's end (127)."""
    done = capped(GIB2, "total", "grade", p["link"], "--json", "--timeout", "240", timeout=300)
    err = done.stderr.splitlines()
    assert done.returncode in (0, 3, 4), (done.returncode, done.stderr[-800:])
    if done.returncode == 4:
        assert len(err) == 1 and "out of memory" in err[0], err
    assert done.returncode == 0, (done.returncode, err[-1:])  # and in fact, each fits
    assert json.loads(done.stdout)["level"]
