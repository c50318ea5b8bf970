"""The workloads of issue #6, each with its target, as data.

A workload names a catalog puzzle and what is asked: "all" (every solution; modulo symmetry for
puzzlesat, raw for the peers, canonicalised by the runner), "first" (one solution) or "batch" (the
first solution of each instance in a file, for the 50 hard sudokus).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .generate import sudoku

DATA = Path(__file__).resolve().parent / "data"


def _read_lines(name: str) -> list[str]:
    path = DATA / name
    if not path.is_file():
        raise SystemExit(f"benchmarks: {path} not found (the benchmark data shipped in benchmarks/data/)")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


@dataclass(frozen=True)
class Target:
    """puzzlesat's whole-process time must be <= ratio x the peer's (or <= seconds, with no peer)."""

    peer: str | None  # "gecode", "cpsat", "best" (the faster one), or None for an absolute target
    ratio: float = 1.0
    seconds: float | None = None

    def text(self) -> str:
        if self.peer is None:
            return f"<= {self.seconds} s"
        return f"<= {self.ratio:g}x {self.peer}"


@dataclass(frozen=True)
class Workload:
    name: str
    title: str
    ref: str
    mode: str  # "all", "first" or "batch"
    params: dict[str, str] = field(default_factory=dict)
    givens: Callable[[], str] | None = None  # "first" on a sudoku
    instances: Callable[[], list[str]] | None = None  # "batch"
    targets: tuple[Target, ...] = ()
    expected: int | None = None  # the count PUZZLES.md or the issue states, checked too
    timeout: float | None = None  # seconds per process, instead of the runner's --timeout
    extra: tuple[str, ...] = ()  # more puzzlesat options (`--workers 2`); a row skipped if refused
    peers_of: str | None = None  # the workload whose peer runs this row shares (same question)

    def cli_args(self, instance_file: Path | None = None) -> list[str]:
        """puzzlesat's arguments for this workload (the configuration flags are added by the runner)."""
        args = ["solve", self.ref]
        for k, v in self.params.items():
            args += ["-p", f"{k}={v}"]
        if self.mode == "all":
            args.append("--all")
        if self.givens is not None:
            args += ["--givens", self.givens()]
        if self.mode == "batch":
            args += ["--givens-file", str(instance_file)]
        return [*args, *self.extra, "--json"]


GECODE = Target("gecode")
WORKLOADS: tuple[Workload, ...] = (
    Workload("magic-star", "magic star, all solutions (80 classes, 960 raw)", "magic-star", "all",
             targets=(GECODE,), expected=80),
    Workload("magic-square-4", "4x4 magic squares, all (880 classes, 7040 raw)", "magic-square", "all",
             params={"order": "4"}, targets=(GECODE,), expected=880),
    Workload("magic-square-18", "3x3 magic squares from 1..18, all (50 classes, 400 raw)", "magic-square-18", "all",
             targets=(GECODE,), expected=50),
    Workload("magic-square-5", "5x5 magic square, first solution", "magic-square", "first", params={"order": "5"},
             targets=(Target("cpsat"), Target("gecode", 3.0))),
    Workload("sudoku-hard50", "50 hard 9x9 sudokus (Norvig's top95, first 50)", "sudoku", "batch",
             instances=lambda: _read_lines("sudoku_hard50.txt")[:50], targets=(Target(None, seconds=0.5),)),
    Workload("sudoku-16", "16x16 sudoku, first solution", "sudoku", "first", params={"box": "4"},
             givens=lambda: _read_lines("sudoku16.txt")[0], targets=(Target("best", 1.5),)),
    Workload("sudoku-25", "25x25 sudoku (generated, seed 2026, 45% givens), first solution", "sudoku", "first",
             params={"box": "5"}, givens=sudoku, targets=(Target("best", 1.5),)),
    *(
        Workload(f"{name}-{mode}", f"{title}, {'first solution' if mode == 'first' else 'proof of uniqueness'}",
                 str(DATA / f"{name}.toml"), mode, targets=(Target("best"),), expected=None if mode == "first" else 1)
        for name, title in (
            ("killer-hard", "9x9 killer sudoku, cages of 4-7 cells, no givens"),
            ("kakuro-15x15", "15x15 kakuro"),
            ("kenken-9", "9x9 KenKen"),
            ("futoshiki-9", "9x9 futoshiki"),
        )
        for mode in ("first", "all")
    ),
)  # fmt: skip

# Issue 16: enumeration modulo symmetry against Gecode given the same lex-leader constraints, and
# first solutions of larger squares. Run with `python -m benchmarks --issue 16` (best of --repeat).
# The issue's "5x5 magic square with two givens" is benchmarks/data/magic-square-5-givens.toml,
# written by `generate.magic_square_with_givens`: two givens leave millions of solutions, so it
# has seven (the first row and two cells below it, of the square by the Siamese method), chosen so
# that puzzlesat's whole enumeration takes 10-60 s (docs/decisions/benchmarks.md, "Benchmarks of issue 16").
WORKERS = ("--workers", "2")
ISSUE16: tuple[Workload, ...] = (
    *(
        Workload(f"star-{k}", f"magic star, {k} points, {n:,} classes", "magic-star", "all",
                 params={"points": str(k)}, targets=(GECODE,), expected=n)
        for k, n in ((6, 80), (7, 72), (8, 112))
    ),
    Workload("square-4", "4x4 magic square, 880 classes", "magic-square", "all", params={"order": "4"},
             targets=(GECODE,), expected=880),
    Workload("star-9", "magic star, 9 points, 3,014 classes", "magic-star", "all", params={"points": "9"},
             targets=(GECODE,), expected=3014, timeout=120.0),
    Workload("star-9-workers", "magic star, 9 points, 2 workers", "magic-star", "all", params={"points": "9"},
             targets=(GECODE,), expected=3014, timeout=120.0, extra=WORKERS, peers_of="star-9"),
    *(
        Workload(f"square-{n}-first", f"{n}x{n} magic square, first solution", "magic-square", "first",
                 params={"order": str(n)}, targets=(GECODE,), timeout=60.0)
        for n in (5, 6, 7, 8)
    ),
    Workload("square-5-givens", "5x5 magic square, 7 givens, all 122 solutions",
             str(DATA / "magic-square-5-givens.toml"), "all", targets=(GECODE,), expected=122, timeout=120.0),
    Workload("square-5-six-givens", "5x5 magic square, 6 givens, all 1,068 solutions",
             str(DATA / "magic-square-5-six-givens.toml"), "all", targets=(GECODE,), expected=1068, timeout=120.0),
    Workload("square-5-givens-workers", "5x5 magic square, 7 givens, 2 workers",
             str(DATA / "magic-square-5-givens.toml"), "all", targets=(GECODE,), expected=122, timeout=120.0,
             extra=WORKERS, peers_of="square-5-givens"),
)  # fmt: skip


def _real_links() -> tuple[Workload, ...]:
    """Issue 30: the real f-puzzles links of tests/data/real_links.json, each proved unique (every
    solution; the sandwich snipe has two), target under 2 s whole process."""
    import json
    import re

    doc = json.loads((DATA.parent.parent / "tests" / "data" / "real_links.json").read_text(encoding="utf-8"))
    out = []
    for i, p in enumerate(doc["puzzles"]):
        words = re.findall(r"[A-Za-z0-9]+", p["title"].split(" by ")[0])
        out.append(Workload(f"{i:02d}-{'-'.join(words[:4]).lower()}", p["title"], p["link"], "all",
                            targets=(Target(None, seconds=2.0),), expected=int(p.get("solutions", 1)), timeout=60.0))
    return tuple(out)


REAL_LINKS = _real_links()
GROUPS = {"6": WORKLOADS, "16": ISSUE16, "30": REAL_LINKS}

# Start-up, puzzlesat only.
STARTUP: tuple[tuple[str, list[str], float], ...] = (
    ("puzzlesat --help", ["--help"], 0.15),
    ("puzzlesat list", ["list"], 0.15),
)


def by_name(names: list[str] | None, workloads: tuple[Workload, ...] = WORKLOADS) -> list[Workload]:
    if not names:
        return list(workloads)
    known = {w.name: w for w in workloads}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"benchmarks: unknown workload {unknown[0]!r}; valid: {', '.join(known)}")
    return [known[n] for n in names]
