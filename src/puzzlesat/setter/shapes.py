"""Random shapes for the generators: cage partitions, jigsaw maps, kakuro patterns, paths.

Plain Python on (row, column) squares counted from 1, driven by one `random.Random` so a seed gives
the same shapes on every machine (the solver decides nothing here). `puzzlesat generate`
(src/puzzlesat/setter/makers.py) and `benchmarks/make_instances.py` turn them into puzzles.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

Square = tuple[int, int]
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
KING = (*ORTHOGONAL, (1, 1), (1, -1), (-1, 1), (-1, -1))


def around(sq: Square, steps: Sequence[Square] = ORTHOGONAL) -> list[Square]:
    """The squares one of `steps` away from `sq` (unbounded: callers keep those they hold)."""
    return [(sq[0] + dr, sq[1] + dc) for dr, dc in steps]


def connected(squares: Iterable[Square]) -> bool:
    """Whether the squares form one orthogonally connected piece (an empty set does not)."""
    left = set(squares)
    if not left:
        return False
    stack = [left.pop()]
    while stack:
        for nb in around(stack.pop()):
            if nb in left:
                left.remove(nb)
                stack.append(nb)
    return not left


def partition(
    squares: Sequence[Square],
    rng: random.Random,
    size: Callable[[], int],
    fits: Callable[[list[Square], Square], bool] = lambda cage, sq: True,
) -> list[list[Square]]:
    """Cover the squares with connected pieces: each grows from a random free square towards a
    random size, adding random free neighbours that `fits` accepts; lone squares are then merged
    into a neighbouring piece that accepts them, where one does."""
    free = set(squares)
    pieces: list[list[Square]] = []
    for start in rng.sample(sorted(squares), len(squares)):
        if start not in free:
            continue
        piece, target = [start], size()
        free.discard(start)
        while len(piece) < target:
            options = sorted({nb for sq in piece for nb in around(sq) if nb in free and fits(piece, nb)})
            if not options:
                break
            nxt = rng.choice(options)
            piece.append(nxt)
            free.discard(nxt)
        pieces.append(piece)
    for lone in [p for p in pieces if len(p) == 1]:
        (sq,) = lone
        hosts = [p for p in pieces if p is not lone and len(p) > 1 and any(nb in p for nb in around(sq))]
        hosts = [p for p in hosts if fits(p, sq)]
        if hosts:
            min(hosts, key=len).append(sq)
            pieces.remove(lone)
    return [sorted(p) for p in pieces]


def jigsaw_map(n: int, box: tuple[int, int], rng: random.Random, moves: int) -> str:
    """A map of n connected regions of n squares each (letters A..), made by `moves` random
    exchanges across region borders starting from the boxes; every exchange keeps both regions
    connected and their sizes equal."""
    h, w = box
    region = {(r, c): ((r - 1) // h) * (n // w) + (c - 1) // w for r in range(1, n + 1) for c in range(1, n + 1)}
    squares = sorted(region)
    done = 0
    while done < moves:
        a = rng.choice(squares)
        ra = region[a]
        into = [region[nb] for nb in around(a) if nb in region and region[nb] != ra]
        if not into:
            continue
        rb = rng.choice(sorted(into))
        # a leaves ra for rb; some square b of rb next to ra (other than through a) goes back
        backs = [b for b in squares if region[b] == rb and any(region.get(nb) == ra and nb != a for nb in around(b))]
        if not backs:
            continue
        b = rng.choice(backs)
        region[a], region[b] = rb, ra
        if connected(s for s in squares if region[s] == ra) and connected(s for s in squares if region[s] == rb):
            done += 1
        else:
            region[a], region[b] = ra, rb
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "\n".join("".join(letters[region[r, c]] for c in range(1, n + 1)) for r in range(1, n + 1))


def runs(white: set[Square]) -> list[list[Square]]:
    """Every maximal horizontal and vertical run of white squares (length 1 included), sorted."""
    out = []
    for dr, dc in ((0, 1), (1, 0)):
        for sq in sorted(white):
            if (sq[0] - dr, sq[1] - dc) in white:
                continue
            run = [sq]
            while (run[-1][0] + dr, run[-1][1] + dc) in white:
                run.append((run[-1][0] + dr, run[-1][1] + dc))
            out.append(run)
    return sorted(out)


def kakuro_pattern(rows: int, columns: int, rng: random.Random, black: float, longest: int = 9) -> set[Square]:
    """The white squares of a kakuro: the first row and column are clue squares (black), the rest
    white until random squares turn black, in pairs symmetric under a half turn, each pair only if
    every run stays 2 squares or longer and the white squares stay connected; until `black` of
    them are black (or no pair can go) and no run is longer than `longest`."""

    def partner(sq: Square) -> Square:
        return (rows + 2 - sq[0], columns + 2 - sq[1])

    white = {(r, c) for r in range(2, rows + 1) for c in range(2, columns + 1)}
    total, tries = len(white), 0
    while tries < 50 * total:
        lines = runs(white)
        too_long = [sq for run in lines if len(run) > longest for sq in run]
        if not too_long and (len(white) <= (1 - black) * total or tries >= 20 * total):
            return white
        tries += 1
        sq = rng.choice(too_long or sorted(white))
        trial = white - {sq, partner(sq)}
        if all(len(run) >= 2 for run in runs(trial)) and connected(trial):
            white = trial
    raise ValueError(f"no {rows}x{columns} kakuro pattern with runs of 2..{longest}")


def kakuro_fill(white: set[Square], rng: random.Random, keep: dict[Square, int] | None = None) -> dict[Square, int]:
    """Digits 1..9 for the white squares, different along every run (randomised backtracking);
    the squares of `keep` keep their digits."""
    keep = {sq: v for sq, v in (keep or {}).items() if sq in white}
    lines = runs(white)
    line_of: dict[Square, list[int]] = {sq: [] for sq in white}
    for k, run in enumerate(lines):
        for sq in run:
            line_of[sq].append(k)
    used: list[set[int]] = [set() for _ in lines]
    for sq, v in keep.items():
        for k in line_of[sq]:
            used[k].add(v)
    order = sorted(white - set(keep))
    fill: dict[Square, int] = dict(keep)

    def place(i: int) -> bool:
        if i == len(order):
            return True
        sq = order[i]
        for v in rng.sample(range(1, 10), 9):
            if any(v in used[k] for k in line_of[sq]):
                continue
            fill[sq] = v
            for k in line_of[sq]:
                used[k].add(v)
            if place(i + 1):
                return True
            for k in line_of[sq]:
                used[k].discard(v)
            del fill[sq]
        return False

    if not place(0):
        raise ValueError("no kakuro fill")
    return fill


def walk(
    start: Square,
    rng: random.Random,
    allowed: Callable[[list[Square], Square], bool],
    length: int,
    steps: Sequence[Square] = KING,
) -> list[Square]:
    """A random self-avoiding walk from `start` of up to `length` squares, each step one of
    `steps` that `allowed(path so far, next)` accepts; it stops early where none is."""
    path = [start]
    while len(path) < length:
        options = [nb for nb in around(path[-1], steps) if nb not in path and allowed(path, nb)]
        if not options:
            break
        path.append(rng.choice(sorted(options)))
    return path
