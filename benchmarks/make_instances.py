"""Regenerate the variant instances: the catalog's (src/puzzlesat/catalog/data/), the examples (examples/) and the
larger benchmark instances (benchmarks/data/), each proved unique by puzzlesat.

    python -m benchmarks.make_instances                    # every instance (about 15 minutes)
    python -m benchmarks.make_instances --only kenken-9,killer-hard
    python -m benchmarks.make_instances --only kakuro --seed 5 --dry-run
    python -m benchmarks.make_instances --list

Every instance has its own seed (`JOBS`), written into its file with the solution (under
`[params]`). The same seed gives the same file as long as the solver answers the same way: the
other solutions CaDiCaL finds decide where clues go. After writing, the file is read back and
puzzlesat proves its solution unique once more (`solve --limit 2`, default configuration); the
table printed at the end gives each instance's size, clues and seconds.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import puzzlesat
from puzzlesat.catalog import builtin as catalog
from puzzlesat.formats.toml.files import load_text
from puzzlesat.model.grid import Grid
from puzzlesat.model.rules.cage import Cage
from puzzlesat.model.rules.dot import KINDS, Dot
from puzzlesat.model.rules.less import Less
from puzzlesat.model.rules.negative import Negative
from puzzlesat.model.rules.sum import Sum
from puzzlesat.model.tomlvalues import quote
from puzzlesat.setter.drafts import Draft, Given
from puzzlesat.setter.makers import sudoku_grid

from . import variants

ROOT = Path(__file__).resolve().parent.parent
DATA, BENCH, EXAMPLES = "src/puzzlesat/catalog/data", "benchmarks/data", "examples"


@dataclass(frozen=True)
class Job:
    """One instance to make: where it goes, its seed, the maker, and how the file presents it."""

    path: str  # from the repository root
    seed: int
    make: Callable[[random.Random], Draft]
    name: str
    title: str
    intro: str = ""  # examples only: the rules in words, a comment at the top of the file

    @property
    def key(self) -> str:
        """The name --only takes: the file name, prefixed `example-` or `bench-` outside the catalog."""
        stem = Path(self.path).stem
        prefix = {DATA: "", BENCH: "bench-", EXAMPLES: "example-"}[str(Path(self.path).parent)]
        return prefix + stem


def _catalog_jobs() -> list[Job]:
    titles = catalog.VARIANT_TITLES
    givens_only = {
        "anti-knight-sudoku": {"anti_knight": True},
        "x-sudoku": {"diagonals": True},
        "windoku": {"windows": True},
    }
    jobs = [
        Job(f"{DATA}/killer-sudoku.toml", 1, lambda rng: variants.killer(rng, sudoku_grid(9)), "killer-sudoku",
            titles["killer-sudoku"]),
        Job(f"{DATA}/kakuro.toml", 1, lambda rng: variants.kakuro(rng, 10, 10, refills=300), "kakuro",
            titles["kakuro"]),
        Job(f"{DATA}/thermo-sudoku.toml", 1, lambda rng: variants.thermo(rng, sudoku_grid(9)), "thermo-sudoku",
            titles["thermo-sudoku"]),
        # seed 4: the default encoding (log) proves seeds 1-5 unique in 0.2-20 s; this one 0.2 s
        Job(f"{DATA}/arrow-sudoku.toml", 4, lambda rng: variants.arrow(rng, sudoku_grid(9), start=14), "arrow-sudoku",
            titles["arrow-sudoku"]),
        Job(f"{DATA}/kropki-sudoku.toml", 1, lambda rng: variants.dotted(rng, "kropki", sudoku_grid(9)),
            "kropki-sudoku", titles["kropki-sudoku"]),
        Job(f"{DATA}/xv-sudoku.toml", 1, lambda rng: variants.dotted(rng, "xv", sudoku_grid(9)), "xv-sudoku",
            titles["xv-sudoku"]),
        Job(f"{DATA}/jigsaw-sudoku.toml", 1, lambda rng: variants.jigsaw(rng, 9), "jigsaw-sudoku",
            titles["jigsaw-sudoku"]),
    ]  # fmt: skip
    for name, flags in givens_only.items():
        jobs.append(
            Job(f"{DATA}/{name}.toml", 1, _givens_maker(name, 9, flags), name, titles[name])  # type: ignore[arg-type]
        )
    for n in range(4, 10):
        jobs.append(Job(f"{DATA}/kenken-{n}.toml", n, _kenken(n, (1, 4)), "kenken", catalog.kenken_title(n)))
    for n in range(5, 10):
        jobs.append(Job(f"{DATA}/futoshiki-{n}.toml", n, _futoshiki(n), "futoshiki", catalog.futoshiki_title(n)))
    return jobs


def _givens_maker(name: str, size: int, flags: dict[str, bool]) -> Callable[[random.Random], Draft]:
    return lambda rng: variants.with_givens(rng, name, sudoku_grid(size, **flags))


def _kenken(n: int, cage: tuple[int, int]) -> Callable[[random.Random], Draft]:
    return lambda rng: variants.kenken(rng, n, cage)


def _futoshiki(n: int) -> Callable[[random.Random], Draft]:
    return lambda rng: variants.futoshiki(rng, n)


def _bench_jobs() -> list[Job]:
    return [
        Job(f"{BENCH}/killer-hard.toml", 2, lambda rng: variants.killer(rng, sudoku_grid(9), cage=(4, 7)),
            "killer-hard", "Killer sudoku, hard: 9x9, cages of 4 to 7 cells, no givens"),
        Job(f"{BENCH}/kakuro-15x15.toml", 1, lambda rng: variants.kakuro(rng, 15, 15, refills=1000),
            "kakuro-15x15", "Kakuro 15x15: digits 1..9, each run adds up to its clue, no digit twice in a run"),
        Job(f"{BENCH}/kenken-9.toml", 2, _kenken(9, (2, 5)), "kenken-9",
            "KenKen 9x9, cages of 2 to 5 cells: each cage's digits make its target by its operation"),
        Job(f"{BENCH}/futoshiki-9.toml", 2, _futoshiki(9), "futoshiki-9",
            "Futoshiki 9x9: a Latin square of 1..9 obeying the inequality signs, few givens"),
    ]  # fmt: skip


SUDOKU6 = "Fill the 6x6 grid with 1..6 so that every row, column and 2x3 box holds each digit once"


def _example_jobs() -> list[Job]:
    g6 = sudoku_grid(6)
    return [
        Job(f"{EXAMPLES}/killer-sudoku.toml", 1, lambda rng: variants.killer(rng, g6, (2, 4)), "killer-sudoku-6x6",
            "Killer sudoku 6x6: rows, columns and boxes hold 1..6 once; each cage's digits differ and add up to "
            "its sum", f"{SUDOKU6}, and so that the digits in each cage differ and add up to the cage's sum."),
        Job(f"{EXAMPLES}/kakuro.toml", 1, lambda rng: variants.kakuro(rng, 8, 8, refills=300), "kakuro-8x8",
            "Kakuro 8x8: each across and down run adds up to its clue, no digit twice in a run",
            "Write a digit 1..9 in every white square so that each across and down run of white squares adds up "
            "to its clue, with no digit twice in a run."),
        Job(f"{EXAMPLES}/kenken.toml", 1, _kenken(6, (1, 4)), "kenken-6x6", catalog.kenken_title(6),
            "Fill the 6x6 grid with 1..6 so that every row and column holds each digit once, and the digits of "
            "each cage make its target by its operation: + adds them, x multiplies them, - is the difference "
            "of two, / the larger of two divided by the smaller."),
        Job(f"{EXAMPLES}/futoshiki.toml", 1, _futoshiki(5), "futoshiki-5x5", catalog.futoshiki_title(5),
            "Fill the 5x5 grid with 1..5 so that every row and column holds each digit once and every "
            "inequality sign between two neighbours holds."),
        Job(f"{EXAMPLES}/thermo-sudoku.toml", 1, lambda rng: variants.thermo(rng, g6), "thermo-sudoku-6x6",
            "Thermometer sudoku 6x6: digits rise strictly along each thermometer from its bulb",
            f"{SUDOKU6}, and so that the digits rise strictly along every thermometer, from the bulb."),
        Job(f"{EXAMPLES}/arrow-sudoku.toml", 1, lambda rng: variants.arrow(rng, g6), "arrow-sudoku-6x6",
            "Arrow sudoku 6x6: the digits along each arrow add up to the digit in its circle",
            f"{SUDOKU6}, and so that the digits along each arrow add up to the digit in its circle."),
        Job(f"{EXAMPLES}/kropki-sudoku.toml", 1, lambda rng: variants.dotted(rng, "kropki", g6),
            "kropki-sudoku-6x6", "Kropki sudoku 6x6: white dots join consecutive digits, black dots a digit and "
            "its double; no dot, neither",
            f"{SUDOKU6}. A white dot between two cells says their digits are consecutive, a black dot that one "
            "is twice the other; between cells with no dot, neither holds (the negative constraint)."),
        Job(f"{EXAMPLES}/xv-sudoku.toml", 1, lambda rng: variants.dotted(rng, "xv", g6), "xv-sudoku-6x6",
            "XV sudoku 6x6: X joins two digits summing to 10, V two summing to 5; no mark, neither",
            f"{SUDOKU6}. An X between two cells says their digits add up to 10, a V that they add up to 5; "
            "neighbours with no mark add up to neither."),
        Job(f"{EXAMPLES}/anti-knight-sudoku.toml", 1, _givens_maker("anti-knight-sudoku-6x6", 6,
            {"anti_knight": True}), "anti-knight-sudoku-6x6",
            "Anti-knight sudoku 6x6: two cells a knight's move apart hold different digits",
            f"{SUDOKU6}, and so that no two cells a chess knight's move apart hold the same digit."),
        Job(f"{EXAMPLES}/x-sudoku.toml", 1, _givens_maker("x-sudoku-6x6", 6, {"diagonals": True}),
            "x-sudoku-6x6", "X-sudoku 6x6: both long diagonals also hold 1..6 once",
            f"{SUDOKU6}, and so that both long diagonals hold each digit once too."),
        Job(f"{EXAMPLES}/windoku.toml", 1, _givens_maker("windoku", 9, {"windows": True}), "windoku",
            catalog.VARIANT_TITLES["windoku"],
            "Fill the 9x9 grid with 1..9 so that every row, column and 3x3 box holds each digit once, and so do "
            "the four windows: the 3x3 squares at rows 2-4 and 6-8, columns 2-4 and 6-8."),
        Job(f"{EXAMPLES}/jigsaw-sudoku.toml", 1, lambda rng: variants.jigsaw(rng, 6, (2, 3)), "jigsaw-sudoku-6x6",
            "Jigsaw sudoku 6x6: every row, column and irregular region holds 1..6 once",
            "Fill the 6x6 grid with 1..6 so that every row, column and region (the squares with one letter in "
            "the map) holds each digit once."),
    ]  # fmt: skip


def jobs() -> list[Job]:
    return [*_catalog_jobs(), *_bench_jobs(), *_example_jobs()]


# --- writing ---------------------------------------------------------------------------------------

GRID_NOTES = {
    "size": "cells are named r1c1 (row 1, column 1) to r{n}c{n}",
    "regions": "one letter a square: the squares of one letter form a region that holds each digit once",
    "blocked": "'#' is a black square (no cell), '.' a white one",
    "latin": "rows and columns may repeat digits (they may not by default)",
    "diagonals": "both long diagonals hold each digit once",
    "windows": "the four windoku windows hold each digit once",
    "anti_knight": "two cells a knight's move apart never hold the same digit",
}
BOX_NOTES = {
    '"2x3"': "boxes 2 rows high and 3 columns wide (4x4, 9x9, 16x16 grids get square boxes unasked)",
    '"none"': "no boxes",
}
RULE_NOTES = {
    "killer": "A cage: its digits differ (distinct = true unless said otherwise) and add up to `sum`.",
    "kakuro": "A run: the white squares of one across or down entry; different digits adding up to `sum`.",
    "kenken": "A cage: its digits make the target by the operation: sum, product, difference (two cells, "
    "larger minus smaller) or quotient (two cells, larger divided by smaller). distinct = false: a digit "
    "may repeat in a cage where rows and columns allow it.",
    "futoshiki": "A sign: the first cell's digit is less than the second's.",
    "thermo": "A thermometer: its cells from the bulb to the tip, each digit greater than the one before.",
    "arrow": "An arrow: the shaft's digits (weight 1) minus the circle's (the last cell, weight -1) make 0, "
    "so the shaft adds up to the circle.",
    "kropki": "A dot between two cells: white joins consecutive digits, black a digit and its double.",
    "xv": "A mark between two cells: x joins two digits adding up to 10, v two adding up to 5.",
    "negative": "The negative constraint: every dot of these kinds is given, so neighbours with none have none "
    "of their relations.",
}


def _comment(text: str, width: int = 100) -> list[str]:
    out, line = [], "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width:
            out.append(line)
            line = "#"
        line += " " + word
    return [*out, line]


def _rows(grid: Grid, texts: Sequence[str], blocked: str) -> list[str]:
    """One line a row, the cells' texts spaced; `blocked` for a square with no cell ('' leaves it out)."""
    out = []
    for r in range(1, grid.rows + 1):
        row = [texts[grid.at[r, c]] if (r, c) in grid.at else blocked for c in range(1, grid.columns + 1)]
        out.append(" ".join(t for t in row if t))
    return out


def _grid_lines(grid: Grid, notes: bool) -> list[str]:
    out = ["[grid]"]

    def add(key: str, value: str) -> None:
        note = GRID_NOTES.get(key, BOX_NOTES.get(value, "")).replace("{n}", str(grid.rows)) if notes else ""
        if "\n" in value:
            out.extend([f"# {note}"] if note else [])
            out.append(f"{key} = {value}")
        else:
            out.append(f"{key} = {value}" + (f"  # {note}" if note else ""))

    if grid.rows == grid.columns:
        add("size", str(grid.rows))
    else:
        add("rows", str(grid.rows))
        add("columns", str(grid.columns))
    if grid.boxes:
        add("boxes", quote(grid.boxes))
    for key in ("regions", "blocked"):
        text = getattr(grid, key)
        if text:
            add(key, "'''\n" + text.strip() + "\n'''")
    if not grid.latin:
        add("latin", "false")
    for key in ("diagonals", "windows", "anti_knight", "anti_king", "non_consecutive"):
        if getattr(grid, key):
            add(key, "true")
    return out


def _style(rule: object, job: Job) -> str:
    if isinstance(rule, Dot):
        return KINDS[rule.kind].family
    if isinstance(rule, Negative):
        return "negative"
    if isinstance(rule, Cage):
        return "kenken" if not rule.distinct else "kakuro" if job.name.startswith("kakuro") else "killer"
    if isinstance(rule, Less):
        return "thermo" if "thermo" in job.name else "futoshiki"
    return "arrow" if isinstance(rule, Sum) else ""


def reading_order(clue: object, grid: Grid) -> tuple[int, int]:
    """Rules in the file: across before down (kakuro runs), then by their first square in reading
    order, a rule over no cells of its own (the negative constraint) last; givens are written apart."""
    if isinstance(clue, Given):
        return (0, clue.cell)
    if isinstance(clue, Negative):
        return (3, 0)
    cells = clue.cells  # type: ignore[attr-defined]
    down = len({grid.positions[c][0] for c in cells}) > 1 and len({grid.positions[c][1] for c in cells}) == 1
    return (1 + (down and grid.blocked != ""), min(cells))


def to_toml(draft: Draft, job: Job) -> str:
    """The instance as a puzzle file; with the job's intro it is an example, every key explained."""
    notes = bool(job.intro)
    grid, names = draft.grid, draft.grid.cell_names
    symbols = [grid.symbol(v) for v in draft.solution]
    out = _comment(job.intro) + ["#"] if notes else []
    out += [
        f"# Made by benchmarks/make_instances.py (seed {job.seed}); puzzlesat proves its solution unique:",
        f"#   puzzlesat solve {job.path} --limit 2",
    ]
    out += [f"name = {quote(job.name)}", f"title = {quote(job.title)}"]
    if draft.values is not None:
        lo, hi = min(draft.values), max(draft.values)
        out.append(f"values = {{ min = {lo}, max = {hi} }}" + ("  # the digits (default: 1 to the side)" * notes))
    givens = {c.cell: c.value for c in draft.clues if isinstance(c, Given)}
    if givens and grid.blocked:
        items = ", ".join(f"{quote(names[c])} = {v}" for c, v in sorted(givens.items()))
        out.append(f"givens = {{ {items} }}")
    elif givens:
        if notes:
            out.append("# the givens, row by row: a digit, or . for an empty cell (spaces and line breaks are ignored)")
        texts = [grid.symbol(givens[c]) if c in givens else "." for c in range(len(names))]
        out += ["givens = '''", *_rows(grid, texts, ""), "'''"]
    out += ["", *_grid_lines(grid, notes)]
    explained: set[str] = set()
    for rule in draft.clues:
        if isinstance(rule, Given):
            continue
        style = _style(rule, job)
        out.append("")
        if notes and style not in explained:
            explained.add(style)
            out += _comment(RULE_NOTES[style])
        out += [f"[[{rule.key}]]", *rule.to_toml(names)]
    out += ["", "[params]"]
    if notes:
        out.append("# for the record (puzzlesat only reports params): the seed and the unique solution")
    out += [f"seed = {job.seed}", "solution = '''", *_rows(grid, symbols, "#" if grid.blocked else ""), "'''"]
    return "\n".join(out) + "\n"


# --- the run -----------------------------------------------------------------------------------------


@dataclass
class Made:
    job: Job
    cells: int
    clues: str
    make_seconds: float
    solve_seconds: float


def render(job: Job) -> tuple[Draft, str]:
    """The job's instance (clues in file order) and the text of its file."""
    draft = job.make(random.Random(job.seed))
    draft.clues.sort(key=lambda c: reading_order(c, draft.grid))
    return draft, to_toml(draft, job)


def make(job: Job, seed: int | None, dry_run: bool) -> Made:
    """Make the job's instance, check that its file reads back and is unique, and write it."""
    if seed is not None and seed != job.seed:
        job = dataclasses.replace(job, seed=seed)
    start = time.monotonic()
    draft, text = render(job)
    made = time.monotonic() - start
    loaded = load_text(text, job.path)
    built = draft.puzzle()
    if (loaded.core, loaded.givens, loaded.domains) != (built.core, built.givens, built.domains):
        raise RuntimeError(f"{job.path}: the file does not read back as the puzzle made")
    if catalog.stored_solution(loaded) != draft.solution:
        raise RuntimeError(f"{job.path}: the recorded solution does not read back")
    outcome = puzzlesat.solve(loaded, limit=2, modulo_symmetry=False)
    if [s.values for s in outcome.solutions] != [draft.solution]:
        raise RuntimeError(f"{job.path}: puzzlesat does not find exactly the intended solution")
    if not dry_run:
        target = ROOT / job.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    counts = Counter(
        "givens" if isinstance(c, Given) else f"{c.key}s" if c.key != "less" else "chains"
        for c in draft.clues
        if not isinstance(c, Negative)
    )
    dots = counts.pop("dots", 0)
    clues = [f"{n} {k}" for k, n in sorted(counts.items())] + ([f"{dots} dots"] if dots else [])
    return Made(job, len(draft.solution), ", ".join(clues) or "none", made, outcome.seconds)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated instance names (see --list); default: all")
    parser.add_argument("--seed", type=int, help="another seed for the instances chosen by --only")
    parser.add_argument("--dry-run", action="store_true", help="make and check, write nothing")
    parser.add_argument("--list", action="store_true", help="list the instances and their files")
    args = parser.parse_args(argv)
    todo = jobs()
    if args.list:
        for job in todo:
            print(f"{job.key:28} seed {job.seed:3}  {job.path}")
        return 0
    if args.only:
        wanted = args.only.split(",")
        unknown = sorted(set(wanted) - {j.key for j in todo})
        if unknown:
            parser.error(f"unknown instance {unknown[0]!r}; see --list")
        todo = [j for j in todo if j.key in wanted]
    elif args.seed is not None:
        parser.error("--seed needs --only")
    rows = []
    for job in todo:
        print(f"{job.key} ...", file=sys.stderr, flush=True)
        done = make(job, args.seed, args.dry_run)
        rows.append(done)
        print(
            f"{job.key:28} {done.cells:4} cells  {done.clues:40} made {done.make_seconds:7.1f} s  "
            f"solved and proved unique {done.solve_seconds:6.2f} s",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
