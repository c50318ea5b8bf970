"""Soundness of the named patterns: on real puzzles' states, against brute force on small random
marks, and `check` accepting every found pattern while rejecting mutated ones."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from puzzlesat.reasoning.patterns import House, Marks
from puzzlesat.reasoning.patterns.check import check
from puzzlesat.reasoning.patterns.context import effects
from puzzlesat.reasoning.patterns.library import find
from tests.pattern_grids import SYMBOLS, houses, names, solve, states

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"


def rated(step: int) -> list[str]:
    """Every `step`-th puzzle of the rated set (HoDoKu-rated, all levels; benchmarks/data/README.md)."""
    lines = [line.split()[0] for line in (DATA / "rated_sudokus.txt").read_text().splitlines()
             if line and not line.startswith("#")]
    return lines[::step]


@cache
def walked(step: int) -> tuple[tuple[str, tuple[int, ...], tuple[Marks, ...]], ...]:
    out = []
    for g in rated(step):
        sol = solve(g)
        out.append((g, tuple(sol), tuple(states(g, sol))))
    return tuple(out)


# Over the 483 states of walked(15): how many patterns of each technique `find` gives. Exact, so a
# change to a finder shows here; every family but the 2-string kite fires on this sample (the kite
# fires on the full rated set: `python -m benchmarks.patterns`, docs/decisions/explanations.md D3).
CENSUS = {
    "Empty Rectangle": 101, "Finned Jellyfish": 123, "Finned Swordfish": 121, "Finned X-Wing": 90, "Full House": 208,
    "Hidden Pair": 238, "Hidden Quadruple": 75, "Hidden Single": 1385, "Hidden Triple": 97, "Jellyfish": 45,
    "Locked Candidates Type 1 (Pointing)": 139, "Locked Candidates Type 2 (Claiming)": 645, "Locked Pair": 101,
    "Locked Triple": 56, "Naked Pair": 281, "Naked Quadruple": 325, "Naked Single": 692, "Naked Triple": 488,
    "Remote Pair": 4, "Sashimi Jellyfish": 7, "Sashimi Swordfish": 13, "Sashimi X-Wing": 102,
    "Simple Colors Trap": 4, "Simple Colors Wrap": 18, "Skyscraper": 7, "Swordfish": 57, "Turbot Fish": 120,
    "W-Wing": 87, "X-Chain": 24, "X-Wing": 66, "XY-Chain": 491, "XY-Wing": 130, "XYZ-Wing": 129,
}


def mutations(m: Marks, p):
    """The pattern with one wrong elimination added (its text rewritten to match, so the shape is
    what refuses it), and with one of its cells dropped."""
    extra = [(c, v) for c in range(len(m.cands)) if c not in m.placed for v in sorted(m.cands[c])
             if (c, v) not in p.eliminates and (c, v) not in p.places]
    if p.eliminates and extra:
        elims = tuple(sorted((*p.eliminates, extra[len(extra) // 2])))
        text = f"{p.text.split(' => ')[0]} => {effects(m.names, p.places, elims)}"  # the text says it too
        yield "added", dataclasses.replace(p, eliminates=elims, text=text)
    if len(p.cells) > 1:
        yield "dropped", dataclasses.replace(p, cells=p.cells[: len(p.cells) // 2] + p.cells[len(p.cells) // 2 + 1 :])


def test_rated_states_sound_and_checked():
    """Over the 483 states of 8 rated puzzles (every 15th, easy to extreme): no pattern eliminates
    the solution's value or places a wrong one; check accepts every pattern and rejects every
    mutation; the count per technique is the recorded one."""
    seen = Counter()
    states_ = 0
    for _, sol, sts in walked(15):
        states_ += len(sts)
        for m in sts:
            for p in find(m):
                seen[p.technique] += 1
                assert all(sol[c] != v for c, v in p.eliminates), p.text
                assert all(sol[c] == v for c, v in p.places), p.text
                assert check(m, p), p.text
                for how, q in mutations(m, p):
                    assert not check(m, q), (how, p.text)
    assert states_ == 483
    assert dict(sorted(seen.items())) == CENSUS  # every family but the kite fires here (see CENSUS)


def test_find_is_cheapest_first_and_says_each_deduction_once():
    """Scores never go down along find's output, and no two patterns have the same effects."""
    for _, _, sts in walked(15)[::2]:
        for m in sts[::5]:
            ps = list(find(m))
            assert [p.score for p in ps] == sorted(p.score for p in ps)
            effects = [(p.places, p.eliminates) for p in ps]
            assert len(effects) == len(set(effects))
            assert all(p.places or p.eliminates for p in ps)


# --- brute force on small random marks -------------------------------------------------------

def random_grid(rng: random.Random, n: int, hs: tuple[House, ...]) -> list[int]:
    """A random filling of the houses (each all different), by backtracking in random order."""
    at = [[h for h in hs if c in h.cells] for c in range(n * n)]
    grid = [0] * (n * n)

    def go(c: int) -> bool:
        if c == n * n:
            return True
        for v in rng.sample(range(1, n + 1), n):
            if all(grid[d] != v for h in at[c] for d in h.cells):
                grid[c] = v
                if go(c + 1):
                    return True
        grid[c] = 0
        return False

    assert go(0)
    return grid


def completions(m: Marks) -> list[tuple[int, ...]]:
    """Every assignment from the marks with each house all different (a full house: every value once)."""
    n = len(m.cands)
    at = [[h for h in m.houses if c in h.cells] for c in range(n)]
    out: list[tuple[int, ...]] = []
    grid = [0] * n

    def go(c: int) -> None:
        if c == n:
            out.append(tuple(grid))
            return
        for v in sorted(m.cands[c]):
            if all(grid[d] != v for h in at[c] for d in h.cells if d < c):
                grid[c] = v
                go(c + 1)
        grid[c] = 0

    go(0)
    return out


def random_marks(rng: random.Random, n: int, bh: int, bw: int) -> Marks:
    """Marks around a random solution: each cell keeps its value and a few others; some singles
    count as placed; sometimes a diagonal (full) or a three-cell cage (not full) is a house too."""
    hs = houses(n, bh, bw)
    extra: list[House] = []
    if rng.random() < 0.3:
        extra.append(House("region 1", "region", tuple(i * n + i for i in range(n)), True))
    hs2 = hs + tuple(extra)
    sol = random_grid(rng, n, hs2)
    if rng.random() < 0.3:
        cells = rng.sample(range(n * n), 3)
        if len({sol[c] for c in cells}) == 3:
            hs2 = (*hs2, House("cage 1", "region", tuple(sorted(cells)), False))
    cands = []
    for c in range(n * n):
        keep = {sol[c]} | {v for v in range(1, n + 1) if rng.random() < rng.choice((0.2, 0.45, 0.7))}
        cands.append(frozenset(keep))
    placed = frozenset(c for c in range(n * n) if len(cands[c]) == 1 and rng.random() < 0.5)
    return Marks(tuple(cands), hs2, names(n), placed)


@pytest.mark.parametrize(("n", "bh", "bw", "seed"), [(4, 2, 2, 1), (6, 2, 3, 2), (6, 3, 2, 3)])
def test_brute_force_small_grids(n, bh, bw, seed):
    """On random 4x4/6x6 marks, every elimination holds in every completion and every placement
    is the value of every completion; check accepts each pattern."""
    rng = random.Random(seed)
    fired = Counter()
    for _ in range(150 if n == 4 else 60):
        m = random_marks(rng, n, bh, bw)
        sols = completions(m)
        assert sols  # the hidden solution is one
        for p in find(m):
            fired[p.technique] += 1
            assert check(m, p), p.text
            for c, v in p.eliminates:
                assert all(s[c] != v for s in sols), p.text
            for c, v in p.places:
                assert all(s[c] == v for s in sols), p.text
    assert sum(fired.values()) > 100 and len(fired) >= 6, fired


def test_sixteen_by_sixteen_states_sound():
    """On the 16x16 of benchmarks/data (values 1-16, 4x4 boxes), every 8th of the first 40 states
    of a solve: none contradicts the solution, check accepts each; the count per technique is
    the recorded one (57 patterns of 12 techniques)."""
    grid = (DATA / "sudoku16.txt").read_text().split()[0]
    sol = [SYMBOLS.index(ch) + 1 for ch in (DATA / "sudoku16_solution.txt").read_text().split()[0]]
    found = Counter()
    for i, m in enumerate(states(grid, sol, most=40)):
        if i % 8:
            continue
        for p in find(m):
            found[p.technique] += 1
            assert all(sol[c] != v for c, v in p.eliminates), p.text
            assert all(sol[c] == v for c, v in p.places), p.text
            assert check(m, p), p.text
    assert dict(sorted(found.items())) == {
        "Empty Rectangle": 1, "Finned Jellyfish": 2, "Finned X-Wing": 4, "Hidden Single": 13, "Hidden Triple": 1,
        "Locked Candidates Type 1 (Pointing)": 5, "Locked Candidates Type 2 (Claiming)": 23, "Locked Pair": 2,
        "Naked Quadruple": 3, "Naked Single": 2, "Naked Triple": 1, "Sashimi X-Wing": 1,
    }


def test_benchmark_counts_states_and_cheapest_patterns():
    """`python -m benchmarks.patterns 60` walks 2 rated puzzles: 112 states, a pattern the
    cheapest in each (neither needs a guess), and its times as median and max."""
    from benchmarks.patterns import main

    doc = main(60)
    assert (doc["puzzles"], doc["states"], sum(doc["cheapest"].values())) == (2, 112, 112)
    assert sorted(doc["first"]) == sorted(doc["all"]) == ["max_ms", "median_ms"]
