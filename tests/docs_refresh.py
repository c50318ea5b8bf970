"""Run the commands the docs show, compare their whole output, and rewrite what drifted.

`python -m tests.docs_refresh` (from the project folder, with the project's Python) re-runs every
command shown in README.md, docs/*.md and benchmarks/README.md and rewrites each output block in
place with the real output; `--skip-long` leaves out the commands marked `# long`, and names of
documents limit it to those. tests/test_docs.py uses the same functions to fail on any drift.

The convention, for whoever writes docs:

- In a fenced code block (indented fences too), a line starting with `$ ` is a command; the lines
  after it, up to the next `$ ` line or the end of the block, are its output, blank lines at its end
  aside. Lines without `$ ` before the first command (usage synopses such as `puzzlesat dimacs
  PUZZLE [-o FILE]`) are grammar, not commands.
- A `$ puzzlesat ...` command runs in-process (`cli.main`) in a fresh folder per document, with
  `examples/` and `benchmarks/` linked in, and in page order, so a command may use the files an
  earlier one wrote (`-o`, `> file`). A `> FILE` redirection (of standard output) and a `| program`
  pipe are honoured. A ```toml block with `name = "X"` is written to `X.toml` in that folder first.
- Another program (`cadical`, `minisat`) runs without a shell when it is installed; otherwise, and
  when a command needs what is not installed (`--solver-cmd` naming a missing program, `--plot`
  without matplotlib, `--scheduler` without Dask), the rest of the block is skipped. `make` never
  runs (it would install and test the project).
- A trailing comment says how a command is treated: `# exit N`, the status it must end with (else 0,
  or any non-zero when the output shown starts with `puzzlesat: error:`); `# long` (`# long: 8 s`),
  run only by the slow tests (`pytest -m slow`) and by this refresher; `# not run` (a cluster, this
  machine's free memory), shown and never run.
- The whole output is compared, stdout then stderr, line by line (trailing spaces aside). Only
  times are masked: a duration in words (`0.65 s`: digits, a point, digits, ` s`) and the value of
  a JSON key ending in `seconds` (`"build_seconds": 0.0136`); and in `compare`, which orders its
  rows by time, the order of the rows, the `*` on the fastest and the numbers with a decimal point
  in its rows (its time columns). A line `...` stands for any number of lines (none included); an
  output shown as `...` alone only fixes the status. A temporary folder's path is blurred.
- The refresher keeps a block that matches (its timings stay the doc's own); a block that does not
  is rewritten with the real run's lines, keeping the doc's line wherever it matches masked (so
  unchanged lines keep their numbers) and the shape of its `...` (as many lines before and after).
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OTHER_PROGRAMS = ("cadical", "minisat", "picosat", "cat", "sed", "head", "tail")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
ELLIPSIS = "..."
TIME = re.compile(r"\b\d+\.\d+ s\b")
JSON_TIME = re.compile(r'("\w*seconds": )-?\d+(?:\.\d+)?(?:[eE]-?\d+)?')
DECIMAL = re.compile(r"\b\d+\.\d+\b")
# What a puzzlesat option needs that may be missing here: an importable module.
NEEDS_MODULE = {"--plot": "matplotlib", "--scheduler": "distributed", "serve": "uvicorn"}
HINT = "to refresh the docs: .venv/bin/python -m tests.docs_refresh (then review `git diff`)"


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md"]


@dataclass
class Step:
    kind: str  # "run" or "toml"
    text: str  # the command line, or the TOML file's text
    shown: list[str] = field(default_factory=list)  # the output lines shown (or the TOML file's name)
    line: int = 0  # 1-based line of the command in the document
    indent: str = ""  # the fence's indentation, which every line of the block carries

    @property
    def comment(self) -> str:
        return self.text.partition(" #")[2] if " #" in self.text else ""

    @property
    def long(self) -> bool:
        return bool(re.search(r"\blong\b", self.comment))

    @property
    def not_run(self) -> bool:
        return "not run" in self.comment

    @property
    def stated_exit(self) -> int | None:
        stated = re.search(r"\bexit (\d+)", self.comment)
        return int(stated.group(1)) if stated else None


def blocks(text: str) -> list[list[Step]]:
    """The document's code blocks, each as its commands (and TOML files) in order."""
    lines = text.splitlines()
    found: list[list[Step]] = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent, lang = fence.group(1), fence.group(2)
        start = i + 1
        i += 1
        body: list[str] = []
        while i < len(lines) and not lines[i].strip().startswith("```"):
            body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        i += 1
        if lang == "toml":
            name = re.search(r'^name = "([\w-]+)"', "\n".join(body), re.M)
            if name:
                found.append([Step("toml", "\n".join(body) + "\n", [name.group(1)], start, indent)])
            continue
        block: list[Step] = []
        for k, text_line in enumerate(body):
            if text_line.startswith("$ "):
                block.append(Step("run", text_line[2:], [], start + k + 1, indent))
            elif block:
                block[-1].shown.append(text_line.rstrip())
        for step in block:
            while step.shown and not step.shown[-1].strip():
                step.shown.pop()
        if block:
            found.append(block)
    return found


# --- running -------------------------------------------------------------------------------------


@dataclass
class Ran:
    code: int
    out: str  # what the reader sees: stdout (unless redirected), then stderr


def _run_puzzlesat(argv: list[str]) -> tuple[int, str, str]:
    from puzzlesat import cli

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            cli.main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return int(code), out.getvalue(), err.getvalue()


def missing(tokens: list[str]) -> str | None:
    """Why a command cannot run here (a program or a module missing), or None."""
    if tokens[0] == "make":
        return "make is never run here (it would install and test the project)"
    if tokens[0] != "puzzlesat":
        known = tokens[0] in OTHER_PROGRAMS and shutil.which(tokens[0])
        return None if known else f"{tokens[0]} is not installed"
    for option, module in NEEDS_MODULE.items():
        if option in tokens and importlib.util.find_spec(module) is None:
            return f"{option} needs {module}, which is not installed"
    if "--solver-cmd" in tokens:
        program = shlex.split(tokens[tokens.index("--solver-cmd") + 1])[0]
        if shutil.which(program) is None:
            return f"{program} is not installed"
    return None


def run(command: str, folder: Path) -> Ran | str:
    """Run one command line in `folder`; why not (a string) when it cannot run here."""
    tokens = shlex.split(command, comments=True)
    pipe = tokens.index("|") if "|" in tokens else None
    after = tokens[pipe + 1 :] if pipe is not None else []
    tokens = tokens[:pipe] if pipe is not None else tokens
    target = None
    if ">" in tokens:
        k = tokens.index(">")
        target, tokens = tokens[k + 1], tokens[:k]
    lack = missing(tokens) or (missing(after) if after else None)
    if lack:
        return lack
    if tokens[0] == "puzzlesat":
        here = Path.cwd()
        os.chdir(folder)
        try:
            code, out, err = _run_puzzlesat(tokens[1:])
        finally:
            os.chdir(here)
    else:
        done = subprocess.run(tokens, cwd=folder, capture_output=True, text=True, timeout=120)
        code, out, err = done.returncode, done.stdout, done.stderr
    if target is not None:
        (folder / target).write_text(out)
        out = ""
    if after:
        out = subprocess.run(after, cwd=folder, input=out, capture_output=True, text=True, timeout=60).stdout
    return Ran(code, out + err)


def prepare(folder: Path) -> None:
    for name in ("examples", "benchmarks"):
        if not (folder / name).exists():
            (folder / name).symlink_to(ROOT / name)


# --- comparing -----------------------------------------------------------------------------------


def _mask_line(line: str, folder: Path | None) -> str:
    if folder is not None:
        line = line.replace(str(folder) + "/", "")
    line = JSON_TIME.sub(r"\1T", TIME.sub("T s", line))
    return line.rstrip()


def _orders_by_time(command: str) -> bool:
    tokens = command.split()
    return len(tokens) > 1 and tokens[0] == "puzzlesat" and tokens[1] == "compare"


def _mask_compare_row(line: str) -> str:
    """A compare row without its times: the `*`, the decimal numbers and the padding they cause; in
    a JSON document, the rows in a fixed order."""
    if line.startswith("{"):
        try:
            doc = json.loads(line)
        except ValueError:
            return line
        if isinstance(doc, dict) and isinstance(doc.get("rows"), list):
            doc["rows"] = sorted(doc["rows"], key=lambda row: JSON_TIME.sub(r"\1T", json.dumps(row, sort_keys=True)))
            return JSON_TIME.sub(r"\1T", json.dumps(doc))
        return line
    return " ".join(DECIMAL.sub("T", line.lstrip("*")).split())


def masked(lines: list[str], command: str, folder: Path | None = None) -> list[str]:
    out = [_mask_line(line, folder) for line in lines]
    if _orders_by_time(command):  # compare's table rows ("*  sat ...", "   sat ...") in any order
        rows = [i for i, line in enumerate(lines) if line.startswith(("*  ", "   ")) or line.startswith("{")]
        for i, row in zip(rows, sorted(_mask_compare_row(lines[i].rstrip()) for i in rows), strict=True):
            out[i] = row
    return out


def _segments(shown: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for line in shown:
        if line.strip() == ELLIPSIS:
            parts.append([])
        else:
            parts[-1].append(line)
    return parts


def _find(hay: list[str], needle: list[str], start: int) -> int:
    for i in range(start, len(hay) - len(needle) + 1):
        if hay[i : i + len(needle)] == needle:
            return i
    return -1


def matches(shown: list[str], got: list[str], command: str, folder: Path | None = None) -> bool:
    """The real lines `got` are what `shown` shows, times masked, each `...` standing for any lines."""
    parts = [masked(p, command, folder) for p in _segments(shown)]
    real = masked(got, command, folder)
    if len(parts) == 1:
        return parts[0] == real
    head, *middle, tail = parts
    if real[: len(head)] != head or len(real) < len(head) + len(tail):
        return False
    end = len(real) - len(tail)
    if real[end:] != tail:
        return False
    pos = len(head)
    for part in middle:
        found = _find(real[:end], part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return True


def _merge(doc_lines: list[str], real: list[str], key) -> list[str]:
    """The real lines, except that a line whose key equals the doc line's stays as the doc has it."""
    a, b = key(doc_lines), key(real)
    out: list[str] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        out.extend(doc_lines[i1:i2] if tag == "equal" else [line.rstrip() for line in real[j1:j2]])
    return out


def refreshed(
    shown: list[str], got: list[str], command: str, folder: Path | None = None, times: bool = False
) -> list[str]:
    """What the block should show now: `shown` itself when it matches, else the real lines in its
    shape (as many lines before and after each `...`), a line that matches masked keeping the doc's
    numbers. With `times`, the real run's times too: only lines equal to the real ones are kept."""
    if matches(shown, got, command, folder) and not times:
        return shown

    def key(lines: list[str]) -> list[str]:
        if times or _orders_by_time(command):  # compare's rows move with their times: kept only as they are
            return [line.rstrip() for line in lines]
        return masked(lines, command, folder)

    parts = _segments(shown)
    if len(parts) == 1:
        return _merge(shown, got, key)
    head, tail = parts[0], parts[-1]
    if len(got) <= len(head) + len(tail) + 1:
        return _merge([line for line in shown if line.strip() != ELLIPSIS], got, key)
    new = _merge(head, got[: len(head)], key) + [ELLIPSIS]
    end = len(got) - len(tail)
    pos = len(head)
    real = masked(got, command, folder)
    for part in parts[1:-1]:  # a middle part stays where the real output still has it
        found = _find(real[:end], masked(part, command, folder), pos)
        if found >= 0:
            new += _merge(part, got[found : found + len(part)], key) + [ELLIPSIS]
            pos = found + len(part)
    return new + _merge(tail, got[end:], key)


def diff(shown: list[str], new: list[str], where: str) -> str:
    return "\n".join(difflib.unified_diff(shown, new, f"{where} (as documented)", f"{where} (as run)", lineterm=""))


# --- a whole document ----------------------------------------------------------------------------


@dataclass
class Outcome:
    step: Step
    where: str
    ran: Ran | None = None
    skipped: str | None = None  # why it did not run
    problems: list[str] = field(default_factory=list)
    new: list[str] | None = None  # the output block as it should read, when it drifted


def _status_problem(step: Step, ran: Ran) -> str | None:
    if step.text.split()[0] != "puzzlesat":  # another program's status is its own (cadical: 10 for SAT)
        return None
    stated = step.stated_exit
    if stated is not None:
        ok = ran.code == stated
        want = f"{stated}"
    else:
        error = bool(step.shown) and step.shown[0].startswith("puzzlesat: error:")
        ok = (ran.code != 0) == error
        want = "non-zero" if error else "0"
    return None if ok else f"exited {ran.code}, documented {want} (say `# exit N` after the command):\n{ran.out}"


def check_steps(
    steps_: Iterator[tuple[str, Step]], folder: Path, *, long: bool | None, compare: bool = True, times: bool = False
) -> list[Outcome]:
    """Run the steps in order in `folder`. `long`: False skips `# long` commands, True runs only the
    blocks that have one, None runs everything. A block stops at its first command that cannot run."""
    outcomes: list[Outcome] = []
    skip_block = None
    for where, step in steps_:
        block_id = where.rsplit("#", 1)[0]
        if step.kind == "toml":
            (folder / f"{step.shown[0]}.toml").write_text(step.text)
            continue
        if skip_block == block_id:
            outcomes.append(Outcome(step, where, skipped="an earlier command of its block could not run"))
            continue
        if step.not_run or (long is False and step.long):
            outcomes.append(Outcome(step, where, skipped="not run" if step.not_run else "long"))
            continue
        result = run(step.text, folder)
        if isinstance(result, str):
            skip_block = block_id
            outcomes.append(Outcome(step, where, skipped=result))
            continue
        outcome = Outcome(step, where, ran=result)
        problem = _status_problem(step, result)
        if problem:
            outcome.problems.append(problem)
        got = result.out.rstrip("\n").splitlines()
        while got and not got[-1].strip():
            got.pop()
        if compare and step.shown and step.text.split()[0] == "puzzlesat":
            new = refreshed(step.shown, got, step.text, folder, times)
            if new != step.shown:
                outcome.new = new
                outcome.problems.append(f"the output drifted:\n{diff(step.shown, new, where)}")
        outcomes.append(outcome)
    return outcomes


def document_steps(path: Path, *, long: bool | None) -> Iterator[tuple[str, Step]]:
    """The steps of a document, each with its place (`README.md:12#3`: line, then its block's number);
    with `long=True` only the blocks holding a `# long` command (and every TOML file)."""
    for n, block in enumerate(blocks(path.read_text(encoding="utf-8"))):
        if long is True and not any(s.kind == "run" and s.long for s in block) and block[0].kind != "toml":
            continue
        for step in block:
            yield f"{_name(path)}:{step.line}#{n}", step


def check_document(path: Path, folder: Path, *, long: bool | None, times: bool = False) -> list[Outcome]:
    prepare(folder)
    return check_steps(document_steps(path, long=long), folder, long=long, times=times)


def rewrite(path: Path, outcomes: list[Outcome]) -> int:
    """Write each drifted output block back into the document; the number of blocks rewritten."""
    lines = path.read_text(encoding="utf-8").split("\n")
    changed = 0
    for outcome in sorted((o for o in outcomes if o.new is not None), key=lambda o: -o.step.line):
        step = outcome.step
        start = step.line  # the 0-based index of the first output line
        end = start + len(step.shown)
        assert lines[step.line - 1].strip() == f"$ {step.text}", (path, step.line)
        lines[start:end] = [f"{step.indent}{line}" if line else "" for line in outcome.new]
        changed += 1
    if changed:
        path.write_text("\n".join(lines), encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.docs_refresh", description=__doc__.split("\n\n")[0])
    parser.add_argument("docs", nargs="*", help="documents to refresh (default: README.md, docs/*.md, ...)")
    parser.add_argument("--skip-long", action="store_true", help="leave out the commands marked `# long`")
    parser.add_argument("--times", action="store_true", help="show this run's times too, also in blocks that match")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    paths = [Path(d).resolve() for d in args.docs] or documents()
    failed = 0
    for path in paths:
        with tempfile.TemporaryDirectory(prefix="puzzlesat-docs-") as tmp:
            outcomes = check_document(path, Path(tmp), long=False if args.skip_long else None, times=args.times)
        for o in outcomes:
            if o.skipped and o.skipped not in ("long", "not run"):
                print(f"{o.where.split('#')[0]}: skipped `{o.step.text}`: {o.skipped}")
            for problem in o.problems:
                if not problem.startswith("the output drifted"):
                    failed += 1
                    print(f"{o.where.split('#')[0]}: `{o.step.text}` {problem}")
        n = rewrite(path, outcomes)
        ran = sum(o.ran is not None for o in outcomes)
        print(f"{_name(path)}: {ran} commands run, {n} output blocks rewritten")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
