"""The step search: from the givens to the solution, the cheapest step each time.

The facts known are pencil marks (a candidate set per cell). A step is found in tiers, cheapest
first, each asking the guarded CNF (`reasoning.guarded`) what a few rules and the facts on their
cells imply:

1. naked singles (a cell with one candidate left) and what one rule gives by propagation alone
   (hidden singles, a placed value's neighbours, a short cage's sum);
2. one rule, reasoned in full (subsets, sum combinations);
3. two rules that share cells, by propagation then in full (pointing, claiming, cage and house);
4. a case split that propagation refutes ("if r3c4 = 5 then ... a contradiction"), depth 1;
5. a case split that needs search, depth 2.

Each candidate step's premises are shrunk to a minimal set (deletion, dearest first), priced
(`reasoning.costs`), and the cheapest wins. A placed value removes itself from the other cells of
its houses silently, as on paper; a step that uses such a removal cites the placed value and its
house. Every step is re-checked apart from the solver that found it before it is yielded (`reasoning.recheck`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cached_property

from puzzlesat.model.model import Puzzle
from puzzlesat.reasoning import innies, patterns
from puzzlesat.reasoning.backbone import Supports, Witnesses, alldifferent_support, backbone, house_joined, joined
from puzzlesat.reasoning.chain import follow
from puzzlesat.reasoning.costs import (
    ROUTINE_FLOOR,
    combination_cells,
    innie_cost,
    named_cost,
    routine_cost,
    rule_weight,
    scaled,
    step_cost,
)
from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact, Step
from puzzlesat.reasoning.guarded import SOLVER, Rule, RuleCNF, SolverPool
from puzzlesat.reasoning.minimal import deletion
from puzzlesat.reasoning.names import GENERIC, technique
from puzzlesat.reasoning.patterns.check import check
from puzzlesat.reasoning.patterns.library import SINGLES, find
from puzzlesat.reasoning.pencil import houses_of, marks_of
from puzzlesat.reasoning.recheck import Rechecker
from puzzlesat.reasoning.split_cuts import Cut, Cutter, rule_order
from puzzlesat.reasoning.stated import check_depth, check_stated
from puzzlesat.reasoning.why import combinations_left, why_text
from puzzlesat.reasoning.why_rules import model_rules
from puzzlesat.reasoning.widen import widen
from puzzlesat.runtime import host
from puzzlesat.runtime.errors import CheckError
from puzzlesat.runtime.records import dataclass
from puzzlesat.runtime.stop import checkpoint
from puzzlesat.solvers.raced import Raced
from puzzlesat.solvers.renamed import Renamed
from puzzlesat.solvers.witnessed import Refuter

# The most cells a group reasoned in full may cover: four houses (a 24-cell palindrome and a box).
IN_FULL_CELLS = 36
# How many refuted hypotheses a case-split tier shrinks before it takes the cheapest.
SPLIT_CHOICES = 6
# The PySAT solver of a search split's cuts to minimal rules and facts (`Explainer._refuter`).
DELETER = "m22"
# The encodings of the clauses those solvers hold (`RuleCNF.recoded`): pairwise at-most-ones and
# unary sums, searched about twice as fast as the explainer's own CNF (D22).
DELETER_CNF = ("auto", "unary")
# A rule that is one all-different house and nothing else: its propagation is its singles.
HOUSE = frozenset({"AllDifferent"})


@dataclass(frozen=True)
class Candidate:
    """A step before it is built: what it assumes (rule selectors and fact literals) and targets."""

    cost: float
    order: tuple[object, ...]
    selectors: tuple[int, ...]
    lits: tuple[int, ...]
    target: int
    tier: str
    hypothesis: int | None = None
    pattern: patterns.Pattern | None = None
    group: tuple[int, ...] = ()  # a pattern's: the rules whose small solver asked about it
    innie: innies.Innie | None = None  # a rule-of-45 step (`reasoning.innies`)


def _silent(rule: Rule) -> bool:
    """Two cells that differ (an anti-king's, anti-knight's pair): all they ever give is a placed
    value's removal from the other, which the pencil marks make silently; asked as a group, each
    would cost a solver for nothing (272 of them on a 9x9 anti-king)."""
    return len(rule.cells) <= 2 and rule.kinds == frozenset({"AllDifferent"})


def _one_alldifferent(rule: Rule) -> bool:
    """A house, or any region that is one all-different over all its cells and nothing else."""
    parts = rule.alldifferent
    return rule.kinds == frozenset({"AllDifferent"}) and len(parts) == 1 and set(parts[0]) == set(rule.cells)


class Explainer:
    """Holds the pencil marks of one puzzle and finds the next step from them."""

    def __init__(self, puzzle: Puzzle, solutions: Sequence[Sequence[int]] = (), start: Sequence[Fact] = ()) -> None:
        self.puzzle = puzzle
        self.g = RuleCNF(puzzle)
        self.solutions = [tuple(s) for s in solutions]
        self.cost_of = {r.selector: rule_weight(r) for r in self.g.rules}
        self.singles = [r for r in self.g.rules if not _silent(r)]  # the rules asked one at a time
        self.rules_at: dict[int, list[Rule]] = {}
        for r in self.g.rules:
            for c in r.cells:
                self.rules_at.setdefault(c, []).append(r)
        self.cands = [set(d) for d in puzzle.domains]
        self._frozen = [frozenset(d) for d in puzzle.domains]  # the same, frozen: kept as each cell changes
        self._bit = {v: 1 << i for i, v in enumerate(sorted(set().union(*puzzle.domains)))}
        self._bits = [sum(self._bit[v] for v in d) for d in puzzle.domains]  # the same as bit masks
        self.placed: dict[int, int] = {}
        self.origin: dict[Fact, tuple[object, ...]] = {}
        self.cache: dict[tuple[object, ...], list[Candidate]] = {}
        self.steps: list[Step] = []
        self.sums_stated: set[tuple[object, ...]] = set()  # rule-of-45 sums printed (`_innies`)
        self.subs = SolverPool(self.g, solution=self.solutions[0] if self.solutions else None)  # a bounded number
        self.witnesses: dict[tuple[int, ...], Witnesses] = {}  # each group's models (reasoning.backbone)
        self.supports: dict[int, Supports] = {}  # each rule's models, from every group it was in
        self._split_rules_of: dict[int, list[int]] = {}  # each hypothesis's minimal rules by search
        self._split_facts_of: dict[int, tuple[int, ...]] = {}  # and its minimal facts with them
        self._split_cores: dict[int, frozenset[int]] = {}  # each hypothesis's proof by search (`_search_core`)
        self.pair_of = {lit: (c, v) for (c, v), lit in self.g.lit.items()}
        self.houses = houses_of(self.g.rules, puzzle.domains)
        self.rechecker = Rechecker(self.g, self.solutions, puzzle.cells)
        for c, v in sorted(puzzle.givens):
            self._place(c, v, ("given",))
        for f in start:  # a hint's entered values (cited like givens) and pencil marks (like a step's)
            if f.placed:
                if self.placed.get(f.cell) != f.value:
                    self._place(f.cell, f.value, ("entered",))
            else:
                self._eliminate(f.cell, f.value, ("marks",))

    @cached_property
    def prop(self):
        """The whole puzzle's solver for propagation alone, built at its first question. It never
        searches: a learnt clause would let propagation "refute" what the rules it cites do not
        refute by propagation (a false depth and price)."""
        return self.g.isolated([r.selector for r in self.g.rules], name=SOLVER, on=False)

    # --- the pencil marks -------------------------------------------------------------------

    def known(self, fact: Fact) -> bool:
        if fact.placed:
            return self.placed.get(fact.cell) == fact.value
        return fact.value not in self.cands[fact.cell]

    def _place(self, c: int, v: int, origin: tuple[object, ...]) -> None:
        if v not in self.cands[c]:
            raise CheckError(f"placing {self.puzzle.cells[c]} = {v}, a value already ruled out")
        self.origin[Fact(c, v, PLACE)] = origin
        self.placed[c] = v
        self.cands[c] = {v}
        self._frozen[c] = frozenset((v,))
        self._bits[c] = self._bit[v]
        for rule in sorted(self.rules_at.get(c, ()), key=lambda r: r.kinds != HOUSE):  # houses cited first
            for part in rule.alldifferent:
                if c in part:
                    for d in part:
                        if d != c and v in self.cands[d]:
                            self._eliminate(d, v, ("peer", Fact(c, v, PLACE), rule.selector))

    def _eliminate(self, c: int, v: int, origin: tuple[object, ...]) -> None:
        if v not in self.cands[c]:
            return
        self.origin[Fact(c, v, ELIMINATE)] = origin
        self.cands[c].discard(v)
        self._frozen[c] = frozenset(self.cands[c])
        self._bits[c] &= ~self._bit[v]
        if not self.cands[c]:
            raise CheckError(f"no value left for {self.puzzle.cells[c]}: the deductions contradict the rules")

    def fact_lits(self, cells: Sequence[int]) -> tuple[int, ...]:
        """The known facts on these cells as literals: a placed value, else each value ruled out."""
        out: list[int] = []
        for c in sorted(set(cells)):
            if c in self.placed:
                out.append(self.g.lit[c, self.placed[c]])
            else:
                out += [-self.g.lit[c, v] for v in self.puzzle.domains[c] if v not in self.cands[c]]
        return tuple(out)

    @property
    def solved(self) -> bool:
        return len(self.placed) == self.puzzle.size

    # --- pricing --------------------------------------------------------------------------

    def premises(self, selectors: Sequence[int], lits: Sequence[int]) -> tuple[list[Rule], list[Rule], list[Fact]]:
        """The main rules, the houses that carried placed values' removals, and the facts cited."""
        main = [self.g.by_selector[s] for s in sorted(set(selectors))]
        peers: dict[int, Rule] = {}
        facts: set[Fact] = set()
        for lit in lits:
            fact = self.g.fact_of[lit]
            origin = self.origin.get(fact, ("given",))
            if origin[0] == "peer":
                facts.add(origin[1])  # type: ignore[arg-type]
                if origin[2] not in selectors:
                    peers[origin[2]] = self.g.by_selector[origin[2]]  # type: ignore[index]
            else:
                facts.add(fact)
        return main, [peers[s] for s in sorted(peers)], sorted(facts)

    def price(self, tier: str, selectors: Sequence[int], lits: Sequence[int], chain: int = 0) -> float:
        """The step's cost (`reasoning.costs`): its tier, rules, facts, subset size and chain."""
        main, peers, facts = self.premises(selectors, lits)
        size = 0
        if tier in ("complete", "complete pair"):
            size = len({self.g.fact_of[lit].cell for lit in lits} - set(self.placed))
            free = sum(1 for r in main for c in r.cells if c not in self.placed)
            size = max(1, min(size, free - size)) if free > size else size
        routine = self._routine(tier, main)
        return step_cost(tier, main, len(peers), len(facts), size, chain, routine, self._combos(main) if routine else 0)

    def _routine(self, tier: str, main: Sequence[Rule]) -> bool:
        """One rule read the way a single is (costs.routine_cost): by propagation, or in full with
        two cells open or one combination left."""
        if len(main) != 1 or tier not in ("propagation", "complete"):
            return False
        if tier == "propagation":
            return True
        if sum(1 for c in main[0].cells if c not in self.placed) <= 2:
            return True
        return combinations_left(self.puzzle, main[0], self.cands) == 1

    def _combos(self, main: Sequence[Rule]) -> int:
        """What a routine step's combinations add to what is held (`costs.combination_cells`),
        counted on the marks before the step."""
        open_cells = sum(1 for c in main[0].cells if c not in self.placed)
        return combination_cells(open_cells, combinations_left(self.puzzle, main[0], self.cands))

    def _dearness(self, lit: int) -> int:
        """Deletion order: pencil marks first, then removals by placed values, then placed values."""
        fact = self.g.fact_of[lit]
        if fact.placed:
            return 2
        return 1 if self.origin.get(fact, ("",))[0] == "peer" else 0

    # --- implication ------------------------------------------------------------------------

    def marks(self) -> patterns.Marks:
        """The pencil marks as printed so far (what a stated technique must hold on)."""
        return marks_of(self.houses, self._frozen, self.placed, self.puzzle.cells)

    def frozen(self) -> tuple[frozenset[int], ...]:
        """Each cell's candidates now, frozen (what the explanation keeps after each step)."""
        return tuple(self._frozen)

    def _sub(self, sels: tuple[int, ...], complete: bool):
        """The solver a group's questions go to. For search, a small one holding only these rules
        (switched on) and the cells' own clauses: a search there takes a tenth of the time it takes
        on the whole puzzle's solver; the pool (`guarded.SolverPool`) keeps a bounded number of
        them at once. For propagation alone, the whole puzzle's propagating solver (`prop`, which
        never searches): a rule not assumed there propagates nothing into a cell (at most its own
        selector off), so it sets exactly what the group's own solver would, and building that
        was the cost (a sandwich clue is 30,000 clauses; docs/decisions/explanations.md, D15)."""
        if not complete:
            return self.prop
        return self.subs.get(tuple(sorted(sels)), complete)

    def close(self) -> None:
        self.subs.close()
        if "prop" in self.__dict__:
            self.prop.delete()
        if "_refuter" in self.__dict__:
            self.__dict__.pop("_refuter").solver.delete()
        self.g.close()

    def _up_implies(self, assumptions: Sequence[int], target: int, solver=None) -> bool:
        ok, lits = (solver or self.prop).propagate(assumptions=list(assumptions))
        return not ok or target in lits

    def _implies(self, assumptions: Sequence[int], target: int, solver=None) -> bool:
        return not (solver or self.g.solver).solve(assumptions=[*assumptions, -target])

    def shrink(
        self, selectors: Sequence[int], lits: Sequence[int], target: int, complete: bool,
        fixed: Sequence[int] = (), rules_too: bool = False, solver=None,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:  # fmt: skip
        """A minimal subset of the facts (and, if `rules_too`, of the rules) that still implies
        `target` (with `fixed` assumed as well); dearest first, so what stays is cheap. `solver`:
        a group's own (`_sub`), else the whole puzzle's (the propagating one for propagation)."""
        solver = solver or (self.g.solver if complete else self.prop)
        check = self._implies if complete else self._up_implies

        def implies(assumptions: Sequence[int], t: int) -> bool:
            return check(assumptions, t, solver)

        sels, keep = list(selectors), list(lits)
        if complete:
            unsat = not solver.solve(assumptions=[*fixed, *sels, *keep, -target])
            core = set(solver.get_core() or ()) if unsat else None
            if core is not None:
                keep = [lit for lit in keep if lit in core]
                if rules_too:
                    sels = [s for s in sels if s in core]
        if rules_too:
            for s in sorted(sels, key=lambda s: (-self.cost_of[s], s)):
                trial = [x for x in sels if x != s]
                if trial and implies([*fixed, *trial, *keep], target):
                    sels = trial
        order = sorted(keep, key=lambda lit: (self._dearness(lit), abs(lit)))
        if not complete:  # propagation: by chunks, the same facts in fewer calls (reasoning.minimal)

            def facts_hold(trial: list[int]) -> bool:
                checkpoint()
                return implies([*fixed, *sels, *trial], target)

            return tuple(sorted(sels)), tuple(sorted(deletion(order, facts_hold), key=abs))
        for lit in order:  # a search: one by one, so the solver's history (its later cores) stays as it was
            checkpoint()
            trial = [x for x in keep if x != lit]
            if implies([*fixed, *sels, *trial], target):
                keep = trial
        return tuple(sorted(sels)), tuple(sorted(keep, key=abs))

    def widen(self, selectors: Sequence[int], lits: Sequence[int], complete: bool) -> list[int]:
        """Everything the same rules and facts imply on the rules' cells, not known yet: by
        propagation, or in full (the backbone: eliminations). A step found for one target says all
        that its premises give, so one deduction is one step (a naked triple with all it removes).
        Every tier widens here, for every kind of rule."""
        sels = tuple(sorted(set(selectors)))
        base = [*sels, *lits]
        if complete:
            cells = sorted({c for s in sels for c in self.g.by_selector[s].cells})
            return self._backbone(base, cells, lambda: self._sub(sels, True))
        ok, implied = self._sub(sels, False).propagate(assumptions=base)
        return self._new(implied) if ok else []

    def _shrink_all(self, sels: Sequence[int], lits: Sequence[int], targets: Sequence[int],
                    group: tuple[int, ...] = ()) -> tuple[int, ...]:  # fmt: skip
        """A minimal subset of the facts from which these rules imply every target (in full), on
        the small solver of `group` (rules holding these; the rest are off) or of these rules."""
        solver = self._sub(group or tuple(sorted(set(sels))), True)
        cores: list[frozenset[int]] = []  # assumptions found unsatisfiable: so is every set holding one

        def implied(assumptions: list[int]) -> bool:
            held = set(assumptions)
            if any(core <= held for core in cores):
                return True  # the answer the solver would give, without the call
            if solver.solve(assumptions=assumptions):
                return False
            cores.append(frozenset(solver.get_core() or assumptions))
            return True

        keep = list(lits)
        for lit in sorted(keep, key=lambda lit: (self._dearness(lit), abs(lit))):
            checkpoint()
            trial = [x for x in keep if x != lit]
            if all(implied([*sels, *trial, -t]) for t in targets):
                keep = trial
        return tuple(sorted(keep, key=abs))

    def _new(self, lits: Sequence[int]) -> list[int]:
        """Cell literals that are not known yet, placements first."""
        out = [lit for lit in lits if lit in self.g.fact_of and not self.known(self.g.fact_of[lit])]
        placed_cells = {self.g.fact_of[lit].cell for lit in out if lit > 0}
        return sorted(
            (lit for lit in out if lit > 0 or self.g.fact_of[lit].cell not in placed_cells),
            key=lambda lit: (lit < 0, abs(lit)),
        )

    # --- the tiers --------------------------------------------------------------------------

    def _naked_singles(self, first: bool = False) -> list[Candidate]:
        """Cells with one candidate left, in cell order (`first`: the first only, the one a tie
        between naked singles goes to)."""
        out = []
        cost = named_cost("naked single")
        for c in range(self.puzzle.size):
            if c not in self.placed and len(self.cands[c]) == 1:
                (v,) = self.cands[c]
                out.append(Candidate(cost, (0, c), (), self.fact_lits([c]), self.g.lit[c, v], "naked single"))
                if first:
                    break
        return out

    def _hidden_singles(self) -> list[Candidate]:
        """A value with one place left in a full house, read off the marks (the cell may hold others)."""
        out = []
        cost = named_cost("hidden single")
        bits, placed = self._bits, self.placed
        for h, rule, values in self._full_houses:
            once = more = done = 0  # the values some cell of h holds, those two or more hold, those placed
            for c in h.cells:
                more |= once & bits[c]
                once |= bits[c]
                if c in placed:
                    done |= bits[c]
            alone = once & ~more & ~done  # one place, and that place open
            if not alone:
                continue
            for v in values:
                if alone & self._bit[v]:
                    c = next(d for d in h.cells if bits[d] & self._bit[v])
                else:
                    continue
                lits = tuple(sorted(
                    ((self.g.lit[d, self.placed[d]] if d in self.placed else -self.g.lit[d, v])
                     for d in h.cells if d != c and (d in self.placed or v in self.puzzle.domains[d])),
                    key=abs,
                ))  # fmt: skip
                out.append(Candidate(cost, (1, c, v), (rule.selector,), lits, self.g.lit[c, v], "propagation"))
        return out

    @cached_property
    def _full_houses(self) -> list[tuple[patterns.House, Rule, list[int]]]:
        """The full houses that are rules of their own, each with its values in order."""
        out = []
        for h in self.houses:
            rule = self.g.by_name.get(h.name)
            if h.full and rule is not None:
                out.append((h, rule, sorted(set().union(*(self.puzzle.domains[c] for c in h.cells)))))
        return out

    def _group(self, rules: Sequence[Rule], complete: bool) -> list[Candidate]:
        """What these rules imply on their cells from the facts there (cached by those facts)."""
        sels = tuple(r.selector for r in rules)
        cells = sorted({c for r in rules for c in r.cells})
        lits = self.fact_lits(cells)
        key = (sels, complete, lits)
        if key in self.cache:
            return [k for k in self.cache[key] if not self.known(self.g.fact_of[k.target])]
        base = [*sels, *lits]
        if complete:  # the solver only if a call is needed: most groups in full give nothing
            targets = self._backbone(base, cells, lambda: self._sub(sels, True))
        else:
            ok, implied = self._sub(sels, False).propagate(assumptions=base)
            targets = self._new(implied) if ok else []
        out = []
        done: set[int] = set()
        for t in targets:
            if t in done:
                continue
            solver = self._sub(sels, complete)
            s, kept = self.shrink(sels, lits, t, complete, solver=solver)
            if len(rules) > 1 and self._one_rule_enough(s, kept, t, complete, solver):
                continue
            ok, follow_lits = solver.propagate(assumptions=[*s, *kept])
            done |= set(follow_lits)
            tier = ("complete" if complete else "propagation") + (" pair" if len(rules) > 1 else "")
            out.append(Candidate(self.price(tier, s, kept), (1 + len(rules), sels, abs(t)), s, kept, t, tier))
        self.cache[key] = out
        return out

    def _one_rule_enough(self, sels: Sequence[int], lits: Sequence[int], target: int, complete: bool,
                         solver) -> bool:  # fmt: skip
        """Does one of these rules alone give the target? Asked of the group's own solver (`_sub`):
        a rule not assumed is off there, so the answer is the whole puzzle's, and a search there
        is on the group's clauses alone (a sandwich pair's 30,000, not the puzzle's 600,000)."""
        implies = self._implies if complete else self._up_implies
        return any(implies([s, *lits], target, solver) for s in sels)

    def _backbone(self, base: Sequence[int], cells: Sequence[int], solver) -> list[int]:
        """The candidates on `cells` that no solution of `base` keeps, as elimination literals
        (`reasoning.backbone`: the group's earlier models that still agree, and its rules' own
        models joined, spare the calls). `solver`: a function making the group's solver."""
        open_lits = [self.g.lit[c, v] for c in cells if c not in self.placed for v in sorted(self.cands[c])]
        cell_lits = [self.g.lit[c, v] for c in cells for v in self.puzzle.domains[c]]
        sels = tuple(x for x in base if x in self.g.by_selector)
        if len(sels) == 1 and _one_alldifferent(self.g.by_selector[sels[0]]):  # a house: matching, no calls
            kept = alldifferent_support({c: set(self.cands[c]) for c in cells})
            if kept is None:
                return []
            facts_of = (self.g.fact_of[lit] for lit in open_lits)
            return self._new([-self.g.lit[f.cell, f.value] for f in facts_of if (f.cell, f.value) not in kept])
        facts = [x for x in base if x in self.g.fact_of]
        if sels not in self.witnesses:  # every solution found before the walk is a model of every group
            self.witnesses[sels] = Witnesses()
            for s in self.solutions:
                self.witnesses[sels].add(frozenset(self.g.lit[c, s[c]] for c in cells))
        rules = [self._supports(s) for s in sels]
        held = self._held(sels, rules, facts, open_lits)

        def on_model(model: frozenset[int]) -> None:
            for r in rules:
                r.add(model)

        out = backbone(solver, base, facts, open_lits, cell_lits, self.witnesses[sels], held=held, on_model=on_model)
        return self._new(out) if out else []

    def _supports(self, selector: int) -> Supports:
        """The rule's own models (`reasoning.backbone.Supports`), seeded by the known solutions."""
        if selector not in self.supports:
            cells = self.g.by_selector[selector].cells
            universe = frozenset(self.g.lit[c, v] for c in cells for v in self.puzzle.domains[c])
            self.supports[selector] = Supports(universe)
            for sol in self.solutions:
                self.supports[selector].add(frozenset(self.g.lit[c, sol[c]] for c in cells))
        return self.supports[selector]

    def _held(self, sels: Sequence[int], rules: Sequence[Supports], facts: Sequence[int],
              wanted: Sequence[int]) -> set[int]:  # fmt: skip
        """Candidates some model of the group holds, from its rules' own models: one rule's models
        are the group's; a house and another rule, the other's models completed in the house by
        matching; two other rules, their models joined where they agree on the shared cells,
        unless both name an unknown (a total), which a model's cells do not show."""
        if len(rules) == 1:
            return set().union(*rules[0].alive(facts))
        if len(rules) != 2:
            return set()
        houses = [i for i, s in enumerate(sels) if _one_alldifferent(self.g.by_selector[s])]
        if houses:
            house, other = self.g.by_selector[sels[houses[0]]], rules[1 - houses[0]]
            cands = {c: self.cands[c] for c in house.cells}
            want = {(f.cell, f.value) for f in (self.g.fact_of[lit] for lit in wanted)}
            held = house_joined(house.cells, cands, other, facts, self.pair_of, want)
            return {self.g.lit[p] for p in held}
        if all(self._names_unknown(s) for s in sels):
            return set()
        return joined(rules[0], rules[1], facts)

    def _names_unknown(self, selector: int) -> bool:
        return any(isinstance(getattr(con, "rhs", 0), str) for con in self.g.by_selector[selector].constraints)

    def _pairs(self) -> list[tuple[Rule, Rule]]:
        """Rules of more than two cells that share a cell and hold some rule other than a house (two
        houses are the named patterns' ground), where a cell of theirs is still open."""
        return [(a, b) for a, b, cells in self._overlaps if any(c not in self.placed for c in cells)]

    @cached_property
    def _overlaps(self) -> list[tuple[Rule, Rule, frozenset[int]]]:
        out = []
        rules = self.g.rules
        for i, a in enumerate(rules):
            sa = set(a.cells)
            if len(sa) <= 2:  # a pair of cells with a house is a short chain: the case splits find it
                continue
            for b in rules[i + 1:]:
                if len(b.cells) > 2 and sa & set(b.cells) and (a.kinds != HOUSE or b.kinds != HOUSE):
                    out.append((a, b, frozenset(sa | set(b.cells))))
        return out

    @cached_property
    def _no_singles(self) -> frozenset[str]:
        """The single families `find` need not run here: where every full house is a rule, the
        singles tiers have read them all before a pattern is asked for (a full house's last cell is
        a naked single on these marks, which drop a placed value from its houses at once)."""
        every = all(h.name in self.g.by_name for h in self.houses if h.full)
        return SINGLES if every else frozenset()

    def _patterns(self, marks: patterns.Marks) -> list[Candidate]:
        """The cheapest named pattern on the marks (`patterns.find` yields cheapest first and runs
        only the finders that could beat what it has), as a candidate citing its houses."""
        for p in find(marks, self._no_singles):
            if any(h not in self.g.by_name for h in p.houses):
                continue  # a house this explainer does not name as a rule (a second part of one)
            sels, group = self._pattern_rules(p)
            target = self.g.lit[p.places[0]] if p.places else -self.g.lit[p.eliminates[0]]
            order = (5, p.technique, p.cells, p.digits)
            facts = self._pattern_facts(p, sels, group)
            return [Candidate(scaled(p.score), order, sels, facts, target, "pattern", pattern=p, group=group)]
        return []

    def _targets(self, p: patterns.Pattern) -> list[int]:
        return [self.g.lit[x] for x in p.places] + [-self.g.lit[x] for x in p.eliminates]

    def _pattern_rules(self, p: patterns.Pattern) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The rules a pattern reads: its houses, and the houses that link its cells (a wing's
        pincers see what they eliminate through a row or a box the text need not name), cut to
        those the deduction needs; and all those it could read (whose small solver answers the
        pattern's questions: a rule not assumed is off there, so the answers are the same)."""
        own = [self.g.by_name[h].selector for h in p.houses]
        involved = set(p.cells) | {c for c, _ in (*p.chain, *p.places, *p.eliminates)}
        extra = [self.g.by_name[h.name].selector for h in self.houses
                 if h.name in self.g.by_name and len(involved & set(h.cells)) >= 2]  # fmt: skip
        sels = sorted(set(own) | set(extra))
        group = tuple(sels)
        lits = self.fact_lits(sorted({c for s in sels for c in self.g.by_selector[s].cells}))
        targets = self._targets(p)
        solver = self._sub(group, True)
        cores: list[frozenset[int]] = []

        def enough(trial: Sequence[int]) -> bool:
            return all(not self.g.ask([*trial, *lits, -t], cores, by=solver) for t in targets)

        for s in sorted(set(extra) - set(own), key=lambda s: (-self.cost_of[s], s)):
            checkpoint()
            trial = [x for x in sels if x != s]
            if enough(trial):
                sels = trial
        return tuple(sels), group

    def _pattern_facts(self, p: patterns.Pattern, sels: Sequence[int], group: tuple[int, ...]) -> tuple[int, ...]:
        """The facts a pattern reads: on its rules' cells, those of its digits and of its own
        cells (all the facts there if those are not enough)."""
        cells = sorted({c for s in sels for c in self.g.by_selector[s].cells})
        digits = set(p.digits) | {v for _, v in (*p.chain, *p.places, *p.eliminates)}
        lits = self.fact_lits(cells)
        own = set(p.cells) | {c for c, _ in p.chain}
        narrow = tuple(lit for lit in lits if self.g.fact_of[lit].cell in own or self.g.fact_of[lit].value in digits
                       or self.g.fact_of[lit].placed)  # fmt: skip
        solver = self._sub(group, True)  # the pattern's rules are among the group's; the others are off
        enough = all(not solver.solve(assumptions=[*sels, *narrow, -t]) for t in self._targets(p))
        return narrow if enough else lits

    def _refutes(self, assumptions: Sequence[int], hyp: int, complete: bool) -> bool:
        """Do these rules and facts refute the hypothesis: by propagation (on the solver that never
        searched) or by search?"""
        if complete:
            return not self.g.solver.solve(assumptions=[*assumptions, hyp])
        return not self.prop.propagate(assumptions=[*assumptions, hyp])[0]

    def _refutation(self, assumptions: Sequence[int], hyp: int) -> frozenset[int] | None:
        """A search's proof that these rules and facts refute the hypothesis (the warm solver's
        core: a subset of them and the hypothesis), or None when they do not."""
        checkpoint()
        if self._searcher.solve(assumptions=[*assumptions, hyp]):
            return None
        return frozenset(self._searcher.get_core() or [*assumptions, hyp])

    @cached_property
    def _searcher(self):
        """The warm solver, set to try the known solution's values first. Most of a search split's
        deletion questions find a model (the rule or fact is needed), one near the solution with
        the hypothesis in it (docs/decisions/explanations.md, D16)."""
        solver = self.g.solver
        if self.solutions:
            sol = self.solutions[0]
            solver.set_phases([lit if sol[c] == v else -lit for (c, v), lit in sorted(self.g.lit.items())])
        return solver

    @cached_property
    def _refuter(self) -> Refuter:
        """Where a search split's hypotheses are cut to minimal rules and facts (`split_cuts`): a
        second solver over the whole puzzle, MiniSat 2.2, set to try the known solution's values
        and every rule on first, its models kept to answer later questions (`Refuter`). The
        answers are the rules', so the cuts are the ones any solver gives, on any clauses of the
        same rules: it holds them in the encodings it searches fastest (`DELETER_CNF`, D22); the
        warm solver answers only the scan (D19 "Then (h-orbit)", D20)."""
        cnf = self.g.recoded(*DELETER_CNF)
        inner = cnf.inner
        sels = [r.selector for r in self.g.rules]
        cells = [lit for _, lit in sorted(self.g.lit.items())]
        solver = self.g.new_solver(cnf.clauses, name=DELETER)
        if self.solutions:  # rules on where they can be: a model then answers more later questions
            sol = self.solutions[0]
            solver.set_phases([inner[lit if sol[c] == v else -lit] for (c, v), lit in sorted(self.g.lit.items())]
                              + [inner[s] for s in sels])  # fmt: skip
        if host.cores() > 1:  # a second solver races it, set to try no value and no rule first (D21)
            there = self.g.new_solver(cnf.clauses, name=DELETER)
            there.set_phases([inner[-lit] for lit in cells] + [inner[-s] for s in sels])
            solver = Raced(solver, there)
        return Refuter(Renamed(solver, inner, cnf.top), [*sels, *self.g.fact_of])

    @cached_property
    def _cutter(self) -> Cutter:
        return Cutter({r.selector: frozenset(r.cells) for r in self.g.rules},
                      {lit: f.cell for lit, f in self.g.fact_of.items()})  # fmt: skip

    def _split_rules(self, rules: Sequence[int], lits: Sequence[int], hyp: int) -> list[int]:
        """A minimal set of the rules that still refutes the hypothesis by propagation, dearest
        dropped first: by chunks, the same rules in fewer calls (reasoning.minimal)."""

        def holds(trial: list[int]) -> bool:
            checkpoint()
            return self._refutes([*trial, *lits], hyp, False)

        return sorted(deletion(rule_order(rules, self.cost_of), holds, nonempty=True))

    def _split_facts(self, rules: Sequence[int], lits: Sequence[int], hyp: int) -> tuple[int, ...]:
        """A minimal set of the facts that, with these rules, refutes the hypothesis by
        propagation (facts off the rules' cells first, at once)."""
        cells = {c for s in rules for c in self.g.by_selector[s].cells}
        keep = [lit for lit in lits if self.g.fact_of[lit].cell in cells]
        if not self._refutes([*rules, *keep], hyp, False):
            keep = list(lits)

        def holds(trial: list[int]) -> bool:
            checkpoint()
            return self._refutes([*rules, *trial], hyp, False)

        return tuple(sorted(deletion(self._fact_order(keep), holds), key=abs))

    def _fact_order(self, lits: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(lits, key=lambda lit: (self._dearness(lit), abs(lit))))

    def _splits(self, complete: bool) -> list[Candidate]:
        """Hypotheses the whole puzzle refutes: by propagation (depth 1) or by search (depth 2).
        Each is cut to a minimal set of rules and facts that still refutes it, and the smallest
        (fewest and lightest rules, then the shortest chain) wins. By search, only hypotheses
        whose removal leaves a single compete where there are any: each split then moves the
        walk on, so fewer follow (docs/decisions/explanations.md, D19); their cuts are
        `split_cuts.Cut`s on the second solver (`_refuter`, D20)."""
        sels = tuple(r.selector for r in self.g.rules)
        lits = self.fact_lits(range(self.puzzle.size))
        refuted: list[tuple[int, int, int, frozenset[int]]] = []
        held: set[int] = set()  # values a model found on the way holds: never refuted either
        known = {*sels, *lits}
        for c in range(self.puzzle.size):
            if c in self.placed:
                continue
            for v in sorted(self.cands[c]):
                checkpoint()
                hyp = self.g.lit[c, v]
                if any(s[c] == v for s in self.solutions) or hyp in held:
                    continue  # a value a known solution holds is never refuted
                if complete:
                    core = self._search_core(hyp, sels, lits, known, held)
                    if core is None:
                        continue
                else:
                    if not self._refutes([*sels, *lits], hyp, complete):
                        continue
                    if self.g.satisfiable([*sels, *lits, hyp]):
                        raise CheckError("propagation refuted a value that a solution holds")
                    core = frozenset(self.g.core())
                refuted.append((sum(1 for x in core if x in self.g.by_selector), len(core), hyp, core))
        if complete and any(self._opens(r[2]) for r in refuted):  # the path: a split that opens a single (D19)
            refuted = [r for r in refuted if self._opens(r[2])]
        chosen = sorted(refuted, key=lambda r: r[:3])[: 2 * SPLIT_CHOICES]
        order = self._fact_order(lits)
        fresh: set[int] = set()  # hypotheses whose rules were cut at this step
        if complete:  # each core lies inside its start, the facts and the hypothesis: it refutes
            jobs = [Cut(hyp, rule_order([s for s in sels if s in core], self.cost_of), order, core, True, False)
                    for _, _, hyp, core in chosen if hyp not in self._split_rules_of]  # fmt: skip
            for job in jobs:
                answer = self._cutter(job, self._refuter)
                assert answer is not None  # the job's core refutes
                self._split_rules_of[job.hyp] = list(answer[0])
                self._split_facts_of.pop(job.hyp, None)
                fresh.add(job.hyp)
        cut = []
        for _, _, hyp, core in chosen:
            if complete:
                rules = self._split_rules_of[hyp]
            else:
                start = [s for s in sels if s in core]  # the core: a start, not the answer
                if not self._refutes([*start, *lits], hyp, complete):
                    start = list(sels)
                rules = self._split_rules(start, lits, hyp)
            cut.append((round(sum(self.cost_of[s] for s in rules), 2), len(rules), abs(hyp), hyp, rules))
        marks = self.marks()
        tier = "search split" if complete else "case split"
        now = set(lits)
        ready, rest = [], []
        for _, _, _, hyp, rules in sorted(cut)[:SPLIT_CHOICES]:
            kept = self._split_facts_of.get(hyp) if complete else None
            if kept is not None and set(kept) <= now:
                ready.append((hyp, rules, kept))
            else:
                rest.append((hyp, rules))
        out = [self._split_candidate(tier, marks, hyp, rules, kept) for hyp, rules, kept in ready]
        # The rest by their price with no fact read, the cheapest first, each cut only while that
        # bound still beats the best priced: fewer facts cut, and the rules cut at an earlier step
        # (minimal for its facts) cut again only for a hypothesis that may win (D19).
        bounds = sorted(((self._split_candidate(tier, marks, hyp, rules, ()), rules) for hyp, rules in rest),
                        key=lambda b: (b[0].cost, b[0].order))  # fmt: skip
        for low, rules in bounds:
            if out and (low.cost, low.order) > min((k.cost, k.order) for k in out):
                break
            hyp = low.hypothesis
            assert hyp is not None
            if complete:  # rules cut at an earlier step are cut again for these facts
                answer = self._cutter(Cut(hyp, rule_order(rules, self.cost_of), order, None, hyp not in fresh, True),
                                      self._refuter)  # fmt: skip
                if answer is None:
                    raise CheckError(f"search no longer refutes {self.g.fact_of[hyp]}, refuted at an earlier step")
                rules, kept = list(answer[0]), answer[1]
                assert kept is not None
                self._split_rules_of[hyp], self._split_facts_of[hyp] = rules, kept
            else:
                kept = self._split_facts(rules, lits, hyp)
            out.append(self._split_candidate(tier, marks, hyp, rules, kept))
        return out

    def _opens(self, hyp: int) -> bool:
        """Does ruling the hypothesis out leave a single on the marks: its cell with one value
        left, or its value with one place left in a full house of the cell?"""
        c, v = self.pair_of[hyp]
        if len(self.cands[c]) == 2:
            return True
        bit = self._bit[v]
        return any(c in h.cells and sum(1 for d in h.cells if self._bits[d] & bit and d not in self.placed) == 2
                   for h, _, _ in self._full_houses)  # fmt: skip

    def _split_candidate(self, tier: str, marks: patterns.Marks, hyp: int, rules: Sequence[int],
                         kept: tuple[int, ...]) -> Candidate:  # fmt: skip
        """A refuted hypothesis as a step: its rules, facts and chain, priced."""
        found = self._chain(marks, rules, hyp)
        length = len(found.placements) if found else 0
        return Candidate(
            self.price(tier, rules, kept, length), (9, abs(hyp)), tuple(rules), kept, -hyp, tier, hypothesis=hyp
        )

    def _search_core(self, hyp: int, sels: Sequence[int], lits: Sequence[int], known: set[int],
                     held: set[int]) -> frozenset[int] | None:  # fmt: skip
        """The proof that all the rules and the facts refute `hyp` by search, or None (the model
        found then goes to `held`). A proof found at an earlier step is kept while it lies inside
        what is known now: facts only grow (a placement drops its cell's removals from the facts
        assumed, so the proof is checked, not trusted), and a refuted value stays refuted."""
        core = self._split_cores.get(hyp)
        if core is not None and core <= known | {hyp}:
            return core
        core = self._refutation([*sels, *lits], hyp)
        if core is None:
            model = self._searcher.get_model() or []
            held.update(lit for lit in model if lit > 0 and lit in self.g.fact_of)
            return None
        self._split_cores[hyp] = core
        return core

    def _chain(self, marks: patterns.Marks, rules: Sequence[int], hyp: int):
        names = {self.g.by_selector[s].name for s in rules}
        fact = self.g.fact_of[hyp]
        return follow(marks, [h for h in self.houses if h.name in names], fact.cell, fact.value)

    # --- one step -----------------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """The cheapest tier that finds anything. Singles first; then the cheapest named pattern on
        the marks (`patterns.find`), which stands for every house-only tier (subsets, locked
        candidates, fish, wings, chains); the SAT tiers ask only groups holding some other rule
        (a cage, a line), whose steps compete with the pattern on price; a case split only where
        no named pattern applies. Two-cell all-different rules are never asked as groups (`_silent`)."""
        found = self._naked_singles(first=True)
        if found and found[0].cost < min(named_cost("hidden single"), ROUTINE_FLOOR):
            return found  # the first naked single wins: nothing below is as cheap (hidden singles, one rule)
        found = self._naked_singles() + self._hidden_singles()
        for rule in self.singles:
            if rule.kinds != HOUSE:  # a house's propagation is its singles, read off the marks above
                found += self._group([rule], complete=False)
        if found:
            return found
        named = self._patterns(self.marks()) + self._innies()
        pairs = self._pairs()  # houses alone are the named patterns' ground, never asked of the solver
        singles = [[r] for r in self.singles if r.kinds != HOUSE]
        found = self._in_full(singles)
        if found:
            return found + named
        for pair in pairs:
            found += self._group(pair, complete=False)
        if found:
            return found + named
        found = self._in_full(pairs)
        if found:
            return found + named
        return named or self._splits(complete=False) or self._splits(complete=True)

    def _in_full(self, groups: Sequence[Sequence[Rule]]) -> list[Candidate]:
        """The groups reasoned in full, the cheapest they could be first, stopping where none left
        could beat the best found: a group's bound is its tier's price with no facts read and no
        subset, which no step of it is below. A group not asked stays unasked until a step needs it."""
        tiers = {1: "complete", 2: "complete pair"}
        groups = [g for g in groups if len({c for r in g for c in r.cells}) <= IN_FULL_CELLS]
        bounds = [self._bound(tiers[len(g)], g) for g in groups]
        found: list[Candidate] = []
        for bound, rules in sorted(zip(bounds, groups, strict=True), key=lambda x: x[0]):
            if found and bound > min(k.cost for k in found):
                break
            found += self._group(rules, complete=True)
        return found

    def _bound(self, tier: str, group: Sequence[Rule]) -> float:
        """No step of the group costs less: its tier's price with no fact read and no subset."""
        routine = self._routine(tier, group)
        return step_cost(tier, group, 0, 0, routine=routine, combos=self._combos(group) if routine else 0)

    def next_step(self) -> Step | None:
        """The cheapest next step, checked (its deduction and its stated reason) and applied; None
        when nothing more follows."""
        checkpoint()  # between two steps: a signal or the deadline ends the walk here at the latest
        if self.solved:
            return None
        found = self.candidates()
        if not found:
            return None
        best = min(found, key=lambda k: (k.cost, k.order))
        marks = self.marks()
        step = self.build(best, marks)
        self.rechecker.check(step)
        check_stated(marks, step)
        check_depth(self.g, step)
        if best.pattern is not None and not check(marks, best.pattern):
            raise CheckError(f"a named pattern does not hold on the marks: {best.pattern.text}")
        if best.innie is not None and not innies.check(best.innie, self._innie_houses, self._house_totals,
                                                       self.cands, self.placed, self.puzzle.cells):
            raise CheckError(f"a rule-of-45 step does not hold on the marks: {best.innie.text}")
        self.apply(step, len(self.steps))
        self.steps.append(step)
        if best.innie is not None:
            self.sums_stated.add(_sum_key(best.innie))
        return step

    def build(self, k: Candidate, marks: patterns.Marks) -> Step:
        """The step a candidate stands for: everything its premises give, named and priced."""
        if k.pattern is not None:
            return self._pattern_step(k)
        if k.innie is not None:
            return self._innie_step(k)
        deduced_lits, lits = widen(self, k)  # a removal with all its premises give (reasoning.widen)
        deduced = tuple(self.g.fact_of[lit] for lit in deduced_lits)
        main, peers, facts = self.premises(k.selectors, lits)
        sums = any("Linear" in r.kinds for r in main)
        shape = technique(k.tier, [r.name for r in main], deduced, marks, sums)
        if shape.houses:  # the shape's houses first, in its order (pointing: the box, then the line)
            main = [self.g.by_name[n] for n in shape.houses] + [r for r in main if r.name not in shape.houses]
        if shape.technique not in GENERIC:
            cost = named_cost(shape.technique)
        else:
            cost = k.cost if lits == k.lits else self.price(k.tier, k.selectors, lits)
        chain, ends = (), ""
        if k.hypothesis is not None:
            found = self._chain(marks, k.selectors, k.hypothesis)
            if found is not None:
                chain, ends = tuple(Fact(c, v, PLACE) for c, v in found.placements), found.ends
        return Step(
            deduced=deduced,
            rules=tuple(r.ref for r in [*main, *peers]),
            facts=tuple(facts),
            cost=cost,
            technique=shape.technique,
            main=tuple(r.ref for r in main),
            hypothesis=None if k.hypothesis is None else self.g.fact_of[k.hypothesis],
            depth={"case split": 1, "search split": 2}.get(k.tier, 0),
            tier=k.tier,
            cells=shape.cells,
            digits=shape.digits,
            chain=chain,
            ends=ends,
            why="" if k.hypothesis is not None else why_text(self.puzzle, main, self.cands, deduced),
        )

    def _pattern_step(self, k: Candidate) -> Step:
        """A named pattern as one step: its houses as rules, the facts it reads (cut to a minimal
        set), every placement and elimination it gives."""
        p = k.pattern
        assert p is not None
        deduced = tuple(sorted({Fact(c, v, PLACE) for c, v in p.places}
                               | {Fact(c, v, ELIMINATE) for c, v in p.eliminates}))  # fmt: skip
        kept = self._shrink_all(k.selectors, k.lits, [self.g.literal(f) for f in deduced], k.group)
        _, peers, facts = self.premises(k.selectors, kept)
        named = [self.g.by_name[h] for h in dict.fromkeys(p.houses)]
        main = named + [self.g.by_selector[s] for s in k.selectors if self.g.by_selector[s] not in named]
        return Step(
            deduced=deduced,
            rules=tuple(r.ref for r in [*main, *peers]),
            facts=tuple(facts),
            cost=k.cost,
            technique=p.technique,
            main=tuple(r.ref for r in main),
            tier="pattern",
            cells=p.cells,
            digits=p.digits,
            chain=tuple(Fact(c, v, PLACE) for c, v in p.chain),
            text=p.text,
        )

    # --- the rule of 45 (reasoning.innies) ------------------------------------------------------

    @cached_property
    def _sums(self) -> list[innies.Sum]:
        """The rules that are one sum of weight 1 over their cells with a number for a total: a
        sum cage as the model states it (a short one lowers to a table of its combinations), or
        any rule whose core is that equation."""
        out = []
        found = model_rules(self.puzzle)
        for r in self.g.rules:
            cage = found.get(r.constraints)
            if getattr(cage, "key", None) == "cage" and cage.operation == "sum" and isinstance(cage.target, int):
                out.append(innies.Sum(r.name, tuple(sorted(r.cells)), cage.target))
                continue
            lin = [con for con in r.constraints if type(con).__name__ == "Linear"]
            if len(lin) != 1 or any(type(con).__name__ not in ("Linear", "AllDifferent") for con in r.constraints):
                continue
            (con,) = lin
            whole = set(con.cells) == set(r.cells)
            if con.op == "=" and isinstance(con.rhs, int) and set(con.weights) == {1} and whole:
                out.append(innies.Sum(r.name, tuple(sorted(r.cells)), con.rhs))
        return out

    @cached_property
    def _innie_houses(self) -> list[patterns.House]:
        """The full houses that are rules of their own: regions whose total is known."""
        return [h for h, _, _ in self._full_houses]

    @cached_property
    def _house_totals(self) -> dict[str, int]:
        return {h.name: sum(values) for h, _, values in self._full_houses}

    def _innies(self) -> list[Candidate]:
        """Every rule-of-45 step on the marks, priced (`costs.innie_cost`)."""
        if not self._sums:
            return []
        out = []
        for found in innies.find(self._innie_houses, self._house_totals, self._sums, self.cands, self.placed,
                                 self.puzzle.cells):  # fmt: skip
            sels, lits = self._innie_premises(found)
            cost = innie_cost(len(found.houses), len(found.sums))
            if _sum_key(found) in self.sums_stated:  # a sum written down before: read as a cage alone (D17)
                cost = routine_cost(len(found.cells))
            first = found.places[0] if found.places else found.eliminates[0]
            target = self.g.lit[first] if found.places else -self.g.lit[first]
            order = (6, found.houses, found.form)
            out.append(Candidate(cost, order, sels, lits, target, "rule of 45", innie=found))
        return out

    def _innie_premises(self, found: innies.Innie) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Its rules (the houses, the sums, the house that keeps the open cells apart) and facts
        (the placed cells left over, and what is ruled out of the open cells when more than one
        shares the rest: one cell left is its value by the arithmetic alone)."""
        names = [*found.houses, *(s.name for s in found.sums), *([found.distinct] if found.distinct else [])]
        sels = tuple(dict.fromkeys(self.g.by_name[n].selector for n in names))
        lits = [self.g.lit[c, v] for c, v in found.placed]
        if len(found.cells) > 1:
            lits += self.fact_lits(found.cells)
        return sels, tuple(sorted(set(lits), key=abs))

    def _innie_step(self, k: Candidate) -> Step:
        found = k.innie
        assert found is not None
        deduced = tuple(sorted({Fact(c, v, PLACE) for c, v in found.places}
                               | {Fact(c, v, ELIMINATE) for c, v in found.eliminates}))  # fmt: skip
        _, peers, facts = self.premises(k.selectors, k.lits)
        main = [self.g.by_selector[s] for s in k.selectors]
        return Step(
            deduced=deduced,
            rules=tuple(r.ref for r in [*main, *peers]),
            facts=tuple(facts),
            cost=k.cost,
            technique="rule of 45",
            main=tuple(r.ref for r in main),
            tier="rule of 45",
            cells=found.cells,
            text=found.text,
        )

    def _unsaid(self, lits: Sequence[int]) -> list[int]:
        """Drop what goes without saying: other values of a cell placed by the same step, and a
        placed value's removal from its houses (the pencil marks do that silently)."""
        placed = [self.g.fact_of[lit] for lit in lits if lit > 0]
        cells = {f.cell for f in placed}
        seen = set()
        for f in placed:
            for rule in self.rules_at.get(f.cell, ()):
                for part in rule.alldifferent:
                    if f.cell in part:
                        seen |= {(d, f.value) for d in part}
        out = []
        for lit in lits:
            fact = self.g.fact_of[lit]
            if lit > 0 or (fact.cell not in cells and (fact.cell, fact.value) not in seen):
                out.append(lit)
        return out

    def apply(self, step: Step, index: int) -> None:
        for f in step.deduced:
            if f.placed:
                if self.placed.get(f.cell) != f.value:
                    self._place(f.cell, f.value, ("step", index))
            else:
                self._eliminate(f.cell, f.value, ("step", index))

    def run(self, max_steps: int | None = None) -> Iterator[Step]:
        while max_steps is None or len(self.steps) < max_steps:
            step = self.next_step()
            if step is None:
                return
            yield step


def _sum_key(found: innies.Innie) -> tuple[object, ...]:
    """What a rule-of-45 step writes down: its region, the sums taken off, the open cells and what
    they make. Found again (with more marks known), it is that sum read again, as a cage is."""
    return (found.form, found.houses, tuple(s.name for s in found.sums), found.cells, found.rest)
