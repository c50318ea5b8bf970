"""The puzzle's rules as one CNF in which every rule can be switched on and off.

Each rule ("row 3", "cage 15 at r1c1 (3 cells)": a label of `Puzzle.lowered` with its display
name, and every core constraint it lowers to) is encoded by the shared one-hot driver
(`puzzlesat.encoders.intvars`), and its clauses are guarded by a selector literal: assume the
selector and the rule holds, leave it out and the rule is gone. So "do these rules and these facts
imply that deduction?" is one solver call under assumptions on one warm solver, and the
unsatisfiable core of a failed call names the rules and facts that the deduction needs (the
framework of Bogaerts, Gamba and Guns 2021, as Demystify and CPMpy use it). One-hot, because its
literals are exactly the pencil marks: x[c, v] false is "v ruled out of c".
"""

from __future__ import annotations

import atexit
from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import chain

from puzzlesat.encoders.builder import ClauseBuilder
from puzzlesat.encoders.intvars import HANDLERS, Driver
from puzzlesat.encoders.onehot import scheme
from puzzlesat.encoders.pysat_names import DEFAULT_PB
from puzzlesat.model.core import AllDifferent, Constraint
from puzzlesat.model.model import Puzzle
from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact, RuleRef
from puzzlesat.runtime.records import dataclass, names
from puzzlesat.runtime.stop import checkpoint
from puzzlesat.solvers.clauses import ClauseSolver

# Sequential counters: small, and unit propagation on them is what a person does with a house.
CARD = "seqcounter"
# The solver behind every query: Glucose propagates under assumptions (`propagate`) and gives cores.
SOLVER = "g3"


@dataclass(frozen=True)
class Rule:
    """A named rule: the core constraints it lowered to, its cells, and its selector literal."""

    ref: RuleRef
    constraints: tuple[Constraint, ...]
    selector: int

    @property
    def name(self) -> str:
        return self.ref.name

    @property
    def id(self) -> str:
        return self.ref.id

    @property
    def cells(self) -> tuple[int, ...]:
        return self.ref.cells

    @cached_property
    def alldifferent(self) -> tuple[tuple[int, ...], ...]:
        """The all-different parts: a placed value leaves the other cells of each."""
        return tuple(c.cells for c in self.constraints if isinstance(c, AllDifferent))

    @cached_property
    def kinds(self) -> frozenset[str]:
        return frozenset(type(c).__name__ for c in self.constraints)


def _variables(clauses: Iterable[Sequence[int]]) -> set[int]:
    """The variables the clauses mention."""
    return set(map(abs, chain.from_iterable(clauses)))


def rules_of(puzzle: Puzzle) -> list[tuple[str, list[Constraint]]]:
    """The puzzle's core grouped by the rule it came from, in the puzzle's order."""
    grouped: dict[str, list[Constraint]] = {}
    for label, con in puzzle.lowered:
        grouped.setdefault(label, []).append(con)
    return list(grouped.items())


# Encodings kept per puzzle shape (the puzzle less its givens, which are facts and never clauses):
# a 9x9 sudoku's takes ~25 ms to write, and a batch grades many puzzles of one shape.
ENCODED_KEPT = 8
_ENCODED: dict[tuple[object, ...], _Encoding] = {}


def shape(puzzle: Puzzle) -> tuple[object, ...]:
    """What the rules' CNF depends on: every field of the puzzle but its name, title and givens
    (and the symmetry generators and cosmetics, which no rule reads)."""
    return tuple(getattr(puzzle, name) for name in names(type(puzzle)) if name not in _NOT_SHAPE)


_NOT_SHAPE = frozenset({"name", "title", "givens", "generators", "cosmetics"})


class SharedSolver:
    """One solver over a shape's whole guarded CNF, shared by every puzzle of that shape and asked
    only whether assumptions and one more clause are satisfiable: an answer the CNF decides, so
    what the solver learnt from earlier puzzles changes its speed, never its answers. Each clause
    hides behind a fresh activation literal and is retired after its question."""

    FRESH_AFTER = 20_000  # questions before the solver is built again (each leaves a retired variable)

    def __init__(self, clauses: list[list[int]], top: int, name: str) -> None:
        import threading

        self.clauses, self.top, self.name = clauses, top, name
        self.lock = threading.Lock()  # a server's threads may share a shape
        self.solver: ClauseSolver | None = None
        self.asked = 0

    def satisfiable(self, assumptions: Sequence[int], clause: Sequence[int] = (), core: set[int] | None = None) -> bool:
        """Do the assumptions (and `clause`, if one is given) have a model? Without a clause, `core`
        (if given) receives the assumptions found unsatisfiable together when they have none."""
        with self.lock:
            if self.solver is None or self.asked >= self.FRESH_AFTER:
                self.solver, self.asked = ClauseSolver(self.clauses, self.name), 0  # the old one: freed as dropped
            if not clause:
                found = self.solver.solve(assumptions)
                if not found and core is not None:
                    core.update(self.solver.get_core() or assumptions)
                return found
            self.asked += 1
            act = self.top + self.asked
            self.solver.add_clause([-act, *clause])
            found = self.solver.solve([*assumptions, act])
            self.solver.add_clause([-act])
            return found

    def close(self) -> None:
        with self.lock:
            if self.solver is not None:
                self.solver.delete()
                self.solver = None


def _close_shared() -> None:
    """Delete the kept solvers while PySAT is still there: at the interpreter's end its destructor
    runs after PySAT's module is gone and prints an ignored TypeError."""
    for shared in _ENCODED.values():
        for checker in shared.checkers.values():
            checker.close()
    _ENCODED.clear()


atexit.register(_close_shared)


class _Encoding:
    """The guarded CNF of one puzzle shape, written once; read-only once written (RuleCNF shares it)."""

    def __init__(self, puzzle: Puzzle, card: str = CARD, pb: str = DEFAULT_PB) -> None:
        self.puzzle = puzzle
        self.builder = ClauseBuilder(card, pb)
        self.driver = Driver(puzzle, scheme("shift"), self.builder)
        self.rules: list[Rule] = []
        self.clauses_of: dict[int, list[list[int]]] = {}
        self.cell_clauses = self._cell_blocks()
        self.cell_exactly_one = [list(b) for b in self.cell_clauses]  # without the channels below
        for c, var in enumerate(self.driver.cells):  # "x >= v" channels are definitions the rules share: on
            start = len(self.builder.clauses)
            self.driver.order_literals(var)
            self.cell_clauses[c] += self.builder.clauses[start:]
        shown = puzzle.display
        for label, constraints in rules_of(puzzle):
            start = len(self.builder.clauses)
            for con in constraints:
                if isinstance(con, AllDifferent):
                    self.driver.scheme.distinct(self.builder, [tuple(sorted(con.cells))], self.driver.cells)
                else:
                    HANDLERS[type(con)](self.driver, con)
            selector = self.builder.var(("rule", label))
            guarded = [[*cl, -selector] for cl in self.builder.clauses[start:]]
            del self.builder.clauses[start:]
            self.builder.clauses.extend(guarded)
            cells = tuple(sorted({c for con in constraints for c in con.cells}))
            self.rules.append(Rule(RuleRef(shown[label], cells, label), tuple(constraints), selector))
            self.clauses_of[selector] = guarded
        if self.builder.atmosts:
            raise ValueError("the explainer's CNF takes no native constraints")
        # The rules that read a cell's channels ("x >= v"): where none does, a small solver of
        # all-different rules holds the cells' exactly-one clauses alone (a third fewer clauses).
        # (The variables of a clause list as a set: `_variables`, C-speed loops, 2-3 ms of a 9x9's start.)
        kept = _variables(cl for cls in self.cell_exactly_one for cl in cls)
        channel = _variables(cl for cls in self.cell_clauses for cl in cls) - kept
        self.reads_channels = {s for s, cls in self.clauses_of.items() if not channel.isdisjoint(_variables(cls))}
        self.lit = {(c, v): var.equals[v][0] for c, var in enumerate(self.driver.cells) for v in var.domain}
        self.fact_of = {lit: Fact(c, v, PLACE) for (c, v), lit in self.lit.items()}
        self.fact_of.update({-lit: Fact(c, v, ELIMINATE) for (c, v), lit in self.lit.items()})
        self.by_selector = {r.selector: r for r in self.rules}
        self.by_name = {r.name: r for r in self.rules}
        self.by_id = {r.id: r for r in self.rules}
        self.top = max(self.builder.pool.top, max(_variables(self.builder.clauses), default=0))
        self.checkers: dict[str, SharedSolver] = {}
        self.recoded: dict[tuple[str, str], Recoded] = {}  # this shape in other encodings (`RuleCNF.recoded`)
        del self.puzzle  # the shape's, not one puzzle's: RuleCNF keeps its own

    def _cell_blocks(self) -> list[list[list[int]]]:
        """Each cell's exactly-one clauses (the driver writes them cell by cell, each block opening
        with its at-least-one clause); what follows the last cell's block is the unknowns'."""
        clauses = self.builder.clauses
        opens = [clauses.index([lit for _, lit in var.primary]) for var in self.driver.cells]
        ends = [*opens[1:], len(clauses)]
        blocks = [clauses[a:b] for a, b in zip(opens, ends, strict=True)]
        if self.puzzle.unknowns and blocks:  # the last cell's block ends where the unknowns' begin
            first = self.driver.unknowns[min(self.driver.unknowns)]
            cut = clauses.index([lit for _, lit in first.primary])
            blocks[-1] = clauses[opens[-1]:cut]
            self.unknown_clauses = clauses[cut:]
        else:
            self.unknown_clauses = []
        return [list(b) for b in blocks]


@dataclass(frozen=True)
class Recoded:
    """The puzzle's rules in other encodings: `clauses`, and `inner`, each selector and cell
    literal of the explainer's CNF (`RuleCNF`) to the same one in `clauses`. A rule, a fact and a
    hypothesis mean the same in both, so any question on them has the same answer and the same
    cores (docs/decisions/explanations.md, D22); `top`: the explainer's CNF's last variable,
    `inner_top`: this one's."""

    clauses: list[list[int]]
    inner: dict[int, int]
    top: int
    inner_top: int


class RuleCNF:
    """One CNF of the whole puzzle, each rule behind its selector, and a solver over it.

    Cells' exactly-one clauses and the unknowns' are always on: a cell holds one value. Givens
    are not clauses: they are facts, assumed like any other."""

    def __init__(self, puzzle: Puzzle) -> None:
        checkpoint()  # a stop point even when the shape's encoding is kept and nothing is written
        self.puzzle = puzzle
        key = shape(puzzle)
        shared = _ENCODED.pop(key, None) or _Encoding(puzzle)
        _ENCODED[key] = shared  # the newest last; the oldest dropped past ENCODED_KEPT
        while len(_ENCODED) > ENCODED_KEPT:
            _ENCODED.pop(next(iter(_ENCODED)))
        self.builder: ClauseBuilder = shared.builder
        self.driver: Driver = shared.driver
        self.rules: list[Rule] = shared.rules
        self.clauses_of: dict[int, list[list[int]]] = shared.clauses_of
        self.cell_clauses: list[list[list[int]]] = shared.cell_clauses
        self.cell_exactly_one: list[list[list[int]]] = shared.cell_exactly_one
        self.reads_channels: set[int] = shared.reads_channels
        self.unknown_clauses: list[list[int]] = shared.unknown_clauses
        self.lit: dict[tuple[int, int], int] = shared.lit
        self.fact_of: dict[int, Fact] = shared.fact_of
        self.by_selector: dict[int, Rule] = shared.by_selector
        self.by_name: dict[str, Rule] = shared.by_name
        self.by_id: dict[str, Rule] = shared.by_id
        self.top: int = shared.top
        self._checkers: dict[str, SharedSolver] = shared.checkers
        self._recoded: dict[tuple[str, str], Recoded] = shared.recoded
        self._asked: list[list[int]] = []  # questions `ask` answered before the warm solver was built

    def recoded(self, card: str, pb: str) -> Recoded:
        """The same rules in other cardinality and PB encodings, for a solver asked only whether
        sets of rules and facts are satisfiable: an answer of the rules, not of their clauses
        (`Recoded`). Written at the first call, kept with the shape."""
        key = (card, pb)
        if key not in self._recoded:
            other = _Encoding(self.puzzle, card, pb)
            inner = {r.selector: o.selector for r, o in zip(self.rules, other.rules, strict=True)}
            for pair, lit in self.lit.items():
                inner[lit] = other.lit[pair]
            inner.update({-a: -b for a, b in list(inner.items())})
            self._recoded[key] = Recoded(other.builder.clauses, inner, self.top, other.top)
        return self._recoded[key]

    def checker(self, name: str, recoded: tuple[str, str] | None = None) -> SharedSolver:
        """The shape's shared yes-or-no solver of this PySAT name (`SharedSolver`), built at its
        first use; over the `recoded` CNF (its card and PB encodings) if one is named, whose
        literals the caller maps (`Recoded.inner`)."""
        key = name if recoded is None else f"{name} {' '.join(recoded)}"
        if key not in self._checkers:
            if recoded is None:
                self._checkers[key] = SharedSolver(self.builder.clauses, self.top, name)
            else:
                cnf = self.recoded(*recoded)
                self._checkers[key] = SharedSolver(cnf.clauses, cnf.inner_top, name)
        return self._checkers[key]

    @cached_property
    def solver(self) -> ClauseSolver:
        """The warm solver over the whole guarded CNF, built at its first use (a walk of singles and
        patterns may need none). The questions `ask` answered before are put to it first, in their
        order: it then stands where it would have stood had it answered them, so its later cores
        and models (a case split's) are what they were."""
        solver = self.new_solver(self.builder.clauses)
        for assumptions in self._asked:
            solver.solve(assumptions)
        self._asked.clear()
        return solver

    def ask(self, assumptions: Sequence[int], cores: list[frozenset[int]] | None = None,
            by: ClauseSolver | None = None) -> bool:  # fmt: skip
        """Is this satisfiable, when only the answer is used: on the warm solver once built, else on
        `by` (a small solver holding every rule assumed here and the cells they and the facts
        touch: the same answer) or the shape's shared one (`SharedSolver`), noting the question
        for `solver`. `cores`: sets of assumptions found unsatisfiable by earlier questions; one
        inside these assumptions answers without a call (the question is noted all the same)."""
        if "solver" in self.__dict__:
            return self.solver.solve(assumptions)
        self._asked.append(list(assumptions))
        held = set(assumptions)
        if cores is not None and any(core <= held for core in cores):
            return False
        if by is not None:
            found = by.solve(assumptions)
            core = set() if found else set(by.get_core() or assumptions)
        else:
            core = set()
            found = self.checker(SOLVER).satisfiable(assumptions, core=core)
        if not found and cores is not None:
            cores.append(frozenset(core))
        return found

    @staticmethod
    def new_solver(clauses: Iterable[Sequence[int]], name: str = SOLVER) -> ClauseSolver:
        return ClauseSolver(clauses, name)

    def literal(self, fact: Fact) -> int:
        lit = self.lit[fact.cell, fact.value]
        return lit if fact.placed else -lit

    def facts(self, lits: Iterable[int]) -> list[Fact]:
        """The cell facts among literals (auxiliary and selector literals dropped)."""
        return [self.fact_of[lit] for lit in lits if lit in self.fact_of]

    def propagate(self, assumptions: Sequence[int]) -> tuple[bool, list[int]]:
        """Unit propagation alone: (consistent, the literals it sets)."""
        return self.solver.propagate(assumptions)

    def satisfiable(self, assumptions: Sequence[int]) -> bool:
        return self.solver.solve(assumptions)

    def core(self) -> list[int]:
        return list(self.solver.get_core() or [])

    def close(self) -> None:
        if "solver" in self.__dict__:
            self.solver.delete()
            del self.__dict__["solver"]

    def isolated(self, selectors: Iterable[int], name: str = "cd19", on: bool = True, cells: Iterable[int] = (),
                 channels: bool = True):  # fmt: skip
        """A fresh solver holding only these rules' clauses and the cells' own: the re-check of a
        step uses nothing the search's solver learnt. `on`: the rules switched on by unit
        clauses; else they are switched on by assumptions, so that propagation reports what
        they imply (a solver keeps quiet about what holds at its root). `channels=False`: the
        cells' "x >= v" channels left out where no chosen rule reads them (they only define those
        literals, so no answer about the others changes)."""
        selectors = sorted(set(selectors))
        chosen = [cl for s in selectors for cl in [*self.clauses_of[s], *([[s]] if on else [])]]
        wanted = {c for s in selectors for c in self.by_selector[s].cells} | set(cells)
        blocks = self.cell_clauses if channels or self.reads_channels.intersection(selectors) else self.cell_exactly_one
        own = [cl for c in sorted(wanted) for cl in blocks[c]]
        return self.new_solver([*self.unknown_clauses, *own, *chosen], name=name)


# Small solvers kept at once. Each Glucose reserves ~5 MB of address space (MiniSat's clause arena
# starts at 4 MB, untouched, so not resident), and a 9x9 variant has hundreds of rule pairs: 530 of
# them took `grade` of clipped-fpuzzles past a 2 GiB address-space cap (Glucose30::OutOfMemoryException).
# Without a cap, up to POOL; under one, what fits in half of the room left (docs/decisions/explanations.md).
POOL = 1024
POOL_LEAST = 48
SOLVER_ROOM = 6 << 20  # bytes of address space one small solver takes, measured (5 MB) and rounded up


def pool_size(most: int = POOL) -> int:
    """How many small solvers fit: `most`, or fewer under an address-space limit (RLIMIT_AS)."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return most
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            used = int(f.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        used = soft // 2
    return max(POOL_LEAST, min(most, (soft - used) // 2 // SOLVER_ROOM))


class SolverPool:
    """The groups' own solvers (`RuleCNF.isolated`, rules switched on by assumption), the least
    recently used deleted past `size`: memory stays bounded, a group asked again is rebuilt (ms).

    `solution`: a known solution, whose values a group of houses alone (the named patterns' ground,
    asked only yes-or-no questions whose answers the CNF decides; its cores only spare calls)
    tries first: most of its questions find a model, one near the solution (a sixth less time
    each). No other group's solver is phased: their cores choose a step's facts."""

    def __init__(self, g: RuleCNF, size: int | None = None, name: str = SOLVER,
                 solution: Sequence[int] | None = None) -> None:  # fmt: skip
        from collections import OrderedDict

        self.g, self.size, self.name = g, pool_size() if size is None else size, name
        self.solvers: OrderedDict[tuple[tuple[int, ...], bool], ClauseSolver] = OrderedDict()
        self.solution = solution

    @cached_property
    def _phases(self) -> list[int]:
        sol = self.solution
        assert sol is not None
        return [lit if sol[c] == v else -lit for (c, v), lit in sorted(self.g.lit.items())]

    def get(self, selectors: tuple[int, ...], complete: bool = False) -> ClauseSolver:
        """The group's solver for search (`complete`) or for propagation alone: kept apart, so the
        propagating one never searches and never holds a learnt clause (a false depth)."""
        key = (tuple(sorted(selectors)), complete)
        if key in self.solvers:
            self.solvers.move_to_end(key)
            return self.solvers[key]
        while len(self.solvers) >= self.size:
            _, old = self.solvers.popitem(last=False)
            old.delete()
        houses = all(self.g.by_selector[s].kinds == frozenset({"AllDifferent"}) for s in key[0])
        solver = self.solvers[key] = self.g.isolated(key[0], name=self.name, on=False, channels=not houses)
        if houses and complete and self.solution is not None:
            solver.set_phases(self._phases)
        return solver

    def close(self) -> None:
        for solver in self.solvers.values():
            solver.delete()
        self.solvers.clear()
