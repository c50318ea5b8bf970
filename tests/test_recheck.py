"""The re-check of every step (reasoning/recheck.py) and what makes it cheap: singles re-derived in
plain Python, the shape's shared CaDiCaL for the rest, the rules' CNF kept per puzzle shape. Each
is held against the plain-Python search `recheck.implies` (no CNF at all) or a fresh solver."""

from __future__ import annotations

import itertools
import random

import pytest

import puzzlesat
from puzzlesat.reasoning.facts import ELIMINATE, PLACE, Fact, Step
from puzzlesat.reasoning.guarded import RuleCNF, SharedSolver, shape
from puzzlesat.reasoning.recheck import RECHECK_SOLVER, Rechecker, by_singles, implies
from puzzlesat.runtime.errors import CheckError

EASY = "..59.7....4..357...79.146....6.4.3.................5...5836.14.6.....9.54.3.5986."
HARD = ".2..1..........57..6.3...................34.259..4..187..5.4......2.89419........"  # HoDoKu hard 1342


def _grids4() -> list[tuple[int, ...]]:
    rows = list(itertools.permutations((1, 2, 3, 4)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        if all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4)) and all(
            len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4 for br in (0, 2) for bc in (0, 2)
        ):
            out.append(tuple(v for row in grid for v in row))
    return out


def _random_steps(seed: int, n: int) -> list[tuple[object, Step]]:
    """Random claims on 4x4 sudokus: one placement from a few true facts and a few houses,
    most of which do not follow (a brute-force oracle says which)."""
    rnd = random.Random(seed)
    grids = _grids4()
    p = puzzlesat.load("sudoku", {"box": "2"}, "." * 16)
    g = RuleCNF(p)
    out = []
    for _ in range(n):
        grid = rnd.choice(grids)
        facts = []
        for c in rnd.sample(range(16), rnd.randint(3, 12)):
            if rnd.random() < 0.5:
                facts.append(Fact(c, grid[c], PLACE))
            else:
                facts.append(Fact(c, rnd.choice([v for v in (1, 2, 3, 4) if v != grid[c]]), ELIMINATE))
        target = rnd.choice([c for c in range(16) if c not in {f.cell for f in facts}])
        own = [r for r in g.rules if target in r.cells]  # the target's houses, most of them, and maybe one more
        chosen = rnd.sample(own, rnd.randint(1, len(own))) + rnd.sample(g.rules, rnd.randint(0, 1))
        rules = tuple(dict.fromkeys(r.ref for r in chosen))
        claim = Step(deduced=(Fact(target, grid[target], PLACE),), rules=rules, facts=tuple(sorted(facts)),
                     cost=0.0, technique="")
        out.append((p, claim))
    return out


def test_singles_in_plain_python_never_accept_what_does_not_follow():
    """`by_singles` against brute force on 600 random claims: it accepts only what follows, and
    accepts a good share of what does (the naked and hidden singles among them)."""
    accepted = follows = 0
    for p, step in _random_steps(2026, 600):
        g = RuleCNF(p)
        truth = implies(p, [r.id for r in step.rules], step.facts, step.deduced)
        mine = by_singles(g, step)
        assert not (mine and not truth), step
        accepted += mine
        follows += bool(truth)
    assert (follows, accepted) == (86, 82)  # 4 claims that follow need more than a single


def test_the_shared_solver_agrees_with_brute_force_whatever_it_asked_before():
    """The re-check's CaDiCaL, shared by every puzzle of a shape, answers each claim as brute
    force does, asked in one order and again in reverse (what it learnt changes no answer)."""
    steps = _random_steps(7, 150)
    p = steps[0][0]
    g = RuleCNF(p)
    truth = [implies(p, [r.id for r in s.rules], s.facts, s.deduced) for _, s in steps]
    checker = Rechecker(g, [], p.cells)
    forward = [checker._follows(s) for _, s in steps]
    backward = [checker._follows(s) for _, s in reversed(steps)][::-1]
    assert forward == backward == [bool(t) for t in truth]
    assert sum(forward) > 10


def test_a_step_that_does_not_follow_is_refused_and_one_that_does_passes():
    """Every step of a hard puzzle passes (singles in plain Python, its locked candidates on the
    solver); a pattern step without its facts, or a single placing another value, is refused."""
    p = puzzlesat.load(HARD)
    e = puzzlesat.explain(p)
    checker = Rechecker(RuleCNF(p), [], p.cells)
    for step in e.steps:
        checker.check(step)
    pattern = next(s for s in e.steps if s.tier == "pattern")
    assert not by_singles(checker.g, pattern)
    with pytest.raises(CheckError, match="does not follow from what it cites"):
        checker.check(Step(deduced=pattern.deduced, rules=pattern.rules, facts=(), cost=0.0, technique=""))
    single = e.steps[-1]
    assert by_singles(checker.g, single)
    wrong = Fact(single.deduced[0].cell, single.deduced[0].value % 9 + 1, PLACE)
    with pytest.raises(CheckError, match="does not follow from what it cites"):
        checker.check(Step(deduced=(wrong,), rules=single.rules, facts=single.facts, cost=0.0, technique=""))


def test_a_step_that_contradicts_a_solution_is_refused():
    p = puzzlesat.load(EASY)
    solution = puzzlesat.solve(p).solutions[0].values
    e = puzzlesat.explain(p, max_steps=1)
    checker = Rechecker(RuleCNF(p), [solution], p.cells)
    checker.check(e.steps[0])
    bad = list(solution)
    bad[e.steps[0].deduced[0].cell] = 0
    with pytest.raises(CheckError, match="contradicts a solution"):
        Rechecker(RuleCNF(p), [bad], p.cells).check(e.steps[0])


def test_the_rules_cnf_is_kept_per_shape_and_givens_are_not_part_of_it():
    """Two sudokus differing in their givens share one encoding (the same clause list); a 4x4 has
    its own; the shared one is the CNF a fresh build writes."""
    a, b = puzzlesat.load(EASY), puzzlesat.load("sudoku")
    assert shape(a) == shape(b) and shape(a) != shape(puzzlesat.load("sudoku", {"box": "2"}, "." * 16))
    ga, gb = RuleCNF(a), RuleCNF(b)
    assert ga.builder.clauses is gb.builder.clauses and ga.lit is gb.lit
    assert ga.checker(RECHECK_SOLVER) is gb.checker(RECHECK_SOLVER)
    from puzzlesat.reasoning.guarded import _Encoding

    fresh = _Encoding(a)
    assert fresh.builder.clauses == ga.builder.clauses and fresh.lit == ga.lit
    assert [r.ref for r in fresh.rules] == [r.ref for r in ga.rules]


def test_a_shared_solver_retires_each_clause_after_its_question():
    """A clause asked once does not stay: x1 or x2 with both assumed false is unsatisfiable, and
    the next question without that clause is satisfiable again."""
    s = SharedSolver([[1, 2, 3]], top=3, name=RECHECK_SOLVER)
    assert s.satisfiable([-1, -2], [1, 2]) is False
    assert s.satisfiable([-1, -2], [3]) is True and s.satisfiable([-1, -2]) is True
    assert s.satisfiable([-1, -2], [-3]) is False  # the CNF's own clause still holds
    s.FRESH_AFTER = 4  # built again at the 5th question since the last build: 3 asked, then 1, then 4 more
    first = s.solver
    assert [s.satisfiable([-2], [1]) for _ in range(6)] == [True] * 6
    assert s.asked == 1 and s.solver is not first


def test_the_warm_solver_built_late_stands_where_one_built_early_would():
    """Questions `RuleCNF.ask` answered before the warm Glucose existed are put to it when it is
    built: its later cores (a case split's premises) equal those of one that answered them itself."""
    p = puzzlesat.load(HARD)
    e = puzzlesat.explain(p, max_steps=20)
    early, late = RuleCNF(p), RuleCNF(p)
    everything = [r.selector for r in early.rules]
    questions, after = [], []
    for step in e.steps:
        sels = sorted({early.by_id[r.id].selector for r in step.rules})
        facts = [early.literal(f) for f in step.facts]
        negated = -early.literal(step.deduced[0])
        questions += [[*sels, *facts, negated], [*sels, *facts[1:], negated]]  # implied; maybe not without one
        after += [[*everything, *facts, negated], [*everything, *facts[::2], negated]]
    early.solver  # built first: it answers every question itself  # noqa: B018
    answers = [early.ask(q) for q in questions]
    assert [late.ask(q, cores=[]) for q in questions] == answers and "solver" not in late.__dict__
    assert answers.count(False) >= 20 and answers.count(True) >= 5
    cores = []
    for q in after:
        assert early.satisfiable(q) == late.satisfiable(q)
        assert early.core() == late.core()
        cores.append(early.core())
    assert sum(1 for c in cores if c) >= 5
    early.close()
    late.close()
