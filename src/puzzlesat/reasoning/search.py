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
house. Every step is re-checked on a fresh solver before it is yielded (`reasoning.recheck`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from puzzlesat.model.model import Puzzle
from puzzlesat.reasoning.costs import rule_weight, step_cost
from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact, Step
from puzzlesat.reasoning.guarded import Rule, RuleCNF
from puzzlesat.reasoning.names import technique
from puzzlesat.reasoning.recheck import recheck
from puzzlesat.reasoning.why import why_text
from puzzlesat.runtime.errors import CheckError
from puzzlesat.runtime.stop import checkpoint

# How many refuted hypotheses a case-split tier shrinks before it takes the cheapest.
SPLIT_CHOICES = 6


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


class Explainer:
    """Holds the pencil marks of one puzzle and finds the next step from them."""

    def __init__(self, puzzle: Puzzle, solutions: Sequence[Sequence[int]] = (), start: Sequence[Fact] = ()) -> None:
        self.puzzle = puzzle
        self.g = RuleCNF(puzzle)
        self.solutions = [tuple(s) for s in solutions]
        self.cost_of = {r.selector: rule_weight(r) for r in self.g.rules}
        self.rules_at: dict[int, list[Rule]] = {}
        for r in self.g.rules:
            for c in r.cells:
                self.rules_at.setdefault(c, []).append(r)
        self.cands = [set(d) for d in puzzle.domains]
        self.placed: dict[int, int] = {}
        self.origin: dict[Fact, tuple[object, ...]] = {}
        self.cache: dict[tuple[object, ...], list[Candidate]] = {}
        self.steps: list[Step] = []
        self.subs: dict[tuple[int, ...], object] = {}
        for c, v in sorted(puzzle.givens):
            self._place(c, v, ("given",))
        for f in start:  # a hint's entered values (cited like givens) and pencil marks (like a step's)
            if f.placed:
                if self.placed.get(f.cell) != f.value:
                    self._place(f.cell, f.value, ("entered",))
            else:
                self._eliminate(f.cell, f.value, ("marks",))

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
        for rule in self.rules_at.get(c, ()):
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

    def price(self, tier: str, selectors: Sequence[int], lits: Sequence[int], hypothesis: int | None = None) -> float:
        """The step's cost (`reasoning.costs`): its tier, rules, facts, subset size and chain."""
        main, peers, facts = self.premises(selectors, lits)
        size = chain = 0
        if tier in ("complete", "complete pair"):
            size = len({self.g.fact_of[lit].cell for lit in lits} - set(self.placed))
            free = sum(1 for r in main for c in r.cells if c not in self.placed)
            size = max(1, min(size, free - size)) if free > size else size
        if hypothesis is not None:
            ok, follow = self.g.propagate([*selectors, *lits, hypothesis])
            chain = sum(1 for f in self.g.facts(follow) if f.placed and not self.known(f))  # to the conflict
        return step_cost(tier, main, len(peers), len(facts), size, chain)

    def _dearness(self, lit: int) -> int:
        """Deletion order: pencil marks first, then removals by placed values, then placed values."""
        fact = self.g.fact_of[lit]
        if fact.placed:
            return 2
        return 1 if self.origin.get(fact, ("",))[0] == "peer" else 0

    # --- implication ------------------------------------------------------------------------

    def _sub(self, sels: tuple[int, ...]):
        """A small solver holding only these rules (switched on) and the cells' own clauses: a
        group's questions there take a tenth of the time they take on the whole puzzle's solver."""
        if sels not in self.subs:
            self.subs[sels] = self.g.isolated(sels, name="g3", on=False)
        return self.subs[sels]

    def close(self) -> None:
        for solver in self.subs.values():
            solver.delete()
        self.subs.clear()
        self.g.close()

    def _up_implies(self, assumptions: Sequence[int], target: int, solver=None) -> bool:
        ok, lits = (solver or self.g.solver).propagate(assumptions=list(assumptions))
        return not ok or target in lits

    def _implies(self, assumptions: Sequence[int], target: int, solver=None) -> bool:
        return not (solver or self.g.solver).solve(assumptions=[*assumptions, -target])

    def shrink(
        self, selectors: Sequence[int], lits: Sequence[int], target: int, complete: bool,
        fixed: Sequence[int] = (), rules_too: bool = False, solver=None,
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:  # fmt: skip
        """A minimal subset of the facts (and, if `rules_too`, of the rules) that still implies
        `target` (with `fixed` assumed as well); dearest first, so what stays is cheap. `solver`:
        a group's own (`_sub`), else the whole puzzle's."""
        solver = solver or self.g.solver
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
        for lit in sorted(keep, key=lambda lit: (self._dearness(lit), abs(lit))):
            checkpoint()
            trial = [x for x in keep if x != lit]
            if implies([*fixed, *sels, *trial], target):
                keep = trial
        return tuple(sorted(sels)), tuple(sorted(keep, key=abs))

    def _new(self, lits: Sequence[int]) -> list[int]:
        """Cell literals that are not known yet, placements first."""
        out = [lit for lit in lits if lit in self.g.fact_of and not self.known(self.g.fact_of[lit])]
        placed_cells = {self.g.fact_of[lit].cell for lit in out if lit > 0}
        return sorted(
            (lit for lit in out if lit > 0 or self.g.fact_of[lit].cell not in placed_cells),
            key=lambda lit: (lit < 0, abs(lit)),
        )

    # --- the tiers --------------------------------------------------------------------------

    def _naked_singles(self) -> list[Candidate]:
        out = []
        for c in range(self.puzzle.size):
            if c not in self.placed and len(self.cands[c]) == 1:
                (v,) = self.cands[c]
                lits = self.fact_lits([c])
                cost = self.price("naked single", (), lits)
                out.append(Candidate(cost, (0, c), (), lits, self.g.lit[c, v], "naked single"))
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
        solver = self._sub(sels)
        if complete:
            targets = self._backbone(base, cells, solver)
        else:
            ok, implied = solver.propagate(assumptions=base)
            targets = self._new(implied) if ok else []
        out = []
        done: set[int] = set()
        for t in targets:
            if t in done:
                continue
            s, kept = self.shrink(sels, lits, t, complete, solver=solver)
            if len(rules) > 1 and self._one_rule_enough(s, kept, t, complete):
                continue
            ok, follow = solver.propagate(assumptions=[*s, *kept])
            done |= set(follow)
            tier = ("complete" if complete else "propagation") + (" pair" if len(rules) > 1 else "")
            out.append(Candidate(self.price(tier, s, kept), (1 + len(rules), sels, abs(t)), s, kept, t, tier))
        self.cache[key] = out
        return out

    def _one_rule_enough(self, sels: Sequence[int], lits: Sequence[int], target: int, complete: bool) -> bool:
        implies = self._implies if complete else self._up_implies
        return any(implies([s, *lits], target) for s in sels)

    def _backbone(self, base: Sequence[int], cells: Sequence[int], solver) -> list[int]:
        """The candidates on `cells` that no solution of `base` keeps, as elimination literals."""
        open_lits = [self.g.lit[c, v] for c in cells if c not in self.placed for v in sorted(self.cands[c])]
        seen: set[int] = set()
        out: list[int] = []

        def mark() -> None:  # the candidates this model keeps (read from the model by index, not all of it)
            model = solver.get_model()
            seen.update(lit for lit in open_lits if model[lit - 1] > 0)

        if not solver.solve(assumptions=list(base)):
            return []
        mark()
        for lit in open_lits:
            if lit in seen:
                continue
            checkpoint()
            if solver.solve(assumptions=[*base, lit]):
                mark()
            else:
                out.append(-lit)
        return self._new(out) if out else []

    def _pairs(self) -> list[tuple[Rule, Rule]]:
        out = []
        rules = self.g.rules
        for i, a in enumerate(rules):
            sa = set(a.cells)
            if len(sa) <= 2:  # a pair of cells with a house is a short chain: the case splits find it
                continue
            for b in rules[i + 1:]:
                if len(b.cells) > 2 and sa & set(b.cells) and any(c not in self.placed for c in sa | set(b.cells)):
                    out.append((a, b))
        return out

    def _splits(self, complete: bool) -> list[Candidate]:
        """Hypotheses the whole puzzle refutes: by propagation (depth 1) or by search (depth 2)."""
        sels = tuple(r.selector for r in self.g.rules)
        lits = self.fact_lits(range(self.puzzle.size))
        refuted: list[tuple[int, int, int]] = []
        for c in range(self.puzzle.size):
            if c in self.placed:
                continue
            for v in sorted(self.cands[c]):
                checkpoint()
                hyp = self.g.lit[c, v]
                if self.solutions and all(s[c] == v for s in self.solutions):
                    continue  # a value every solution holds is never refuted
                if complete:
                    if self.g.satisfiable([*sels, *lits, hyp]):
                        continue
                else:
                    ok, _ = self.g.propagate([*sels, *lits, hyp])
                    if ok:
                        continue
                    if self.g.satisfiable([*sels, *lits, hyp]):
                        raise CheckError("propagation refuted a value that a solution holds")
                core = set(self.g.core())
                refuted.append((sum(1 for x in core if x in self.g.by_selector), len(core), hyp))
        out = []
        for _, _, hyp in sorted(refuted)[:SPLIT_CHOICES]:
            s, kept = self.shrink(sels, lits, -hyp, complete, rules_too=True)
            tier = "search split" if complete else "case split"
            out.append(Candidate(self.price(tier, s, kept, hyp), (9, abs(hyp)), s, kept, -hyp, tier, hypothesis=hyp))
        return out

    # --- one step -----------------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """The cheapest tier that finds anything."""
        found = self._naked_singles()
        for rule in self.g.rules:
            found += self._group([rule], complete=False)
        if found:
            return found
        for rule in self.g.rules:
            found += self._group([rule], complete=True)
        if found:
            return found
        pairs = self._pairs()
        for pair in pairs:
            found += self._group(pair, complete=False)
        if found:
            return found
        for pair in pairs:
            found += self._group(pair, complete=True)
        if found:
            return found
        return self._splits(complete=False) or self._splits(complete=True)

    def next_step(self) -> Step | None:
        """The cheapest next step, checked and applied; None when nothing more follows."""
        if self.solved:
            return None
        found = self.candidates()
        if not found:
            return None
        best = min(found, key=lambda k: (k.cost, k.order))
        step = self.build(best)
        recheck(self.g, self.solutions, self.puzzle.cells, step)
        self.apply(step, len(self.steps))
        self.steps.append(step)
        return step

    def build(self, k: Candidate) -> Step:
        """The step a candidate stands for: everything its premises give, named and priced."""
        if k.hypothesis is None and k.target < 0:  # a removal keeps the others its premises give
            ok, follow = self.g.propagate([*k.selectors, *k.lits])
            more = self._new(follow) if ok else []
            deduced_lits = self._unsaid([k.target, *(lit for lit in more if lit < 0 and lit != k.target)])
        else:  # one placement a step, as a walkthrough says it; a case split refutes its hypothesis
            deduced_lits = [k.target]
        deduced = tuple(self.g.fact_of[lit] for lit in deduced_lits)
        main, peers, facts = self.premises(k.selectors, k.lits)
        read = {self.g.fact_of[lit].cell for lit in k.lits}
        name = technique(k.tier, main, deduced, read, set(range(self.puzzle.size)) - set(self.placed))
        return Step(
            deduced=deduced,
            rules=tuple(r.ref for r in [*main, *peers]),
            facts=tuple(facts),
            cost=k.cost,
            technique=name,
            main=tuple(r.ref for r in main),
            hypothesis=None if k.hypothesis is None else self.g.fact_of[k.hypothesis],
            depth={"case split": 1, "search split": 2}.get(k.tier, 0),
            tier=k.tier,
            why="" if k.hypothesis is not None else why_text(self.puzzle, main, self.cands, deduced),
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

