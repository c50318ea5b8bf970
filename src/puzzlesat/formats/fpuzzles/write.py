"""A grid puzzle as an f-puzzles document: the inverse of `puzzlesat.formats.fpuzzles.doc`, for `convert --to`.

Each rule is written as the f-puzzles kind that the importer reads back to it: givens and
regions in `grid`, odd and even cells as `odd`/`even`, other domains as `givenPencilMarks`,
`killercage`, `arrow`, `thermometer`, `difference`/`ratio`/`xv` dots and `negative`, extra
all-different groups as `disjointgroups` or `extraregion`, the diagonals, anti-knight, anti-king and
non-consecutive flags; the kinds of `puzzlesat.formats.fpuzzles.kinds` (lines, clones, quadruples, little
killers, pills, outside clues, indexers) and the cosmetics by `fpuzzles_kinds_out`. A puzzle
f-puzzles cannot state (no grid, a size outside f-puzzles' 3 to 16, a product cage, a sum that is
no arrow or little killer, a numbered room, a table, an unknown) is one UsageError naming the first
such thing; nothing is dropped silently.
"""

from __future__ import annotations

import json
from typing import Any

from puzzlesat.formats.fpuzzles.doc import default_boxes
from puzzlesat.formats.fpuzzles.kinds_out import WRITERS, Out, cosmetics, disjoint_groups, indexer_drawings
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import PuzzleSatError, UsageError

# The grid sizes f-puzzles' editor offers.
SIZES = range(3, 17)
F_PUZZLES = "https://www.f-puzzles.com/?load="


def refuse(puzzle: Puzzle, what: str, target: str = "f-puzzles") -> UsageError:
    return Out(puzzle, str, target).refuse(what)


def document(p: Puzzle, target: str = "f-puzzles") -> dict[str, Any]:
    """The f-puzzles JSON document of `p`, or a UsageError saying why f-puzzles cannot state it
    (`target` names the format in it: a SudokuPad link carries the same document)."""
    g = p.grid
    if g is None:
        raise refuse(p, "f-puzzles holds square grids, and its cells form no grid", target)
    n = g.rows
    if g.columns != n or g.blocked or not g.latin:
        raise refuse(
            p, "f-puzzles holds square latin grids (rows and columns all different, no blocked squares)", target
        )
    if n not in SIZES:
        raise refuse(p, f"f-puzzles grids are 3x3 to 16x16, this one is {n}x{n}", target)
    if p.unknowns:
        raise refuse(p, f"its unknown {p.unknowns[0].name} has no f-puzzles form", target)
    full = tuple(range(1, n + 1))
    at = dict(enumerate(g.positions))

    def rc(i: int) -> str:
        return "R{}C{}".format(*at[i])

    grid: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    regions = g.regions_cells
    if g.box_shape != default_boxes(n) or g.regions:
        # f-puzzles always has regions: rows stand in for none (they add nothing to the rows)
        owner = {c: k for k, cells in enumerate(regions) for c in cells} if regions else {i: at[i][0] - 1 for i in at}
        for i, (r, c) in at.items():
            grid[r - 1][c - 1]["region"] = owner[i]
    parity: dict[str, list[dict[str, str]]] = {}
    for i, d in enumerate(p.domains):
        r, c = at[i]
        if not set(d) <= set(full):
            raise refuse(
                p, f"cell {p.cells[i]} may be {d[-1] if d[-1] > n else d[0]}; f-puzzles digits are 1 to {n}", target
            )
        odd_even = {tuple(v for v in full if v % 2 == k): key for k, key in ((1, "odd"), (0, "even"))}
        if d in odd_even:  # f-puzzles' odd and even cells, which it and SudokuPad draw
            parity.setdefault(odd_even[d], []).append({"cell": rc(i)})
        elif d != full:
            grid[r - 1][c - 1]["givenPencilMarks"] = list(d)
    for i, v in p.givens:
        r, c = at[i]
        grid[r - 1][c - 1].update(value=v, given=True)
    doc: dict[str, Any] = {"size": n, "title": p.title, "grid": grid, **parity}
    out = Out(p, rc, target)
    flags = {"diagonal+": g.diagonals, "diagonal-": g.diagonals, "antiknight": g.anti_knight,
             "antiking": g.anti_king, "nonconsecutive": g.non_consecutive}  # fmt: skip
    doc.update({k: True for k, on in flags.items() if on})
    extra = [cells for label, cells in g.houses if label.startswith("window")]
    diagonals = {"diagonal-": frozenset(g.at[i, i] for i in range(1, n + 1)),
                 "diagonal+": frozenset(g.at[n + 1 - i, i] for i in range(1, n + 1))}  # fmt: skip
    distinct = list(p.distinct)
    disjoint = disjoint_groups(out)
    if disjoint and set(disjoint) <= {tuple(sorted(group)) for group in distinct}:
        doc["disjointgroups"] = True
        distinct = [group for group in distinct if tuple(sorted(group)) not in disjoint]
    for group in distinct:
        side = next((k for k, cells in diagonals.items() if cells == frozenset(group)), None)
        if side:
            doc[side] = True
        else:
            extra.append(group)
    if extra:
        doc["extraregion"] = [{"cells": [rc(i) for i in group]} for group in extra]
    tables = [rule for rule in p.rules if rule.key == "table"]
    for rule in p.rules:
        if rule.key == "table":
            continue
        entries = WRITERS[rule.key](out, rule) if rule.key in WRITERS else [_rule(p, rule, rc, target)]
        for key, entry in entries:
            if key == "negative":
                doc.setdefault("negative", []).extend(x for x in entry if x not in doc.get("negative", []))
            else:
                doc.setdefault(key, []).append(entry)
    for key, entry in [*indexer_drawings(doc), *cosmetics(out, p.cosmetics, grid)]:
        doc.setdefault(key, []).append(entry)
    return _negatives(p, doc, target) if tables else doc


# The negative constraints f-puzzles can add: what its importer writes as forbidding tables.
NEGATIVE_FLAGS = (
    (True, ()), (False, ("difference",)), (False, ("ratio",)), (True, ("ratio",)),
    (True, ("difference",)), (False, ("difference", "ratio")), (True, ("difference", "ratio")),
)  # fmt: skip


def _negatives(p: Puzzle, doc: dict[str, Any], target: str) -> dict[str, Any]:
    """A puzzle with forbidding [[table]]s, as the f-puzzles importer writes for a negative constraint
    beside dots of other kinds: the document with the non-consecutive flag and negative constraints
    that the importer reads back to this very puzzle (tried in turn), else a refusal."""
    from puzzlesat.formats.fault import Fault
    from puzzlesat.formats.fpuzzles.doc import build
    from puzzlesat.formats.same import same_puzzle

    for nonconsecutive, negative in NEGATIVE_FLAGS:
        trial = {**doc, "negative": sorted({*doc.get("negative", []), *negative})}
        if nonconsecutive:
            trial["nonconsecutive"] = True
        try:
            back = build(trial)
        except (Fault, PuzzleSatError):  # a trial the importer refuses is just not the one
            continue
        if same_puzzle(back, p):
            return trial
    raise refuse(p, "a [[table]] has no f-puzzles form (only f-puzzles' negative constraints become tables)", target)


def _rule(p: Puzzle, rule: Any, rc: Any, target: str) -> tuple[str, Any]:
    """The f-puzzles key and entry of one rule (a UsageError when it has none)."""
    key = rule.key
    if key == "dot":
        cells = [rc(i) for i in rule.cells]
        kinds = {"white": ("difference", None), "black": ("ratio", None), "x": ("xv", "X"), "v": ("xv", "V")}
        name, value = kinds[rule.kind]
        return name, {"cells": cells, **({"value": value} if value else {})}
    if key == "negative":
        names = {"white": "difference", "black": "ratio", "x": "xv", "v": "xv"}
        kinds = set(rule.kinds)
        if ("x" in kinds) != ("v" in kinds):
            raise refuse(p, "f-puzzles' negative XV rule forbids X and V together, never one alone", target)
        return "negative", sorted({names[k] for k in kinds})
    if key == "less":
        return "thermometer", {"lines": [[rc(i) for i in rule.cells]]}
    if key == "cage":
        return _cage(p, rule, rc, target)
    raise refuse(p, f"a [[{key}]] has no f-puzzles form", target)


def _cage(p: Puzzle, rule: Any, rc: Any, target: str) -> tuple[str, Any]:
    cells = [rc(i) for i in rule.cells]
    if rule.operation == "sum":
        if not rule.distinct:
            raise refuse(
                p, "a sum cage whose digits may repeat has no f-puzzles form (killer cages' digits differ)", target
            )
        return "killercage", {"cells": cells, "value": str(rule.target)}
    if rule.operation in ("difference", "quotient"):
        (r1, c1), (r2, c2) = (p.grid.positions[i] for i in rule.cells)  # type: ignore[union-attr]
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise refuse(
                p, f"a {rule.operation} cage of two cells that are not neighbours has no f-puzzles form", target
            )
        # f-puzzles' dots: a difference of 0 and a ratio of 1 let the digits repeat, the others do not
        if rule.distinct != (rule.target != (0 if rule.operation == "difference" else 1)):
            raise refuse(p, f"a {rule.operation} cage of {rule.target} with distinct = {str(rule.distinct).lower()}"
                            " has no f-puzzles form", target)  # fmt: skip
        name = "difference" if rule.operation == "difference" else "ratio"
        return name, {"cells": cells, "value": str(rule.target)}
    raise refuse(p, f"a {rule.operation} cage (KenKen) has no f-puzzles form", target)


def pack(doc: dict[str, Any]) -> str:
    """lz-string's compressToBase64 of the JSON, as f-puzzles shares it (UTF-16 units, as JavaScript
    strings are, so characters beyond the BMP travel as surrogate pairs)."""
    import lzstring

    raw = json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-16-le", "surrogatepass")
    return lzstring.compress_to_base64(
        "".join(chr(int.from_bytes(raw[i : i + 2], "little")) for i in range(0, len(raw), 2))
    )
