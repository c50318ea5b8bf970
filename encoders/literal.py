"""The CNF the integer driver writes, with each "cell holds v" as its conjunction of literals
(`cnf_encoding`, which the CNF encoders call once the driver has written it).

Its own module because it inherits `CNFEncoding`'s fields, so `dataclasses` makes it (records
generated ahead of time have no base class: start-up.md D5), and `dataclasses` with `inspect` is
about 10 ms of a start: the explainer, which writes its CNF through the driver but never asks for
this class, does not import it (start-up.md D6).
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzlesat.encoders.cnf import CNFEncoding
from puzzlesat.encoders.intvars import Driver, IntVar, Less, pairwise_less
from puzzlesat.runtime.records import dataclass, field


@dataclass(frozen=True)
class LiteralEncoding(CNFEncoding):
    """A CNF whose "cell holds v" is a stored conjunction of literals.

    `x[(cell, label)]` and `y[(unknown, label)]` are the primary variables, labelled as in
    `IntVar.primary`; `cell_lits` / `unknown_lits` map (cell or unknown, value) to the conjunction.
    """

    cell_lits: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    unknown_lits: dict[tuple[str, int], tuple[int, ...]] = field(default_factory=dict)
    cell_vars: tuple[IntVar, ...] = ()
    less: Less = pairwise_less

    def value_literals(self, cell: int, value: int) -> list[int]:
        """The conjunction meaning "cell holds value" (one-hot: one literal; order: two; log: every bit)."""
        if (cell, value) not in self.cell_lits:
            raise ValueError(f"{value} is not in the domain of cell #{cell}")
        return list(self.cell_lits[cell, value])

    def less_than_clauses(self, a: int, b: int) -> list[list[int]]:
        """Cell a < cell b in the scheme's own way (lex-leader symmetry breaking)."""
        return self.less(self.cell_vars[a], self.cell_vars[b])

    def unknown_literals(self, name: str, value: int) -> list[int]:
        """The conjunction meaning "the unknown `name` equals value"."""
        if (name, value) not in self.unknown_lits:
            raise ValueError(f"{value} is not in the domain of unknown {name}")
        return list(self.unknown_lits[name, value])


def cnf_encoding(driver: Driver, settings: Mapping[str, str | None]) -> LiteralEncoding:
    """The CNF a driver wrote into a `ClauseBuilder`, with its maps; a setting the encoding does not
    take (None: log has no cardinality part) is left out, so no map or header says "card None"."""
    b = driver.sink
    cells, unknowns = driver.cells, driver.unknowns
    return LiteralEncoding(
        clauses=b.clauses,
        nvars=b.pool.top,
        x={(c, label): lit for c, var in enumerate(cells) for label, lit in var.primary},
        y={(n, label): lit for n, var in unknowns.items() for label, lit in var.primary},
        domains=driver.puzzle.domains,
        unknown_domains={name: var.domain for name, var in unknowns.items()},
        atmosts=b.atmosts,
        settings={k: v for k, v in settings.items() if v is not None},
        cell_lits={(c, v): lits for c, var in enumerate(cells) for v, lits in var.equals.items()},
        unknown_lits={(name, v): lits for name, var in unknowns.items() for v, lits in var.equals.items()},
        cell_vars=tuple(cells),
        less=driver.scheme.less,
    )
