"""One step per deduction: a removal found by the core, widened to all its premises give.

The search finds one target at a time ("r3c5 ≠ 4 from cage 8") and shrinks its premises to a
minimal set, so the same pattern used again gave the next removal as a step of its own ("r3c5 ≠
5 from cage 8", then "≠ 6"...). A person reading a cage, a thermometer or a naked triple takes
every removal it gives at once, as HoDoKu prints a step. Here the step's rules, with every fact
now known on their cells, are asked again in the step's own tier (propagation alone, or the
rules reasoned in full) and every removal they give joins the step; each joins with the facts it
needs (shrunk as the target's were), so the step cites the union and nothing more. A placement
stays a step of its own, as a walkthrough says it, and a case split refutes its one hypothesis.
The whole step is re-checked as one (`reasoning.recheck`) before it is printed.
"""

from __future__ import annotations

from typing import Any


def widen(ex: Any, k: Any) -> tuple[list[int], tuple[int, ...]]:
    """(the literals the step deduces, the fact literals it cites) for the candidate `k` of the
    walk `ex` (`reasoning.search`'s Candidate and Explainer; not imported: search calls this)."""
    if k.hypothesis is not None or k.target > 0:
        return [k.target], k.lits
    cells = sorted({c for s in k.selectors for c in ex.g.by_selector[s].cells})
    facts = ex.fact_lits(cells)
    complete = k.tier.startswith("complete")
    solver = ex._sub(tuple(k.selectors), complete)
    implied = ex.widen(k.selectors, facts, complete)  # what the rules and every fact there imply
    cited = set(k.lits)
    out = [k.target]
    for t in implied:
        if t < 0 and t != k.target:
            _, kept = ex.shrink(k.selectors, facts, t, complete, solver=solver)
            out.append(t)
            cited |= set(kept)
    deduced = sorted(ex._unsaid(out), key=lambda lit: ex.g.fact_of[lit])
    return deduced, tuple(sorted(cited, key=abs))
