"""`puzzlesat compare --plot`: the figure's files, and its errors before any configuration runs."""

from __future__ import annotations

import sys

import pytest

from puzzlesat.render import plot
from puzzlesat.search import compare as cmp

ENCODINGS = "z3-int,z3-pb,log,onehot"


def test_svg_names_every_configuration(cli, tmp_path):
    """The SVG keeps its labels as text: every configuration's label, as the table names it, is in it."""
    pytest.importorskip("matplotlib")
    out = tmp_path / "frame.svg"
    r = cli("compare", "magic-frame", "--all", "--encodings", ENCODINGS, "--json", "--plot", str(out))
    assert r.code == 0, r.err
    svg = out.read_text()
    assert svg.startswith("<?xml") and svg.rstrip().endswith("</svg>")
    rows = r.json()["rows"]
    assert len(rows) == 7  # one-hot runs its four card/PB pairs
    for row in rows:
        label = "/".join(row[k] for k in ("backend", "encoding", "card", "pb", "solver") if row[k])
        assert label in svg
    assert "magic-frame: all solutions modulo symmetry" in svg
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary file left


def test_png_signature(cli, tmp_path):
    """A .png file is a PNG image (first solutions only: no "all" bars)."""
    pytest.importorskip("matplotlib")
    out = tmp_path / "frame.png"
    r = cli("compare", "magic-frame", "--encodings", "log,z3-int", "--plot", str(out))
    assert r.code == 0, r.err
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_svg_is_deterministic():
    """The same comparison gives byte-identical SVG (fixed hash salt, no date)."""
    pytest.importorskip("matplotlib")
    import puzzlesat

    rows = [
        cmp.Row("sat", "log", None, "totalizer", "cadical195", 188, 956, 3092, 0.002, 0.003, 0.009, 6, "ok"),
        cmp.Row("z3", "z3-pb", None, None, "z3", None, None, None, 0.03, 0.08, None, None, "timeout"),
    ]
    comparison = cmp.Comparison(puzzlesat.load("magic-frame"), True, True, rows, [])
    first = plot.figure_bytes(comparison, "svg")
    assert first == plot.figure_bytes(comparison, "svg")
    assert b"z3/z3-pb/z3 (timeout)" in first and b"<dc:date>" not in first


def test_bad_suffix_is_one_line(cli, tmp_path, monkeypatch):
    """Another suffix is refused, naming the valid ones, before any configuration runs."""
    monkeypatch.setattr(cmp, "compare", lambda *a, **k: pytest.fail("the matrix ran"))
    r = cli("compare", "magic-frame", "--plot", str(tmp_path / "frame.pdf"))
    assert r.code == 2
    assert r.err == f"puzzlesat: error: --plot {tmp_path / 'frame.pdf'}: unknown file type '.pdf'; valid: .png, .svg\n"
    r = cli("compare", "magic-frame", "--plot", "frame")
    assert r.err == "puzzlesat: error: --plot frame: unknown file type '(none)'; valid: .png, .svg\n"
    assert not list(tmp_path.iterdir())


def test_missing_matplotlib_is_one_line(cli, tmp_path, monkeypatch):
    """Without matplotlib, --plot says how to install it, before any configuration runs."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` now raises ImportError
    monkeypatch.setattr(cmp, "compare", lambda *a, **k: pytest.fail("the matrix ran"))
    r = cli("compare", "magic-frame", "--all", "--plot", str(tmp_path / "frame.svg"))
    assert r.code == 2
    assert r.err == "puzzlesat: error: --plot needs matplotlib: pip install 'puzzlesat[plot]'\n"
    assert not list(tmp_path.iterdir())
