"""HoDoKu's base score of each technique (its `Options.DEFAULT_SOLVER_STEPS`, HoDoKu 2.2.0).

The source is `src/sudoku/Options.java` of HoDoKu (e.g. github.com/1to9only/HoDoKu): each
`StepConfig(index, SolutionType, level, category, baseScore, ...)`; docs/decisions/explanations.md
cites it. Techniques HoDoKu has no score for here take the nearest it has ("Locked Candidates" on
any two houses prices as Type 1/2)."""

from __future__ import annotations

SCORES: dict[str, float] = {
    "Full House": 4,
    "Naked Single": 4,
    "Hidden Single": 14,
    "Locked Pair": 40,
    "Locked Triple": 60,
    "Locked Candidates Type 1 (Pointing)": 50,
    "Locked Candidates Type 2 (Claiming)": 50,
    "Locked Candidates": 50,
    "Naked Pair": 60,
    "Naked Triple": 80,
    "Naked Quadruple": 120,
    "Hidden Pair": 70,
    "Hidden Triple": 100,
    "Hidden Quadruple": 150,
    "X-Wing": 140,
    "Swordfish": 150,
    "Jellyfish": 160,
    "Finned X-Wing": 130,
    "Sashimi X-Wing": 150,
    "Finned Swordfish": 200,
    "Sashimi Swordfish": 240,
    "Finned Jellyfish": 250,
    "Sashimi Jellyfish": 260,
    "Remote Pair": 110,
    "Skyscraper": 130,
    "2-String Kite": 150,
    "Turbot Fish": 120,
    "Empty Rectangle": 120,
    "W-Wing": 150,
    "XY-Wing": 160,
    "XYZ-Wing": 180,
    "Simple Colors Trap": 150,
    "Simple Colors Wrap": 150,
    "X-Chain": 260,
    "XY-Chain": 260,
}
