"""Why a step on a sum or a line holds: what the rule left, said as a solver says it.

A step names its rules ("from cage #8 alone"); this adds what it used, one line a rule, true of
the pencil marks the step starts from:

- combinations (cages of every operation, kakuro runs, renbans): the total and the sets left,
  and why the others are gone: `cage #8: 10 = 1+9, 2+8 or 3+7 (4+6 needs r3c2 = 4 or 6, gone)`;
- chains (thermometers, slow thermometers, futoshiki signs): the order and the bounds it gives:
  `less #2: r1c6 < r1c5 < r1c4, so r1c6 ≤ 4`;
- pairs (whispers, dots, XV, parity, nabner, palindromes, negative constraints): the relation
  and each value without a partner: `line #1: differ by ≥ 5: 5 in r2c2 has no partner in r2c3`;
- sums (arrows, little killers, region sums, double arrows): what the rest of the equation
  makes and the values that leaves: `sum #1: r1c2 + r2c3 = r1c1: r1c2 + r2c3 makes 3-8, so r1c1 is 5 or 7`;
- outside clues (X-sums, sandwiches, `reasoning.why_clues`): the X left, where the crusts can sit.

The family of a rule is looked up by its kind (`FAMILIES`), the text written by the family's
`say` (`WHYS`), and every text is read back and re-derived by `reasoning.why_check` before a step
carries it. Nothing here decides a step; a rule with no family, or too much to say, gets no line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from itertools import permutations
from typing import TYPE_CHECKING

from puzzlesat.model.model import Puzzle
from puzzlesat.reasoning import why_check, why_clues
from puzzlesat.reasoning.facts import Fact
from puzzlesat.reasoning.why_rules import (
    MOST_LEFT,
    Subject,
    alternatives,
    chain_of,
    combos_of,
    equation,
    isolated,
    model_rules,
    pair_allows,
    pair_phrase,
    spans,
    unit_sums,
    values_text,
)
from puzzlesat.runtime.records import dataclass

if TYPE_CHECKING:
    from puzzlesat.reasoning.guarded import Rule

Marks = Sequence[AbstractSet[int]]
# Gone combinations a text explains one by one; the rest are counted ("3 more gone").
MOST_GONE = 4
# The most values-without-a-partner a pair rule's text lists.
MOST_PAIRS = 8


def fits(values: Sequence[int], cells: Sequence[int], marks: Marks) -> bool:
    """Can the cells hold these values (a multiset), one each, within their marks?"""
    left = list(values)
    order = sorted(cells, key=lambda c: len(marks[c]))

    def walk(i: int) -> bool:
        if i == len(order):
            return True
        for v in sorted(set(left)):
            if v in marks[order[i]]:
                left.remove(v)
                if walk(i + 1):
                    return True
                left.append(v)
        return False

    return walk(0)


def _gone_reason(shown: str, combo: Sequence[int], cells: Sequence[int], marks: Marks, names: Sequence[str]) -> str:
    for c in cells:
        if not set(combo) & marks[c]:
            return f"{shown} needs {names[c]} = {values_text(set(combo))}, gone"
    for v in sorted(set(combo)):
        if not any(v in marks[c] for c in cells):
            return f"{shown} has no place for {v}, gone"
    return f"{shown} does not fit, gone"


def say_combinations(s: Subject, marks: Marks, deduced: Sequence[Fact]) -> str | None:
    cb = combos_of(s)
    if cb is None:
        return None
    cells = tuple(s.rule.cells) if s.rule is not None else s.cells
    left = [t for t in cb.combos if fits(t, cells, marks)]
    if not left or len(left) > MOST_LEFT:
        return None
    gone = [t for t in cb.combos if t not in left]
    items = [_gone_reason(cb.show(t), t, cells, marks, s.names) for t in gone[:MOST_GONE]]
    if len(gone) > MOST_GONE:
        items.append(f"{len(gone) - MOST_GONE} more gone")
    text = cb.head + alternatives([cb.show(t) for t in left])
    text = f"{text} ({'; '.join(items)})" if items else text
    placed = _no_place(s, cells, left, marks, deduced)
    return "; ".join([text, *placed])


def _rest(combo: Sequence[int], v: int) -> list[int]:
    out = list(combo)
    out.remove(v)
    return out


def _fits(cells: Sequence[int], left: Sequence[tuple[int, ...]], marks: Marks, cell: int, v: int) -> bool:
    """Whether some combination left, in some order within the marks, puts v in `cell` (a step
    that also reads a house can remove v where the cage alone would keep it)."""
    others = [c for c in cells if c != cell]
    for t in left:
        if v not in t:
            continue
        rest = _rest(t, v)
        if any(all(x in marks[c] for c, x in zip(others, order, strict=True)) for order in set(permutations(rest))):
            return True
    return False


def _no_place(s: Subject, cells: Sequence[int], left: Sequence[tuple[int, ...]], marks: Marks,
              deduced: Sequence[Fact]) -> list[str]:  # fmt: skip
    """Why a value of a combination left still leaves a cell: in two cells, the partner it needs
    is gone; in more, no combination left puts it there."""
    among = {v for t in left for v in t}
    out: list[str] = []
    for f in deduced:
        if f.placed or f.cell not in cells or f.value not in among or f.value not in marks[f.cell]:
            continue
        name = s.names[f.cell]
        if len(cells) == 2:
            other = cells[1 - cells.index(f.cell)]
            partners = {_rest(t, f.value)[0] for t in left if f.value in t}
            out.append(f"{f.value} in {name} needs {values_text(partners)} in {s.names[other]}, gone")
        elif not _fits(cells, left, marks, f.cell, f.value):  # else the cage alone keeps it: say nothing
            out.append(f"{f.value} in {name} fits none left")
    return out[:MOST_GONE]


def chain_bounds(chain: Sequence[int], sign: str, marks: Marks) -> tuple[list[int], list[int]] | None:
    """The least and greatest value each cell of the chain can take, from its marks and its order."""
    strict = sign == "<"
    lo: list[int] = []
    for c in chain:
        above = [v for v in marks[c] if not lo or v > lo[-1] or (not strict and v == lo[-1])]
        if not above:
            return None
        lo.append(min(above))
    hi: list[int] = []
    for c in reversed(chain):
        below = [v for v in marks[c] if not hi or v < hi[-1] or (not strict and v == hi[-1])]
        if not below:
            return None
        hi.append(max(below))
    return lo, hi[::-1]


def say_chain(s: Subject, marks: Marks, deduced: Sequence[Fact]) -> str | None:
    found = chain_of(s)
    if found is None:
        return None
    chain, sign = found
    bounds = chain_bounds(chain, sign, marks)
    if bounds is None:
        return None
    lo, hi = bounds
    removed: dict[int, set[int]] = {}
    for f in deduced:
        if not f.placed and f.cell in chain:
            removed.setdefault(f.cell, set()).add(f.value)
    said = []
    for i, c in enumerate(chain):
        gone = removed.get(c)
        if not gone or any(lo[i] <= v <= hi[i] for v in gone):
            continue
        name = s.names[c]
        low, high = any(v < lo[i] for v in gone), any(v > hi[i] for v in gone)
        both, up = f"{lo[i]} ≤ {name} ≤ {hi[i]}", f"{name} ≥ {lo[i]}"
        said.append(both if low and high else up if low else f"{name} ≤ {hi[i]}")
    order = f" {sign} ".join(s.names[c] for c in chain)
    return f"{order}, so {', '.join(said)}" if said else order


def pairs_of(s: Subject) -> list[tuple[int, int]]:
    """The rule's two-cell pairs, in its order, each once."""
    out: list[tuple[int, int]] = []
    for con in s.constraints:
        a, b = con.cells
        if (a, b) not in out and (b, a) not in out:
            out.append((a, b))
    return out


def say_pairs(s: Subject, marks: Marks, deduced: Sequence[Fact]) -> str | None:
    phrase = pair_phrase(s)
    if phrase is None:
        return None
    work = {c: set(marks[c]) for c in s.cells}
    wanted = {(f.cell, f.value) for f in deduced if not f.placed}  # a value the step removes, no other
    items: list[str] = []
    changed = True
    while changed:
        changed = False
        for a, b in pairs_of(s):
            for x, y in ((a, b), (b, a)):
                dead = [v for v in sorted(work[x])
                        if (x, v) in wanted and not any(pair_allows(s, x, y, v, u) for u in work[y])]
                if dead and len(dead) < len(work[x]):
                    verb = "has" if len(dead) == 1 else "have"
                    items.append(f"{spans(dead)} in {s.names[x]} {verb} no partner in {s.names[y]}")
                    work[x] -= set(dead)
                    changed = True
    if not items or len(items) > MOST_PAIRS:
        return None
    return f"{phrase}: {'; '.join(items)}"


def reach(terms: Sequence[tuple[int, int]], const: int, marks: Marks) -> set[int]:
    """Every value const + sum(sign * cell) takes with each cell within its marks."""
    out = {const}
    for c, sign in terms:
        out = {t + sign * v for t in out for v in marks[c]}
    return out


def say_sums(s: Subject, marks: Marks, deduced: Sequence[Fact]) -> str | None:
    lins = unit_sums(s)
    if not lins:
        return None
    removed: dict[int, set[int]] = {}
    for f in deduced:
        if not f.placed:
            removed.setdefault(f.cell, set()).add(f.value)
    parts: list[tuple[str, str]] = []
    for lin in lins:
        for c in removed:
            if c not in lin.cells:
                continue
            text, terms, const = isolated(lin, c, s.names)
            made = reach(terms, const, marks)
            allowed = {v for v in marks[c] if v in made}
            if not allowed or not removed[c] - allowed or not terms:
                continue
            digits = made & set(s.domains[c])
            parts.append((equation(lin, s.names),
                          f"{text} makes {spans(digits)}, so {s.names[c]} is {values_text(allowed)}"))  # fmt: skip
    if not parts:
        return None
    if len({eq for eq, _ in parts}) == 1:
        return f"{parts[0][0]}: {'; '.join(item for _, item in parts)}"
    return "; ".join(f"{eq}: {item}" for eq, item in parts)


@dataclass(frozen=True)
class Why:
    """A family of rules: how its text is written and how the text is checked."""

    say: Callable[[Subject, Marks, Sequence[Fact]], str | None]
    check: Callable[[Subject, Marks, str], None]


WHYS: dict[str, Why] = {
    "combinations": Why(say_combinations, why_check.check_combinations),
    "chain": Why(say_chain, why_check.check_chain),
    "pairs": Why(say_pairs, why_check.check_pairs),
    "sums": Why(say_sums, why_check.check_sums),
    "xsum": Why(why_clues.say_xsum, why_clues.check_xsum),
    "sandwich": Why(why_clues.say_sandwich, why_clues.check_sandwich),
}

# The family of each kind of rule: (the model's key, its kind or operation); a rule the grid
# lowers itself ("core") is a family by its shape (`core_family`).
FAMILIES: dict[tuple[str, str | None], str] = {
    ("cage", None): "combinations",
    ("line", "renban"): "combinations",
    ("less", None): "chain",
    ("line", "slow_thermometer"): "chain",
    **{("line", k): "pairs" for k in ("whispers", "nabner", "palindrome", "parity", "modular", "entropic")},
    ("dot", None): "pairs",
    ("negative", None): "pairs",
    ("sum", None): "sums",
    **{("line", k): "sums" for k in ("region_sum", "double_arrow", "zipper")},
    ("outside", "xsum"): "xsum",
    ("outside", "sandwich"): "sandwich",
}


def core_family(s: Subject) -> str | None:
    """A grid's own rule by its shape: a distinct sum, or pairs (non-consecutive)."""
    return "combinations" if combos_of(s) is not None else "pairs" if pair_phrase(s) is not None else None


def family(s: Subject) -> str | None:
    """The family by the rule's kind, else by its key alone (every cage, every dot)."""
    if s.kind == ("core", None):
        return core_family(s)
    return FAMILIES.get(s.kind) or FAMILIES.get((s.kind[0], None))


def subjects(puzzle: Puzzle, rules: Sequence[Rule]) -> list[Subject]:
    found = model_rules(puzzle)
    return [Subject(r.name, r.constraints, found.get(r.constraints), puzzle.cells, puzzle.domains) for r in rules]


def say_why(rules: Sequence[Subject], marks: Marks, deduced: Sequence[Fact]) -> str:
    """One line a rule that has something to say: `name: what it used`."""
    lines = []
    for s in rules:
        fam = family(s)
        body = None if fam is None else WHYS[fam].say(s, marks, deduced)
        if body is not None:
            lines.append(f"{s.name}: {body}")
    return "\n".join(lines)


def check_why(rules: Sequence[Subject], marks: Marks, why: str) -> None:
    """Raise CheckError unless every line of `why` names one of the rules, once, and says of it
    only what the rule and the marks give (re-derived by `reasoning.why_check`)."""
    from puzzlesat.runtime.errors import CheckError

    seen: set[str] = set()
    for line in why.splitlines():
        owner = max((s for s in rules if line.startswith(f"{s.name}: ")), key=lambda s: len(s.name), default=None)
        if owner is None or owner.name in seen:
            raise CheckError(f"a why-text names no rule of its step (or one twice): {line}")
        seen.add(owner.name)
        fam = family(owner)
        if fam is None:
            raise CheckError(f"a why-text for a rule that has none: {line}")
        try:
            WHYS[fam].check(owner, marks, line[len(owner.name) + 2:])
        except ValueError as e:  # a number that does not read: the text is not the rule's
            raise CheckError(f"a why-text that does not read: {line}: {e}") from None


def why_text(puzzle: Puzzle, rules: Sequence[Rule], marks: Marks, deduced: Sequence[Fact]) -> str:
    """The why of a step about `rules`, from the marks before it; checked before it is returned."""
    chosen = subjects(puzzle, rules)
    text = say_why(chosen, marks, deduced)
    check_why(chosen, marks, text)
    return text


def combinations_left(puzzle: Puzzle, rule: Rule, marks: Marks) -> int | None:
    """How many of the rule's value sets (a cage's, a renban's runs) still fit its cells' marks;
    None for a rule without combinations (`why_rules.combos_of`). One left is a routine step to
    read (docs/decisions/explanations.md, D14)."""
    (s,) = subjects(puzzle, [rule])
    cb = combos_of(s)
    if cb is None:
        return _distinct_sum_sets(s, s.cells, marks)
    cells = tuple(s.rule.cells) if s.rule is not None else s.cells
    return sum(1 for t in cb.combos if fits(t, cells, marks))


def _distinct_sum_sets(s: Subject, cells: Sequence[int], marks: Marks) -> int | None:
    """The value sets left for a sum over all-different cells too long for a why-text to list
    (`why_rules.MOST_CELLS`: an 8-cell cage 43 has one, 1-9 less 2); None for any other rule."""
    from itertools import combinations

    from puzzlesat.model.core import AllDifferent, Linear

    lin = [c for c in s.constraints if isinstance(c, Linear)]
    alldiff = [c for c in s.constraints if isinstance(c, AllDifferent)]
    if len(lin) != 1 or len(alldiff) != 1 or set(lin[0].weights) != {1} or lin[0].op != "=":
        return None
    if not isinstance(lin[0].rhs, int) or not set(alldiff[0].cells) == set(lin[0].cells) == set(cells):
        return None
    universe = sorted({v for c in cells for v in s.domains[c]})
    return sum(1 for t in combinations(universe, len(cells)) if sum(t) == lin[0].rhs and fits(t, cells, marks))
