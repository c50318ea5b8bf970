"""Which group an enumeration works modulo, and the `symmetry` command's report.

`--symmetry declared | detected | none`; the default is the declared group where the puzzle declares
one or the search stops early (a first solution, `--limit K`), else the detected one
(`puzzlesat.symmetry.detect`). A detected group too large to list (an empty 9x9
sudoku's cells alone have 3,359,232 symmetries) cannot drive orbit blocking: asked for by name that
is an error; as the default it falls back to no symmetry, and the outcome says so.
"""

from __future__ import annotations

from puzzlesat.model.group import MAX_GROUP_ORDER, Group
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import number, unknown

SYMMETRY_MODES = ("declared", "detected", "none")


@dataclass(frozen=True)
class Choice:
    """The group chosen for an enumeration and how it was chosen."""

    group: Group
    source: str  # "declared", "detected" or "none"
    note: str | None = None  # why the default took no symmetry although some was found


def trivial(puzzle: Puzzle) -> Group:
    return Group.generate(puzzle.size, (), puzzle.values)


def check_mode(mode: str | None) -> None:
    """Refuse an unknown symmetry mode (None is the default rule)."""
    if mode is not None and mode not in SYMMETRY_MODES:
        raise UsageError(unknown("symmetry", mode, SYMMETRY_MODES))


def choose(puzzle: Puzzle, mode: str | None, enumerating: bool = True) -> Choice:
    """The group for `mode` (None: the default rule of the module's docstring). A search that
    stops early (`enumerating` False: one solution, or a limit) is not worth a detection, so the
    default does not detect one for it."""
    check_mode(mode)
    if mode == "none":
        return Choice(trivial(puzzle), "none")
    if mode == "declared" or (mode is None and (puzzle.generators or not enumerating)):
        return Choice(puzzle.group, "declared")
    from puzzlesat.symmetry.detect import MAX_LITERALS, detect

    if mode is None and sum(len(d) for d in puzzle.domains) > MAX_LITERALS:
        return Choice(puzzle.group, "declared")
    found = detect(puzzle)
    if found.group is None:
        listed = found.cell_order if found.relabel else found.order
        why = (
            f"the detected group has {listed:,} {'cell symmetries' if found.relabel else 'elements'}, "
            f"more than the {MAX_GROUP_ORDER:,} that orbit blocking lists"
        )
        if mode == "detected":
            raise UsageError(f"{puzzle.name}: {why}; use --symmetry declared or none")
        return Choice(trivial(puzzle), "none", f"{why}: raw solutions")
    return Choice(found.group, "detected")


def report(puzzle: Puzzle) -> dict[str, object]:
    """The `symmetry` command's document: the detected group, its generators, the declared one."""
    from puzzlesat.symmetry.detect import describe, detect

    found = detect(puzzle)
    declared = puzzle.group.order
    values = puzzle.values
    gens = []
    for cells, vmap in found.generators:
        moved = {} if vmap is None else {str(v): values[vmap[k]] for k, v in enumerate(values) if vmap[k] != k}
        gens.append({"cells": list(cells), "values": moved, "text": describe(puzzle, (cells, vmap))})
    if found.relabel and len(values) > 1:  # every relabelling: a swap and a cycle generate them all
        identity = list(range(puzzle.size))
        gens.append({"cells": identity, "values": {str(values[0]): values[1], str(values[1]): values[0]},
                     "text": f"swap values {values[0]} and {values[1]}"})
        if len(values) > 2:
            cycle = {str(v): values[(k + 1) % len(values)] for k, v in enumerate(values)}
            gens.append({"cells": identity, "values": cycle, "text": "values (" + " ".join(map(str, values)) + ")"})
    from puzzlesat.model.document import document

    return {
        **document(puzzle),
        "order": found.order,
        "cell_order": found.cell_order,
        "declared_order": declared,
        "relation": _relation(puzzle, found.order),
        "relabel": found.relabel,
        "exact": found.exact,
        "generators": gens,
    }


def _relation(puzzle: Puzzle, order: int) -> str:
    """How the declared group sits in the detected one (every declared generator was checked to be
    a symmetry when the puzzle was made, so it is a subgroup)."""
    declared = puzzle.group.order
    if declared == order:
        return "equal"
    return f"the declared group is a subgroup of index {number(order // declared)}"


def report_text(doc: dict[str, object]) -> str:
    order, cells, declared = doc["order"], doc["cell_order"], doc["declared_order"]
    lines = [
        f"{doc['puzzle']}: symmetry group of order {number(order)}"
        + ("" if doc["exact"] else " (rounded: nauty's size passed 2**53)"),
        f"  moving cells only: {number(cells)}"  # type: ignore[arg-type]
        + (f"; with values: x{number(order // cells)}" if order != cells else ""),  # type: ignore[operator]
        f"  declared: order {number(declared)} ({doc['relation']})",
        "generators:",
        *(f"  {g['text']}" for g in doc["generators"]),  # type: ignore[attr-defined, index]
    ]
    return "\n".join(lines)
