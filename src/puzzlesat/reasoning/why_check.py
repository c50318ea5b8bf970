"""The checker of why-texts: each text is read back and every claim in it re-derived from the rule
and the pencil marks, by other means than wrote it (orders tried one by one where the writer
searched, every assignment of a chain enumerated where the writer took bounds, products of the
cells' marks where the writer summed sets). A false claim raises CheckError naming it.

What each family's text says and what is checked:

- combinations: the head (the total) is the rule's; every set listed as left has an order of
  its values within the marks that keeps the rule; every set of the rule not listed has none;
  each gone set's reason holds (the cell has none of its values, no cell has the value);
- chain: the order is the rule's, each bound is the least or greatest value the cell takes in
  some assignment of the whole chain within the marks;
- pairs: the relation is the rule's; each value listed has no partner in the named neighbour
  (read in order: what an earlier item removed is gone for the later ones);
- sums: the equation is one of the rule's, the expression is the cell solved for, the values it
  makes (within the cell's digits) and the cell's values left are exactly those.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from itertools import permutations, product

from puzzlesat.reasoning.why_rules import (
    Subject,
    chain_of,
    combos_of,
    equation,
    isolated,
    pair_allows,
    pair_phrase,
    read_spans,
    split_alternatives,
    unit_sums,
)
from puzzlesat.runtime.errors import CheckError

Marks = Sequence[AbstractSet[int]]
# Beyond this many assignments a sum's values are collected term by term instead of one by one.
PRODUCT_LIMIT = 20_000


def _fail(s: Subject, text: str, why: str) -> CheckError:
    return CheckError(f"a false why-text for {s.name}: {text!r}: {why}")


def _cell(s: Subject, name: str, text: str) -> int:
    if name not in s.names:
        raise _fail(s, text, f"{name} is no cell")
    c = s.names.index(name)
    if c not in s.cells:
        raise _fail(s, text, f"{name} is not in the rule")
    return c


def _keeps(s: Subject, values: dict[int, int]) -> bool:
    """The rule on these values: the model's reading where there is one, else its core."""
    if s.rule is not None:
        return bool(s.rule.holds(values, {}))
    return all(con.holds(values, {}) for con in s.constraints)  # type: ignore[arg-type]


def _placed(s: Subject, combo: Sequence[int], cells: Sequence[int], marks: Marks) -> bool:
    """Some order of the combination, one value a cell, within the marks and keeping the rule."""
    for order in set(permutations(combo)):
        values = dict(zip(cells, order, strict=True))
        if all(v in marks[c] for c, v in values.items()) and _keeps(s, values):
            return True
    return False


GONE = (
    (re.compile(r"^(\S+) needs (\S+) = (.+), gone$"), "cell"),
    (re.compile(r"^(\S+) has no place for (\d+), gone$"), "value"),
    (re.compile(r"^(\S+) does not fit, gone$"), "fit"),
)


def check_combinations(s: Subject, marks: Marks, text: str) -> None:
    cb = combos_of(s)
    if cb is None or not text.startswith(cb.head):
        raise _fail(s, text, "not the rule's total" if cb else "the rule has no combinations")
    parts = COMBINATIONS.fullmatch(text[len(cb.head):])
    if parts is None:
        raise _fail(s, text, "unreadable")
    listed, gone_text, placed = parts.group("left"), parts.group("gone") or "", parts.group("placed")
    cells = tuple(s.rule.cells) if s.rule is not None else s.cells
    left = [cb.read(item) for item in split_alternatives(listed)]
    if len(set(left)) != len(left):
        raise _fail(s, text, "a combination listed twice")
    for combo in left:
        if combo not in cb.combos or not _placed(s, combo, cells, marks):
            raise _fail(s, text, f"{cb.show(combo)} is not left")
    for combo in cb.combos:
        if combo not in left and _placed(s, combo, cells, marks):
            raise _fail(s, text, f"{cb.show(combo)} is left but not listed")
    said: list[tuple[int, ...]] = []
    more = 0
    for item in gone_text.split("; ") if gone_text else []:
        counted = re.fullmatch(r"(\d+) more gone", item)
        if counted:
            more = int(counted.group(1))
            continue
        said.append(_check_gone(s, cb, cells, marks, item, text))
    if len(set(said)) != len(said) or len(said) + more != len(cb.combos) - len(left):
        raise _fail(s, text, "the gone combinations are not counted right")
    for item in placed.split("; ") if placed else []:
        _check_no_place(s, cells, left, marks, item, text)


COMBINATIONS = re.compile(r"(?P<left>[^(;]+?)(?: \((?P<gone>[^)]*)\))?(?:; (?P<placed>.*))?")
PARTNER = re.compile(r"^(\d+) in (\S+) needs (.+) in (\S+), gone$")
NOWHERE = re.compile(r"^(\d+) in (\S+) fits none left$")


def _check_no_place(s: Subject, cells: Sequence[int], left: Sequence[tuple[int, ...]], marks: Marks, item: str,
                    text: str) -> None:  # fmt: skip
    """`3 in r3c2 needs 6 in r3c3, gone`: every combination left with a 3 pairs it with a value
    the other cell has lost; `3 in r3c2 fits none left`: no combination left puts 3 there."""
    m = PARTNER.fullmatch(item) or NOWHERE.fullmatch(item)
    if m is None:
        raise _fail(s, text, f"unreadable: {item!r}")
    v, c = int(m.group(1)), _cell(s, m.group(2), text)
    if v not in marks[c]:
        raise _fail(s, text, f"{v} is not a candidate of {m.group(2)}")
    with_v = [t for t in left if v in t]
    if m.re is PARTNER:
        other = _cell(s, m.group(4), text)
        partners = set()
        for t in with_v:
            rest = list(t)
            rest.remove(v)
            partners |= set(rest)
        if len(cells) != 2 or other == c or read_spans(m.group(3)) != partners or partners & set(marks[other]):
            raise _fail(s, text, f"{item} is not so")
        return
    fixed = [set(marks[x]) if x != c else {v} for x in range(len(marks))]
    if any(_placed(s, t, cells, fixed) for t in with_v):
        raise _fail(s, text, f"{v} fits {m.group(2)}")


def _check_gone(s: Subject, cb, cells: Sequence[int], marks: Marks, item: str, text: str) -> tuple[int, ...]:
    for pattern, kind in GONE:
        m = pattern.fullmatch(item)
        if m is None:
            continue
        combo = cb.read(m.group(1))
        if combo not in cb.combos or _placed(s, combo, cells, marks):
            raise _fail(s, text, f"{m.group(1)} is not gone")
        if kind == "cell":
            c = _cell(s, m.group(2), text)
            if read_spans(m.group(3)) != set(combo) or set(combo) & set(marks[c]):
                raise _fail(s, text, f"{m.group(2)} can hold a value of {m.group(1)}")
        elif kind == "value":
            v = int(m.group(2))
            if v not in combo or any(v in marks[c] for c in cells):
                raise _fail(s, text, f"{v} has a place")
        return combo
    raise _fail(s, text, f"unreadable: {item!r}")


def _assignments(chain: Sequence[int], sign: str, marks: Marks) -> list[tuple[int, ...]]:
    """Every assignment of the chain within its marks that keeps its order, one cell at a time."""
    out: list[tuple[int, ...]] = []

    def walk(done: tuple[int, ...]) -> None:
        if len(done) == len(chain):
            out.append(done)
            return
        for v in sorted(marks[chain[len(done)]]):
            if not done or v > done[-1] or (sign == "≤" and v == done[-1]):
                walk((*done, v))

    walk(())
    return out


BOUND = re.compile(r"^(?:(\d+) ≤ )?(\S+) (≤|≥) (\d+)$")


def check_chain(s: Subject, marks: Marks, text: str) -> None:
    found = chain_of(s)
    if found is None:
        raise _fail(s, text, "the rule is no chain")
    chain, sign = found
    order, _, bounds = text.partition(", so ")
    if order != f" {sign} ".join(s.names[c] for c in chain):
        raise _fail(s, text, "not the rule's order")
    if not bounds:
        return
    every = _assignments(chain, sign, marks)
    for part in bounds.split(", "):
        m = BOUND.fullmatch(part)
        if m is None:
            raise _fail(s, text, f"unreadable: {part!r}")
        c = _cell(s, m.group(2), text)
        taken = {a[chain.index(c)] for a in every}
        if not taken:
            raise _fail(s, text, "the chain cannot hold")
        if m.group(1) is not None and (m.group(3) != "≤" or int(m.group(1)) != min(taken)):
            raise _fail(s, text, f"{part} is not the least {m.group(2)} takes")
        if int(m.group(4)) != (max(taken) if m.group(3) == "≤" else min(taken)):
            raise _fail(s, text, f"{part} is not the bound {m.group(2)} takes")


ITEM = re.compile(r"^(.+) in (\S+) (?:has|have) no partner in (\S+)$")


def check_pairs(s: Subject, marks: Marks, text: str) -> None:
    phrase = pair_phrase(s)
    if phrase is None or not text.startswith(f"{phrase}: "):
        raise _fail(s, text, "not the rule's relation")
    work = {c: set(marks[c]) for c in s.cells}
    for item in text[len(phrase) + 2:].split("; "):
        m = ITEM.fullmatch(item)
        if m is None:
            raise _fail(s, text, f"unreadable: {item!r}")
        x, y = _cell(s, m.group(2), text), _cell(s, m.group(3), text)
        for v in sorted(read_spans(m.group(1))):
            if v not in work[x]:
                raise _fail(s, text, f"{v} is not a candidate of {m.group(2)}")
            partners = [pair_allows(s, x, y, v, u) for u in sorted(work[y])]
            if pair_allows(s, x, y, v, v) is None or any(partners):
                raise _fail(s, text, f"{v} in {m.group(2)} has a partner in {m.group(3)}")
        work[x] -= read_spans(m.group(1))


SUM_ITEM = re.compile(r"^(.+) makes (.*), so (\S+) is (.+)$")


def _made(terms: Sequence[tuple[int, int]], const: int, marks: Marks) -> set[int]:
    """Every value of const + sum(sign * cell) within the marks: each assignment when they are
    few, else term by term."""
    sizes = 1
    for c, _ in terms:
        sizes *= len(marks[c])
    if sizes <= PRODUCT_LIMIT:
        cells = [c for c, _ in terms]
        signs = [w for _, w in terms]
        return {const + sum(w * v for w, v in zip(signs, vs, strict=True))
                for vs in product(*(sorted(marks[c]) for c in cells))}  # fmt: skip
    out = {const}
    for c, w in terms:
        out = {t + w * v for t in out for v in marks[c]}
    return out


def check_sums(s: Subject, marks: Marks, text: str) -> None:
    lins = {equation(lin, s.names): lin for lin in unit_sums(s)}
    current = None
    for part in text.split("; "):
        eq = next((e for e in lins if part.startswith(f"{e}: ")), None)
        if eq is not None:
            current, part = eq, part[len(eq) + 2:]
        if current is None:
            raise _fail(s, text, "no equation of the rule")
        m = SUM_ITEM.fullmatch(part)
        if m is None:
            raise _fail(s, text, f"unreadable: {part!r}")
        lin = lins[current]
        c = _cell(s, m.group(3), text)
        if c not in lin.cells:
            raise _fail(s, text, f"{m.group(3)} is not in {current}")
        expr, terms, const = isolated(lin, c, s.names)
        if expr != m.group(1):
            raise _fail(s, text, f"{m.group(3)} is not {m.group(1)}")
        made = _made(terms, const, marks)
        if read_spans(m.group(2)) != made & set(s.domains[c]):
            raise _fail(s, text, f"{m.group(1)} does not make {m.group(2)}")
        if read_spans(m.group(4)) != {v for v in marks[c] if v in made}:
            raise _fail(s, text, f"{m.group(3)} is not {m.group(4)}")
