"""The layers stay one-way, checked by import-linter's contract in pyproject.toml (`lint-imports`),
and two things it cannot say: which PySAT submodules the encoders may use, and no import loop.

The contract reads every import, lazy ones inside functions too, and skips `TYPE_CHECKING` blocks.
The loop test reads those as well: a circle of type hints is still two modules that need each other.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "src" / "puzzlesat"
def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] in ("encoders", "solvers"):
            continue  # reached below, from the card's folders themselves
        out[".".join(("puzzlesat", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")] = path
    for top in ("encoders", "solvers"):
        for path in sorted((ROOT / top).rglob("*.py")):
            name = ".".join(("puzzlesat", *path.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__")
            out[name] = path
    return out


MODULES = _modules()


def _lint_imports() -> list[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("import-linter is not installed (make test installs it)")
    return [exe]


def test_the_layering_contract_holds():
    """`lint-imports` keeps every contract of pyproject.toml: the layers from the faces down to the
    runtime, and only the solver layer imports z3, PySAT's solvers, pyganak or pyapproxmc."""
    done = subprocess.run(_lint_imports(), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert "Contracts: 3 kept, 0 broken." in done.stdout


def test_the_contract_catches_an_upward_import(tmp_path):
    """The contract can fail: a model module that imports the CLI breaks it (run on a copy)."""
    copy = tmp_path / "tree"
    skip = shutil.ignore_patterns("*.egg-info", "__pycache__")
    shutil.copytree(ROOT / "src", copy / "src", symlinks=False, ignore=skip)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    bad = copy / "src" / "puzzlesat" / "model" / "check.py"
    bad.write_text(bad.read_text(encoding="utf-8") + "\n\ndef _up():\n    import puzzlesat.cli.entry  # noqa\n")
    env = {"PYTHONPATH": str(copy / "src"), "PATH": str(Path(sys.executable).parent)}
    done = subprocess.run(_lint_imports(), cwd=copy, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 1
    assert "puzzlesat.model is not allowed to import puzzlesat.cli" in done.stdout


def _imports(path: Path) -> set[str]:
    """Every absolute module name `path` imports (lazy imports included), with `from a import b`
    counted as `a.b` too, so a submodule imported by name is seen."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return out


SOLVER_LIBRARIES = ("z3", "pysat", "pyganak", "pyapproxmc")
ENCODERS_MAY = ("pysat.card", "pysat.pb", "pysat.formula", "pysat._utils")  # _utils: PySAT's signal switch


@pytest.mark.parametrize("module", sorted(MODULES))
def test_only_the_solver_layer_imports_a_solver(module):
    """Outside `puzzlesat.solvers` nothing imports a solver library or the cp search's extension; the
    encoders use PySAT's card and PB encodings (and its formula pool) only."""
    names = _imports(MODULES[module])
    if module.startswith("puzzlesat.solvers"):
        return
    assert not {n for n in names if n.endswith("_cpsearch")}
    used = {n for n in names if n.split(".")[0] in SOLVER_LIBRARIES}
    if module.startswith("puzzlesat.encoders"):
        used = {n for n in used if n != "pysat" and not n.startswith(ENCODERS_MAY)}
    assert used == set()


def test_the_solver_libraries_are_used_where_the_contract_allows():
    """The checks above have something to check: the solver layer does import each library."""
    used = {n.split(".")[0] for m, p in MODULES.items() if m.startswith("puzzlesat.solvers") for n in _imports(p)}
    assert set(SOLVER_LIBRARIES) <= used


def _package_imports(path: Path, module: str) -> set[str]:
    """Every module of ours that `path` imports, type hints included, resolved to our names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            subs = {f"{base}.{a.name}" for a in node.names} & set(MODULES)
            out |= subs if len(subs) == len(node.names) else subs | {base}
    return {m for m in out if m in MODULES and m != module}


def test_no_import_loop():
    """No module reaches itself through the modules it imports (lazy imports and type hints included);
    a package's own `__init__` is where its modules start, so it is not followed."""
    graph = {m: {i for i in _package_imports(p, m) if i != "puzzlesat"} for m, p in MODULES.items()}
    loops = []
    for start in sorted(graph):
        stack, seen = [(start, (start,))], set()
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph[node]):
                if nxt == start:
                    loops.append(" -> ".join((*path, nxt)))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
    assert loops == []


def _vulture(*paths: str | Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("vulture", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("vulture is not installed (make test installs it)")
    return subprocess.run([exe, *map(str, paths), "--min-confidence", "60"], cwd=ROOT, capture_output=True, text=True)


def test_no_dead_code():
    """vulture finds nothing unused in the package (the tests and benchmarks count as users; what
    only a string or a framework reaches is listed in vulture_whitelist.py, each with why)."""
    done = _vulture("src/puzzlesat", "encoders", "solvers", "cli.py", "tests", "benchmarks", "vulture_whitelist.py")
    ours = [line for line in done.stdout.splitlines() if not line.startswith(("tests/", "benchmarks/"))]
    assert ours == []


def test_the_dead_code_scan_can_fail(tmp_path):
    """An unused function is reported, whitelist or not."""
    module = tmp_path / "dead.py"
    module.write_text("def used():\n    return 1\n\n\ndef never_called():\n    return used()\n")
    done = _vulture(module, ROOT / "vulture_whitelist.py")
    assert "unused function 'never_called'" in done.stdout
