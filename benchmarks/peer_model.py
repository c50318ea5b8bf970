"""A puzzle as plain JSON for the peer tools: what they must solve, with nothing of puzzlesat inside.

The peers read this file (the CP-SAT script) or a MiniZinc model generated from it, so every
tool solves exactly the model puzzlesat solves, and a peer's process imports nothing of ours.
The symmetry group travels too, as its listed elements, so that a peer can be asked puzzlesat's
question "one solution per class": `to_minizinc(..., lex=True)` adds one `lex_lesseq(x, g(x))`
per non-identity element g (issue 16), which keeps exactly the lexicographically smallest member
of each orbit, puzzlesat's canonical representative.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlesat.model.core import AllDifferent, Guarded, Linear, Table
from puzzlesat.model.group import Group
from puzzlesat.model.model import Puzzle


def symmetry_json(group: Group) -> list[dict[str, Any]] | None:
    """The non-identity elements as `{"cells": p, "values": images of the sorted values or None}`
    (the value in cell i moves to cell p[i], relabelled by the value map); None when the group
    includes every relabelling of the values (never listed: n! elements), which lex_lesseq
    constraints over listed elements cannot express."""
    if group.relabel:
        return None
    return [
        {"cells": list(p), "values": None if m is None else [group.values[k] for k in m]}
        for p, m in group.elements[1:]
    ]


# The core kinds both peers are given (CP-SAT in benchmarks/peer_cpsat.py, MiniZinc in to_minizinc).
PEER_KINDS = (AllDifferent, Linear, Table, Guarded)


def _guarded(g: Guarded) -> dict[str, Any]:
    """A position-dependent clue: terms `[weight, cell or None, guard]`, a guard a list of atoms
    `[cell, op, value]` (all must hold), the relation holding only while `when` does."""
    return {
        "terms": [[w, c, [list(a) for a in guard]] for w, c, guard in g.terms],
        "op": g.op,
        "rhs": g.rhs,
        "when": [list(a) for a in g.when],
    }


def to_json(puzzle: Puzzle, instances: Sequence[Puzzle] = (), group: Group | None = None) -> dict[str, Any]:
    """The model; with `instances`, one givens list per instance (batch workloads); `group`
    (default: the declared one, `puzzle.group`) the symmetry group its classes are taken under.
    A core kind the peers have no form for is a ValueError: they must never solve a weaker model."""
    unknown = sorted({type(c).__name__ for c in puzzle.core if not isinstance(c, PEER_KINDS)})
    if unknown:
        raise ValueError(f"{puzzle.name}: the peers cannot express {', '.join(unknown)}")
    return {
        "name": puzzle.name,
        "domains": [list(d) for d in puzzle.domains],
        "distinct": [list(g) for g in puzzle.groups if len(g) > 1],
        "sums": [
            {"cells": list(s.cells), "weights": list(s.weights), "op": s.op, "total": s.rhs} for s in puzzle.sums
        ],
        "tables": [
            {"cells": list(t.cells), "tuples": [list(r) for r in t.tuples], "allowed": t.allowed}
            for t in puzzle.core
            if isinstance(t, Table)
        ],
        "guarded": [_guarded(g) for g in puzzle.core if isinstance(g, Guarded)],
        "unknowns": {u.name: list(u.domain) for u in puzzle.unknowns},
        "givens": [list(g) for g in puzzle.givens],
        "instances": [[list(g) for g in p.givens] for p in instances],
        "symmetry": symmetry_json(puzzle.group if group is None else group),
    }


def _set(values: Sequence[int]) -> str:
    if list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ",".join(map(str, values)) + "}"


def lex_leader(elements: Sequence[dict[str, Any]], lo: int, hi: int) -> list[str]:
    """One `lex_lesseq(x, g(x))` per element: the image t of x has t[p[i]] = m(x[i]), so its
    j-th entry is m(x[q[j]]) with q the inverse of p; a value map is an array lookup."""
    out = []
    for k, element in enumerate(elements, 1):
        p, values = element["cells"], element["values"]
        inverse = [0] * len(p)
        for i, j in enumerate(p):
            inverse[j] = i
        if values is None:
            image = [f"x[{i + 1}]" for i in inverse]
        else:
            table = dict(zip(sorted(values), values, strict=True))  # the images of the sorted values
            row = ", ".join(str(table.get(v, v)) for v in range(lo, hi + 1))
            out.append(f"array[{lo}..{hi}] of int: m{k} = [{row}];")
            image = [f"m{k}[x[{i + 1}]]" for i in inverse]
        out.append(f"constraint lex_lesseq(x, [{', '.join(image)}]);")
    return out


def _guard(atoms: Sequence[Sequence[Any]]) -> str:
    """A conjunction of atoms as MiniZinc (`true` when empty); `!=` is MiniZinc's own."""
    return " /\\ ".join(f"x[{c + 1}] {op} {v}" for c, op, v in atoms) or "true"


def guarded_minizinc(g: dict[str, Any]) -> str:
    """`constraint (when) -> (sum of guarded terms op rhs);`, a term `w * bool2int(guard) * x[c]`."""
    terms = []
    for w, c, guard in g["terms"]:
        factors = ([] if w == 1 else [str(w)]) + ([f"bool2int({_guard(guard)})"] if guard else [])
        factors += [] if c is None else [f"x[{c + 1}]"]
        terms.append(" * ".join(factors) or "1")
    body = f"{' + '.join(terms) or '0'} {g['op']} {g['rhs']}"
    return f"constraint ({_guard(g['when'])}) -> ({body});" if g["when"] else f"constraint {body};"


def to_minizinc(model: dict[str, Any], givens: Sequence[Sequence[int]] | None = None, lex: bool = False) -> str:
    """The model as MiniZinc text, as a user of MiniZinc would write it (alldifferent, linear
    relations, tables); with `lex`, also the lex-leader constraints of its symmetry group, so
    that every solution is the canonical member of its class (an error for a group that lists no
    elements for them: `symmetry_json`)."""
    domains = model["domains"]
    n = len(domains)
    lo = min(min(d) for d in domains)
    hi = max(max(d) for d in domains)
    out = ['include "alldifferent.mzn";', 'include "table.mzn";', f"array[1..{n}] of var {lo}..{hi}: x;"]
    if lex:
        if model.get("symmetry") is None:
            raise ValueError(f"{model['name']}: its group relabels every value; no lex_lesseq list expresses it")
        out.insert(2, 'include "lex_lesseq.mzn";')
    for i, d in enumerate(domains):
        if d != list(range(lo, hi + 1)):
            out.append(f"constraint x[{i + 1}] in {_set(d)};")
    for name, d in model["unknowns"].items():
        out.append(f"var {_set(d)}: u_{name};")
    for g in model["distinct"]:
        out.append(f"constraint alldifferent([{', '.join(f'x[{c + 1}]' for c in g)}]);")
    for s in model["sums"]:
        terms = " + ".join(
            f"x[{c + 1}]" if w == 1 else f"{w} * x[{c + 1}]" for c, w in zip(s["cells"], s["weights"], strict=True)
        )
        total = f"u_{s['total']}" if isinstance(s["total"], str) else str(s["total"])
        out.append(f"constraint {terms} {s['op']} {total};")
    for t in model.get("tables", []):
        xs = ", ".join(f"x[{c + 1}]" for c in t["cells"])
        if t["allowed"]:
            rows = " | ".join(", ".join(map(str, r)) for r in t["tuples"])
            out.append(f"constraint table([{xs}], [| {rows} |]);" if t["tuples"] else "constraint false;")
        for r in [] if t["allowed"] else t["tuples"]:
            same = " /\\ ".join(f"x[{c + 1}] = {v}" for c, v in zip(t["cells"], r, strict=True))
            out.append(f"constraint not ({same});")
    out += [guarded_minizinc(g) for g in model.get("guarded", [])]
    for c, v in model["givens"] if givens is None else givens:
        out.append(f"constraint x[{c + 1}] = {v};")
    if lex:
        out += lex_leader(model["symmetry"], lo, hi)
    out.append("solve satisfy;")
    out.append('output [join(" ", [show(x[i]) | i in 1..' + str(n) + ']) ++ "\\n"];')
    return "\n".join(out) + "\n"
