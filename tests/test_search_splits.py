"""Search splits (depth 2) with what they keep across steps (reasoning/search.py, explanations
D16): a proof found at one step reused at the next, each hypothesis's minimal reason kept while
its facts are still known. Against brute force on random 4x4 sudokus: a hypothesis is refuted
exactly when no grid keeping the marks holds it, at every state of a walk (the caches never skip
a refuted value nor refute a held one), and every split offered cites a reason that refutes its
hypothesis in plain Python and loses that power when any rule or fact of it is dropped."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_explain import GRIDS, small, solutions4

from puzzlesat.reasoning.facts import ELIMINATE, Fact
from puzzlesat.reasoning.recheck import implies
from puzzlesat.reasoning.search import Explainer
from puzzlesat.solvers.raced import Raced
from puzzlesat.solvers.witnessed import Refuter


def refuted_by_brute_force(e: Explainer, truth: list[tuple[int, ...]]) -> set[int]:
    """The open candidates that no grid keeping the current marks holds."""
    keeping = [g for g in truth if all(g[c] in e.cands[c] for c in range(16))]
    return {e.g.lit[c, v] for c in range(16) if c not in e.placed for v in e.cands[c]
            if not any(g[c] == v for g in keeping)}  # fmt: skip


def scan(e: Explainer) -> set[int]:
    """The hypotheses the search scan finds refuted (proofs reused from earlier steps where they
    still lie inside what is known), each proof checked to lie there."""
    sels = tuple(r.selector for r in e.g.rules)
    lits = e.fact_lits(range(16))
    known = {*sels, *lits}
    out = set()
    for c in range(16):
        for v in sorted(e.cands[c]) if c not in e.placed else ():
            hyp = e.g.lit[c, v]
            core = e._search_core(hyp, sels, lits, known, set())
            if core is not None:
                assert core <= known | {hyp}
                out.add(hyp)
    return out


def reason_holds(e: Explainer, rules, lits, hyp: int) -> bool:
    ids = [e.g.by_selector[s].id for s in rules]
    return implies(e.puzzle, ids, e.g.facts(lits), [Fact(*e.pair_of[hyp], ELIMINATE)]) is True


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 287), st.lists(st.integers(0, 15), min_size=2, max_size=6, unique=True), st.randoms())
def test_splits_across_steps_against_brute_force(grid_index, cells, rnd):
    """A random 4x4 with 2-6 givens (one solution or many), then random true removals step by
    step: the scan refutes exactly what brute force refutes, at every state; every split
    candidate's rules and facts refute its hypothesis and are minimal (plain Python)."""
    grid = GRIDS[grid_index]
    givens = "".join(str(grid[c]) if c in cells else "." for c in range(16))
    p = small(givens)
    truth = solutions4(givens)
    e = Explainer(p, [grid])
    try:
        for _ in range(3):
            assert scan(e) == refuted_by_brute_force(e, truth) - {e.g.lit[c, grid[c]] for c in range(16)}
            for k in e._splits(complete=True):
                hyp = k.hypothesis
                assert k.target == -hyp and reason_holds(e, k.selectors, k.lits, hyp)
                for s in k.selectors:
                    assert not reason_holds(e, [x for x in k.selectors if x != s], k.lits, hyp)
                for lit in k.lits:
                    assert not reason_holds(e, k.selectors, [x for x in k.lits if x != lit], hyp)
            wrong = [(c, v) for c in range(16) if c not in e.placed for v in sorted(e.cands[c]) if v != grid[c]]
            if not wrong:
                break
            for c, v in rnd.sample(wrong, min(len(wrong), 3)):
                e._eliminate(c, v, ("marks",))
            for c in range(16):  # a cell down to one value is placed, as a walk places it
                if c not in e.placed and len(e.cands[c]) == 1:
                    e._place(c, grid[c], ("marks",))
    finally:
        e.close()


def opens_by_definition(e: Explainer, c: int, v: int) -> bool:
    """Ruling v out of c leaves c one value, or leaves v one open place in a full house of c."""
    if len(e.cands[c]) == 2:
        return True
    for h in e.houses:
        if h.full and c in h.cells and h.name in e.g.by_name:
            places = [d for d in h.cells if d not in e.placed and v in e.cands[d]]
            if len(places) == 2:
                return True
    return False


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 287), st.lists(st.integers(0, 15), min_size=2, max_size=5, unique=True), st.randoms())
def test_opens_a_single_by_definition(grid_index, cells, rnd):
    """`_opens` (a search split that leaves a single, preferred for a short path, D19) agrees with
    the definition read off the marks, for every open candidate, as true removals are made; and
    where some refuted hypothesis opens one, every split offered opens one."""
    grid = GRIDS[grid_index]
    givens = "".join(str(grid[c]) if c in cells else "." for c in range(16))
    e = Explainer(small(givens), [grid])
    try:
        for _ in range(4):
            for c in range(16):
                for v in sorted(e.cands[c]) if c not in e.placed else ():
                    assert e._opens(e.g.lit[c, v]) == opens_by_definition(e, c, v)
            refuted = scan(e)
            offered = e._splits(complete=True)
            if any(opens_by_definition(e, *e.pair_of[h]) for h in refuted):
                assert offered and all(opens_by_definition(e, *e.pair_of[k.hypothesis]) for k in offered)
            wrong = [(c, v) for c in range(16) if c not in e.placed for v in sorted(e.cands[c]) if v != grid[c]]
            if not wrong:
                break
            for c, v in rnd.sample(wrong, min(len(wrong), 2)):
                e._eliminate(c, v, ("marks",))
            for c in range(16):
                if c not in e.placed and len(e.cands[c]) == 1:
                    e._place(c, grid[c], ("marks",))
    finally:
        e.close()




@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 287), st.lists(st.integers(0, 15), min_size=2, max_size=6, unique=True), st.randoms())
def test_cuts_with_kept_models_are_the_cuts_of_plain_solves(grid_index, cells, rnd):
    """A search split's cuts are the clause set's answers (split_cuts, D20): on random 4x4 states
    (as above) the split candidates, with questions a kept model answers unsolved, are those of a
    solver asked every question (rules, facts, price), and so is the whole walk; so are they with
    two solvers racing on each question (D21)."""
    grid = GRIDS[grid_index]
    givens = "".join(str(grid[c]) if c in cells else "." for c in range(16))
    removals = [(c, v) for c in range(16) for v in range(1, 5) if c not in cells and v != grid[c]]
    rnd.shuffle(removals)
    seen = []
    for how in ("default", "plain", "raced"):  # default: kept models, raced where there are two cores
        e = Explainer(small(givens), [grid])
        if how == "plain":
            e.__dict__["_refuter"] = Refuter(e.g.new_solver(e.g.builder.clauses, name="m22"))
        elif how == "raced":  # kept models, two solvers racing (D21) whatever the machine
            here, there = (e.g.new_solver(e.g.builder.clauses, name="m22") for _ in range(2))
            there.set_phases([-lit for lit in e.g.lit.values()])
            e.__dict__["_refuter"] = Refuter(Raced(here, there), [*(r.selector for r in e.g.rules), *e.g.fact_of])
        try:
            states = []
            for chunk in (removals[:0], removals[:3], removals[3:6]):
                for c, v in chunk:
                    if v in e.cands[c] and len(e.cands[c]) > 1:
                        e._eliminate(c, v, ("marks",))
                states.append([(k.hypothesis, k.selectors, k.lits, k.cost) for k in e._splits(complete=True)])
            states.append([(s.deduced, s.rules, s.facts, s.cost) for s in e.run()])
        finally:
            e.close()
        seen.append(states)
    assert seen[0] == seen[1] == seen[2]
