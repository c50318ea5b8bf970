"""Every command the README and docs/ show is run and its whole output compared; every example of
every command's `--help` is run and must end with its status.

The convention for documents (what runs, what is masked, `# exit N`, `# long`, `# not run`, `...`)
is in tests/docs_refresh.py, which also rewrites the outputs that drifted:
`.venv/bin/python -m tests.docs_refresh`. Help examples follow the same comments: a line of an
`Examples:` epilog (cli.py `_examples`) runs in a fresh folder with `examples/` linked in, after
the command's earlier examples, and must exit 0 unless it says `# exit N`.

Also checked: the docs' count of example files is the number in `examples/`, and the README is a
front page (under 400 lines) whose links lead to files that exist.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_refresh import (
    HINT,
    ROOT,
    Step,
    blocks,
    check_document,
    check_steps,
    documents,
    masked,
    matches,
    prepare,
    refreshed,
    rewrite,
)

DOCS = documents()
MUST_RUN = [
    "README.md",
    *(f"docs/{name}.md" for name in ("core", "dimacs", "json", "format", "setter", "counting", "explain")),
]


def _report(outcomes) -> str:
    problems = [f"{o.where.split('#')[0]}: `{o.step.text}` {p}" for o in outcomes for p in o.problems]
    return "\n\n".join(problems) + f"\n\n{HINT}" if problems else ""


def _has_long(doc: Path) -> bool:
    return any(s.kind == "run" and s.long for b in blocks(doc.read_text(encoding="utf-8")) for s in b)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_documented_commands_print_what_is_shown(doc: Path, tmp_path: Path) -> None:
    outcomes = check_document(doc, tmp_path, long=False)
    report = _report(outcomes)
    assert not report, report
    if str(doc.relative_to(ROOT)) in MUST_RUN:
        assert any(o.ran for o in outcomes), "no command ran"


@pytest.mark.slow
@pytest.mark.parametrize("doc", [d for d in DOCS if _has_long(d)], ids=lambda p: str(p.relative_to(ROOT)))
def test_documented_long_commands_print_what_is_shown(doc: Path, tmp_path: Path) -> None:
    report = _report(check_document(doc, tmp_path, long=True))
    assert not report, report


# --- the help examples ---------------------------------------------------------------------------


def _commands() -> dict[str, object]:
    import typer

    from puzzlesat import cli

    root = typer.main.get_command(cli.app)
    return {"(root)": root, **root.commands}


def help_examples(command) -> list[str]:
    """The example lines of a command's --help: its epilog after `Examples:`."""
    epilog = command.epilog or ""
    if "Examples:" not in epilog:
        return []
    return [line.strip() for line in epilog.split("Examples:", 1)[1].splitlines() if line.strip()]


COMMANDS = _commands()


def _example_steps(name: str) -> list[tuple[str, Step]]:
    lines = help_examples(COMMANDS[name])
    return [(f"{name} --help, example {k}#0", Step("run", line)) for k, line in enumerate(lines, 1)]


@pytest.mark.parametrize("name", COMMANDS)
def test_help_examples_run(name: str, tmp_path: Path) -> None:
    """Each example a newcomer may paste from `--help` ends with its documented status (issue 32)."""
    prepare(tmp_path)
    outcomes = check_steps(iter(_example_steps(name)), tmp_path, long=False, compare=False)
    report = _report(outcomes)
    assert not report, report
    lacking = [o.skipped for o in outcomes if o.skipped and "not installed" in o.skipped]
    if lacking and not any(o.ran for o in outcomes):  # `serve` without the web extra (a newcomer's make test)
        pytest.skip(lacking[0])
    assert any(o.ran for o in outcomes), f"{name} --help has no example that ran"


@pytest.mark.slow
@pytest.mark.parametrize("name", [n for n in COMMANDS if any(s.long for _, s in _example_steps(n))])
def test_long_help_examples_run(name: str, tmp_path: Path) -> None:
    prepare(tmp_path)
    report = _report(check_steps(iter(_example_steps(name)), tmp_path, long=None, compare=False))
    assert not report, report


def test_every_command_has_examples_in_its_epilog() -> None:
    """Examples live in the epilog, where this test finds and runs them, not in a docstring."""
    for name, command in COMMANDS.items():
        assert help_examples(command), f"{name} --help shows no examples"
        assert "Example" not in (command.help or ""), f"{name}: examples belong in the epilog (cli._examples)"


# --- the comparison itself -----------------------------------------------------------------------


def test_only_times_are_masked() -> None:
    lines = [
        "80 solutions modulo symmetry (group of order 12), complete, 0.65 s",
        "no Dask scheduler answered within 3 s",
        '{"seconds": 0.0669, "build_seconds": 1e-05, "timeout": 60.0, "count": 6}',
        "5x5: 0.4 is not a time",
    ]
    assert masked(lines, "puzzlesat solve x") == [
        "80 solutions modulo symmetry (group of order 12), complete, T s",
        "no Dask scheduler answered within 3 s",
        '{"seconds": T, "build_seconds": T, "timeout": 60.0, "count": 6}',
        "5x5: 0.4 is not a time",
    ]


def test_compare_rows_match_in_any_order_of_time() -> None:
    shown = [
        "   backend  encoding  build s  solutions  status",
        "*  sat      order      0.0180          1  ok",
        "   sat      log        0.0166          1  ok",
        "magic-frame: 2 configurations, 2 ok, first solution, consistent",
    ]
    got = [shown[0], "*  sat      log       10.0166          1  ok", "   sat      order      0.0180          1  ok"]
    got.append(shown[3])
    assert matches(shown, got, "puzzlesat compare magic-frame")
    assert not matches(shown, [*got[:3], "magic-frame: 2 configurations, 1 ok"], "puzzlesat compare magic-frame")
    assert not matches(shown, got, "puzzlesat solve magic-frame")  # elsewhere the order is the output's
    row = '{"backend": "sat", "encoding": "%s", "build_seconds": %s}'
    doc = '{"puzzle": "magic-frame", "rows": [%s, %s], "consistent": true}'
    shown = [doc % (row % ("order", "0.01"), row % ("log", "0.02"))]
    assert matches(shown, [doc % (row % ("log", "0.0034"), row % ("order", "0.1"))], "puzzlesat compare x --json")
    assert not matches(shown, [doc % (row % ("log", "0.01"), row % ("onehot", "0.1"))], "puzzlesat compare x --json")


def test_an_ellipsis_stands_for_any_lines() -> None:
    got = ["#1", "a", "", "#2", "b", "", "#3", "c", "", "3 solutions, 0.50 s"]
    assert matches(["#1", "a", "...", "3 solutions, 0.10 s"], got, "puzzlesat solve x")
    assert matches(["#1", "...", "#3", "...", "3 solutions, 0.10 s"], got, "puzzlesat solve x")
    assert matches(["..."], got, "puzzlesat solve x")
    assert not matches(["#1", "b", "...", "3 solutions, 0.10 s"], got, "puzzlesat solve x")
    assert not matches(["#1", "a", "3 solutions, 0.10 s"], got, "puzzlesat solve x")


def test_a_refreshed_block_keeps_its_shape_and_the_doc_numbers_of_matching_lines() -> None:
    got = ["#1", "b", "", "#2", "c", "", "2 solutions, complete, 0.52 s", "extra line"]
    shown = ["#1", "a", "...", "2 solutions, complete, 0.10 s"]
    assert refreshed(shown, got, "puzzlesat solve x") == ["#1", "b", "...", "extra line"]
    shown = ["2 solutions, complete, 0.10 s", "old line"]
    assert refreshed(shown, got[6:], "puzzlesat solve x") == ["2 solutions, complete, 0.10 s", "extra line"]


def test_the_refresher_rewrites_a_drifted_block_in_place(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(
        "Text.\n\n  ```text\n  $ puzzlesat solve magic-frame --all | tail -1\n  7 solutions, 0.10 s\n\n"
        "  $ puzzlesat check sudoku | tail -1\n  unique: exactly one solution, 9.99 s\n  ```\nEnd.\n",
        encoding="utf-8",
    )
    folder = tmp_path / "run"
    folder.mkdir()
    outcomes = check_document(doc, folder, long=False)
    assert [bool(o.problems) for o in outcomes] == [True, False]
    assert "-7 solutions, 0.10 s" in outcomes[0].problems[0]
    assert rewrite(doc, outcomes) == 1
    lines = doc.read_text(encoding="utf-8").splitlines()
    assert lines[4].startswith("  6 solutions modulo symmetry (group of order 8), complete, ")
    kept = ["", "  $ puzzlesat check sudoku | tail -1", "  unique: exactly one solution, 9.99 s", "  ```", "End."]
    assert lines[5:] == kept
    assert not _report(check_document(doc, folder, long=False))


# --- the README ----------------------------------------------------------------------------------


def test_readme_is_a_front_page() -> None:
    """Reference lives in docs/; the README says what puzzlesat is, how to set it up, and shows it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 400
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
        if not target.startswith("http"):
            assert (ROOT / target).exists(), target


def test_doc_links_lead_to_files() -> None:
    for doc in DOCS:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", doc.read_text(encoding="utf-8")):
            if not target.startswith("http"):
                assert (doc.parent / target).exists(), f"{doc.relative_to(ROOT)}: {target}"


def test_docs_count_the_examples() -> None:
    text = "\n".join(d.read_text(encoding="utf-8") for d in DOCS)
    stated = re.search(r"`examples/` has (\d+) puzzle files", text)
    assert stated, "the docs say how many puzzle files examples/ has"
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

    from docs_refresh import _run_puzzlesat

    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    helps = ""
    modules = (
        "benchmarks", "benchmarks.make_instances", "benchmarks.batch", "benchmarks.limit2", "benchmarks.startup",
        "benchmarks.defaults", "benchmarks.peer_explain",
    )
    for module in modules:
        done = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True)
        helps += done.stdout
    for command in (["solve"], ["compare"], []):
        helps += _run_puzzlesat([*command, "--help"])[1]
    missing = sorted({flag for flag in re.findall(r"(--[a-z][a-z-]*)", text) if flag not in helps})
    assert not missing
