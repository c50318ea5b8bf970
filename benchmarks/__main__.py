"""`python -m benchmarks [--issue 6|16 | --counting | --explain | --serve | --rated-variants] [--only W,...]`."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
from importlib import metadata
from typing import Any

from puzzlesat.runtime.atomic import write_atomic

from .runner import ROOT, Result, run_startup, run_workload
from .workloads import GROUPS, STARTUP, by_name

PEERS = ("cpsat", "gecode")
INSTALL = {
    "cpsat": "pip install -e '.[bench]' (OR-Tools)",
    "gecode": "apt-get install minizinc (Debian's MiniZinc ships Gecode)",
}


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    cpu = ""
    try:
        cpu = next(
            line.split(":", 1)[1].strip()
            for line in open("/proc/cpuinfo", encoding="utf-8")
            if line.startswith("model name")
        )
    except (OSError, StopIteration):
        cpu = platform.processor()
    versions = {}
    for dist in ("python-sat", "z3-solver", "ortools", "cpmpy", "hodoku-py"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    exe = shutil.which("minizinc")
    if exe:
        out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip().splitlines()
        versions["minizinc"] = next((line for line in out if "version" in line.lower()), "?")
    return {
        "date": datetime.date.today().isoformat(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "versions": versions,
    }


def installed_peers() -> list[str]:
    peers = []
    try:
        import ortools  # noqa: F401

        peers.append("cpsat")
    except ImportError:
        pass
    if shutil.which("minizinc"):
        peers.append("gecode")
    return peers


def _s(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds:.2f}"


def _cell(run: Any, timeout: float) -> str:
    if run is None:
        return "n/a"
    if run.seconds is not None:
        return _s(run.seconds)
    return f">{timeout:g}" if run.error.startswith("timeout") else "FAILED"


def table(results: list[Result], startup: list[dict[str, Any]], timeout: float, raw: bool = False) -> str:
    tools = ["puzzlesat", "puzzlesat-best", "cpsat", "gecode", *(["gecode-raw"] if raw else [])]
    head = ["workload", "puzzlesat", "best config", "CP-SAT", "Gecode", *(["Gecode raw"] if raw else [])]
    head += ["ratio", "best ratio", "targets"]
    rows = []
    for r in results:
        cells = [r.workload.name]
        for tool in tools:
            run = next((x for x in r.runs if x.tool == tool), None)
            cells.append(_cell(run, timeout))
        for ratio in (r.ratio(), r.ratio(tool="puzzlesat-best")):
            cells.append("-" if ratio is None else f"{ratio:.2f}")
        verdicts = [f"{t.text()}: {r.verdict(t)}" for t in r.workload.targets]
        if r.disagreement:
            verdicts.insert(0, "DISAGREE " + r.disagreement)
        cells.append("; ".join(verdicts))
        rows.append(cells)
    for s in startup:
        verdict = f"{s['target']}: {'met' if s['met'] else 'missed'}"
        rows.append([s["command"], _s(s["seconds"]), *[""] * (len(head) - 3), verdict])
    widths = [max(len(str(x[i])) for x in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(x, widths, strict=True)).rstrip() for x in [head, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Time puzzlesat against OR-Tools CP-SAT and MiniZinc/Gecode, whole processes, medians.",
    )
    ap.add_argument(
        "--issue",
        choices=sorted(GROUPS),
        default="6",
        help="which issue's workloads: 6 (the peer table, medians) or 16 (enumeration modulo symmetry "
        "against Gecode + lex and first squares, best of --repeat, --json defaults to "
        "benchmarks/results-enumeration.json; its rows with puzzlesat --workers 2 are skipped with one "
        "line where the command line has no such option)",
    )
    ap.add_argument("--only", help="comma list of workloads of that issue (default: all)")
    ap.add_argument(
        "--repeat", type=int, help="runs per tool and workload (default 3, the median kept; --issue 16: 2, the best)"
    )
    ap.add_argument(
        "--gecode-raw",
        action="store_true",
        help="also run Gecode on the raw model (no lex-leader constraints; the runner canonicalises its solutions)",
    )
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per process before it counts as failed")
    ap.add_argument("--peers", help="comma list of peers to run (default: every one installed)")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results.json"), help="where to write the results")
    ap.add_argument("--no-startup", action="store_true", help="skip the --help/list start-up timings")
    ap.add_argument(
        "--counting",
        action="store_true",
        help="run the counting workloads instead (benchmarks/counting.py; --only and --timeout apply, "
        "--json defaults to benchmarks/results-counting.json)",
    )
    ap.add_argument(
        "--serve",
        action="store_true",
        help="run issue 33's targets for puzzlesat serve instead (benchmarks/serve.py; needs the web extra, and "
        "chromium with chromedriver for the first view; --json defaults to benchmarks/results-serve.json)",
    )
    ap.add_argument(
        "--explain",
        action="store_true",
        help="run issue 29's explain targets instead: puzzlesat explain against CPMpy's step-wise explanation "
        "(benchmarks/explain.py; --only takes levels, e.g. easy,extreme; --timeout cuts CPMpy; --json defaults "
        "to benchmarks/results-explain.json)",
    )
    ap.add_argument(
        "--variants",
        action="store_true",
        help="with --explain: issue 43's targets, hint, explain and grade of every 9x9 real link under a 2 GiB "
        "address-space cap (benchmarks/explain_variants.py; --only takes commands, e.g. hint,grade; --json "
        "defaults to benchmarks/results-explain-variants.json; --peers cpmpy adds CPMpy's step-wise explanation "
        "of each variant, written to benchmarks/results-explain-variants-cpmpy.json)",
    )
    ap.add_argument(
        "--rated-variants",
        action="store_true",
        help="run issue 43's check of the one scale on variants instead: grade every puzzle of "
        "benchmarks/data/rated_variants.json (published difficulty, sources in its header) under a 2 GiB cap, "
        "Spearman and per-level means per source (benchmarks/rated_variants.py; --only takes sources, e.g. "
        "dks,sgt-keen; --timeout cuts each grade, at most 120 s; --json defaults to "
        "benchmarks/results-rated-variants.json)",
    )
    ap.add_argument(
        "--defaults",
        action="store_true",
        help="run issue 40's workloads instead: every backend of puzzlesat beside CP-SAT, Gecode, plain PySAT and "
        "DLX (benchmarks/defaults.py; --repeat rounds, default 3, interleaved, best kept; --json defaults to "
        "benchmarks/results-defaults.json)",
    )
    ap.add_argument(
        "--grading",
        action="store_true",
        help="run issue 43's grading target instead: puzzlesat grade against hodoku-py's rating on the rated "
        "classic sudokus, CPU per puzzle in one process interleaved, and whole processes on every 4th "
        "(benchmarks/grading_peer.py; needs the bench extra; --json defaults to benchmarks/results-grading-peer.json; "
        "python -m benchmarks.grading_peer --every N --whole M grades every N-th puzzle, whole processes on every "
        "M-th of those)",
    )
    args = ap.parse_args(argv)
    default_json = str(ROOT / "benchmarks" / "results.json")
    if args.rated_variants:
        from . import rated_variants

        out = str(rated_variants.RESULTS) if args.json == default_json else args.json
        only = args.only.split(",") if args.only else None
        return rated_variants.main(only, min(args.timeout, 120.0), out, machine())
    if args.defaults:
        from . import defaults

        out = str(defaults.RESULTS) if args.json == default_json else args.json
        names = args.only.split(",") if args.only else None
        return defaults.main(names, args.repeat or 3, args.timeout, out, machine())
    if args.grading:
        from . import grading_peer

        out = str(grading_peer.RESULTS) if args.json == default_json else args.json
        return grading_peer.main(1, 4, args.timeout, out, machine())
    if args.issue == "16":
        from . import enumeration

        out = str(ROOT / "benchmarks" / "results-enumeration.json") if args.json == default_json else args.json
        if shutil.which("minizinc") is None:
            print(f"benchmarks: gecode is not installed; to add it: {INSTALL['gecode']}", file=sys.stderr)
        names = args.only.split(",") if args.only else None
        return enumeration.main(names, args.repeat or 2, args.timeout, out, args.gecode_raw, machine())
    if args.serve:
        from . import serve

        out = str(ROOT / "benchmarks" / "results-serve.json") if args.json == default_json else args.json
        return serve.main(out, machine())
    if args.explain and args.variants:
        from . import explain_variants

        peers = tuple(args.peers.split(",")) if args.peers else ()
        name = "results-explain-variants-cpmpy.json" if "cpmpy" in peers else "results-explain-variants.json"
        out = str(ROOT / "benchmarks" / name) if args.json == default_json else args.json
        only = args.only.split(",") if args.only else None
        return explain_variants.main(only, min(args.timeout, 120.0), out, machine(), peers=peers)
    if args.explain:
        from . import explain

        out = str(ROOT / "benchmarks" / "results-explain.json") if args.json == default_json else args.json
        return explain.main(args.only.split(",") if args.only else None, args.timeout, out, machine())
    if args.issue == "30":
        from . import real_links

        out = str(ROOT / "benchmarks" / "results-real-links.json") if args.json == default_json else args.json
        peers = [p for p in installed_peers() if not args.peers or p in args.peers.split(",")]
        names = args.only.split(",") if args.only else None
        return real_links.main(names, peers, args.repeat or 3, args.timeout, out, machine())
    args.repeat = args.repeat or 3
    if args.counting:
        from . import counting

        out = str(ROOT / "benchmarks" / "results-counting.json") if args.json == default_json else args.json
        return counting.main(args.only.split(",") if args.only else None, args.timeout, out)

    workloads = by_name(args.only.split(",") if args.only else None)
    peers = installed_peers()
    for peer in PEERS:
        if peer not in peers:
            print(
                f"benchmarks: {peer} is not installed, its column stays empty; to add it: {INSTALL[peer]}",
                file=sys.stderr,
            )
    if args.peers:
        peers = [p for p in args.peers.split(",") if p in peers]
    if args.gecode_raw and "gecode" in peers:
        peers.append("gecode-raw")

    def say(text: str) -> None:
        print(f"  running {text} ...", file=sys.stderr, flush=True)

    results = [run_workload(w, args.repeat, args.timeout, peers, say) for w in workloads]
    startup = [] if args.no_startup else run_startup(STARTUP, args.repeat)
    info = machine()
    doc = {"machine": info, "repeat": args.repeat, "results": [r.as_json() for r in results], "startup": startup}
    write_atomic(args.json, json.dumps(doc, indent=1) + "\n")  # first: a rendering bug must not lose a run
    print(f"{info['cpu']}, {info['cores']} cores, Python {info['python']}, {info['date']}")
    print(f"whole-process seconds, median of {args.repeat}; ratio = puzzlesat (default) / fastest peer")
    print(table(results, startup, args.timeout, args.gecode_raw))
    for r in results:
        best = next((x for x in r.runs if x.tool == "puzzlesat-best"), None)
        if best is not None:
            print(f"  best config for {r.workload.name}: {best.config}")
    print(f"written: {args.json}", file=sys.stderr)
    return 1 if any(r.disagreement for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
