"""What a group of rules rules out on its cells, asked again and again as the pencil marks shrink.

The step search asks every rule (and pair of rules) which candidates on its cells no solution of
the rule and the facts there keeps: a backbone, one solver call per candidate not yet seen in a
model. The facts only grow between two asks, so a model found earlier that still agrees with
every fact now known is still a model, and every candidate it holds is still supported: those
candidates need no call. And a candidate ruled out by fewer facts stays ruled out by more, so
a group's eliminations not taken yet (another step was cheaper) need no call either.
`Witnesses` keeps both per group (models as their cell literals only; the auxiliary ones do not
matter, the formula being the same).

A model of a group, cut to one of its rules' cells, is a model of that rule; and two rules'
models that agree on the cells they share join into a model of the pair (their clauses share
nothing else: each rule's auxiliary variables are its own, a cell's are its own clauses). So
`Supports` keeps, per rule, a model for each candidate it holds, from every group the rule was
asked in, and a pair's candidates that some such join holds need no call either: a hint whose
first step is a case split asked every pair in full, one call per candidate, to find nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Set

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


class Supports:
    """Models of one rule, as its cells' literals: for each candidate, the newest model that holds
    it. The facts on a rule's cells only grow during a walk, so a model that disagrees with them
    once never agrees again and is dropped."""

    def __init__(self, universe: frozenset[int]) -> None:
        self.universe = universe  # the rule's cell literals: what its models are cut to
        self.by_lit: dict[int, frozenset[int]] = {}

    def add(self, model: frozenset[int]) -> None:
        """A model of a group holding this rule, cut to the rule's cells."""
        own = model & self.universe
        for lit in own:
            self.by_lit[lit] = own

    def alive(self, facts: Sequence[int]) -> list[frozenset[int]]:
        """The models that hold every fact on the rule's cells (the others dropped for good)."""
        pos = [lit for lit in facts if lit in self.universe]
        neg = [-lit for lit in facts if -lit in self.universe]
        models = set(self.by_lit.values())
        keep = {m for m in models if all(p in m for p in pos) and not any(n in m for n in neg)}
        if len(keep) < len(models):
            self.by_lit = {lit: m for lit, m in self.by_lit.items() if m in keep}
        return sorted(keep, key=sorted)


def joined(a: Supports, b: Supports, facts: Sequence[int]) -> set[int]:
    """The candidates some model of both rules holds, from their own models that agree on the
    cells they share: any model of `a` joins any model of `b` with the same values there."""
    shared = a.universe & b.universe
    sides = []
    for s in (a, b):
        by_cut: dict[frozenset[int], set[int]] = {}
        for m in s.alive(facts):
            by_cut.setdefault(m & shared, set()).update(m)
        sides.append(by_cut)
    out: set[int] = set()
    for cut, lits in sides[0].items():
        if cut in sides[1]:
            out |= lits | sides[1][cut]
    return out


def house_joined(
    cells: Sequence[int], cands: Mapping[int, set[int]], other: Supports, facts: Sequence[int],
    pair_of: Mapping[int, tuple[int, int]], wanted: set[int],
) -> set[tuple[int, int]]:  # fmt: skip
    """The (cell, value) pairs some model of a house and another rule holds, from the other rule's
    own models: a house's models are its all-different assignments within the candidates, so each
    cut of the other's models on the shared cells is completed by matching (`alldifferent_support`
    with those cells fixed), no solver call. Stops once every pair of `wanted` is held."""
    house = set(cells)
    by_cut: dict[tuple[tuple[int, int], ...], set[tuple[int, int]]] = {}
    for m in other.alive(facts):
        pairs = [pair_of[lit] for lit in m]
        by_cut.setdefault(tuple(sorted(p for p in pairs if p[0] in house)), set()).update(pairs)
    out: set[tuple[int, int]] = set()
    inside = {p for p in wanted if p[0] in house}
    for cut, pairs in sorted(by_cut.items()):
        if wanted <= out:
            break
        fresh = not (pairs & wanted) <= out
        if not fresh and inside <= out:
            continue
        fixed = dict(cut)
        used = set(fixed.values())
        if len(used) < len(fixed):
            continue  # two shared cells the same value: no completion in the house
        sub = {c: set(cands[c]) - used for c in cells if c not in fixed}  # the rest of the house
        if inside <= out:  # only the other rule's pairs are new: one matching says the cut completes
            if alldifferent_exists(sub):
                out |= pairs
            continue
        kept = alldifferent_support(sub, out)
        if kept is not None:
            out |= pairs | kept | set(cut)
    return out


def backbone(
    solver, base: Sequence[int], facts: Sequence[int], open_lits: Sequence[int], cell_lits: Sequence[int],
    witnesses: Witnesses, on_call: Callable[[], None] = lambda: None,
    held: Iterable[int] = (), on_model: Callable[[frozenset[int]], None] = lambda m: None,
) -> list[int] | None:  # fmt: skip
    """The open candidates (`open_lits`) that no model of `base` keeps, as elimination literals;
    None when `base` has no model at all. `facts`: the cell literals among `base`, which decide
    which kept models still count; `cell_lits`: the group's cell literals, what a model keeps.
    `solver`: the group's solver, or a function that makes it (called only if a call is needed);
    `held`: candidates known held by some model of `base` (joined from its rules' own models);
    `on_model`: told of every model found."""
    made = []

    def get():
        if not made:
            made.append(solver() if callable(solver) else solver)
        return made[0]

    def record() -> None:
        model = get().get_model()
        witnesses.add(frozenset(lit for lit in cell_lits if model[lit - 1] > 0))
        on_model(witnesses.models[0])

    alive = witnesses.agreeing(facts)
    seen: set[int] = set().union(held, *alive)
    if not alive and not seen:
        on_call()
        if not get().solve(assumptions=list(base)):
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
        get().set_phases([x if x not in seen else -x for x in open_lits])  # a model that shows new candidates
        if get().solve(assumptions=[*base, lit]):
            record()
            seen |= witnesses.models[0]
        else:
            out.append(-lit)
            witnesses.ruled_out.add(-lit)
    return out


def _matching(cands: Mapping[int, set[int]]) -> tuple[dict[int, int], Callable[..., bool]] | None:
    """A matching of every cell to a value of its own (value -> cell), and the augmenting search
    that found it; None when there is none."""
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

    for c in sorted(cands):
        if not augment(c, set(), None):
            return None
    return owner, augment


def alldifferent_exists(cands: Mapping[int, set[int]]) -> bool:
    """Some assignment of all-different values keeps every cell within its candidates."""
    return _matching(cands) is not None


def alldifferent_support(
    cands: Mapping[int, set[int]], known: Set[tuple[int, int]] = frozenset()
) -> set[tuple[int, int]] | None:
    """The (cell, value) pairs some assignment of all-different values keeps, from each cell's
    candidates; None when there is none. The same question a house's backbone asks the solver,
    answered by bipartite matching (Berge: a pair is kept exactly when a matching of every cell
    uses it), a few milliseconds of Python for a 9-cell house instead of a dozen solver calls.
    `known`: pairs already known kept, not asked again (they may be missing from the answer)."""
    found = _matching(cands)
    if found is None:
        return None
    owner, augment = found
    cells = sorted(cands)
    kept = {(c, v) for v, c in owner.items()}
    base = dict(owner)
    for c in cells:
        for v in sorted(cands[c]):
            if (c, v) in kept or (c, v) in known:
                continue
            owner.clear()
            owner.update({w: d for w, d in base.items() if d != c})
            displaced = owner.get(v)
            owner[v] = c
            if displaced is None or augment(displaced, {v}, c):
                kept |= {(d, w) for w, d in owner.items()}
    return kept
