"""What `list` does once its options are read: the catalog, as text or JSON. Typer-free, so that
the fast `list` (`puzzlesat.cli.fast`) and typer's (`puzzlesat.cli.puzzles`) run this one body."""

import json

import puzzlesat
from puzzlesat.cli.plain import _write_doc, echo


def run(as_json: bool, output: str | None) -> None:
    """`list`'s body: its parameters are the command's options, in its order (`puzzles.list_cmd`)."""
    rows = puzzlesat.catalog_entries()
    puzzles = [{"name": e.name, "title": e.title, "params": e.params_help} for e in rows]
    if as_json or output is not None:  # the detected group of each entry at its default parameters
        for entry in puzzles:
            group = puzzlesat.symmetry_report(puzzlesat.load(entry["name"]))
            entry["symmetry"] = {k: group[k] for k in ("order", "cell_order", "declared_order", "relation")}
    doc = {"version": puzzlesat.version, "puzzles": puzzles}
    _write_doc(output, doc)
    if as_json:
        echo(json.dumps(doc))
        return
    width = max(len(e.name) for e in rows)
    for e in rows:
        echo(f"{e.name:<{width}}  {e.title}")
        for p in e.params_help:
            echo(f"{'':<{width}}    -p {p}")
