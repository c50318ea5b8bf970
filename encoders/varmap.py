"""The variable map an exported file carries, so any solver's answer can be decoded without us.

One format for every encoding: "cell c holds v" is a conjunction of signed literals (one-hot: one
positive variable; order and log: several). A comment line `x LITS CELL VALUE` gives it, LITS
being the literals joined by `&` (`T` for the empty conjunction, a value forced by its domain),
so a one-hot map reads `c x <var> <cell> <value>`; `y LITS NAME VALUE` does the same for an
unknown. The JSON sidecar holds the same lists. Decoding reads only this map, never an encoder.

>>> m = VarMap(4, {(0, 1): (1,), (0, 2): (2,), (1, 1): (3,), (1, 2): (4,)}, {})
>>> m.comment_lines()[0]
'x 1 0 1'
>>> m.decode([-1, 2, 3, -4])
((2, 1), {})
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from puzzlesat.runtime.errors import UsageError
from puzzlesat.runtime.records import dataclass

Conj = tuple[int, ...]
_BARE = re.compile(r"[A-Za-z0-9_.-]+")


def _lits_token(lits: Conj) -> str:
    return "&".join(map(str, lits)) if lits else "T"


def _parse_lits(token: str) -> Conj:
    if token == "T":
        return ()
    lits = tuple(int(t) for t in token.split("&"))
    if 0 in lits:
        raise ValueError("0 is not a literal")
    return lits


def _name_token(name: str) -> str:
    """An unknown's name as one token: bare when it can be, JSON-quoted otherwise."""
    return name if _BARE.fullmatch(name) else json.dumps(name)


@dataclass(frozen=True)
class VarMap:
    """Which conjunction of literals means "cell c = v" and "unknown N = n", over variables 1..nvars."""

    nvars: int
    cells: Mapping[tuple[int, int], Conj]
    unknowns: Mapping[tuple[str, int], Conj]

    def __post_init__(self) -> None:
        cells = sorted({c for c, _ in self.cells})
        if cells != list(range(len(cells))):
            missing = min(set(range(len(cells) + 1)) - set(cells))
            raise ValueError(f"cell #{missing} has no entry (cells are numbered from 0)")
        for lits in (*self.cells.values(), *self.unknowns.values()):
            for lit in lits:
                if not 0 < abs(lit) <= self.nvars:
                    raise ValueError(f"literal {lit} is outside the {self.nvars} variables")

    @classmethod
    def from_encoding(cls, encoding: Any) -> VarMap:
        """The map of a `CNFEncoding` (any scheme), read through its `value_literals`/`unknown_literals`."""
        cells = {(c, v): tuple(encoding.value_literals(c, v)) for c, dom in enumerate(encoding.domains) for v in dom}
        unknowns = {
            (name, v): tuple(encoding.unknown_literals(name, v))
            for name in sorted(encoding.unknown_domains)
            for v in encoding.unknown_domains[name]
        }
        return cls(encoding.nvars, cells, unknowns)

    @cached_property
    def ncells(self) -> int:
        return 1 + max((c for c, _ in self.cells), default=-1)

    def comment_lines(self) -> list[str]:
        """`x LITS CELL VALUE` and `y LITS NAME VALUE` lines, in sorted order (the writer adds `c `)."""
        out = [f"x {_lits_token(lits)} {c} {v}" for (c, v), lits in sorted(self.cells.items())]
        out += [f"y {_lits_token(lits)} {_name_token(n)} {v}" for (n, v), lits in sorted(self.unknowns.items())]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "variables": self.nvars,
            "x": [[c, v, list(lits)] for (c, v), lits in sorted(self.cells.items())],
            "y": [[n, v, list(lits)] for (n, v), lits in sorted(self.unknowns.items())],
        }

    @classmethod
    def from_json(cls, doc: Any, source: str) -> VarMap:
        """The map from a sidecar's `map` object; anything malformed is a UsageError naming `source`."""
        try:
            nvars = doc["variables"]
            cells = {(int(c), int(v)): _conj(lits) for c, v, lits in doc["x"]}
            unknowns = {(str(n), int(v)): _conj(lits) for n, v, lits in doc["y"]}
            if not isinstance(nvars, int) or isinstance(nvars, bool) or nvars < 0:
                raise ValueError("bad variable count")
            return cls(nvars, cells, unknowns)
        except (KeyError, TypeError, ValueError) as e:
            raise UsageError(f"{source}: not a puzzlesat variable map ({e.__class__.__name__}: {e})") from None

    @classmethod
    def from_comments(cls, lines: Iterable[str], nvars: int, source: str) -> VarMap:
        """The map from comment bodies (`x ...`, `y ...`; other lines are skipped)."""
        cells: dict[tuple[int, int], Conj] = {}
        unknowns: dict[tuple[str, int], Conj] = {}
        for k, line in enumerate(lines, 1):
            kind, _, rest = line.partition(" ")
            if kind not in ("x", "y"):
                continue
            try:
                lits_token, _, tail = rest.partition(" ")
                key, _, value = tail.rpartition(" ")
                lits = _parse_lits(lits_token)
                if kind == "x":
                    cells[int(key), int(value)] = lits
                else:
                    unknowns[json.loads(key) if key.startswith('"') else key, int(value)] = lits
            except ValueError:
                raise UsageError(f"{source}: comment {k} is not a map line: {line[:60]!r}") from None
        if not cells:
            raise UsageError(f"{source}: has no variable map (no `x` comment lines)")
        try:
            return cls(nvars, cells, unknowns)
        except ValueError as e:
            raise UsageError(f"{source}: bad variable map: {e}") from None

    @cached_property
    def _tables(self) -> tuple[tuple[tuple[object, tuple[tuple[int, Conj], ...]], ...], ...]:
        """Per cell, then per unknown (by name): its label and its (value, conjunction) pairs, sorted."""
        cells: dict[int, list[tuple[int, Conj]]] = {}
        for (c, v), lits in sorted(self.cells.items()):
            cells.setdefault(c, []).append((v, lits))
        unknowns: dict[str, list[tuple[int, Conj]]] = {}
        for (n, v), lits in sorted(self.unknowns.items()):
            unknowns.setdefault(n, []).append((v, lits))
        return (
            tuple((f"cell #{c}", tuple(cells[c])) for c in range(self.ncells)),
            tuple((f"unknown {n}", tuple(pairs)) for n, pairs in unknowns.items()),
        )

    @cached_property
    def _direct(self) -> dict[int, tuple[int, int | str, int]] | None:
        """When every conjunction is one positive literal (one-hot), the literal -> (0 for a cell or
        1 for an unknown, which, value) map; decoding is then one pass over the model."""
        out: dict[int, tuple[int, int | str, int]] = {}
        for kind, table in ((0, self.cells), (1, self.unknowns)):
            for (owner, v), lits in table.items():
                if len(lits) != 1 or lits[0] < 0 or lits[0] in out:
                    return None
                out[lits[0]] = (kind, owner, v)
        return out

    def _direct_decode(self, model: list[int]) -> tuple[tuple[int, ...], dict[str, int]] | None:
        """The one-pass decoding of a one-hot map; None when it does not apply or a cell or an
        unknown gets no value or several (the general decoding then names it)."""
        direct = self._direct
        if direct is None:
            return None
        cells: list[int | None] = [None] * self.ncells
        unknowns: dict[str, int] = {}
        for lit in model:
            hit = direct.get(lit) if lit > 0 else None
            if hit is None:
                continue
            kind, owner, v = hit
            if kind == 0:
                if cells[owner] is not None:  # type: ignore[index]
                    return None
                cells[owner] = v  # type: ignore[index]
            elif owner in unknowns:
                return None
            else:
                unknowns[owner] = v  # type: ignore[index]
        names = self._tables[1]
        if any(v is None for v in cells) or len(unknowns) != len(names):
            return None
        return tuple(cells), {str(what)[8:]: unknowns[str(what)[8:]] for what, _ in names}  # type: ignore[misc]

    @cached_property
    def _positions(self) -> tuple[Any, dict[int, tuple[int, int]], int] | None:
        """For a one-hot map of cells only: an itemgetter of every value literal's place in a full
        model (PySAT's: entry i is +-(i+1)), each literal's (cell, value), and the highest literal."""
        direct = self._direct
        if direct is None or self.unknowns or not direct:
            return None
        from operator import itemgetter

        lits = sorted(direct)
        return itemgetter(*(lit - 1 for lit in lits)), {lit: direct[lit][1:] for lit in lits}, lits[-1]  # type: ignore[misc]

    def _positional_decode(self, model: list[int]) -> tuple[tuple[int, ...], dict[str, int]] | None:
        """The decoding of a full model without a pass over its auxiliary variables: only the value
        literals' places are read. None when the model is not positional or a cell does not get
        exactly one value (the general decoding then applies, and names the fault)."""
        at = self._positions
        if at is None or len(model) < at[2] or abs(model[at[2] - 1]) != at[2]:
            return None
        get, owner, _ = at
        cells: list[int | None] = [None] * self.ncells
        found = 0
        for lit in get(model):
            if lit > 0:
                hit = owner.get(lit)
                if hit is None or cells[hit[0]] is not None:
                    return None
                cells[hit[0]] = hit[1]
                found += 1
        return (tuple(cells), {}) if found == len(cells) else None  # type: ignore[return-value]

    def decode(self, model: Iterable[int]) -> tuple[tuple[int, ...], dict[str, int]]:
        """Cell values and unknowns under a model (true literals; unlisted variables are false).

        Raises ValueError naming the first cell or unknown that gets no value or several.
        """
        model = list(model)
        fast = self._positional_decode(model) or self._direct_decode(model)
        if fast is not None:
            return fast
        true = _TrueSet(model)
        ladders = self._ladders
        size = len(model)

        def ladder_value(k: int, what: object, pairs: tuple[tuple[int, Conj], ...]) -> int:
            """An order ladder's value is the count of its true literals when they come first."""
            ladder = ladders[k]
            if ladder is not None:
                # A solver's model lists every variable in order (model[g - 1] is g or -g): read it
                # there, and hash the model (`_TrueSet`) only for one that does not.
                bits = [model[g - 1] == g if g <= size and abs(model[g - 1]) == g else g in true for g in ladder]
                n = sum(bits)
                if all(bits[:n]):
                    return pairs[n][0]
            return pick(what, pairs)  # not a ladder, or a broken one: the general path names the fault

        def holds(lits: Conj) -> bool:
            return all((lit in true) if lit > 0 else (-lit not in true) for lit in lits)

        def pick(what: object, pairs: tuple[tuple[int, Conj], ...]) -> int:
            found = [v for v, lits in pairs if holds(lits)]
            if len(found) != 1:
                got = "no value" if not found else "the values " + ", ".join(map(str, found))
                raise ValueError(f"the model gives {what} {got}")
            return found[0]

        cells, unknowns = self._tables
        values = tuple(ladder_value(k, what, pairs) for k, (what, pairs) in enumerate(cells))
        base = len(cells)
        return values, {str(what)[8:]: ladder_value(base + k, what, pairs) for k, (what, pairs) in enumerate(unknowns)}

    @cached_property
    def _ladders(self) -> tuple[tuple[int, ...] | None, ...]:
        """Per cell, then per unknown: the literals g2..gn ("at least v2" .. "at least vn") when its
        conjunctions are an order ladder (v1: -g2; vi: gi & -g(i+1); vn: gn), else None. Decoding a
        ladder counts its true literals instead of testing every value (880 classes of the 4x4
        square tested 225,000 conjunctions)."""
        return tuple(_ladder(pairs) for table in self._tables for _, pairs in table)


class _TrueSet:
    """`lit in model` for a list of true literals (unlisted variables are false; negative literals
    in it are harmless, only positive ones are looked up), hashed on first use: decoding a solver's
    dense model reads it by index and never needs the set (59 us of a 4x4 square's 107 us)."""

    def __init__(self, model: list[int]) -> None:
        self.model = model
        self.set: set[int] | None = None

    def __contains__(self, lit: int) -> bool:
        if self.set is None:
            self.set = set(self.model)
        return lit in self.set


def _ladder(pairs: tuple[tuple[int, Conj], ...]) -> tuple[int, ...] | None:
    """The positive literals g2..gn of an order ladder over these (value, conjunction) pairs, or None."""
    if len(pairs) == 1:
        return () if pairs[0][1] == () else None
    ladder = tuple(lits[0] for _, lits in pairs[1:])
    if any(g <= 0 for g in ladder) or pairs[0][1] != (-ladder[0],) or pairs[-1][1] != (ladder[-1],):
        return None
    if any(pairs[i][1] != (ladder[i - 1], -ladder[i]) for i in range(1, len(ladder))):
        return None
    return ladder


def _conj(lits: Any) -> Conj:
    if not isinstance(lits, list) or not all(isinstance(x, int) and not isinstance(x, bool) and x for x in lits):
        raise ValueError(f"{lits!r} is not a list of non-zero literals")
    return tuple(lits)
