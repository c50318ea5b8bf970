"""One maker per puzzle kind: a random solution, clues derived from it, then unique by puzzlesat.

Each maker takes a `random.Random` and returns a `Draft` whose intended solution puzzlesat has
proved to be the only one (`puzzlesat.setter.drafts`); the killer and KenKen makers and the random
solution live in `puzzlesat.setter.makers` (`puzzlesat generate` uses them). The clues are read off
the solution: cages from a random partition into connected pieces, thermometers along increasing
paths, arrows whose shaft adds up to the circle, every kropki or XV dot (with the negative constraint), futoshiki signs,
KenKen cages with an operation; where the solution is not yet unique, a clue is added that the
other solution breaks (a split cage, a new sign, thermometer or arrow, or a given), and clues that
are not needed are then dropped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from puzzlesat.model.grid import Grid
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.dot import Dot
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.negative import Negative
from puzzlesat.model.rules.sum import Sum
from puzzlesat.setter.drafts import Draft, Given, Values, differing, given_fix, make_unique, minimize
from puzzlesat.setter.makers import (  # noqa: F401  (re-exported: the makers of every kind, in one place)
    cells_of,
    is_given,
    kenken,
    killer,
    random_solution,
    squares_of,
    with_givens,
)
from puzzlesat.setter.shapes import (
    KING,
    ORTHOGONAL,
    Square,
    around,
    connected,
    jigsaw_map,
    kakuro_fill,
    kakuro_pattern,
    walk,
)
from puzzlesat.setter.shapes import runs as white_runs

# --- futoshiki -------------------------------------------------------------------------------------


def futoshiki_fix(rng: random.Random) -> Callable[[Draft, Values], None]:
    """A sign between a differing cell and a neighbour the other solution orders the other way; a
    given where there is none."""

    def fix(draft: Draft, other: Values) -> None:
        s, grid = draft.solution, draft.grid
        signs = []
        for cell in differing(s, other):
            for nb in around(grid.positions[cell]):
                if nb in grid.at and (s[cell] < s[grid.at[nb]]) != (other[cell] < other[grid.at[nb]]):
                    a, b = sorted((cell, grid.at[nb]), key=lambda c: s[c])
                    signs.append(Less((a, b)))
        if signs:
            draft.clues.append(rng.choice(sorted(signs, key=lambda x: x.cells)))
        else:
            given_fix(rng)(draft, other)

    return fix


def futoshiki(rng: random.Random, size: int) -> Draft:
    """A futoshiki: a Latin square with inequality signs between neighbours and a few givens."""
    grid = Grid(size, boxes="none")
    s = random_solution(grid, rng, extra=size)
    draft = Draft("futoshiki", grid, s, encoding="order")
    make_unique(draft, futoshiki_fix(rng))
    minimize(draft, rng, is_given)
    minimize(draft, rng, lambda c: isinstance(c, Less))
    return draft


# --- thermometers and arrows -------------------------------------------------------------------------


def targeted(
    make: Callable[[int], Any], broken: Callable[[Any, Values], bool], rng: random.Random, tries: int = 300
) -> Callable[[Draft, Values], None]:
    """A fixer adding a clue `make(cell)` built around a differing cell that the other solution
    breaks (`broken`); a given when `tries` attempts find none."""

    def fix(draft: Draft, other: Values) -> None:
        cells = differing(draft.solution, other)
        for _ in range(tries):
            clue = make(rng.choice(cells))
            if clue is not None and broken(clue, other):
                draft.clues.append(clue)
                return
        given_fix(rng)(draft, other)

    return fix


def thermo(rng: random.Random, grid: Grid, longest: int = 6) -> Draft:
    """A thermometer sudoku: digits rise strictly from each bulb (steps to any of the 8 neighbours)."""
    s = random_solution(grid, rng)
    at = grid.at
    value = {sq: s[i] for i, sq in enumerate(grid.positions)}
    used: set[Square] = set()

    def make(cell: int) -> Less | None:
        start = grid.positions[cell]
        if start in used:
            return None
        up = walk(start, rng, lambda p, sq: sq in at and sq not in used and value[sq] > value[p[-1]], longest)
        down = walk(
            start, rng, lambda p, sq: sq in at and sq not in used and sq not in up and value[sq] < value[p[-1]], longest
        )
        line, i = down[::-1] + up[1:], len(down) - 1  # rising; the start at i
        length = min(len(line), rng.randint(3, longest))
        if length < 3:
            return None
        first = rng.randint(max(0, i - length + 1), min(i, len(line) - length))
        return Less(cells_of(grid, line[first : first + length]))

    def broken(clue: Less, other: Values) -> bool:
        if any(other[a] >= other[b] for a, b in pairwise(clue.cells)):
            used.update(squares_of(grid, clue.cells))
            return True
        return False

    draft = Draft("thermo-sudoku", grid, s, encoding="order")
    make_unique(draft, targeted(make, broken, rng))
    minimize(draft, rng, is_given)
    minimize(draft, rng, lambda c: isinstance(c, Less))
    return draft


def arrow(rng: random.Random, grid: Grid, longest: int = 4, start: int = 0) -> Draft:
    """An arrow sudoku: the digits along each arrow's shaft add up to the digit in its circle (shafts
    of two or more squares, steps to any of the 8 neighbours); `start` random arrows first, then
    arrows the other solutions break. Arrows are not dropped afterwards: on a 9x9 grid each trial
    takes seconds once few arrows are left, and the proof gets slower."""
    s = random_solution(grid, rng)
    at = grid.at
    value = {sq: s[i] for i, sq in enumerate(grid.positions)}
    used: set[Square] = set()

    def make(cell: int) -> Sum | None:
        near = [sq for sq in [grid.positions[cell], *around(grid.positions[cell], KING)] if sq in at]
        circle = rng.choice(near)
        if circle in used or value[circle] < 3:
            return None

        def fits(path: list[Square], sq: Square) -> bool:
            return sq in at and sq not in used and sum(value[x] for x in path[1:]) + value[sq] <= value[circle]

        path = walk(circle, rng, fits, longest + 1)
        total = 0
        for k, sq in enumerate(path[1:], 2):
            total += value[sq]
            if total == value[circle] and k >= 3:
                shaft = path[1:k]
                if grid.at[grid.positions[cell]] in cells_of(grid, [circle, *shaft]):
                    return Sum((*cells_of(grid, shaft), at[circle]), 0, "=", (1,) * len(shaft) + (-1,))
        return None

    def broken(clue: Sum, other: Values) -> bool:
        if sum(w * other[c] for c, w in zip(clue.cells, clue.weights, strict=True)) != 0:
            used.update(squares_of(grid, clue.cells))
            return True
        return False

    draft = Draft("arrow-sudoku", grid, s, encoding="order")
    for _ in range(100 * start):  # `start` arrows if they fit; they may not all
        if len(draft.clues) >= start:
            break
        clue = make(rng.randrange(len(s)))
        if clue is not None:
            used.update(squares_of(grid, clue.cells))
            draft.clues.append(clue)
    make_unique(draft, targeted(make, broken, rng))
    minimize(draft, rng, is_given)
    return draft


# --- dots ---------------------------------------------------------------------------------------------


def dotted(rng: random.Random, family: str, grid: Grid) -> Draft:
    """A kropki or XV sudoku: every dot the solution has, and the negative constraint (no dot, no
    relation); then givens. Kropki's 1-2 pairs, both consecutive and double, get either colour."""
    s = random_solution(grid, rng)
    kinds: dict[str, list[tuple[int, int]]] = {k: [] for k in ("white", "black", "x", "v")}
    for a, b in grid.neighbours(ORTHOGONAL[:2]):
        x, y = s[a], s[b]
        if family == "kropki":
            options = (["white"] if abs(x - y) == 1 else []) + (["black"] if max(x, y) == 2 * min(x, y) else [])
        else:
            options = ["x"] if x + y == 10 else ["v"] if x + y == 5 else []
        if options:
            kinds[rng.choice(options)].append((a, b))
    names = ("white", "black") if family == "kropki" else ("x", "v")
    draft = Draft(f"{family}-sudoku", grid, s, encoding="onehot")
    draft.clues += [Dot(k, pair) for k in names for pair in kinds[k]]
    draft.clues.append(Negative(names))
    make_unique(draft, given_fix(rng))
    minimize(draft, rng, is_given)
    return draft


# --- givens only: the variants of the houses and neighbours ------------------------------------------


def jigsaw(rng: random.Random, size: int = 9, box: tuple[int, int] = (3, 3), moves: int = 300) -> Draft:
    """A jigsaw sudoku: a random map of `size` connected regions of `size` squares."""
    for _ in range(20):
        grid = Grid(size, regions=jigsaw_map(size, box, rng, moves))
        try:
            return with_givens(rng, "jigsaw-sudoku", grid)
        except ValueError:  # a map without a solution for 20 first rows: draw another
            continue
    raise ValueError("no solvable jigsaw map in 20 tries")


# --- kakuro -----------------------------------------------------------------------------------------


def kakuro(rng: random.Random, rows: int, columns: int, black: float = 0.3, refills: int = 0) -> Draft:
    """A kakuro: every across and down run of 2..9 white squares sums to its clue, digits 1..9
    different along a run. Where two solutions remain, the digits where they differ are drawn
    again, the others kept (up to `refills` times: this usually ends with no givens); after that a
    white square where they differ turns black (with any square left alone in a run by that, as
    long as every run stays 2 squares or longer and the white squares stay connected), or, where
    none can, becomes a given."""
    white = kakuro_pattern(rows, columns, rng, black)
    fill = kakuro_fill(white, rng)
    givens: set[Square] = set()
    rounds = 0
    while True:
        draft = kakuro_draft(rows, columns, white, fill, givens)
        other = draft.other()
        if other is None:
            break
        diff = squares_of(draft.grid, differing(draft.solution, other))
        rounds += 1
        if rounds <= refills:
            try:
                fill = kakuro_fill(white, rng, {sq: v for sq, v in fill.items() if sq not in diff})
            except ValueError:  # the kept digits leave no fill: draw them all again
                fill = kakuro_fill(white, rng)
            continue
        options = [cut for cut in (_block(white, sq) for sq in diff) if cut and not cut & givens]
        if options:
            white = white - min(options, key=lambda cut: (len(cut), rng.random()))
        else:
            givens.add(rng.choice(diff))
    for sq in rng.sample(sorted(givens), len(givens)):
        if kakuro_draft(rows, columns, white, fill, givens - {sq}).other() is None:
            givens.discard(sq)
    return kakuro_draft(rows, columns, white, fill, givens)


def _block(white: set[Square], sq: Square, most: int = 4) -> set[Square] | None:
    """The squares to turn black with `sq`: it and every square left alone in a run (repeatedly),
    if at most `most` and the white squares stay connected; None otherwise."""
    cut = {sq}
    while len(cut) <= most:
        lone = {run[0] for run in white_runs(white - cut) if len(run) == 1}
        if not lone:
            return cut if connected(white - cut) else None
        cut |= lone
    return None


def kakuro_draft(rows: int, columns: int, white: set[Square], fill: dict[Square, int], givens: set[Square]) -> Draft:
    blocked = "\n".join(
        "".join("." if (r, c) in white else "#" for c in range(1, columns + 1)) for r in range(1, rows + 1)
    )
    grid = Grid(rows, columns, blocked=blocked, latin=False, boxes="none")
    s = tuple(fill[sq] for sq in grid.positions)
    cages = [Cage(cells_of(grid, run), "sum", sum(fill[sq] for sq in run)) for run in white_runs(white)]
    gs = [Given(grid.at[sq], fill[sq]) for sq in sorted(givens)]
    return Draft("kakuro", grid, s, [*cages, *gs], values=range(1, 10))
