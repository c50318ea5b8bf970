"""Enumeration policy for symmetric puzzles: which static lex-leader constraints are exact.

Orbit blocking (`solvers.enumerate`) works for any group; lex-leader constraints make the search
visit canonical solutions only, and are used where they collapse to one inequality per element.
"""

from __future__ import annotations

from puzzles.model import Puzzle


def lex_leader_pairs(puzzle: Puzzle) -> tuple[tuple[int, int], ...] | None:
    """Pairs (a, b) such that "s[a] < s[b] for every pair" holds exactly for canonical solutions.

    For a group element p, s <=lex image(s, p) is decided at the first cell j that p moves: the
    image holds s[k] there, with p[k] == j. When j and k are in one all-different constraint their
    values differ, so the lex-leader constraint is the single inequality s[j] < s[k] (Crawford et
    al., KR 1996, with all-different making the lexicographic chain collapse). Every seed puzzle has
    this shape. None when some element's first moved cell is not forced to differ from its source:
    then only orbit blocking is exact.
    """
    member: dict[int, set[int]] = {}
    for gi, group in enumerate(puzzle.groups):
        for c in group:
            member.setdefault(c, set()).add(gi)
    pairs: set[tuple[int, int]] = set()
    for p in puzzle.group.elements[1:]:
        j = next(i for i, target in enumerate(p) if target != i)
        k = p.index(j)
        if not member.get(j, set()) & member.get(k, set()):
            return None
        pairs.add((j, k))
    return tuple(sorted(pairs))
