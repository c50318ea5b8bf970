"""A comparison drawn: the table (text and CSV) and the listing of every name compare takes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlesat.model.document import document
from puzzlesat.runtime.words import number, plural
from puzzlesat.search.compare import COLUMNS, Comparison


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.4f}"
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)



def table_text(comparison: Comparison) -> str:
    """Aligned plain text, fastest first, the fastest "ok" row marked with `*`."""
    heads = ("", "backend", "encoding", "card", "pb", "solver", "vars", "clauses", "literals", "build s", "first s")
    heads += ("all s",) if comparison.all else ()
    heads += ("solutions", "status")
    best = comparison.fastest()
    body = []
    for r in comparison.sorted_rows():
        cells = ["*" if r is best else "", r.backend, r.encoding, r.card, r.pb, r.solver, r.variables, r.clauses]
        cells += [r.literals, r.build_seconds, r.first_seconds]
        cells += [r.all_seconds] if comparison.all else []
        cells += [r.solutions, r.status]
        body.append([_cell(c) if c != "" else "" for c in cells])
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(heads)]
    numeric = {"vars", "clauses", "literals", "build s", "first s", "all s", "solutions"}

    def line(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if h in numeric else c.ljust(w) for c, w, h in zip(cells, widths, heads, strict=True)]
        return "  ".join(parts).rstrip()

    scope = (
        "all solutions" + (" modulo symmetry" if comparison.modulo_symmetry else "")
        if comparison.all
        else ("first solution")
    )
    out = [line(heads), *(line(b) for b in body)]
    verdict = "consistent" if comparison.consistent else "INCONSISTENT"
    ok = sum(r.status == "ok" for r in comparison.rows)
    if comparison.default is not None:
        out.append(f"solve's default: {comparison.default}")
    out.append(
        f"{comparison.puzzle.name}: {plural(len(comparison.rows), 'configuration')}, {ok} ok, {scope}, {verdict}"
    )
    return "\n".join(out)



def table_csv(comparison: Comparison) -> str:
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in comparison.sorted_rows():
        w.writerow(["" if v is None else v for v in r.as_dict().values()])
    return buf.getvalue().rstrip("\n")



def listing() -> str:
    """Every name compare takes (encodings, card and PB encodings, solvers) with one line each."""
    from puzzlesat import encoders
    from puzzlesat.encoders.pysat_names import CARD_ENCODINGS, PB_ENCODINGS, pb_defaults
    from puzzlesat.solvers import option_default, pysat_solvers

    def section(title: str, items: list[tuple[str, str]], marks: dict[str, str] | None = None) -> list[str]:
        """One line per name; `marks` adds a note in parentheses after some (which is the default)."""
        marks = marks or {}
        width = max(len(n) for n, _ in items)
        lines = [f"{title}:"]
        for n, text in items:
            lines.append(f"  {n:<{width}}  {text}" + (f" ({marks[n]})" if n in marks else ""))
        return lines

    encs = [(e.name, f"[{e.kind}] {e.summary}") for e in encoders.ENCODINGS.values()]
    out = section("Encodings (--encoding)", encs)
    card_default = {str(option_default("card", "onehot")): "default"}
    out += section("Cardinality encodings (--card)", sorted(CARD_ENCODINGS.items()), card_default)
    out += section("PB encodings (--pb)", sorted(PB_ENCODINGS.items()), pb_defaults())
    sats = [(s.name, s.summary) for s in sorted(pysat_solvers.SOLVERS.values(), key=lambda s: s.name)]
    out += section("SAT solvers (--solver)", sats, {str(option_default("solver", "onehot")): "default"})
    out.append('("native" card/PB encodings run only when named, with a solver that supports them)')
    return "\n".join(out)


def comparison_json(comparison: Comparison) -> dict[str, Any]:
    """The `compare --json` document: the head, the run's settings, the rows fastest first."""
    return {
        **document(comparison.puzzle),
        "all": comparison.all,
        "modulo_symmetry": comparison.modulo_symmetry,
        "timeout": comparison.timeout,
        "repeat": comparison.repeat,
        "rows": [r.as_dict() for r in comparison.sorted_rows()],
        "consistent": comparison.consistent,
        "default": comparison.default,
    }
