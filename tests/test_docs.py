"""Every command the README and docs/ show is run, and its output must keep the shape shown.

The convention, for whoever writes docs:

- In a fenced code block, a line starting with `$ ` is a command; the lines after it, up to the
  next `$ ` line or the end of the block, are its output as shown. Lines without `$ ` (usage
  synopses such as `puzzlesat dimacs PUZZLE [-o FILE]`) are grammar, not commands.
- A `$ puzzlesat ...` command runs in-process (`cli.main`) in a fresh folder per document, with
  `examples/` and `benchmarks/` linked in, and in page order, so a command may use the files an
  earlier one wrote (`-o`, `> file`). A `> FILE` redirection and a `| program` pipe are honoured.
- A ```toml block with `name = "X"` is written to `X.toml` in that folder first, so the prose can
  show a file and then solve it.
- Another program (`cadical`, `minisat`) runs through the shell when it is installed; otherwise the
  rest of that block is skipped. `make` is never run (it would install and test the project).
- A command ending in a comment with `long` (`# long: 2 s`) is not run: the test stays fast.
- What is compared: the exit status (the one a trailing `# exit N` comment states; else non-zero
  exactly when the shown output is a `puzzlesat: error:` line), and the first line of the output
  with timings (`0.12 s`) and temporary paths blurred; for a JSON document, its keys. Output shown
  as `...` only fixes the status.

Also checked: the README's count of example files is the number in `examples/`.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import shutil
import subprocess
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md"]
OTHER_PROGRAMS = ("cadical", "minisat", "picosat", "cat", "sed", "head")
FENCE = re.compile(r"^```(\w*)\s*$")


@dataclass
class Step:
    kind: str  # "run" or "toml"
    text: str  # the command line, or the TOML file's text
    shown: list[str]  # the output lines shown under a command
    line: int  # where it is in the document


def steps(path: Path) -> list[list[Step]]:
    """The document's code blocks, each as its commands (and TOML files) in order."""
    blocks: list[list[Step]] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        start, lang = i + 1, fence.group(1)
        i += 1
        body: list[str] = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        if lang == "toml":
            name = re.search(r'^name = "([\w-]+)"', "\n".join(body), re.M)
            if name:
                blocks.append([Step("toml", "\n".join(body) + "\n", [name.group(1)], start)])
            continue
        block: list[Step] = []
        for k, text in enumerate(body):
            if text.startswith("$ "):
                block.append(Step("run", text[2:], [], start + k))
            elif block:
                block[-1].shown.append(text)
        if block:
            blocks.append(block)
    return blocks


def _is_long(command: str) -> bool:
    comment = command.partition(" #")[2] if " #" in command else ""
    return "long" in comment


def _blur(line: str, folder: Path) -> str:
    line = line.replace(str(folder) + "/", "")
    return re.sub(r"\d+\.\d+ s\b", "T s", line).rstrip()


def _run_puzzlesat(argv: list[str]) -> tuple[int, str]:
    import cli

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            cli.main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 0
    return code, out.getvalue() + err.getvalue()


def run_step(step: Step, folder: Path) -> tuple[int, str] | None:
    """Run one command in `folder`; None when it cannot run here (its program is missing)."""
    tokens = shlex.split(step.text, comments=True)
    pipe = tokens.index("|") if "|" in tokens else None
    after = tokens[pipe + 1 :] if pipe is not None else []
    tokens = tokens[:pipe] if pipe is not None else tokens
    target = None
    if ">" in tokens:
        k = tokens.index(">")
        target, tokens = tokens[k + 1], tokens[:k]
    if tokens[0] == "puzzlesat":
        import os

        here = Path.cwd()
        os.chdir(folder)
        try:
            code, out = _run_puzzlesat(tokens[1:])
        finally:
            os.chdir(here)
    elif tokens[0] in OTHER_PROGRAMS and shutil.which(tokens[0]):
        done = subprocess.run(tokens, cwd=folder, capture_output=True, text=True, timeout=60)
        code, out = done.returncode, done.stdout + done.stderr
    else:
        return None
    if target is not None:
        (folder / target).write_text(out)
        out = ""
    if after:
        out = subprocess.run(after, cwd=folder, input=out, capture_output=True, text=True, timeout=60).stdout
    return code, out


def _check(step: Step, code: int, out: str, folder: Path, where: str) -> None:
    if step.text.split()[0] != "puzzlesat":  # another program's status is its own (cadical: 10 for SAT)
        return
    shown = [line for line in step.shown if line.strip()]
    stated = re.search(r"#.*\bexit (\d+)", step.text)
    if stated:
        assert code == int(stated.group(1)), f"{where}: `{step.text}` exited {code}:\n{out}"
    else:
        error = bool(shown) and shown[0].startswith("puzzlesat: error:")
        assert (code != 0) == error, f"{where}: `{step.text}` exited {code}:\n{out}"
    if not shown or shown[0].strip() == "...":
        return
    got = [line for line in out.splitlines() if line.strip()]
    assert got, f"{where}: `{step.text}` printed nothing"
    if shown[0].lstrip().startswith("{") and got[0].lstrip().startswith("{"):
        expected_keys = list(json.loads("\n".join(shown)))
        assert list(json.loads(out)) == expected_keys, where
        return
    assert _blur(got[0], folder) == _blur(shown[0], folder), f"{where}: `{step.text}`"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_documented_commands_keep_their_shape(doc: Path, tmp_path: Path) -> None:
    for name in ("examples", "benchmarks"):
        (tmp_path / name).symlink_to(ROOT / name)
    ran = 0
    for block in steps(doc):
        for step in block:
            where = f"{doc.name}:{step.line}"
            if step.kind == "toml":
                (tmp_path / f"{step.shown[0]}.toml").write_text(step.text)
                continue
            if _is_long(step.text):
                continue
            result = run_step(step, tmp_path)
            if result is None:
                break  # a program we cannot run: the rest of the block may depend on it
            _check(step, *result, tmp_path, where)
            ran += 1
    if doc.name in ("core.md", "dimacs.md", "json.md") or doc == ROOT / "README.md":
        assert ran, "no command ran"


def test_readme_counts_the_examples() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"`examples/` has (\d+) puzzle files", text)
    assert stated, "the README says how many puzzle files examples/ has"
    assert int(stated.group(1)) == len(list((ROOT / "examples").glob("*.toml")))


def test_benchmark_data_ships_with_the_repository() -> None:
    """`make bench` runs on a fresh clone: every workload's puzzle file, givens and instances are in
    benchmarks/data (issue 18: they used to be read from outside the repository)."""
    from benchmarks.workloads import WORKLOADS

    for w in WORKLOADS:
        if w.ref.endswith(".toml"):
            assert Path(w.ref).is_file(), w.name
        if w.givens is not None:
            assert w.givens().strip(), w.name
        if w.instances is not None:
            assert len(w.instances()) >= 1, w.name


def test_benchmarks_readme_names_only_existing_options() -> None:
    """Every `--option` benchmarks/README.md mentions is one the runner, the instance generator or
    puzzlesat takes (it once documented a `--jobs` that did not exist)."""
    import subprocess
    import sys

    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    helps = ""
    for module in ("benchmarks", "benchmarks.make_instances"):
        done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True)
        helps += done.stdout
    for command in ("solve", "compare"):
        helps += _run_puzzlesat([command, "--help"])[1]
    missing = sorted({flag for flag in re.findall(r"(--[a-z][a-z-]*)", text) if flag not in helps})
    assert not missing
