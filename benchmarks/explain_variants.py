"""`python -m benchmarks --explain --variants`: issue 43's speed targets for hint, explain and grade.

Every 9x9 puzzle of the real f-puzzles links (tests/data/real_links.json; the variants people
publish) is run as a user runs it, one whole process each: `puzzlesat hint LINK --json`,
`puzzlesat explain LINK --json` and `puzzlesat grade LINK --json`, each cut at `--timeout`, and
under an address-space cap (`--memory`, 2 GiB as the page has) so an out-of-memory shows as it
would there. Every placement is checked against the published solution. Targets (issue 43, point
5): hint <= 1 s median and <= 5 s max; explain and grade <= 10 s median and <= 60 s max.

The peer, with `--peers cpmpy`: CPMpy's step-wise explanation (`benchmarks/peer_explain.py`, OCUS
steps, Bogaerts/Gamba/Guns) of the same puzzle. CPMpy has no f-puzzles importer, so puzzlesat
writes its own lowered core, rule by rule under `show`'s names, as neutral JSON
(`benchmarks/peer_rules.py`), and the peer's process (cpmpy and the standard library only) builds
its CPMpy model from that file. It is cut at the same `--timeout` (no address-space cap: the cap
is the page's, not CPMpy's); a cut run keeps the steps it printed. Every placement it prints is
checked against the published solution. Its column (seconds, steps done of the cells to place,
finished or cut) goes beside puzzlesat's, into `results-explain-variants-cpmpy.json` by default.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .runner import ENV, PUZZLESAT, ROOT, kill_session

PEER = [sys.executable, str(ROOT / "benchmarks" / "peer_explain.py")]

LINKS = ROOT / "tests" / "data" / "real_links.json"
COMMANDS = ("hint", "explain", "grade")
TARGETS = {"hint": (1.0, 5.0), "explain": (10.0, 60.0), "grade": (10.0, 60.0)}  # (median, max) seconds
MEMORY = 2 << 30  # bytes of address space, as the page's worker has
CLASSIC = "uniqueClassicFPuzzles"  # the fixtures' classic sudokus: hint only


def puzzles(path: Path = LINKS) -> list[dict[str, Any]]:
    """The 9x9 real links (81-value solutions), in file order."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [p for p in doc["puzzles"] if len(p["solution"]) == 81 and "solutions" not in p]


def _cap(limit: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def capped_json(args: list[str], timeout: float, memory: int) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """One puzzlesat run as a whole process under an address-space cap: (its JSON document or
    None, the row so far: seconds and exit status, or the error that ended it)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*PUZZLESAT, *args, "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=ENV, start_new_session=True, preexec_fn=_cap(memory),
    )  # fmt: skip
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_session(proc.pid)
        proc.communicate()
        return None, {"seconds": None, "error": f"timeout after {timeout:g} s"}
    seconds = round(time.perf_counter() - start, 2)
    try:
        return json.loads(out), {"seconds": seconds, "exit": proc.returncode}
    except json.JSONDecodeError:
        last = (err.strip().splitlines() or ["-"])[-1][:200]
        return None, {"seconds": seconds, "exit": proc.returncode, "error": last}


def run_one(command: str, link: str, solution: str, timeout: float, memory: int) -> dict[str, Any]:
    """Whole-process seconds of one command, its exit status, and whether its placements are right."""
    doc, row = capped_json([command, link], timeout, memory)
    if doc is None:
        return row
    steps = doc.get("steps") or ([doc["step"]] if doc.get("step") else None)
    if isinstance(steps, list):  # explain and hint print the steps; grade their count and the hardest
        placed = [f for s in steps for f in s.get("deduced", []) if f.get("kind") == "place"]
        steps = len(steps)
    else:
        placed = [f for f in (doc.get("hardest") or {}).get("deduced", []) if f.get("kind") == "place"]
    wrong = [f"{f['cell']}={f['value']}" for f in placed if _value(solution, f["cell"]) != f["value"]]
    row |= {"steps": steps, "wrong": wrong}
    if "level" in doc and "score" in doc:
        row["grade"] = {"level": doc["level"], "score": doc["score"]}
    return row


def run_cpmpy(link: str, solution: str, timeout: float, workdir: Path) -> dict[str, Any]:
    """CPMpy's step-wise explanation of one link, cut at `timeout`: seconds (None when cut), the
    steps it printed, the cells it had to place, and every placement that differs from the solution."""
    import puzzlesat

    from .explain import run_partial
    from .peer_rules import write

    puzzle = puzzlesat.load(link)
    model = write(puzzle, workdir / "model.json")
    seconds, out, err, cut = run_partial([*PEER, "--model", str(model)], timeout)
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    steps = [x for x in lines if "cell" in x]
    done = any(x.get("done") for x in lines)
    if not cut and not done:
        return {"seconds": None, "error": (err.strip().splitlines() or ["no output"])[-1][:200]}
    cells = [s["cell"] for s in steps]
    return {
        "seconds": None if cut else round(seconds, 2),
        "steps": len(steps),
        "to_place": len(puzzle.cells) - len(puzzle.givens),
        "finished": done,
        "timed_out": cut,
        "first_step": steps[0]["seconds"] if steps else None,
        "wrong": [f"{s['cell']}={s['value']}" for s in steps if _value(solution, s["cell"]) != s["value"]],
        "repeated": sorted({c for c in cells if cells.count(c) > 1}),
        "max_rules": max((len(s["rules"]) for s in steps), default=None),
    }


def _value(solution: str, cell: str) -> int:
    r, c = (int(x) for x in cell[1:].split("c"))
    return int(solution[(r - 1) * 9 + c - 1])


def summary(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per command: median and max seconds (a timeout or a failure counts as the cut), and the verdict."""
    out = {}
    for command in COMMANDS:
        runs = [r[command] for r in rows if command in r]  # fmt: skip
        if not runs:
            continue
        secs = [r["seconds"] if r.get("seconds") is not None and "error" not in r else float("inf") for r in runs]
        med, top = statistics.median(secs), max(secs)
        want_med, want_max = TARGETS[command]
        out[command] = {
            "median": med, "max": top, "failed": sum(1 for r in runs if "error" in r),
            "target": f"median <= {want_med:g} s, max <= {want_max:g} s",
            "met": med <= want_med and top <= want_max,
        }  # fmt: skip
    return out


def main(
    only: list[str] | None, timeout: float, out: str, info: dict[str, Any], memory: int = MEMORY,
    peers: tuple[str, ...] = (),
) -> int:  # fmt: skip
    import tempfile

    from puzzlesat.runtime.atomic import write_atomic

    commands = [c for c in COMMANDS if not only or c in only]
    rows = []
    workdir = Path(tempfile.mkdtemp(prefix="explain-variants-"))
    for p in puzzles():
        row: dict[str, Any] = {"title": p["title"]}
        for command in commands:
            if command != "hint" and p["title"].startswith(CLASSIC):
                continue  # the targets for explain and grade are a variant's
            print(f"  {command} {p['title'][:50]} ...", file=sys.stderr, flush=True)
            row[command] = run_one(command, p["link"], p["solution"], timeout, memory)
        if "cpmpy" in peers and not p["title"].startswith(CLASSIC):  # classic rows: benchmarks/explain.py
            print(f"  cpmpy {p['title'][:50]} ...", file=sys.stderr, flush=True)
            row["cpmpy"] = run_cpmpy(p["link"], p["solution"], timeout, workdir)
        rows.append(row)
        partial = {"machine": info, "timeout": timeout, "memory_bytes": memory, "results": rows, "partial": True}
        write_atomic(out, json.dumps(partial, indent=1) + "\n")  # a long run cut short keeps its rows
    doc = {"machine": info, "timeout": timeout, "memory_bytes": memory, "results": rows, "summary": summary(rows)}
    write_atomic(out, json.dumps(doc, indent=1) + "\n")
    print(f"{info['cpu']}, {info['cores']} cores, Python {info['python']}, {info['date']}")
    print(f"whole-process seconds, one run each, cut at {timeout:g} s, address space <= {memory >> 20} MiB")
    print(table(rows, commands, timeout if "cpmpy" in peers else None))
    for command, s in doc["summary"].items():
        print(f"{command}: median {s['median']:.2f} s, max {s['max']:.2f} s, {s['failed']} failed; "
              f"{s['target']}: {'met' if s['met'] else 'missed'}")  # fmt: skip
    if "cpmpy" in peers:
        print(peer_summary(rows, timeout))
    else:
        print("peer: none asked; --peers cpmpy adds CPMpy's step-wise explanation of the same puzzles")
    checked = [*commands, "cpmpy"]
    bad = [r["title"] for r in rows if any(r[c].get("wrong") or r[c].get("repeated") for c in checked if c in r)]
    for title in bad:
        print(f"DISAGREE {title}: a placement differs from the solution", file=sys.stderr)
    return 1 if bad else 0


def _cell(run: dict[str, Any]) -> str:
    if run.get("seconds") is None:
        return "timeout"
    if "error" in run:
        return f"exit {run.get('exit')}"
    grade = run.get("grade") or {}
    extra = f" {grade.get('level')} {grade.get('score')}" if grade else ""
    return f"{run['seconds']:.2f}{extra}"


def _peer_cell(run: dict[str, Any], timeout: float) -> str:
    """`12.30 s, 76/76 done` or `cut at 60 s, 3/76`."""
    if "error" in run:
        return "FAILED"
    done = f"{run['steps']}/{run['to_place']}"
    return f"cut at {timeout:g} s, {done}" if run["timed_out"] else f"{run['seconds']:.2f} s, {done} done"


def peer_summary(rows: list[dict[str, Any]], timeout: float) -> str:
    """One line: how many CPMpy finished, how many it was cut on, and the steps it got through."""
    runs = [r["cpmpy"] for r in rows if "cpmpy" in r]
    done = [r for r in runs if r.get("finished")]
    cut = [r for r in runs if r.get("timed_out")]
    steps = sum(r.get("steps", 0) for r in runs)
    total = sum(r.get("to_place", 0) for r in runs)
    failed = len(runs) - len(done) - len(cut)
    return (f"peer CPMpy (OCUS step-wise): finished {len(done)} of {len(runs)}, cut at {timeout:g} s on "
            f"{len(cut)}, failed {failed}; {steps} of {total} placements explained")  # fmt: skip


def table(rows: list[dict[str, Any]], commands: list[str], peer_timeout: float | None = None) -> str:
    """One line a puzzle: each command's seconds (and grade), then CPMpy's column when it ran."""
    head = ["puzzle", *commands, *(["CPMpy"] if peer_timeout is not None else [])]
    body = []
    for r in rows:
        cells = [_cell(r[c]) if c in r else "-" for c in commands]
        if peer_timeout is not None:
            cells.append(_peer_cell(r["cpmpy"], peer_timeout) if "cpmpy" in r else "-")
        body.append([r["title"][:48], *cells])
    widths = [max(len(x[i]) for x in [head, *body]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(x, widths, strict=True)).rstrip() for x in [head, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
