"""`puzzlesat dimacs`: a puzzle written for outside solvers (DIMACS CNF, OPB or SMT-LIB 2), with its map.

Every file opens with comments saying which tool, puzzle and settings made it and how its
variables read back (`x`/`y` map lines, see `puzzlesat.encoders.varmap`); a CNF or OPB file gets a JSON
sidecar `FILE.map.json` with the same map and the puzzle itself. Output is byte-identical run to
run. A file given with `-o`, or the default one under cnf_out/, is replaced as a whole, its sidecar
with it (puzzlesat.runtime.atomic: atomically, and never a read-only file).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzlesat.encoders.varmap import VarMap
from puzzlesat.exchange.blockfile import Blocked, read_blocked
from puzzlesat.formats.toml.files import dump_toml
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.atomic import writable_target, write_atomic
from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.words import number, unknown

if TYPE_CHECKING:
    from puzzlesat.solvers.plan import Plan

FORMATS = {"cnf": "DIMACS CNF", "opb": "OPB pseudo-Boolean (PB competition format)", "smt2": "SMT-LIB 2"}
DEFAULT_FOLDER = "cnf_out"
MAP_FORMAT = "puzzlesat-map"
MAP_VERSION = 1


@dataclass(frozen=True)
class Exported:
    """What was written: the file, its map sidecar (if any) and its size."""

    path: Path
    map_path: Path | None
    variables: int
    constraints: int
    noun: str  # "clauses", "constraints" or "assertions"
    puzzle: Puzzle
    settings: dict[str, str]
    fmt: str

    def as_json(self) -> dict[str, Any]:
        """What `dimacs --json` prints: the files written, their size and the settings."""
        from puzzlesat.model.document import document

        return {
            **document(self.puzzle),
            "written": str(self.path),
            "map": None if self.map_path is None else str(self.map_path),
            "format": self.fmt,
            "settings": dict(self.settings),
            "variables": self.variables,
            self.noun: self.constraints,
        }

    def summary(self) -> str:
        extra = f" (map: {self.map_path})" if self.map_path else ""
        return f"{self.path}: {number(self.variables)} variables, {number(self.constraints)} {self.noun}{extra}"


def fingerprint(puzzle: Puzzle) -> str:
    """A short hash of the puzzle's TOML form: tells whether a map was written for this very puzzle."""
    return hashlib.sha256(dump_toml(puzzle).encode()).hexdigest()[:16]


def _stem(puzzle: Puzzle) -> str:
    text = puzzle.name + "".join(f"-{k}{v}" for k, v in puzzle.params)
    return re.sub(r"[^A-Za-z0-9._-]", "_", text)


def default_path(puzzle: Puzzle, fmt: str, settings: dict[str, str] | None = None) -> Path:
    """`cnf_out/<puzzle>[-<param><value>...]-<encoding>[-<card>]-<pb>.cnf`; `.opb` and `.smt2` carry no settings."""
    if fmt == "cnf" and settings:
        named = "-".join(settings[k] for k in ("encoding", "card", "pb") if settings.get(k))
        return Path(DEFAULT_FOLDER) / f"{_stem(puzzle)}-{named}.cnf"
    return Path(DEFAULT_FOLDER) / f"{_stem(puzzle)}.{fmt}"


def header_lines(puzzle: Puzzle, fmt: str, settings: dict[str, str], blocked: Blocked | None) -> list[str]:
    """The comments every format starts with: tool, puzzle, settings, blocking."""
    import puzzlesat

    unknowns = ", ".join(u.name for u in puzzle.unknowns) or "none"
    givens = " ".join(f"{c}={v}" for c, v in puzzle.givens)
    return [
        f"puzzlesat {puzzlesat.__version__}: {FORMATS[fmt]}",
        f"puzzle: {puzzle.name}",
        f"title: {puzzle.title}",
        "params: " + (" ".join(f"{k}={v}" for k, v in puzzle.params) or "none"),
        f"givens: {len(puzzle.givens)}" + (f" ({givens})" if givens else ""),
        f"fingerprint: {fingerprint(puzzle)} (sha256 of the puzzle as TOML)",
        f"cells: {puzzle.size}; unknowns: {unknowns}",
        "settings: " + " ".join(f"{k}={v}" for k, v in settings.items()),
        "blocked: " + (blocked.describe() if blocked else "none"),
    ]


MAP_LEGEND = [
    "map: `x LITS CELL VALUE`: cell #CELL holds VALUE iff every literal of LITS (joined by &) is true",
    "map: `y LITS NAME VALUE`: the unknown NAME equals VALUE likewise; see docs/dimacs.md",
]


def _named(output: str | Path) -> Path:
    if str(output).strip() == "":
        raise UsageError("-o '': an empty file name; give a path to write to")
    return Path(output)


def digest(text: str) -> str:
    """The sha256 of a written file's text: the sidecar records it, `decode` checks the pair with it."""
    return hashlib.sha256(text.encode()).hexdigest()


@contextlib.contextmanager
def pair_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on the file's folder while a file and its map are written (flock, Unix)."""
    try:
        import fcntl
    except ImportError:  # no flock: the digest check in `decode` still catches a mixed pair
        yield
        return
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def sidecar(
    puzzle: Puzzle,
    fmt: str,
    path: Path,
    settings: dict[str, str],
    varmap: VarMap,
    blocked: int,
    file_digest: str | None = None,
) -> str:
    """The `FILE.map.json` text: the map, the settings and the puzzle (as TOML), for scripts and `decode`."""
    import puzzlesat

    doc: dict[str, Any] = {
        "format": MAP_FORMAT,
        "version": MAP_VERSION,
        "tool": f"puzzlesat {puzzlesat.__version__}",
        "file": path.name,
        "file_format": fmt,
        "file_sha256": file_digest,
        "puzzle": {
            "name": puzzle.name,
            "params": dict(puzzle.params),
            "givens": {str(c): v for c, v in puzzle.givens},
            "cells": list(puzzle.cells),
            "fingerprint": fingerprint(puzzle),
            "toml": dump_toml(puzzle),
        },
        "settings": settings,
        "blocked": blocked,
        "map": varmap.to_json(),
    }
    return _pretty(doc) + "\n"


def _pretty(value: Any, depth: int = 0) -> str:
    """JSON with one object member or map entry a line: `[0, 1, [1]]` stays on one line, so the map reads as a table."""
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {_pretty(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return "[\n" + ",\n".join(inner + json.dumps(v, ensure_ascii=False) for v in value) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def cnf_plan(puzzle: Puzzle, encoding: str | None, card: str | None, pb: str | None) -> Plan:
    """The plan of the CNF to write: the one `solve` would use on the sat backend for this puzzle
    (`solvers.resolve`), so the exported CNF is the formula solve solves
    (docs/decisions/encodings-and-defaults.md, "Default encoding and settings"). Only CNF encodings
    are named here."""
    from puzzlesat import encoders
    from puzzlesat.solvers import Config, resolve

    if encoding is not None:
        encoders.get(encoding, "cnf")
    return resolve(Config(backend="sat", encoding=encoding, card=card, pb=pb), puzzle)


def _cnf(puzzle: Puzzle, plan: Plan, blocked: Blocked | None):
    from puzzlesat.formats.dimacs.writer import dimacs_text, encode_for_dimacs

    cnf = encode_for_dimacs(puzzle, plan)
    settings = dict(cnf.settings)
    varmap = VarMap.from_encoding(cnf)
    clauses = cnf.clauses + [cnf.blocking_clause(a) for a in (blocked.assignments if blocked else ())]
    size = f"size: {cnf.nvars} variables ({cnf.decision_vars} primary), {len(clauses)} clauses"
    comments = [*header_lines(puzzle, "cnf", settings, blocked), size, *MAP_LEGEND, *varmap.comment_lines()]
    return dimacs_text(cnf.nvars, clauses, comments), settings, varmap, cnf.nvars, len(clauses)


def _opb(puzzle: Puzzle, blocked: Blocked | None):
    from puzzlesat.formats.dimacs.opb import encode, opb_text

    pb = encode(puzzle)
    settings = {"encoding": "opb-direct"}
    constraints = pb.constraints + [pb.blocking_constraint(a) for a in (blocked.assignments if blocked else ())]
    comments = [*header_lines(puzzle, "opb", settings, blocked), *MAP_LEGEND, *pb.varmap.comment_lines()]
    return opb_text(pb.nvars, constraints, comments), settings, pb.varmap, pb.nvars, len(constraints)


def _smt2(puzzle: Puzzle, blocked: Blocked | None):
    from puzzlesat.solvers.smt2 import smt2_text

    settings = {"encoding": "z3-int"}
    names = [f"cell #{c} ({name}) is c{c}" for c, name in enumerate(puzzle.cells)]
    names += [f"unknown {u.name} is u_{u.name}" for u in puzzle.unknowns]
    comments = [*header_lines(puzzle, "smt2", settings, blocked), *names]
    text, count = smt2_text(puzzle, blocked.assignments if blocked else (), comments)
    return text, settings, None, puzzle.size + len(puzzle.unknowns), count


def export(
    puzzle: Puzzle,
    *,
    fmt: str = "cnf",
    encoding: str | None = None,
    card: str | None = None,
    pb: str | None = None,
    output: str | Path | None = None,
    block: str | None = None,
) -> Exported:
    """Write `puzzle` in `fmt` (cnf, opb, smt2) to `output` or the default path, with its map sidecar."""
    if fmt not in FORMATS:
        raise UsageError(unknown("format", fmt, FORMATS))
    if fmt != "cnf" and any(x is not None for x in (encoding, card, pb)):
        raise UsageError(f"--encoding, --card and --pb choose a CNF encoding; --format {fmt} uses none")
    if output is not None:  # a bad -o fails before the build, which can take a while
        writable_target(_named(output))
    plan = cnf_plan(puzzle, encoding, card, pb) if fmt == "cnf" else None
    blocked = read_blocked(block, puzzle) if block else None
    if plan is not None:
        text, settings, varmap, nvars, count = _cnf(puzzle, plan, blocked)
    elif fmt == "opb":
        text, settings, varmap, nvars, count = _opb(puzzle, blocked)
    else:
        text, settings, varmap, nvars, count = _smt2(puzzle, blocked)
    if output is None:
        Path(DEFAULT_FOLDER).mkdir(exist_ok=True)  # the default folder is ours to make; a given one is not
    path = _named(output) if output is not None else default_path(puzzle, fmt, settings)
    _, info = writable_target(path)
    special = info is not None and not stat.S_ISREG(info.st_mode)  # a device or a FIFO: written through
    # A device or a FIFO gets no sidecar beside it: the map is in the file's own comments.
    map_path = path.with_name(path.name + ".map.json") if varmap is not None and not special else None
    if map_path is not None:
        writable_target(map_path)
    with pair_lock(path):  # two runs on one path leave one run's file and map, never a mix
        if map_path is not None and varmap is not None:
            nblocked = len(blocked.assignments) if blocked else 0
            doc = sidecar(puzzle, fmt, path, settings, varmap, nblocked, digest(text))
            write_atomic(map_path, doc)
        write_atomic(path, text)
    noun = {"cnf": "clauses", "opb": "constraints", "smt2": "assertions"}[fmt]
    return Exported(path, map_path, nvars, count, noun, puzzle, dict(settings), fmt)
