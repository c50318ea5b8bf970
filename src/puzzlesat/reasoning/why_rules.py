"""What a why-text may say about one rule, read from the rule alone (no pencil marks): its family
(`why.WHYS`), a sum cage's combinations, a chain's order, a pair's relation in words, and the
number lists both the text and its checker write and read (`3-5, 7`, `5, 7 or 9`).

The model's rule is found by its core constraints (the rule a guarded `Rule` came from lowers to
exactly those), so a step's rule name can change without this module knowing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from puzzlesat.model.core import AllDifferent, Constraint, Linear, Table
from puzzlesat.model.model import Puzzle
from puzzlesat.runtime.records import dataclass

# The largest cage whose combinations a why-text lists (and the checker tries every order of).
MOST_CELLS = 7
# The most combinations a why-text lists as left; more and the rule gets no why.
MOST_LEFT = 8


@dataclass(frozen=True)
class Subject:
    """One rule a step is about: its name as the step gives it, its core constraints, the
    model's rule it lowered from (None: a grid's own, such as non-consecutive), and the puzzle's
    cell names and domains."""

    name: str
    constraints: tuple[Constraint, ...]
    rule: Any
    names: tuple[str, ...]
    domains: tuple[tuple[int, ...], ...]

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(sorted({c for con in self.constraints for c in con.cells}))

    @property
    def kind(self) -> tuple[str, str | None]:
        """("cage", "sum"), ("line", "whispers"), ("less", None)...: the model's key and its sub-kind."""
        if self.rule is None:
            return ("core", None)
        sub = getattr(self.rule, "kind", None) or getattr(self.rule, "operation", None)
        return (self.rule.key, sub if isinstance(sub, str) else None)


_CACHE: dict[int, tuple[Puzzle, dict[tuple[Constraint, ...], Any]]] = {}


def model_rules(puzzle: Puzzle) -> dict[tuple[Constraint, ...], Any]:
    """The puzzle's rules by the core constraints each lowers to (cached for the last puzzles)."""
    hit = _CACHE.get(id(puzzle))
    if hit is not None and hit[0] is puzzle:
        return hit[1]
    found = {tuple(rule.lower(puzzle.domains)): rule for rule in puzzle.rules}
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(puzzle)] = (puzzle, found)
    return found


# --- numbers in words ---------------------------------------------------------------------------


def spans(values: Iterable[int]) -> str:
    """`1-3, 5, 7-9`: runs of three or more as a span. The checker reads it back with `read_spans`."""
    vs = sorted(set(values))
    out: list[str] = []
    i = 0
    while i < len(vs):
        j = i
        while j + 1 < len(vs) and vs[j + 1] == vs[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{vs[i]}-{vs[j]}")
        else:
            out += [str(v) for v in vs[i:j + 1]]
        i = j + 1
    return ", ".join(out)


def read_spans(text: str) -> set[int]:
    out: set[int] = set()
    for part in text.replace(" or ", ", ").split(", "):
        lo, dash, hi = part.partition("-")
        if dash and lo:
            out |= set(range(int(lo), int(hi) + 1))
        else:
            out.add(int(part))
    return out


def alternatives(items: Sequence[str]) -> str:
    """`a`, `a or b`, `a, b or c`."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def split_alternatives(text: str) -> list[str]:
    head, _, last = text.rpartition(" or ")
    return [*head.split(", "), last] if head else [last]


def values_text(values: Iterable[int]) -> str:
    """`5`, `5 or 7`, `1-3, 5 or 8`: a cell's values left, spans kept."""
    parts = spans(values).split(", ")
    return alternatives(parts)


# --- combinations -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Combos:
    """A rule whose cells hold one of a few value sets in any order: `head` opens the text
    (`10 = `, `runs `), `show` writes one set (`1+9`, `4-6`), `sep` splits it back."""

    head: str
    combos: tuple[tuple[int, ...], ...]
    show: Callable[[tuple[int, ...]], str]
    read: Callable[[str], tuple[int, ...]]


SIGNS = {"sum": "+", "product": "×", "difference": "-", "quotient": "/"}


def _joined(sign: str, descending: bool) -> tuple[Callable, Callable]:
    def show(t: tuple[int, ...]) -> str:
        return sign.join(str(v) for v in (sorted(t, reverse=descending)))

    def read(s: str) -> tuple[int, ...]:
        return tuple(sorted(int(v) for v in s.split(sign)))

    return show, read


def _universe(s: Subject) -> list[int]:
    return sorted({v for c in s.cells for v in s.domains[c]})


def cage_combos(s: Subject) -> Combos | None:
    """A cage's value sets (multisets without `distinct`) that reach its target, read from the
    cage's own `holds`, not its lowering."""
    cage, cells = s.rule, tuple(s.rule.cells)
    if len(cells) > MOST_CELLS:
        return None
    pick = combinations if cage.distinct else combinations_with_replacement
    found = tuple(t for t in pick(_universe(s), len(cells)) if cage.holds(dict(zip(cells, t, strict=True)), {}))
    show, read = _joined(SIGNS[cage.operation], cage.operation in ("difference", "quotient"))
    return Combos(f"{cage.target} = ", found, show, read)


def sum_combos(s: Subject) -> Combos | None:
    """A sum over all-different cells without a model rule (or a `[[sum]]` beside a distinct
    group): the value sets of the right size and total."""
    lin = [c for c in s.constraints if isinstance(c, Linear)]
    alldiff = [c for c in s.constraints if isinstance(c, AllDifferent)]
    if len(lin) != 1 or len(alldiff) != 1 or set(lin[0].weights) != {1} or lin[0].op != "=":
        return None
    if not isinstance(lin[0].rhs, int) or set(alldiff[0].cells) != set(lin[0].cells) or len(lin[0].cells) > MOST_CELLS:
        return None
    total = lin[0].rhs
    found = tuple(t for t in combinations(_universe(s), len(lin[0].cells)) if sum(t) == total)
    show, read = _joined("+", False)
    return Combos(f"{total} = ", found, show, read)


def renban_combos(s: Subject) -> Combos | None:
    """A renban's runs: n consecutive digits, each a value some cell can hold."""
    cells = s.rule.cells
    if len(cells) > MOST_CELLS:
        return None
    universe = set(_universe(s))
    n = len(cells)
    found = tuple(tuple(range(a, a + n)) for a in sorted(universe) if all(v in universe for v in range(a, a + n)))

    def show(t: tuple[int, ...]) -> str:
        return f"{t[0]}-{t[-1]}"

    def read(text: str) -> tuple[int, ...]:
        lo, _, hi = text.partition("-")
        return tuple(range(int(lo), int(hi) + 1))

    return Combos("runs ", found, show, read)


COMBOS: dict[tuple[str, str | None], Callable[[Subject], Combos | None]] = {
    ("cage", "sum"): cage_combos,
    ("cage", "product"): cage_combos,
    ("cage", "difference"): cage_combos,
    ("cage", "quotient"): cage_combos,
    ("line", "renban"): renban_combos,
    ("sum", None): sum_combos,
    ("core", None): sum_combos,
}


def combos_of(s: Subject) -> Combos | None:
    make = COMBOS.get(s.kind)
    return None if make is None else make(s)


# --- chains -----------------------------------------------------------------------------------


def chain_of(s: Subject) -> tuple[tuple[int, ...], str] | None:
    """A thermometer's cells from its bulb and its sign: `<` (thermometer, futoshiki) or `≤` (slow)."""
    if s.kind == ("less", None):
        return tuple(s.rule.cells), "<"
    if s.kind == ("line", "slow_thermometer"):
        return tuple(s.rule.cells), "≤"
    return None


# --- pairs ------------------------------------------------------------------------------------

# What a line's neighbours must do, in words (the dots say theirs: `dot.KINDS[kind].says`).
LINE_PAIRS: dict[str, Callable[[Any], str]] = {
    "whispers": lambda r: f"differ by ≥ {r.difference}",
    "nabner": lambda r: "differ by ≥ 2",
    "palindrome": lambda r: "equal",
    "parity": lambda r: "odd beside even",
    "modular": lambda r: "different remainders mod 3",
    "entropic": lambda r: "low, middle and high apart",
}


def _dot_phrase(r: Any) -> str:
    from puzzlesat.model.rules.dot import KINDS

    return KINDS[r.kind].says


def _negative_phrase(r: Any) -> str:
    from puzzlesat.model.rules.dot import KINDS

    return "no dot: not " + alternatives([KINDS[k].says for k in r.kinds])


PAIRS: dict[str, Callable[[Any], str]] = {"dot": _dot_phrase, "negative": _negative_phrase}


def pair_phrase(s: Subject) -> str | None:
    """The relation every pair of the rule keeps, in words; None when the rule is not one of
    two-cell constraints."""
    if not s.constraints or any(len(c.cells) != 2 or not isinstance(c, Table | Linear) for c in s.constraints):
        return None
    key, sub = s.kind
    if key == "line" and sub in LINE_PAIRS:
        return LINE_PAIRS[sub](s.rule)
    if key in PAIRS:
        return PAIRS[key](s.rule)
    if key == "core":
        return "allowed pairs"
    return None


def pair_allows(s: Subject, a: int, b: int, x: int, y: int) -> bool | None:
    """Do a = x and b = y keep every two-cell constraint of the rule on a and b? None: no such constraint."""
    found = [c for c in s.constraints if set(c.cells) == {a, b}]
    if not found:
        return None
    return all(c.holds({a: x, b: y}, {}) for c in found)  # type: ignore[arg-type]


# --- sums -------------------------------------------------------------------------------------


def unit_sums(s: Subject) -> list[Linear]:
    """The rule's equalities with weights ±1 and a number on the right: arrows, little killers,
    region sums, double arrows, zippers, XV's sums."""
    return [c for c in s.constraints if isinstance(c, Linear) and c.op == "=" and isinstance(c.rhs, int)
            and set(c.weights) <= {1, -1}]  # fmt: skip


def equation(lin: Linear, names: Sequence[str]) -> str:
    """`r4c5 + r5c6 = r3c4`, `r1c2 + r2c3 = 23`: the plus terms left, the minus terms right."""
    plus = [names[c] for c, w in zip(lin.cells, lin.weights, strict=True) if w > 0]
    minus = [names[c] for c, w in zip(lin.cells, lin.weights, strict=True) if w < 0]
    rhs = [*minus, *([str(lin.rhs)] if lin.rhs or not minus else [])]
    return f"{' + '.join(plus) or '0'} = {' + '.join(rhs)}"


def isolated(lin: Linear, cell: int, names: Sequence[str]) -> tuple[str, list[tuple[int, int]], int]:
    """The cell as the rest of the equation: (its text, the (cell, sign) terms, the constant).
    `r3c4 - r5c6`, `23 - r2c3 - r3c4`."""
    w = dict(zip(lin.cells, lin.weights, strict=True))[cell]
    const = w * int(lin.rhs)  # cell = w*rhs - sum(w*w_i x_i)
    terms = [(c, -w * wi) for c, wi in zip(lin.cells, lin.weights, strict=True) if c != cell]
    terms.sort(key=lambda t: (-t[1], lin.cells.index(t[0])))
    text = str(const) if const else ""
    for c, sign in terms:
        if not text:
            text = names[c] if sign > 0 else f"-{names[c]}"
        else:
            text += f" {'+' if sign > 0 else '-'} {names[c]}"
    return text or "0", terms, const
