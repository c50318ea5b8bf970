"""The kinds of `[[line]]`: what each line says about the digits along it, and how it lowers.

Each kind is one `LineKind` line in `KINDS`, read as f-puzzles' own solver (rangsk's SudokuSolver)
reads it: a relation stated straight from the rules text (`holds`) and a lowering into the core
(`lower`). Lowerings stay small (docs/decisions/formats.md, "f-puzzles rule kinds"): a relation
between neighbours on the line is a `Table` of allowed pairs (at most digits^2 tuples), a sum
relation a `Linear`, and only "between the ends" (between and lockout lines) needs a `Table` of
triples.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, pairwise

from puzzlesat.model.core import AllDifferent, Constraint, Linear, Table
from puzzlesat.runtime.records import dataclass

Domains = Sequence[Sequence[int]]


@dataclass(frozen=True)
class LineArgs:
    """What a kind may read besides the cells: the least difference (whispers, lockout), the
    greatest digit (entropic thirds) and the line's stretches in one region (region sums)."""

    cells: tuple[int, ...]
    difference: int | None = None
    digits: int | None = None
    segments: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class LineKind:
    """`says`: the rule in words; `least`: the fewest cells; `needs`: "difference", "digits" or
    "regions" when the kind reads one; `lower`/`holds`: the core form and the direct reading."""

    name: str
    says: str
    lower: Callable[[LineArgs, Domains], tuple[Constraint, ...]]
    holds: Callable[[LineArgs, Sequence[int]], bool]
    least: int = 2
    needs: str | None = None


def pairs_table(a: int, b: int, domains: Domains, test: Callable[[int, int], bool]) -> Table:
    """The value pairs of two cells that pass `test`, allowed."""
    return Table((a, b), tuple((x, y) for x in domains[a] for y in domains[b] if test(x, y)), True)


def between_table(a: int, m: int, b: int, domains: Domains, test: Callable[[int, int, int], bool]) -> Table:
    """The triples (end, middle, end) that pass `test`, allowed."""
    rows = tuple((x, y, z) for x in domains[a] for y in domains[m] for z in domains[b] if test(x, y, z))
    return Table((a, m, b), rows, True)


def entropic_class(digits: int) -> Callable[[int], int]:
    """Low, middle or high third of 1..digits, as SudokuSolver splits a size that 3 does not
    divide: the middle third is the odd one out (4: 1 | 2 3 | 4; 5: 1 2 | 3 | 4 5)."""
    small, large = digits // 3, (digits + 2) // 3
    sizes = (small, large, small) if digits % 3 == 1 else (large, small, large)
    bounds = (sizes[0], sizes[0] + sizes[1])
    return lambda v: 0 if v <= bounds[0] else 1 if v <= bounds[1] else 2


def _class_line(classes: int, of: Callable[[LineArgs], Callable[[int], int]]):
    """Any `classes` consecutive cells hold digits of different classes (entropic, modular: three;
    parity: two). Lowered as pair tables at distance 1..classes-1: with that many classes it forces
    the repetition every `classes` cells that the rule also states."""

    def lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
        cls = of(args)
        cells = args.cells
        return tuple(
            pairs_table(cells[i], cells[i + d], domains, lambda x, y: cls(x) != cls(y))
            for d in range(1, classes)
            for i in range(len(cells) - d)
        )

    def holds(args: LineArgs, v: Sequence[int]) -> bool:
        cls = of(args)
        return all(len({cls(x) for x in v[i : i + classes]}) == len(v[i : i + classes]) for i in range(len(v)))

    return lower, holds


def _renban_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    """All different, and no two more than len-1 apart (so max - min = len - 1); the pair tables
    are left out where that bound says nothing (a renban as long as the digits)."""
    cells, n = args.cells, len(args.cells)
    values = sorted({v for c in cells for v in domains[c]})
    out: list[Constraint] = [AllDifferent(cells)]
    if values[-1] - values[0] > n - 1:
        near = lambda x, y: x != y and abs(x - y) <= n - 1  # noqa: E731
        out += [pairs_table(a, b, domains, near) for a, b in combinations(cells, 2)]
    return tuple(out)


def _renban_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1


def _neighbours(test: Callable[[LineArgs], Callable[[int, int], bool]]):
    """Every two neighbours on the line pass `test` (whispers, slow thermometers as tables)."""

    def lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
        t = test(args)
        return tuple(pairs_table(a, b, domains, t) for a, b in pairwise(args.cells))

    def holds(args: LineArgs, v: Sequence[int]) -> bool:
        t = test(args)
        return all(t(x, y) for x, y in pairwise(v))

    return lower, holds


def _whispers(args: LineArgs) -> Callable[[int, int], bool]:
    d = args.difference or 0
    return lambda x, y: abs(x - y) >= d


def _nabner_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    return tuple(pairs_table(a, b, domains, lambda x, y: abs(x - y) >= 2) for a, b in combinations(args.cells, 2))


def _nabner_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return all(abs(x - y) >= 2 for x, y in combinations(v, 2))


def _palindrome_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    c = args.cells
    return tuple(Linear((c[i], c[-1 - i]), (1, -1), "=", 0) for i in range(len(c) // 2))


def _palindrome_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return list(v) == list(reversed(v))


def _zipper_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    """Odd length: each pair sums to the centre; even: each pair sums as the outermost pair does."""
    c, n = args.cells, len(args.cells)
    if n % 2:
        mid = c[n // 2]
        return tuple(Linear((c[i], c[-1 - i], mid), (1, 1, -1), "=", 0) for i in range(n // 2))
    return tuple(Linear((c[i], c[-1 - i], c[0], c[-1]), (1, 1, -1, -1), "=", 0) for i in range(1, n // 2))


def _zipper_holds(args: LineArgs, v: Sequence[int]) -> bool:
    n = len(v)
    sums = {v[i] + v[n - 1 - i] for i in range(n // 2)} | ({v[n // 2]} if n % 2 else set())
    return len(sums) <= 1


def _double_arrow_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    c = args.cells
    return (Linear((c[0], c[-1], *c[1:-1]), (1, 1) + (-1,) * (len(c) - 2), "=", 0),)


def _double_arrow_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return v[0] + v[-1] == sum(v[1:-1])


def _slow_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    return tuple(Linear((a, b), (1, -1), "<=", 0) for a, b in pairwise(args.cells))


def _slow_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return all(x <= y for x, y in pairwise(v))


def _strictly_between(x: int, y: int, z: int) -> bool:
    return min(x, z) < y < max(x, z)


def _between_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    c = args.cells
    return tuple(between_table(c[0], m, c[-1], domains, _strictly_between) for m in c[1:-1])


def _between_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return all(_strictly_between(v[0], m, v[-1]) for m in v[1:-1])


def _outside(x: int, y: int, z: int) -> bool:
    return y < min(x, z) or y > max(x, z)


def _lockout_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    """The ends at least `difference` apart (a pair table), each middle cell outside the ends'
    closed range (a triple table each)."""
    c, d = args.cells, args.difference or 0
    ends = pairs_table(c[0], c[-1], domains, lambda x, y: abs(x - y) >= d)
    return (ends, *(between_table(c[0], m, c[-1], domains, _outside) for m in c[1:-1]))


def _lockout_holds(args: LineArgs, v: Sequence[int]) -> bool:
    return abs(v[0] - v[-1]) >= (args.difference or 0) and all(_outside(v[0], m, v[-1]) for m in v[1:-1])


def _region_sum_lower(args: LineArgs, domains: Domains) -> tuple[Constraint, ...]:
    """Each stretch in one region sums as the next one does: one equality per neighbouring pair."""
    out = []
    for s, t in pairwise(args.segments):
        out.append(Linear((*s, *t), (1,) * len(s) + (-1,) * len(t), "=", 0))
    return tuple(out)


def _region_sum_holds(args: LineArgs, v: Sequence[int]) -> bool:
    at = dict(zip(args.cells, v, strict=True))
    return len({sum(at[c] for c in s) for s in args.segments}) <= 1


def _mod(m: int) -> Callable[[LineArgs], Callable[[int], int]]:
    return lambda args: lambda v: v % m


def _digits(args: LineArgs) -> Callable[[int], int]:
    return entropic_class(args.digits or 0)


KINDS: dict[str, LineKind] = {
    k.name: k
    for k in (
        LineKind("renban", "a set of consecutive digits in any order", _renban_lower, _renban_holds),
        LineKind("whispers", "neighbours differ by at least the difference", *_neighbours(_whispers),
                 needs="difference"),
        LineKind("nabner", "no two digits equal or consecutive", _nabner_lower, _nabner_holds),
        LineKind("palindrome", "reads the same both ways", _palindrome_lower, _palindrome_holds),
        LineKind("zipper", "digits the same distance from the centre sum alike (to the centre's digit, if any)",
                 _zipper_lower, _zipper_holds),
        LineKind("double_arrow", "the two ends sum to the cells between them", _double_arrow_lower,
                 _double_arrow_holds, least=3),
        LineKind("slow_thermometer", "never decreasing from the bulb (the first cell)", _slow_lower, _slow_holds),
        LineKind("between", "every middle digit strictly between the two ends", _between_lower, _between_holds),
        LineKind("lockout", "the ends at least the difference apart, no middle digit between or equal to them",
                 _lockout_lower, _lockout_holds, needs="difference"),
        LineKind("region_sum", "equal sums in each stretch of one region", _region_sum_lower, _region_sum_holds,
                 needs="regions"),
        LineKind("entropic", "any three in a row: one low, one middle, one high digit",
                 *_class_line(3, _digits), needs="digits"),
        LineKind("modular", "any three in a row: different remainders mod 3", *_class_line(3, _mod(3))),
        LineKind("parity", "neighbours alternate odd and even", *_class_line(2, _mod(2))),
    )
}  # fmt: skip
