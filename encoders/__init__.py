"""Encoders turn a `Puzzle` into a backend's input: Z3 formulas or CNF.

The registry names every encoding; each is imported only when used, so the CLI starts fast.
`kind` says which backends can take it: "smt" for Z3, "cnf" for SAT solvers, "cp" for puzzlesat's
own search.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.stop import checkpoint
from puzzlesat.runtime.words import unknown

if TYPE_CHECKING:
    from puzzlesat.model.model import Puzzle


@dataclass(frozen=True)
class EncodingInfo:
    name: str
    kind: str
    summary: str
    target: str  # "module:function" building the encoding from (puzzle, options)
    max_values: int | None = None  # the most values per cell or unknown it can take in practice
    options: tuple[str, ...] = ()  # the per-encoding options it uses (solvers.OPTIONS: "card", "pb")

    def load(self) -> Any:
        module, attr = self.target.split(":")
        return getattr(importlib.import_module(module), attr)

    def takes(self, puzzle: Puzzle) -> bool:
        """Whether every domain of `puzzle` is within `max_values`."""
        return self.max_values is None or max(map(len, _domains(puzzle))) <= self.max_values

    def encode(self, puzzle: Puzzle, *args: Any) -> Any:
        """Build the encoding, refusing domains it would choke on, and builds that would not fit in
        the free memory (`puzzlesat.encoders.estimate`), with a UsageError saying what can."""
        checkpoint()  # a stop that came while the puzzle loaded ends the build before its first step
        if self.max_values is not None:
            sizes = [(f"cell {puzzle.cells[c]}", len(d)) for c, d in enumerate(puzzle.domains)]
            sizes += [(f"unknown {u.name}", len(u.domain)) for u in puzzle.unknowns]
            what, size = max(sizes, key=lambda item: item[1])
            if size > self.max_values:
                able = ", ".join(e.name for e in ENCODINGS.values() if e.max_values is None)
                # the cp backend has no other encoding: another backend is the way on
                unlimited = any(e.max_values is None for e in ENCODINGS.values() if e.kind == self.kind)
                way = "use --encoding log, or --backend z3" if unlimited else "use --backend sat or z3"
                raise UsageError(
                    f"{what} has {size} values; the {self.name} encoding takes at most {self.max_values} "
                    f"({way}; encodings without a limit: {able})"
                )
        if self.name in SIZED:
            from puzzlesat.encoders.estimate import check_fits

            pb = getattr(args[0], "pb", None) if args else None
            able = [n for n in SIZED if ENCODINGS[n].kind == self.kind and ENCODINGS[n].takes(puzzle)]
            check_fits(puzzle, self.name, pb, able)
        return self.load()(puzzle, *args)


def _domains(puzzle: Puzzle) -> list[tuple[int, ...]]:
    return [*puzzle.domains, *(u.domain for u in puzzle.unknowns)]


# The encodings `puzzlesat.encoders.estimate` can size before building.
SIZED = ("onehot", "order", "log", "z3-pb")


def fallback(name: str, puzzle: Puzzle) -> str:
    """A default encoding that refuses the puzzle's domains gives way to log, which takes any domain
    (issue 18: a default must not refuse what another encoding takes)."""
    return name if ENCODINGS[name].takes(puzzle) or ENCODINGS[name].kind != "cnf" else "log"


ENCODINGS: dict[str, EncodingInfo] = {
    e.name: e
    for e in (
        EncodingInfo(
            "z3-int", "smt", "Z3 integer variables, Distinct and linear sums", "puzzlesat.solvers.z3_int:encode"
        ),
        EncodingInfo(
            "z3-pb",
            "smt",
            "Z3 Booleans, one per cell and value; PbEq exactly-one and sums, AtMost for all-different",
            "puzzlesat.solvers.z3_pb:encode",
            max_values=10_000,
        ),
        EncodingInfo(
            "onehot",
            "cnf",
            "one Boolean per cell and value (direct encoding); cardinality and PB parts from PySAT",
            "puzzlesat.encoders.onehot:encode",
            max_values=10_000,
            options=("card", "pb"),
        ),
        EncodingInfo(
            "order",
            "cnf",
            "one Boolean per cell and value saying cell >= value (Crawford & Baker 1994; Sugar); PB sums",
            "puzzlesat.encoders.order:encode",
            max_values=10_000,
            options=("card", "pb"),
        ),
        EncodingInfo(
            "domains",
            "cp",
            "a mask of values per cell over one base, all-different groups and linear sums as they are (cp backend)",
            "puzzlesat.encoders.domains:encode",
            max_values=64,  # and no more than 64 numbers from the least value to the greatest
        ),
        EncodingInfo(
            "log",
            "cnf",
            "a binary number per cell, minimum as offset (log encoding); PB sums, pairwise all-different",
            "puzzlesat.encoders.log:encode",
            options=("pb",),  # all-different is pairwise clauses: no cardinality part
        ),
    )
}


def names(kind: str | None = None) -> list[str]:
    return sorted(n for n, e in ENCODINGS.items() if kind is None or e.kind == kind)


def get(name: str, kind: str | None = None) -> EncodingInfo:
    """The encoding called `name`; an unknown name is a UsageError listing the valid ones."""
    valid = names(kind)
    if name not in valid:
        raise UsageError(unknown("encoding", name, valid))
    return ENCODINGS[name]
