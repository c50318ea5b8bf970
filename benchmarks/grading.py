"""`python -m benchmarks.grading [--limit N] [--json FILE]`: `grade` against published ratings.

Grades every puzzle of benchmarks/data/rated_sudokus.txt (HoDoKu 2.2.0's level and score, sources
in its header) with `puzzlesat.explain`, then prints the Spearman rank correlation of puzzlesat's
score with HoDoKu's score, the agreement of the levels (HoDoKu's "unfair" read as "expert"), each
level's range of scores, and the slowest puzzle. Issue 29's target: Spearman at least 0.8, and no
easy puzzle grading above an extreme one. `--from FILE` summarises a run already made (one JSON
object a line, as `--json` writes them) instead of grading again.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

DATA = Path(__file__).parent / "data" / "rated_sudokus.txt"
LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
OURS = {"unfair": "expert"}


def rated(path: Path = DATA) -> list[tuple[str, str, int]]:
    """(puzzle line, HoDoKu level, HoDoKu score) for each line of the data file."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            grid, level, scale, score = line.split()[:4]
            if scale == "hodoku":
                out.append((grid, level, int(score)))
    return out


def grade_all(rows, timeout: float = 120.0):
    """One record a puzzle: the grade, wall and CPU seconds, and each step's technique and cost
    (`detail`), so the scale can be re-read without grading again (`--from`). A step whose
    deduction or stated reason fails its re-check stops the walk with a CheckError: counted in
    `errors`, never hidden."""
    import puzzlesat
    from puzzlesat.runtime.errors import CheckError

    for grid, level, score in rows:
        start, cpu = time.monotonic(), time.process_time()
        error = ""
        try:
            e = puzzlesat.explain(puzzlesat.load(grid), timeout=timeout)
        except CheckError as exc:
            error, e = str(exc), None
        record = {"line": grid, "level": level, "hodoku": score, "secs": round(time.monotonic() - start, 2),
                  "cpu": round(time.process_time() - cpu, 2), "error": error}  # fmt: skip
        if e is not None:
            record |= {
                "solved": e.solved, "score": e.grade.score, "ours": e.grade.level, "steps": len(e.steps),
                "detail": [[s.technique, s.cost, len(s.main), len(s.chain)] for s in e.steps],
            }
        else:
            record |= {"solved": False, "score": 0.0, "ours": "error", "steps": 0, "detail": []}
        yield record


def rescore(record: dict) -> dict:
    """The record's score and level by today's `grade_of`, from the steps' techniques and costs."""
    from puzzlesat.reasoning.api import grade_of
    from puzzlesat.reasoning.facts import Step

    if not record.get("detail"):
        return record
    line = record["line"]
    g = grade_of([Step((), (), (), cost, technique) for technique, cost, *_ in record["detail"]],
                 len(line), sum(1 for ch in line if ch in ".0"))
    return {**record, "score": g.score, "ours": g.level}


def ranks(xs: list[float]) -> list[float]:
    """Average ranks (ties share the mean of their places), as Spearman's rho takes them."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    var = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / var


def summary(results: list[dict]) -> str:
    ours = [r["score"] for r in results]
    rho = spearman([r["hodoku"] for r in results], ours)
    agree = sum(OURS.get(r["level"], r["level"]) == r["ours"] for r in results)
    lines = [
        f"{len(results)} classic sudokus rated by HoDoKu 2.2.0; all solved: {all(r['solved'] for r in results)}",
        f"Spearman rank correlation, puzzlesat's score against HoDoKu's score: {rho:.3f}",
        f"levels agreeing (HoDoKu's unfair read as expert): {agree} of {len(results)}",
    ]
    for level in LEVELS:
        mine = [r for r in results if r["level"] == level]
        scores = [r["score"] for r in mine]
        if scores:
            got = Counter(r["ours"] for r in mine)
            shown = ", ".join(f"{k} {v}" for k, v in sorted(got.items()))
            span = f"{min(scores):5.2f}-{max(scores):5.2f}"
            inside = spearman([r["hodoku"] for r in mine], scores) if len(set(scores)) > 1 else float("nan")
            lines.append(
                f"  HoDoKu {level:8} {len(scores):3} puzzles, score {span}, Spearman inside {inside:.2f} ({shown})"
            )
    easy = max((r["score"] for r in results if r["level"] == "easy"), default=0)
    extreme = min((r["score"] for r in results if r["level"] == "extreme"), default=float("inf"))
    lines.append(f"hardest easy {easy:.2f} < easiest extreme {extreme:.2f}: {easy < extreme}")
    slow = max(results, key=lambda r: r["secs"])
    lines.append(f"slowest: {slow['secs']:.1f} s (HoDoKu {slow['level']}, {slow['steps']} steps)")
    if all("cpu" in r for r in results):
        cpu = sorted(r["cpu"] for r in results)
        lines.append(f"grading CPU per puzzle: median {cpu[len(cpu) // 2]:.2f} s, max {cpu[-1]:.2f} s")
    errors = [r for r in results if r.get("error")]
    lines.append(f"re-check failures (a deduction or a stated reason): {len(errors)}")
    details = [d for r in results for d in r.get("detail", ())]
    if details:
        named = Counter(d[0] for d in details)
        lines.append(f"{len(details)} steps: " + ", ".join(f"{k} {v}" for k, v in named.most_common()))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.grading", description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, help="grade only the first N puzzles")
    ap.add_argument("--json", metavar="FILE", help="write one JSON object a puzzle to FILE")
    ap.add_argument("--from", dest="source", metavar="FILE", help="summarise FILE instead of grading")
    ap.add_argument("--rescore", action="store_true",
                    help="with --from: score and level again from the steps' techniques and costs")
    args = ap.parse_args(argv)
    if args.source:
        results = [json.loads(line) for line in Path(args.source).read_text().splitlines() if line.strip()]
        if args.rescore:
            results = [rescore(r) for r in results]
    else:
        rows = rated()[: args.limit]
        results = []
        out = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
        for r in grade_all(rows):
            results.append(r)
            if out is not None:
                out.write(json.dumps(r) + "\n")
                out.flush()
        if out is not None:
            out.close()
    print(summary(results))


if __name__ == "__main__":
    main()
