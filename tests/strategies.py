"""Hypothesis strategies: small random puzzles that really have the symmetry they declare.

A random permutation p is drawn first; every constraint is then closed under p (a sum brings all
its images, with the same total), so p is a symmetry by construction and the model's validator
must accept it.
"""

from __future__ import annotations

import math

from hypothesis import strategies as st

from puzzlesat.model.group import Group
from puzzlesat.model.model import Puzzle, UnknownSpec, define
from puzzlesat.runtime.errors import ModelError


def _orbit_of_set(cells: tuple[int, ...], group: Group) -> list[tuple[int, ...]]:
    return sorted({tuple(sorted(p[c] for c in cells)) for p in group.permutations})


@st.composite
def small_puzzles(draw: st.DrawFn, max_cells: int = 6, with_symmetry: bool | None = None) -> Puzzle:
    n = draw(st.integers(3, max_cells))
    lo = draw(st.integers(-1, 2))
    span = draw(st.integers(2, 4))
    values = draw(st.lists(st.integers(lo, lo + span + 2), min_size=2, max_size=span + 1, unique=True).map(sorted))
    symmetric = draw(st.booleans()) if with_symmetry is None else with_symmetry
    gens: list[tuple[int, ...]] = []
    if symmetric:
        gens = [tuple(draw(st.permutations(range(n))))]
    group = Group.generate(n, gens)
    distinct_kind = draw(st.sampled_from(["all", "none", "groups"]))
    distinct: str | list[list[int]]
    if distinct_kind == "groups":
        seed = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=n))))
        distinct = [list(g) for g in _orbit_of_set(seed, group)]
    else:
        distinct = distinct_kind
    sums: list[tuple[list[int], int | str]] = []
    for k in range(draw(st.integers(1, 3))):
        cells = tuple(sorted(draw(st.sets(st.integers(0, n - 1), min_size=2, max_size=min(n, 4)))))
        size = len(cells)
        if draw(st.booleans()):
            total: int | str = f"N{k}"
        else:
            total = draw(st.integers(size * values[0], size * values[-1]))
        images = _orbit_of_set(cells, group)
        if any(list(c) == taken for c in images for taken, _ in sums):
            continue  # two totals on one set of cells would tie unknowns together
        sums.extend((list(c), total) for c in images)
    unknowns = {}
    for name in sorted({t for _, t in sums if isinstance(t, str)}):
        if draw(st.booleans()):
            unknowns[name] = UnknownSpec(prime=True) if draw(st.booleans()) else UnknownSpec(min=values[0] * 2)
    parts = {"cells": n, "values": values, "distinct": distinct, "sums": sums, "generators": gens}
    try:
        return define("random", unknowns=unknowns, **parts)
    except ModelError as e:  # a declared domain the sums cannot reach: drop the declarations
        if "no value is both allowed" not in str(e):
            raise
        return define("random", **parts)


# --- one core kind at a time ----------------------------------------------------------------------

CORE_KINDS = ("alldifferent", "linear", "table", "less")
RULE_KINDS = ("cage", "grid")  # vocabulary that lowers to several core kinds at once
RELATIONS = ("=", "!=", "<", "<=", ">", ">=")


def _close(rule, group: Group) -> list:
    """Every image of a rule under the group, so the group is a symmetry by construction."""
    from dataclasses import replace

    out = []
    for p in group.permutations:
        image = replace(rule, cells=tuple(p[c] for c in rule.cells))
        if image not in out:
            out.append(image)
    return out


@st.composite
def core_puzzles(draw: st.DrawFn, kind: str, max_cells: int = 4) -> Puzzle:
    """A small puzzle whose rules lower to the core kind `kind` (plus, sometimes, an all-different
    group), closed under a random permutation when one is drawn."""
    from puzzlesat.model.rules.cage import OPERATIONS, Cage
    from puzzlesat.model.rules.less import Less
    from puzzlesat.model.rules.sum import Sum
    from puzzlesat.model.rules.table import TableRule

    if kind == "grid":
        return draw(grid_puzzles())
    n = draw(st.integers(2, max_cells))
    lo = draw(st.integers(-2, 2))
    values = draw(st.lists(st.integers(lo, lo + 4), min_size=2, max_size=4, unique=True).map(sorted))
    gens = [tuple(draw(st.permutations(range(n))))] if draw(st.booleans()) else []
    group = Group.generate(n, gens)
    cell_sets = st.lists(st.integers(0, n - 1), min_size=1 if kind == "table" else 2, max_size=n, unique=True)
    rules: list = []
    distinct: str | list[list[int]] = draw(st.sampled_from(["none", "all"])) if kind != "alldifferent" else []
    for k in range(draw(st.integers(1, 3))):
        cells = tuple(draw(cell_sets))
        if kind == "alldifferent":
            distinct += [list(c) for c in _orbit_of_set(cells, group)]  # type: ignore[operator]
            continue
        if kind == "less":
            rule = Less(cells)
        elif kind == "cage":  # the target from values the cells can take, so the cage is satisfiable
            distinct_cage = draw(st.booleans()) and len(cells) <= len(values)
            pool = draw(st.permutations(values)) if distinct_cage else [draw(st.sampled_from(values)) for _ in cells]
            witness = sorted(pool[: len(cells)])
            op = draw(st.sampled_from(OPERATIONS if len(cells) == 2 else ("sum", "product")))
            if op == "quotient" and (witness[0] == 0 or witness[1] % witness[0]):
                op = "difference"
            target = {
                "sum": sum(witness),
                "product": math.prod(witness),
                "difference": witness[-1] - witness[0],
                "quotient": witness[-1] // (witness[0] or 1),
            }[op]
            rule = Cage(cells, op, target, distinct_cage)
        elif kind == "table":
            rows = draw(st.lists(st.tuples(*[st.sampled_from(values)] * len(cells)), max_size=6, unique=True))
            rule = TableRule(cells, tuple(rows), draw(st.booleans()))
        else:
            weights = tuple(draw(st.lists(st.integers(-3, 3), min_size=len(cells), max_size=len(cells))))
            op = draw(st.sampled_from(RELATIONS))
            top = sum(abs(w) for w in weights) * max(abs(values[0]), abs(values[-1]))
            if draw(st.booleans()):
                name = f"N{k}"
                rules += _close(Sum(cells, name, "=", tuple(abs(w) or 1 for w in weights)), group)
                rule = Sum(cells, name, op, weights) if op != "=" else None
            else:
                rule = Sum(cells, draw(st.integers(-top, top)), op, weights)
            if rule is None:
                continue
        rules += _close(rule, group)
    try:
        return define("core", cells=n, values=values, distinct=distinct or "none", rules=rules, generators=gens)
    except ModelError as e:  # an unknown whose equality no value can meet, a cage no values reach
        if "no value is both allowed" not in str(e):
            raise
        return define("core", cells=n, values=values, distinct=distinct or "none", generators=gens)


@st.composite
def grid_puzzles(draw: st.DrawFn) -> Puzzle:
    """A small grid with random neighbour rules and dots (rows and columns all different or not)."""
    from puzzlesat.model.grid import ORTHOGONAL, Grid
    from puzzlesat.model.rules.dot import Dot
    from puzzlesat.model.rules.negative import Negative

    rows, columns = draw(st.sampled_from([(2, 2), (2, 3), (3, 2)]))  # brute force sees every assignment
    latin = True  # rows and columns all different keep the raw solutions few (every one is enumerated)
    probe = Grid(rows, columns, boxes="none")
    edges = probe.neighbours(ORTHOGONAL)

    def some_edges() -> tuple:
        return tuple(draw(st.lists(st.sampled_from(edges), max_size=3, unique=True)))

    dots: list = []
    for kinds in (("white", "black"), ("x", "v")):
        if draw(st.booleans()):
            dots += [Dot(k, pair) for k in kinds for pair in some_edges()]
            dots += [Negative(kinds)] if draw(st.booleans()) else []
    grid = Grid(
        rows,
        columns,
        boxes="none",
        latin=latin,
        anti_knight=draw(st.booleans()),
        anti_king=draw(st.booleans()),
        non_consecutive=draw(st.booleans()),
    )
    # at most 4**6 or 3**9 assignments: every raw solution is enumerated and brute-forced
    top = max(rows, columns) + (draw(st.integers(0, 1)) if rows * columns < 9 else 0)
    return define("grid", grid=grid, values=range(1, top + 1), rules=dots)


# --- f-puzzles documents -------------------------------------------------------------------------

FP_SIZE = 4
# Two 4x4 jigsaws besides the boxes: (row, column) -> region number, row by row.
FP_JIGSAWS = ("0011022103312233", "0001201122312333")


def _fp_cell(rc: tuple[int, int]) -> str:
    return f"R{rc[0]}C{rc[1]}"


def _fp_neighbours(rc: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = rc
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)) if 1 <= r + dr <= 4 and 1 <= c + dc <= 4]


@st.composite
def _fp_path(draw: st.DrawFn, least: int, most: int) -> list[tuple[int, int]]:
    """A path of orthogonally adjacent, distinct cells."""
    path = [(draw(st.integers(1, 4)), draw(st.integers(1, 4)))]
    for _ in range(draw(st.integers(least, most)) - 1):
        options = [n for n in _fp_neighbours(path[-1]) if n not in path]
        if not options:
            break
        path.append(draw(st.sampled_from(options)))
    return path


@st.composite
def fpuzzles_documents(draw: st.DrawFn) -> dict:
    """A random 4x4 f-puzzles document using every kind puzzlesat reads, as f-puzzles writes them
    (values as strings, optional keys left out); most have few solutions or none."""
    n = FP_SIZE
    doc: dict = {"size": n}
    jigsaw = draw(st.sampled_from((None, *FP_JIGSAWS)))
    grid = [[{} for _ in range(n)] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            if jigsaw is not None:
                grid[r][c]["region"] = int(jigsaw[r * n + c])
    for _ in range(draw(st.integers(0, 2))):
        r, c = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        grid[r][c].update({"value": draw(st.integers(1, n)), "given": True})
    doc["grid"] = grid
    for key in ("nonconsecutive", "antiking", "antiknight", "diagonal+", "diagonal-"):
        if draw(st.integers(0, 3)) == 0:
            doc[key] = True
    negative = draw(st.lists(st.sampled_from(["difference", "ratio", "xv"]), unique=True, max_size=3))
    if negative:
        doc["negative"] = negative
    pairs = sorted({tuple(sorted((a, b))) for a in [(r, c) for r in range(1, 5) for c in range(1, 5)] for b in
                    _fp_neighbours(a)})  # fmt: skip
    dotted = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=6))
    for a, b in dotted:
        kind = draw(st.sampled_from(["difference", "ratio", "xv"]))
        entry: dict = {"cells": [_fp_cell(a), _fp_cell(b)]}
        if kind == "xv":
            entry["value"] = draw(st.sampled_from(["X", "V", "x"]))
        elif draw(st.booleans()):
            entry["value"] = str(draw(st.integers(1, 3) if kind == "difference" else st.integers(2, 3)))
        doc.setdefault(kind, []).append(entry)
    for _ in range(draw(st.integers(0, 2))):
        doc.setdefault("thermometer", []).append({"lines": [[_fp_cell(x) for x in draw(_fp_path(2, 3))]]})
    for _ in range(draw(st.integers(0, 1))):
        line = draw(_fp_path(2, 3))
        doc.setdefault("arrow", []).append({"cells": [_fp_cell(line[0])], "lines": [[_fp_cell(x) for x in line]]})
    for _ in range(draw(st.integers(0, 2))):
        cage = draw(_fp_path(1, 3))
        entry = {"cells": [_fp_cell(x) for x in cage]}
        if draw(st.booleans()):
            entry["value"] = str(draw(st.integers(len(cage), 4 * len(cage))))
        doc.setdefault("killercage", []).append(entry)
    for key in ("odd", "even"):
        for _ in range(draw(st.integers(0, 1))):
            doc.setdefault(key, []).append({"cell": _fp_cell((draw(st.integers(1, 4)), draw(st.integers(1, 4))))})
    if draw(st.integers(0, 3)) == 0:
        doc["extraregion"] = [{"cells": [_fp_cell(x) for x in draw(_fp_path(2, 4))]}]
    return doc


# --- values anywhere a model accepts (the cp search's arithmetic, issue 39) ------------------------

# Where a model's few values sit: near 0, +-2**61, +-2**62, +-(2**63 - 2**61) (where a right side of
# 2**61 shifts to 2**63), the ends of 64-bit integers and past them.
ANCHORS = (0, 2**61, 2**62, 2**63 - 2**61, 2**63 - 64, 2**63, 2**64)
# Large weights: below, at and past the cp search's 2**54 in all, and at and past the 2**62 that
# the sat backend's PB encodings (Pindakaas, 64-bit) take in all (puzzlesat.encoders.builder.PB_LIMIT).
FAR_WEIGHTS = (2**31, 2**53, 2**54, 2**54 + 1, 2**55, 2**61, 2**62, 2**63)
# Right sides that the shift by the base (rhs - base * sum(weights)) takes to the 64-bit edges.
SHIFTED_EDGES = (-(2**63), 2**63 - 1, -(2**62), 2**62, -(2**61), 2**61)


@st.composite
def far_sum_puzzles(draw: st.DrawFn, max_cells: int = 4) -> Puzzle:
    """2..max_cells cells of 2-3 values around one anchor anywhere a model accepts (sometimes 65
    apart: past the cp search's span), with linear constraints of every relation, weights small or
    large, and right sides near a value the left side takes, at the 64-bit edges once shifted by
    the least value, or far past both; sometimes an unknown on the right, taking the cells' values."""
    from puzzlesat.model.rules.sum import Sum

    n = draw(st.integers(2, max_cells))
    anchor = draw(st.sampled_from(ANCHORS)) * draw(st.sampled_from((1, -1))) + draw(st.integers(-70, 70))
    offsets = draw(st.lists(st.integers(0, 64) | st.sampled_from((0, 63)), min_size=2, max_size=3, unique=True))
    values = sorted(anchor + o for o in offsets)
    far = st.sampled_from(FAR_WEIGHTS)
    weight = st.one_of(st.integers(-3, 3), st.integers(-3, 3), far, far.map(lambda w: -w))  # half small
    rules = []
    for _ in range(draw(st.integers(1, 2))):
        cells = tuple(draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True)))
        weights = tuple(draw(weight) for _ in cells)
        where = draw(st.sampled_from(("near", "near", "shifted", "shifted", "far", "unknown")))
        rhs: int | str
        if where == "near":
            rhs = sum(w * draw(st.sampled_from(values)) for w in weights) + draw(st.integers(-2, 2))
        elif where == "shifted":  # rhs - base * sum(weights): at the 64-bit edges, or at the sum's reach
            reach = 63 * sum(w for w in weights if w < 0), 63 * sum(w for w in weights if w > 0)
            edge = draw(st.sampled_from((*SHIFTED_EDGES, *reach)))
            rhs = (
                values[0] * sum(weights)
                + edge
                + draw(st.integers(-130, 2) if abs(edge) > 2**60 else st.integers(-2, 2))
            )
        elif where == "far":
            rhs = draw(st.sampled_from((0, 2**61, -(2**61), 2**63, -(2**63) - 1, 2**64, -(2**64), 2**70, -(2**70))))
        else:
            rhs = "N"
        op = "=" if rhs == "N" else draw(st.sampled_from(RELATIONS))
        rules.append(Sum(cells, rhs, op, weights))
    distinct = draw(st.sampled_from(["none", "all"]))
    # the unknown takes the cells' values: within the search's span
    unknowns = {"N": UnknownSpec(values=tuple(values))} if any(r.rhs == "N" for r in rules) else {}
    try:
        return define("far", cells=n, values=values, distinct=distinct, rules=rules, unknowns=unknowns)
    except ModelError as e:  # an unknown no sum can meet
        if not str(e).startswith("unknowns.N: no value is"):
            raise
        return define("far", cells=n, values=values, distinct=distinct, rules=[r for r in rules if r.rhs != "N"])
