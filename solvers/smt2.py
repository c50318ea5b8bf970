"""The Z3 model of a puzzle as SMT-LIB 2 text, for any SMT solver (z3, cvc5, yices, ...).

Z3 writes the declarations and assertions (`Solver.sexpr()`); we add `(check-sat)` and
`(get-model)`. Cell i is the integer constant `c<i>`, an unknown N is `u_N` (see `z3_int`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import z3

from puzzlesat.formats.dimacs.writer import comment_block
from puzzlesat.model.model import Puzzle
from puzzlesat.solvers.z3_int import encode


def smt2_text(puzzle: Puzzle, block: Sequence[Sequence[int]] = (), comments: Iterable[str] = ()) -> tuple[str, int]:
    """The SMT-LIB 2 script and its number of assertions; each of `block` is forbidden by one more."""
    ctx = z3.Context()
    enc = encode(puzzle, ctx)
    solver = z3.Solver(ctx=ctx)
    solver.add(*enc.assertions)
    solver.add(*[enc.differs_from(tuple(values)) for values in block])
    count = len(enc.assertions) + len(block)
    body = solver.sexpr().rstrip("\n") + "\n(check-sat)\n(get-model)\n"
    return comment_block(";", comments) + body, count
