"""Reading a SAT (or PB) solver's answer: the one parser `decode` and the external backend share.

Accepted, line by line: comments (`c ...`) and PB objective lines (`o ...`); a status line
`s SATISFIABLE` / `s UNSATISFIABLE` / `s UNKNOWN` (or `s OPTIMUM FOUND`), or a bare status word
as in minisat's result file (`SAT`, `UNSAT`, `INDET`, `SATISFIABLE`, ...); model lines `v ...`,
or bare lines of integers (minisat's file), which may be split over many lines. A CNF model ends
with `0`; a PB model (`x3 -x4`, the PB competition's form) has no terminator. Anything else is
garbage, and a model that stops early is truncated: each is its own exception, with its own exit
status, and its message names the line.

>>> parse_answer("s SATISFIABLE\\nv 1 -2\\nv 3 0\\n", 3)
Answer(status='SATISFIABLE', model=(1, -2, 3))
>>> parse_answer("SAT\\n-1 2 0\\n").model
(-1, 2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from puzzlesat.runtime.errors import GarbledAnswer, TruncatedAnswer
from puzzlesat.runtime.records import dataclass

SAT, UNSAT, UNKNOWN = "SATISFIABLE", "UNSATISFIABLE", "UNKNOWN"
_STATUS = {
    "SATISFIABLE": SAT,
    "SAT": SAT,
    "OPTIMUM FOUND": SAT,
    "UNSATISFIABLE": UNSAT,
    "UNSAT": UNSAT,
    "UNKNOWN": UNKNOWN,
    "INDET": UNKNOWN,
}
_LITERAL = re.compile(r"(-?)(x?)([0-9]+)")


@dataclass(frozen=True)
class Answer:
    """A parsed answer: the status and, when satisfiable, the signed literals in the order given."""

    status: str
    model: tuple[int, ...] = ()


def _show(line: str) -> str:
    return repr(line if len(line) <= 40 else line[:37] + "...")


def _is_comment(line: str) -> bool:
    return line[0] in "co" and (len(line) == 1 or not line[1].isalnum())


def parse_answer(text: str, nvars: int | None = None) -> Answer:
    """The answer in `text`; with `nvars`, a SAT model must assign exactly the variables 1..nvars.

    Raises GarbledAnswer for anything unreadable or contradictory, TruncatedAnswer for a model
    that ends early (no terminating 0, or missing variables).
    """
    status: str | None = None
    model: list[int] = []
    terminated = pb_style = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or _is_comment(line):
            continue
        where = f"line {number} {_show(line)}"
        word = line[2:].strip() if line.startswith("s ") else line
        if word.upper() in _STATUS and (line.startswith("s ") or word.isupper()):
            found = _STATUS[word.upper()]
            if status is not None and status != found:
                raise GarbledAnswer(f"{where}: a second status, {found} after {status}")
            status = found
            continue
        tokens = line[2:].split() if line.startswith("v ") or line == "v" else line.split()
        if not line.startswith("v") and not all(_LITERAL.fullmatch(t) for t in tokens):
            raise GarbledAnswer(f"{where}: not a comment, a status or a model line")
        for token in tokens:
            match = _LITERAL.fullmatch(token)
            if match is None:
                raise GarbledAnswer(f"{where}: {_show(token)} is not a literal")
            if terminated:
                raise GarbledAnswer(f"{where}: literals after the terminating 0")
            sign, x, digits = match.groups()
            value = int(digits)
            if value == 0 and not x:
                terminated = True
                continue
            if value == 0:
                raise GarbledAnswer(f"{where}: x0 is not a variable")
            pb_style = pb_style or bool(x)
            model.append(-value if sign else value)
    return _check(status, model, terminated or pb_style, nvars)


def _check(status: str | None, model: list[int], ended: bool, nvars: int | None) -> Answer:
    if status is None and not model and not ended:
        raise GarbledAnswer("no answer: neither a status line (s SATISFIABLE ...) nor a model (v ... 0)")
    if status in (UNSAT, UNKNOWN):
        if model:
            raise GarbledAnswer(f"the answer is {status} but also gives a model")
        return Answer(status)
    if not model and not ended:
        raise TruncatedAnswer("SATISFIABLE, but no model follows (no v lines)")
    if not ended:
        raise TruncatedAnswer(f"the model stops after {len(model)} literals, with no terminating 0")
    seen: dict[int, int] = {}
    for lit in model:
        if seen.get(abs(lit), lit) != lit:
            raise GarbledAnswer(f"the model sets variable {abs(lit)} both true and false")
        seen[abs(lit)] = lit
        if nvars is not None and abs(lit) > nvars:
            raise GarbledAnswer(f"the model names variable {abs(lit)}, but the formula has {nvars}")
    if nvars is not None and len(seen) < nvars:
        first = next(v for v in range(1, nvars + 1) if v not in seen)
        raise TruncatedAnswer(f"the model assigns {len(seen)} of the {nvars} variables (variable {first} is missing)")
    return Answer(SAT, tuple(model))


def first_violated(clauses: Sequence[Sequence[int]], model: Sequence[int]) -> int | None:
    """The index of the first clause `model` falsifies (unlisted variables are false), or None."""
    true = {lit for lit in model if lit > 0}
    for k, clause in enumerate(clauses):
        if not any((lit in true) if lit > 0 else (-lit not in true) for lit in clause):
            return k
    return None
