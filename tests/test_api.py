"""The public API: cli.py uses only `puzzlesat`'s public names, which load lazily and without loops."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import puzzlesat

ROOT = Path(__file__).parent.parent
# The command line's modules as one tree (typer_compat is the one module that reaches into typer).
CLI = ast.Module(
    body=[
        node
        for path in sorted((ROOT / "src/puzzlesat/cli").glob("*.py"))
        if path.name not in ("__init__.py", "typer_compat.py")
        for node in ast.parse(path.read_text(encoding="utf-8")).body
    ],
    type_ignores=[],
)


def _imports(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def test_cli_imports_only_typer_puzzlesat_and_the_standard_library():
    """No reaching into solvers, puzzles, encoders or typer._click."""
    allowed = {"typer", "puzzlesat"} | set(sys.stdlib_module_names)
    assert {name for name in _imports(CLI) if name.split(".")[0] not in allowed} == set()
    # the API, the command line's own modules, and serve's (a sibling face)
    own = {name for name in _imports(CLI) if name.split(".")[0] == "puzzlesat"}
    assert "puzzlesat" in own
    faces = ("puzzlesat.cli.", "puzzlesat.web.")
    assert {n for n in own if n not in ("puzzlesat", "puzzlesat.cli") and not n.startswith(faces)} == set()
    assert "typer._click" not in ast.unparse(CLI)


def test_cli_uses_only_names_in_all():
    """Every `puzzlesat.X` in cli.py is public."""
    used = {
        node.attr
        for node in ast.walk(CLI)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "puzzlesat"
    }
    assert used and used <= set(puzzlesat.__all__), used - set(puzzlesat.__all__)


@pytest.mark.parametrize("name", puzzlesat.__all__)
def test_every_public_name_resolves(name):
    assert getattr(puzzlesat, name) is not None
    assert name in dir(puzzlesat)


def test_no_public_name_is_a_submodule():
    """Importing a submodule sets the package attribute of its name, which would hide a public name."""
    submodules = {m.name for m in pkgutil.iter_modules(puzzlesat.__path__)}
    assert not submodules & set(puzzlesat.__all__)


def test_the_package_imports_nothing_at_load():
    """`import puzzlesat` loads no submodule, so no submodule can import it back in a loop."""
    tree = ast.parse(Path(puzzlesat.__file__).read_text(encoding="utf-8"))
    top = {name for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom) for name in _imports(node)}
    assert top == {"__future__", "importlib"}


def test_no_submodule_imports_the_package_at_load():
    """Module-level imports in src/puzzlesat/ never name the package itself (the old __init__ <-> batch loop)."""
    paths = sorted(Path(puzzlesat.__path__[0]).rglob("*.py"))
    assert len(paths) > 20  # the subpackages' modules are read too
    for path in paths:
        if path.name == "__init__.py" and path.parent.name == "puzzlesat" or {"cli", "web"} & set(path.parts):
            continue  # the package itself, and the faces (command line, page), which use its public names
        info = SimpleNamespace(name=str(path.relative_to(ROOT)))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert (node.level, node.module) != (1, None), info.name  # `from . import x`
                assert node.module != "puzzlesat", info.name
            elif isinstance(node, ast.Import):
                assert "puzzlesat" not in {a.name for a in node.names}, info.name


@pytest.mark.parametrize(
    "module",
    ["puzzlesat.search.batch", "puzzlesat.search.solving", "puzzlesat.search.compare", "puzzlesat.cli.entry"],
)
def test_each_module_imports_first_in_a_fresh_interpreter(module):
    """Whatever is imported first, the import completes (a loop would fail on a half-built module)."""
    result = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_start_up_loads_no_backend():
    """The command line with every command registered (what --help and list pay for) loads no
    model, solver, encoder or report module: only its own (a module-level annotation such as
    `puzzlesat.Solution` would load the solver layer at every start)."""
    code = "import sys, puzzlesat.cli.entry as e; e.registered(); print(' '.join(sorted(sys.modules)))"
    loaded = set(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True).stdout.split())
    assert "puzzlesat.cli.solving" in loaded  # the commands were registered
    own = ("puzzlesat.cli", "puzzlesat.runtime")  # the command line, and the plumbing (errors, stops)
    ours = {m for m in loaded if m.startswith("puzzlesat.") and not m.startswith(own)}
    assert ours == set()
    assert not {m for m in loaded if m.split(".")[0] in ("z3", "pysat", "pyganak", "pynauty")}
