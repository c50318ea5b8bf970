"""`puzzlesat decode`: an outside solver's answer, read back through the variable map and checked.

The map comes from the sidecar (`FILE.map.json`), from the map comments of the exported file
itself, or, with neither, from encoding the puzzle again with the given settings. Each way a
decode can fail has its own exception and exit status (`puzzlesat.runtime.errors`, docs/dimacs.md): garbage
5, truncated 6, a model that is not a solution 7, UNSATISFIABLE 20, UNKNOWN 3; bad input is 2.
"""

from __future__ import annotations

import json
from pathlib import Path

from puzzlesat.encoders.varmap import VarMap
from puzzlesat.exchange.export import MAP_FORMAT, MAP_VERSION, cnf_plan, fingerprint
from puzzlesat.exchange.export import digest as export_digest
from puzzlesat.formats.dimacs.answer import SAT, UNSAT, GarbledAnswer, parse_answer
from puzzlesat.model.check import violations
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime import atomic
from puzzlesat.runtime.errors import NotASolution, Undecided, Unsatisfiable, UsageError
from puzzlesat.runtime.records import dataclass
from puzzlesat.solvers.enumerate import Solution


@dataclass(frozen=True)
class MapSource:
    """A variable map, the settings it was made with, and where it came from (for messages)."""

    varmap: VarMap
    settings: dict[str, str]
    origin: str


def read_text(path: str, what: str) -> str:
    """A file's text (`-` is standard input), capped at atomic.READ_LIMIT; an unreadable file is a UsageError."""
    if path == "-":
        return atomic.read_stdin_text(f"{what} (standard input)", lenient=True)
    return atomic.read_text(path, label=f"{what} {path}", lenient=True)


def _same_puzzle(puzzle: Puzzle, found: str | None, written_for: str, origin: str) -> None:
    if found is None:
        raise UsageError(f"{origin}: has no puzzle fingerprint; was it written by `puzzlesat dimacs`?")
    if found != fingerprint(puzzle):
        raise UsageError(
            f"{origin}: was written for {written_for} (fingerprint {found}), not for this {puzzle.name} "
            f"(fingerprint {fingerprint(puzzle)}); check the puzzle, -p and --givens"
        )


def _from_sidecar(puzzle: Puzzle, path: str) -> MapSource:
    origin = f"--map {path}"
    try:
        doc = json.loads(read_text(path, "--map"))
    except json.JSONDecodeError as e:
        raise UsageError(f"{origin}: not JSON (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise UsageError(f"{origin}: nested too deeply to be a map") from None
    if not isinstance(doc, dict) or doc.get("format") != MAP_FORMAT:
        raise UsageError(f"{origin}: not a puzzlesat map sidecar (format {MAP_FORMAT!r})")
    if doc.get("version") != MAP_VERSION:
        raise UsageError(f"{origin}: map version {doc.get('version')!r}; this puzzlesat reads version {MAP_VERSION}")
    about = doc.get("puzzle") if isinstance(doc.get("puzzle"), dict) else {}
    _same_puzzle(puzzle, about.get("fingerprint"), repr(about.get("name")), origin)
    settings = _settings(doc.get("settings"), origin)
    varmap = VarMap.from_json(doc.get("map"), origin)
    _inside_domains(puzzle, varmap, origin)
    _same_run(Path(path), doc, origin)
    return MapSource(varmap, settings, origin)


def _settings(value: object, origin: str) -> dict[str, str]:
    """A sidecar's settings: strings only, and an encoding puzzlesat knows. A null is a setting that
    does not apply, as maps before issue 39 wrote it (log's `"card": null`): left out."""
    from puzzlesat import encoders

    if not isinstance(value, dict) or not all(v is None or isinstance(v, str) for v in value.values()):
        raise UsageError(f"{origin}: `settings` must map names to strings")
    encoding = value.get("encoding")
    if encoding is not None and encoding not in encoders.ENCODINGS and encoding != "opb-direct":
        raise UsageError(f"{origin}: unknown encoding {encoding!r} in `settings`")
    return {str(k): v for k, v in value.items() if v is not None}


def _inside_domains(puzzle: Puzzle, varmap: VarMap, origin: str) -> None:
    """Every map entry names a cell of the puzzle and a value of that cell's domain (or an unknown's)."""
    domains = [set(d) for d in puzzle.domains]
    for c, v in varmap.cells:
        if c >= len(domains) or v not in domains[c]:
            raise UsageError(f"{origin}: maps cell #{c} to {v}, which is not a value of that cell in {puzzle.name}")
    unknowns = {u.name: set(u.domain) for u in puzzle.unknowns}
    for name, v in varmap.unknowns:
        if v not in unknowns.get(name, ()):
            raise UsageError(f"{origin}: maps unknown {name} to {v}, which is not one of its values in {puzzle.name}")


def _same_run(path: Path, doc: dict, origin: str) -> None:
    """The formula next to the sidecar must be the very file written with it (its sha256), so a
    CNF from one `dimacs` run is never read with the map of another."""
    expected = doc.get("file_sha256")
    name = doc.get("file")
    if not isinstance(expected, str) or not isinstance(name, str) or "/" in name:
        return  # an older sidecar, or no file name: nothing to compare
    formula = path.with_name(name)
    if not formula.is_file():
        return
    if export_digest(atomic.read_text(formula, label=str(formula), lenient=True)) != expected:
        raise UsageError(
            f"{origin}: was written with another {name} than the one beside it (a later `dimacs` run?); "
            "write both again with `puzzlesat dimacs`"
        )


def _from_comments(puzzle: Puzzle, path: str) -> MapSource:
    """The map in an exported CNF's `c` comments (before `p cnf`) or an OPB's `*` comments."""
    origin = f"--map {path}"
    lines = read_text(path, "--map").splitlines()
    comments: list[str] = []
    nvars: int | None = None
    for line in lines:
        if line.startswith("p cnf"):
            parts = line.split()
            nvars = int(parts[2]) if len(parts) == 4 and parts[2].isdigit() else None
            break
        if line.startswith("* #variable="):
            parts = line.split()
            nvars = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else None
        elif line[:2] in ("c ", "* "):
            comments.append(line[2:])
        elif line.strip() and line[0] not in "c*":
            break
    if nvars is None:
        raise UsageError(f"{origin}: no `p cnf` or `* #variable=` header; give the .cnf/.opb file or its .map.json")
    fields = dict(c.split(": ", 1) for c in comments if ": " in c and not c.startswith(("x ", "y ")))
    found = fields.get("fingerprint", "").split(" ")[0] or None
    _same_puzzle(puzzle, found, repr(fields.get("puzzle")), origin)
    pairs = (kv.split("=", 1) for kv in fields.get("settings", "").split() if "=" in kv)
    settings = {k: v for k, v in pairs if v != "None"}  # `card=None`: a setting that does not apply (older files)
    return MapSource(VarMap.from_comments(comments, nvars, origin), settings, origin)


def load_map(
    puzzle: Puzzle,
    map_path: str | None = None,
    encoding: str | None = None,
    card: str | None = None,
    pb: str | None = None,
) -> MapSource:
    """The variable map for `puzzle`: from a sidecar or exported file, or by encoding it again."""
    if map_path is not None:
        if any(x is not None for x in (encoding, card, pb)):
            raise UsageError("--map already fixes the encoding; drop --encoding, --card and --pb")
        return _from_sidecar(puzzle, map_path) if map_path.endswith(".json") else _from_comments(puzzle, map_path)
    from puzzlesat.formats.dimacs.writer import encode_for_dimacs

    cnf = encode_for_dimacs(puzzle, cnf_plan(puzzle, encoding, card, pb))
    return MapSource(VarMap.from_encoding(cnf), dict(cnf.settings), "the puzzle encoded again")


def decode_answer(puzzle: Puzzle, text: str, source: MapSource, where: str) -> Solution:
    """The checked solution in a solver's answer `text`; every failure is its own exception (see module)."""
    if source.varmap.ncells != puzzle.size:
        raise UsageError(f"{source.origin}: maps {source.varmap.ncells} cells, {puzzle.name} has {puzzle.size}")
    try:
        answer = parse_answer(text, source.varmap.nvars)
    except GarbledAnswer as e:
        raise type(e)(f"{where}: {e}") from None
    if answer.status == UNSAT:
        raise Unsatisfiable(f"{where}: the solver answered UNSATISFIABLE: no solution (beyond any blocked ones)")
    if answer.status != SAT:
        raise Undecided(f"{where}: the solver answered {answer.status}: it gave up without an answer")
    try:
        values, unknowns = source.varmap.decode(answer.model)
    except ValueError as e:
        raise NotASolution(f"{where}: {e}, so it is not a model of this puzzle's formula") from None
    problems = violations(puzzle, values, unknowns)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise NotASolution(f"{where}: the decoded board {list(values)} breaks the puzzle: {problems[0]}{more}")
    return Solution(values, unknowns)
