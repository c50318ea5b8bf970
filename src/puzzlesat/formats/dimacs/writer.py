"""The DIMACS CNF writer: the one place that turns clauses into the text every SAT solver reads.

>>> print(dimacs_text(2, [[1, -2], [2]], ["a tiny formula"]), end="")
c a tiny formula
p cnf 2 2
1 -2 0
2 0
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzlesat.encoders.builder import Options
    from puzzlesat.encoders.cnf import CNFEncoding
    from puzzlesat.model.model import Puzzle

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def comment_safe(text: str) -> str:
    """One comment line's body: newlines and control characters become spaces, so no line can break."""
    return _CONTROL.sub(" ", text).rstrip()


def comment_block(prefix: str, lines: Iterable[str]) -> str:
    """Comment lines with the format's prefix (`c` for DIMACS, `*` for OPB, `;` for SMT-LIB)."""
    out = []
    for line in lines:
        body = comment_safe(line)
        out.append(f"{prefix} {body}\n" if body else f"{prefix}\n")
    return "".join(out)


def clause_lines(clauses: Iterable[Sequence[int]]) -> str:
    """Clauses one per line, each ending in 0."""
    return "".join(" ".join(map(str, clause)) + (" 0\n" if clause else "0\n") for clause in clauses)


def dimacs_text(nvars: int, clauses: Sequence[Sequence[int]], comments: Iterable[str] = ()) -> str:
    """Standard DIMACS CNF: comment lines, the `p cnf V C` header, one clause a line ending in 0."""
    if nvars < 0:
        raise ValueError(f"a formula cannot have {nvars} variables")
    return comment_block("c", comments) + f"p cnf {nvars} {len(clauses)}\n" + clause_lines(clauses)


def encode_for_dimacs(puzzle: Puzzle, plan: Options) -> CNFEncoding:
    """The CNF a DIMACS file can hold: the planned CNF encoding (`solvers.resolve`), no native parts."""
    from puzzlesat import encoders
    from puzzlesat.encoders.builder import WideSum
    from puzzlesat.runtime.errors import UsageError

    try:
        cnf: CNFEncoding = encoders.get(plan.encoding, "cnf").encode(puzzle, plan)
    except WideSum as e:  # neither the z3 backend nor native constraints are a DIMACS file's way
        raise WideSum(e.reason, " (--format opb and smt2 take any integers)") from None
    if cnf.atmosts:
        raise UsageError(
            "native card/PB constraints cannot be written as DIMACS clauses; "
            "choose a clause encoding (e.g. --card seqcounter --pb bdd), or --format opb"
        )
    return cnf
