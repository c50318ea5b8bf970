"""What a step costs: the rules and facts it cites, and how it reasons with them.

One scale for every kind: a house is cheaper than a sum, a sum cheaper than a table; a placed
value is cheap to cite, a pencil mark dearer (it must be remembered), and a search dearest. Where
a step uses a value that a placed digit removed, it pays for that digit and its house, lightly:
that is what a person's eye does without thinking. The numbers were tuned against published
ratings of classic sudokus (docs/decisions.md, "Grading").
"""

from __future__ import annotations

from .guarded import Rule

PLACED = 0.1  # citing a placed value (a given or a deduction)
PENCIL = 0.4  # citing a value ruled out by an earlier step
PEER = 0.15  # a house that only carried a placed value's elimination
NAKED = 1.0  # a cell with one candidate left: every house around it must be read
COMPLETE = 1.5  # the step needed more than propagation inside its rules (subsets, sum combinations)
SPLIT = 4.0  # a case split: "if r3c4 = 5 then ... a contradiction"
DEEP = 8.0  # a case split whose contradiction needs search (depth 2)


def rule_cost(rule: Rule) -> float:
    """A house 1; a sum, by how many cells it adds (a cage of 2 is easy, of 8 is not); a table 2."""
    cost = 0.0
    for con in rule.constraints:
        kind = type(con).__name__
        if kind == "AllDifferent":
            cost = max(cost, 1.0)
        elif kind == "Linear":
            cost += 1.0 + 0.15 * len(con.cells)
        else:
            cost += 2.0
    return round(max(cost, 0.5), 2)
