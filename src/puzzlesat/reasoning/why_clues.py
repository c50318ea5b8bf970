"""Why-texts of outside clues whose sum depends on where a digit sits (`[[outside]]`), and their
checks: an X-sum says which X are left and what the first cells make with the others
(`the first X = r1c2 cells sum to 15: X is 3 or 5 (2 cells make 3-11)`), a sandwich where its
crusts can still be (`10 between 1 and 9: crusts at r1c2…r1c5 or r1c6…r1c9`).

Both read the rule alone within the pencil marks (no house), as every why-text does. The writer
adds the cells' values term by term; the checker (`check_xsum`, `check_sandwich`) reads the text
back and recounts with `why_check._made` (every assignment when they are few).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from itertools import combinations

from puzzlesat.reasoning.facts import Fact
from puzzlesat.reasoning.why_rules import Subject, alternatives, read_spans, spans, split_alternatives, values_text
from puzzlesat.runtime.errors import CheckError

Marks = Sequence[AbstractSet[int]]
# The most crust placements (or gone X) a text lists.
MOST_PLACES = 6


def _sums(cells: Sequence[int], marks: Sequence[AbstractSet[int]]) -> set[int]:
    out = {0}
    for c in cells:
        out = {t + v for t in out for v in marks[c]}
    return out


def _xsum_made(line: Sequence[int], x: int, marks: Marks, made) -> set[int]:
    """What the first x cells make with x in the first."""
    return {x + t for t in made([(c, 1) for c in line[1:x]], 0, marks)}


def say_xsum(s: Subject, marks: Marks, deduced: Sequence[Fact]) -> str | None:
    line, total = tuple(s.rule.cells), s.rule.value
    first = line[0]
    if not any(f.cell in line for f in deduced):
        return None
    xs = [x for x in sorted(marks[first]) if 1 <= x <= len(line)]
    made = {x: {x + t for t in _sums(line[1:x], marks)} for x in xs}
    left = [x for x in xs if total in made[x]]
    gone = [x for x in xs if x not in left]
    if not left or not gone:
        return None
    items = [f"{x} {'cell makes' if x == 1 else 'cells make'} {spans(made[x])}" for x in gone[:MOST_PLACES]]
    return f"the first X = {s.names[first]} cells sum to {total}: X is {values_text(left)} ({'; '.join(items)})"


XSUM = re.compile(r"^the first X = (\S+) cells sum to (-?\d+): X is (.+?) \((.+)\)$")
XSUM_ITEM = re.compile(r"^(\d+) (?:cell makes|cells make) (.+)$")


def check_xsum(s: Subject, marks: Marks, text: str) -> None:
    from puzzlesat.reasoning.why_check import _fail, _made

    line, total = tuple(s.rule.cells), s.rule.value
    m = XSUM.fullmatch(text)
    if m is None or m.group(1) != s.names[line[0]] or int(m.group(2)) != total:
        raise _fail(s, text, "not the clue's first cell or total")
    xs = [x for x in sorted(marks[line[0]]) if 1 <= x <= len(line)]
    made = {x: _xsum_made(line, x, marks, _made) for x in xs}
    if read_spans(m.group(3)) != {x for x in xs if total in made[x]}:
        raise _fail(s, text, f"X is not {m.group(3)}")
    for item in m.group(4).split("; "):
        found = XSUM_ITEM.fullmatch(item)
        if found is None:
            raise _fail(s, text, f"unreadable: {item!r}")
        x = int(found.group(1))
        if x not in made or read_spans(found.group(2)) != made[x] or total in made[x]:
            raise _fail(s, text, f"{item} is not so")


def _crusts_fit(s: Subject, i: int, j: int, marks: Marks, sums) -> bool:
    """Can the crusts sit at positions i < j of the line: one at each end (either way round),
    every other cell without a crust's digit, the cells between making the total?"""
    line, total = tuple(s.rule.cells), s.rule.value
    lo, hi = s.rule.bread
    a, b = line[i], line[j]
    ends = (lo in marks[a] and hi in marks[b]) or (hi in marks[a] and lo in marks[b])
    rest = [set(marks[c]) - {lo, hi} for c in line]
    if not ends or any(not rest[k] for k in range(len(line)) if k not in (i, j)):
        return False
    return total in sums(line[i + 1:j], rest)


def say_sandwich(s: Subject, marks: Marks, deduced: Sequence[Fact]) -> str | None:
    line = tuple(s.rule.cells)
    if not any(f.cell in line for f in deduced):
        return None
    lo, hi = s.rule.bread

    def sums(cells: Sequence[int], rest: Sequence[set[int]]) -> set[int]:
        return _sums([line.index(c) for c in cells], rest)

    left = [(i, j) for i, j in combinations(range(len(line)), 2) if _crusts_fit(s, i, j, marks, sums)]
    if not left or len(left) > MOST_PLACES:
        return None
    shown = [f"{s.names[line[i]]}…{s.names[line[j]]}" for i, j in left]
    return f"{s.rule.value} between {lo} and {hi}: crusts at {alternatives(shown)}"


SANDWICH = re.compile(r"^(-?\d+) between (-?\d+) and (-?\d+): crusts at (.+)$")


def check_sandwich(s: Subject, marks: Marks, text: str) -> None:
    from puzzlesat.reasoning.why_check import _fail, _made

    line = tuple(s.rule.cells)
    m = SANDWICH.fullmatch(text)
    if m is None or (int(m.group(1)), int(m.group(2)), int(m.group(3))) != (s.rule.value, *s.rule.bread):
        raise _fail(s, text, "not the clue's total or crusts")

    def sums(cells: Sequence[int], rest: Sequence[set[int]]) -> set[int]:
        return _made([(line.index(c), 1) for c in cells], 0, rest)

    said = set()
    for pair in split_alternatives(m.group(4)):
        a, dots, b = pair.partition("…")
        if not dots or a not in s.names or b not in s.names:
            raise _fail(s, text, f"unreadable: {pair!r}")
        i, j = line.index(s.names.index(a)), line.index(s.names.index(b))
        said.add((i, j))
    every = {(i, j) for i, j in combinations(range(len(line)), 2) if _crusts_fit(s, i, j, marks, sums)}
    if said != every:
        raise CheckError(f"a false why-text for {s.name}: {text!r}: the crusts can sit elsewhere or not there")
