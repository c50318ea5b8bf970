"""Named patterns on pencil marks (issue 43, points 0, 2, 7): exact texts on hand-made states.

Each state is written out below and its expected step was worked out by hand from the marks: every
cell holds 1-9 except the cells and values named, so only the pattern under test (and the ones it
implies, filtered out by technique) is present. The text of every technique is HoDoKu's
`SolutionStep.toString` (art 2) in our notation: `≠` for `<>`, house names as the board names them."""

from __future__ import annotations

import pytest

from puzzlesat.reasoning.patterns import House, Marks
from puzzlesat.reasoning.patterns.check import check
from puzzlesat.reasoning.patterns.context import Board
from puzzlesat.reasoning.patterns.library import FAMILIES, find
from tests.pattern_grids import marks


def everywhere_but(keep) -> str:
    """Every cell of the 9x9 except those for which keep(row, column) is True (1-based)."""
    return " ".join(f"r{r}c{c}" for r in range(1, 10) for c in range(1, 10) if not keep(r, c))


def texts(m, technique: str) -> list[str]:
    """Every pattern of that technique the finders give (before find's dedupe), each checked."""
    b = Board(m)
    out = []
    for _, _, finder in FAMILIES:
        for p in finder(b):
            if p.technique == technique:
                assert check(m, p), p.text
                out.append(p.text)
    return out


def with_diagonal(m):
    """The state with the main diagonal as one more full house (an X-sudoku's region)."""
    diag = House("region 1", "region", tuple(i * 9 + i for i in range(9)), True)
    return Marks(m.cands, (*m.houses, diag), m.names, m.placed)


ROW1 = everywhere_but(lambda r, c: r == 1)
ROW3 = everywhere_but(lambda r, c: r == 3)
BOX1 = everywhere_but(lambda r, c: r <= 3 and c <= 3)
FULL_ROW1 = " ".join(f"r1c{c}={c}" for c in range(1, 9))

CASES = [
    ("Full House", marks(FULL_ROW1, placed=" ".join(f"r1c{c}" for c in range(1, 9))), ["Full House: row 1 => r1c9=9"]),
    ("Naked Single", marks("r1c1=7"), ["Naked Single: r1c1=7"]),
    ("Hidden Single", marks(only={7: ROW3 + " r3c5"}), ["Hidden Single: 7 in row 3 => r3c5=7"]),
    ("Naked Pair", marks("r1c1=12 r1c5=12"),
     ["Naked Pair: 1,2 in r1c1,r1c5 => r1c2≠1,2; r1c3≠1,2; r1c4≠1,2; r1c6≠1,2; r1c7≠1,2; r1c8≠1,2; r1c9≠1,2"]),
    ("Locked Pair", marks("r1c1=12 r1c2=12"),
     ["Locked Pair: 1,2 in r1c1,r1c2 => r1c3≠1,2; r1c4≠1,2; r1c5≠1,2; r1c6≠1,2; r1c7≠1,2; r1c8≠1,2; r1c9≠1,2; "
      "r2c1≠1,2; r2c2≠1,2; r2c3≠1,2; r3c1≠1,2; r3c2≠1,2; r3c3≠1,2"]),
    ("Naked Triple", marks("r1c1=12 r1c5=23 r1c9=13"),
     ["Naked Triple: 1,2,3 in r1c1,r1c5,r1c9 => r1c2≠1,2,3; r1c3≠1,2,3; r1c4≠1,2,3; r1c6≠1,2,3; r1c7≠1,2,3; "
      "r1c8≠1,2,3"]),
    ("Hidden Pair", marks(only={1: ROW1 + " r1c1 r1c5", 2: ROW1 + " r1c1 r1c5"}),
     ["Hidden Pair: 1,2 in r1c1,r1c5 => r1c1≠3,4,5,6,7,8,9; r1c5≠3,4,5,6,7,8,9"]),
    ("Hidden Triple", marks(only=dict.fromkeys((1, 2, 3), ROW1 + " r1c2 r1c4 r1c6")),
     ["Hidden Triple: 1,2,3 in r1c2,r1c4,r1c6 => r1c2≠4,5,6,7,8,9; r1c4≠4,5,6,7,8,9; r1c6≠4,5,6,7,8,9"]),
    ("Locked Triple", marks("r1c1=12 r1c2=23 r1c3=13"),
     ["Locked Triple: 1,2,3 in r1c1,r1c2,r1c3 => r1c4≠1,2,3; r1c5≠1,2,3; r1c6≠1,2,3; r1c7≠1,2,3; r1c8≠1,2,3; "
      "r1c9≠1,2,3; r2c1≠1,2,3; r2c2≠1,2,3; r2c3≠1,2,3; r3c1≠1,2,3; r3c2≠1,2,3; r3c3≠1,2,3"]),
    ("Naked Quadruple", marks("r1c1=12 r1c3=23 r1c5=34 r1c7=14"),
     ["Naked Quadruple: 1,2,3,4 in r1c1,r1c3,r1c5,r1c7 => r1c2≠1,2,3,4; r1c4≠1,2,3,4; r1c6≠1,2,3,4; "
      "r1c8≠1,2,3,4; r1c9≠1,2,3,4"]),
    ("Hidden Quadruple", marks(only=dict.fromkeys((1, 2, 3, 4), ROW1 + " r1c2 r1c4 r1c6 r1c8")),
     ["Hidden Quadruple: 1,2,3,4 in r1c2,r1c4,r1c6,r1c8 => r1c2≠5,6,7,8,9; r1c4≠5,6,7,8,9; r1c6≠5,6,7,8,9; "
      "r1c8≠5,6,7,8,9"]),
    # the diagonal holds 6 only at r1c1 and r2c2, both in box 1
    ("Locked Candidates", with_diagonal(marks(only={6: everywhere_but(lambda r, c: r == c) + " r1c1 r2c2"})),
     ["Locked Candidates: 6 in region 1 on box 1 => r1c2,r1c3,r2c1,r2c3,r3c1,r3c2≠6"]),
    ("Locked Candidates Type 1 (Pointing)", marks(only={5: BOX1 + " r3c1 r3c2"}),
     ["Locked Candidates Type 1 (Pointing): 5 in box 1 on row 3 => r3c4,r3c5,r3c6,r3c7,r3c8,r3c9≠5"]),
    ("Locked Candidates Type 2 (Claiming)", marks(only={5: ROW3 + " r3c1 r3c2"}),
     ["Locked Candidates Type 2 (Claiming): 5 in row 3 on box 1 => r1c1,r1c2,r1c3,r2c1,r2c2,r2c3≠5"]),
    # rows 2 and 7 hold 4 only in columns 3 and 8
    ("X-Wing", marks(only={4: "r2c3 r2c8 r7c3 r7c8 r5c3 r1c8"}), ["X-Wing: 4 in rows 2,7, columns 3,8 => r1c8,r5c3≠4"]),
    ("Swordfish", marks(only={4: "r1c1 r1c5 r5c5 r5c9 r9c1 r9c9 r3c1 r7c5"}),
     ["Swordfish: 4 in rows 1,5,9, columns 1,5,9 => r3c1,r7c5≠4"]),
    ("Jellyfish", marks(only={4: "r1c1 r1c4 r2c4 r2c7 r3c1 r3c7 r4c1 r4c9 r9c9 r6c4"}),
     ["Jellyfish: 4 in rows 1,2,3,4, columns 1,4,7,9 => r6c4,r9c9≠4"]),
    # row 7's extra 4 at r7c9 is a fin in box 9; column 8's r8c8,r9c8 are fins of the column fish
    ("Finned X-Wing", marks(only={4: "r2c3 r2c8 r7c3 r7c8 r7c9 r8c8 r9c8"}),
     ["Finned X-Wing: 4 in rows 2,7, columns 3,8, fins r7c9 => r8c8,r9c8≠4",
      "Finned X-Wing: 4 in columns 3,8, rows 2,7, fins r8c8,r9c8 => r7c9≠4"]),
    ("Sashimi X-Wing", marks(only={4: "r2c3 r2c8 r7c8 r7c9 r8c8 r9c8 r5c3"}),
     ["Sashimi X-Wing: 4 in rows 2,7, columns 3,8, fins r7c9 => r8c8,r9c8≠4"]),
    # rows 1 and 6 hold 1 twice each, joined in column 1
    ("Skyscraper", marks(only={1: "r1c1 r1c5 r6c1 r6c6 r2c6 r3c6"}),
     ["Skyscraper: 1 in r1c5,r6c6 (connected by r1c1,r6c1) => r2c6,r3c6≠1"]),
    # row 3 (r3c2,r3c7) and column 1 (r1c1,r6c1), joined in box 1
    ("2-String Kite", marks(only={5: "r3c2 r3c7 r1c1 r6c1 r6c7"}),
     ["2-String Kite: 5 in r3c7,r6c1 (connected by r3c2,r1c1) => r6c7≠5"]),
    # box 1's 5s on row 2 and column 2; column 7 holds 5 only at r2c7 and r8c7
    ("Empty Rectangle", marks(only={5: "r1c2 r2c1 r2c2 r2c7 r8c7 r8c2"}),
     ["Empty Rectangle: 5 in box 1 (r8c2,r8c7) => r2c7≠5", "Empty Rectangle: 5 in box 1 (r2c7,r8c7) => r8c2≠5"]),
    # row 6 (r6c7,r6c1) and box 1 (r1c1,r3c2) joined in column 1; column 7 (r6c7,r3c7) and box 1
    # joined in row 3
    ("Turbot Fish", marks(only={5: "r3c2 r3c7 r1c1 r6c1 r6c7"}),
     ["Turbot Fish: 5 in r6c7,r3c2 (connected by r6c1,r1c1) => r3c7≠5",
      "Turbot Fish: 5 in r6c7,r1c1 (connected by r3c7,r3c2) => r6c1≠5"]),
    ("W-Wing", marks("r1c1=12 r9c9=12", only={2: "r1c1 r9c9 r1c5 r9c5 r2c2 r8c8 r3c7"}),
     ["W-Wing: 1/2 in r1c1,r9c9 connected by 2 in r1c5,r9c5 => r1c9,r9c1≠1"]),
    ("XY-Wing", marks("r1c1=12 r1c5=13 r3c2=23"), ["XY-Wing: 1/2/3 in r1c1,r1c5,r3c2 => r1c2,r1c3,r3c4,r3c5,r3c6≠3"]),
    ("XYZ-Wing", marks("r1c1=123 r1c5=13 r3c2=23"), ["XYZ-Wing: 1/2/3 in r1c1,r1c5,r3c2 => r1c2,r1c3≠3"]),
    # conjugate pairs r1c1=r1c5 (row 1), r1c5=r6c5 (column 5), r6c5=r4c6 (box 5); r4c1 sees both colours
    ("Simple Colors Trap", marks(only={7: "r1c1 r1c5 r6c5 r4c6 r4c1 r8c1 r4c9"}),
     ["Simple Colors Trap: 7 (r1c1,r6c5) / (r1c5,r4c6) => r4c1≠7"]),
    # row 1 (r1c1,r1c5), column 5 (r1c5,r5c5), row 5 (r5c5,r5c2), column 2 (r5c2,r2c2): r1c1 and r2c2
    # share a colour and box 1 (which also has r3c3, so it is no link)
    ("Simple Colors Wrap", marks(only={7: "r1c1 r1c5 r5c5 r5c2 r2c2 r3c3"}),
     ["Simple Colors Wrap: 7 (r1c1,r2c2,r5c5) / (r1c5,r5c2) => r1c1,r2c2,r5c5≠7"]),
    # conjugate pairs: box 1 (r1c1,r3c2), row 1 (r1c1,r1c6), column 6 (r1c6,r9c6), column 5 (r3c5,r8c5),
    # column 8 (r3c8,r9c8), box 2 (r1c6,r3c5); the shortest chain to each end is kept (r3c2 to r3c5
    # is two links by box 2: a turbot fish, not an X-chain)
    ("X-Chain", marks(only={3: "r1c1 r1c6 r3c5 r8c5 r9c6 r9c2 r3c2 r3c8 r5c2 r9c8"}),
     ["X-Chain: 3 r3c2≠3 → r1c1=3 → r1c6≠3 → r3c5=3 → r3c8≠3 → r9c8=3 => r9c2≠3",
      "X-Chain: 3 r3c2≠3 → r1c1=3 → r1c6≠3 → r9c6=3 → r9c8≠3 → r3c8=3 => r3c5≠3"]),
    ("XY-Chain", marks("r1c1=12 r1c7=23 r5c7=34 r5c2=41"),
     ["XY-Chain: 1 r1c1≠1 → r1c1=2 → r1c7≠2 → r1c7=3 → r5c7≠3 → r5c7=4 → r5c2≠4 → r5c2=1 => "
      "r1c2,r2c2,r3c2,r4c1,r5c1,r6c1≠1"]),
    ("Remote Pair", marks("r1c1=12 r1c7=12 r5c7=12 r5c2=12"),
     ["Remote Pair: 1/2 r1c1≠1 → r1c1=2 → r1c7≠2 → r1c7=1 → r5c7≠1 → r5c7=2 → r5c2≠2 → r5c2=1 => "
      "r1c2≠1,2; r2c2≠1,2; r3c2≠1,2; r4c1≠1,2; r5c1≠1,2; r6c1≠1,2"]),
]


@pytest.mark.parametrize(("technique", "m", "expected"), CASES, ids=[c[0] for c in CASES])
def test_exact_text(technique, m, expected):
    """The pattern is found, with HoDoKu's text and every elimination, and nothing else of its kind."""
    assert texts(m, technique) == expected


def only_pattern(m, technique: str):
    (p,) = [p for _, _, f in FAMILIES for p in f(Board(m)) if p.technique == technique]
    return p


def test_check_rejects_a_reason_that_is_false_on_other_marks():
    """A pattern read on one state is refused on a state where its shape does not hold: a hidden
    single whose value has a second place, a pointing whose box holds the value off the line, an
    X-wing with a third place in a base row, a naked pair cell holding a third value."""
    hidden = only_pattern(marks(only={7: ROW3 + " r3c5"}), "Hidden Single")
    assert not check(marks(only={7: ROW3 + " r3c5 r3c9"}), hidden)
    pointing = only_pattern(marks(only={5: BOX1 + " r3c1 r3c2"}), "Locked Candidates Type 1 (Pointing)")
    assert not check(marks(only={5: BOX1 + " r3c1 r3c2 r1c1"}), pointing)
    xwing = only_pattern(marks(only={4: "r2c3 r2c8 r7c3 r7c8 r5c3 r1c8"}), "X-Wing")
    assert not check(marks(only={4: "r2c3 r2c8 r7c3 r7c8 r5c3 r1c8 r7c5"}), xwing)
    pair = only_pattern(marks("r1c1=12 r1c5=12"), "Naked Pair")
    assert not check(marks("r1c1=12 r1c5=123"), pair)
    single = only_pattern(marks("r1c1=7"), "Naked Single")
    assert not check(marks("r1c1=78"), single)


def test_find_orders_by_hodoku_score_and_drops_repeats():
    """On the skyscraper state: the hidden singles (14) first, then the empty rectangles (120), the
    skyscraper (130) and a sashimi X-wing on the columns (150, r1c5); the simple colours trap
    (150) repeats the skyscraper's eliminations and is dropped."""
    m = marks(only={1: "r1c1 r1c5 r6c1 r6c6 r2c6 r3c6"})
    got = [(p.technique, p.score) for p in find(m) if p.eliminates]
    assert got == [("Empty Rectangle", 120), ("Empty Rectangle", 120), ("Skyscraper", 130), ("Sashimi X-Wing", 150)]


def test_check_refuses_a_text_that_says_other_than_the_pattern():
    """The text must name the technique and, after `=>`, exactly the cells changed and their digits."""
    import dataclasses

    p = only_pattern(marks("r1c1=12 r1c5=12"), "Naked Pair")
    m = marks("r1c1=12 r1c5=12")
    assert check(m, p)
    assert not check(m, dataclasses.replace(p, text=p.text.replace("r1c9≠1,2", "r1c9≠1")))
    assert not check(m, dataclasses.replace(p, text=p.text.replace("; r1c9≠1,2", "")))
    assert not check(m, dataclasses.replace(p, text=p.text.replace("Naked Pair:", "Hidden Pair:")))


def test_patterns_kept_by_value_are_those_found_afresh():
    """`find` keeps each single-value finder's patterns by that value's places (`Board.by_value`),
    across calls: on 80 states (every state above, then some with random candidates struck, all
    on one warm table and in a shuffled order, each twice) the finders give exactly the patterns,
    in the same order, that they give on a board with nothing kept, and `find` gives them by score."""
    import random

    from puzzlesat.reasoning.patterns import library

    rng = random.Random(43)
    states = [m for _, m, _ in CASES]
    for _ in range(40 - len(states)):
        m = rng.choice(states[: len(CASES)])
        cands = list(m.cands)
        for c in rng.sample([c for c in range(81) if len(cands[c]) > 1 and c not in m.placed], 3):
            cands[c] = cands[c] - {rng.choice(sorted(cands[c]))}
        states.append(Marks(tuple(cands), m.houses, m.names, m.placed))
    states = states * 2
    rng.shuffle(states)
    for m in states:
        fresh = [p for _, _, finder in FAMILIES for p in finder(Board(m, {}))]
        warm_board = Board(m, library._memo(m))
        warm = [p for _, _, finder in FAMILIES for p in finder(warm_board)]
        assert warm == fresh
        assert list(find(m)) == list(library._pop(_heap(fresh), set(), float("inf")))


def _heap(patterns):
    """The patterns in `find`'s order: by score, then as found."""
    import heapq

    heap = [(p.score, n, p) for n, p in enumerate(patterns)]
    heapq.heapify(heap)
    return heap
