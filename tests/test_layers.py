"""The layers stay one-way: model -> encoders -> solvers -> the API -> the CLI, with no import loop.

Every import is read from the source (lazy imports inside functions too), so a loop cannot hide
behind a function-level import. The layers skip `TYPE_CHECKING` blocks (type hints, not imports);
the loop test reads them too: a circle of type hints is still two modules that need each other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
LAYERS = ["puzzles", "encoders", "solvers", "puzzlesat", "web", "cli"]  # each may import only those before it


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _imports(path: Path, typing: bool = False) -> set[str]:
    """Every module `path` imports, resolved to our module names; TYPE_CHECKING blocks skipped
    unless `typing`. `from . import sub` imports the submodule, not its package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    skip = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for n in ast.walk(node)
    }
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip and not typing:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            subs = {f"{base}.{a.name}" for a in node.names} & KNOWN
            if len(subs) < len(node.names):
                out.add(base)
            out |= subs
    return {m for m in out if m.split(".")[0] in LAYERS}


SOURCES = sorted(p for layer in LAYERS[:-1] for p in (ROOT / layer).rglob("*.py")) + [ROOT / "cli.py"]
MODULES = {_module(p): p for p in SOURCES}
KNOWN = set(MODULES)
GRAPH = {m: {i for i in _imports(p) if i in MODULES and i != m} for m, p in MODULES.items()}
TYPED = {m: {i for i in _imports(p, typing=True) if i in MODULES and i != m} for m, p in MODULES.items()}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_only_lower_layers(module):
    """puzzles imports no encoder, encoders no solver, solvers not the API, nothing the CLI."""
    rank = LAYERS.index(module.split(".")[0])
    upward = sorted(i for i in GRAPH[module] if LAYERS.index(i.split(".")[0]) > rank)
    assert upward == []


def test_no_import_loop():
    """No module reaches itself through the modules it imports (lazy imports and type hints included)."""
    loops = []
    for start in sorted(TYPED):
        stack, seen = [(start, (start,))], set()
        while stack:
            node, path = stack.pop()
            for nxt in sorted(TYPED[node]):
                if nxt == start:
                    loops.append(" -> ".join((*path, nxt)))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, (*path, nxt)))
    assert loops == []


def _third_party(path: Path) -> set[str]:
    """The top-level names of every module `path` imports (lazy imports included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_only_solvers_import_the_model_counter():
    """pyganak (exact counting) is a solver library: only `solvers/` imports it."""
    users = sorted(m for m, p in MODULES.items() if "pyganak" in _third_party(p))
    assert users and all(m.startswith("solvers.") for m in users), users
