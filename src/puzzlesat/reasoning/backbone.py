"""What a group of rules rules out on its cells, asked again and again as the pencil marks shrink.

The step search asks every rule (and pair of rules) which candidates on its cells no solution of
the rule and the facts there keeps: a backbone, one solver call per candidate not yet seen in a
model. The facts only grow between two asks, so a model found earlier that still agrees with
every fact now known is still a model, and every candidate it holds is still supported: those
candidates need no call. And a candidate ruled out by fewer facts stays ruled out by more, so
a group's eliminations not taken yet (another step was cheaper) need no call either.
`Witnesses` keeps both per group (models as their cell literals only; the auxiliary ones do not
matter, the formula being the same).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from puzzlesat.runtime.stop import checkpoint

# Models kept per group: the newest first; older ones rarely survive many new facts.
KEPT = 12


class Witnesses:
    """Models of one group's rules, as the sets of cell literals they make true."""

    def __init__(self) -> None:
        self.models: list[frozenset[int]] = []
        self.ruled_out: set[int] = set()  # elimination literals proven under fewer facts than now

    def agreeing(self, facts: Sequence[int]) -> list[frozenset[int]]:
        """The models that still hold every fact (a positive literal true, a negative one false)."""
        pos = [lit for lit in facts if lit > 0]
        neg = [-lit for lit in facts if lit < 0]
        return [m for m in self.models if all(p in m for p in pos) and not any(n in m for n in neg)]

    def add(self, model: frozenset[int]) -> None:
        self.models.insert(0, model)
        del self.models[KEPT:]


def backbone(
    solver, base: Sequence[int], facts: Sequence[int], open_lits: Sequence[int], cell_lits: Sequence[int],
    witnesses: Witnesses, on_call: Callable[[], None] = lambda: None,
) -> list[int] | None:  # fmt: skip
    """The open candidates (`open_lits`) that no model of `base` keeps, as elimination literals;
    None when `base` has no model at all. `facts`: the cell literals among `base`, which decide
    which kept models still count; `cell_lits`: the group's cell literals, what a model keeps."""

    def record() -> None:
        model = solver.get_model()
        witnesses.add(frozenset(lit for lit in cell_lits if model[lit - 1] > 0))

    alive = witnesses.agreeing(facts)
    seen: set[int] = set().union(*alive) if alive else set()
    if not alive:
        on_call()
        if not solver.solve(assumptions=list(base)):
            return None
        record()
        seen |= witnesses.models[0]
    out: list[int] = []
    for lit in open_lits:
        if lit in seen:
            continue
        if -lit in witnesses.ruled_out:
            out.append(-lit)
            continue
        checkpoint()
        on_call()
        solver.set_phases([x if x not in seen else -x for x in open_lits])  # a model that shows new candidates
        if solver.solve(assumptions=[*base, lit]):
            record()
            seen |= witnesses.models[0]
        else:
            out.append(-lit)
            witnesses.ruled_out.add(-lit)
    return out


def alldifferent_support(cands: dict[int, set[int]]) -> set[tuple[int, int]] | None:
    """The (cell, value) pairs some assignment of all-different values keeps, from each cell's
    candidates; None when there is none. The same question a house's backbone asks the solver,
    answered by bipartite matching (Berge: a pair is kept exactly when a matching of every cell
    uses it), a few milliseconds of Python for a 9-cell house instead of a dozen solver calls."""
    cells = sorted(cands)
    owner: dict[int, int] = {}  # value -> the cell it is matched to

    def augment(c: int, seen: set[int], fixed: int | None) -> bool:
        for v in sorted(cands[c]):
            if v in seen:
                continue
            seen.add(v)
            other = owner.get(v)
            if other is None or (other != fixed and augment(other, seen, fixed)):
                owner[v] = c
                return True
        return False

    for c in cells:
        if not augment(c, set(), None):
            return None
    kept = {(c, v) for v, c in owner.items()}
    base = dict(owner)
    for c in cells:
        for v in sorted(cands[c]):
            if (c, v) in kept:
                continue
            owner.clear()
            owner.update({w: d for w, d in base.items() if d != c})
            displaced = owner.get(v)
            owner[v] = c
            if displaced is None or augment(displaced, {v}, c):
                kept |= {(d, w) for w, d in owner.items()}
    return kept
