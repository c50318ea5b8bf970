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
from puzzlesat.reasoning.patterns.library import find
from tests.pattern_grids import houses, names, solve, states

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


def mutations(m: Marks, p):
    """The pattern with one wrong elimination added, and with one of its cells dropped."""
    extra = [(c, v) for c in range(len(m.cands)) if c not in m.placed for v in sorted(m.cands[c])
             if (c, v) not in p.eliminates and (c, v) not in p.places]
    if p.eliminates and extra:
        yield "added", dataclasses.replace(p, eliminates=(*p.eliminates, extra[len(extra) // 2]))
    if len(p.cells) > 1:
        yield "dropped", dataclasses.replace(p, cells=p.cells[: len(p.cells) // 2] + p.cells[len(p.cells) // 2 + 1 :])


def test_rated_states_sound_and_checked():
    """Over the states of 8 rated puzzles (every 15th, easy to extreme): no pattern eliminates the
    solution's value or places a wrong one; check accepts every pattern and rejects every mutation."""
    seen = Counter()
    for _, sol, sts in walked(15):
        for m in sts:
            for p in find(m):
                seen[p.technique] += 1
                assert all(sol[c] != v for c, v in p.eliminates), p.text
                assert all(sol[c] == v for c, v in p.places), p.text
                assert check(m, p), p.text
                for how, q in mutations(m, p):
                    assert not check(m, q), (how, p.text)
    assert sum(seen.values()) > 1000
    assert {"Naked Single", "Hidden Single", "Naked Pair", "Hidden Pair", "X-Wing", "XY-Wing"} <= set(seen)


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
