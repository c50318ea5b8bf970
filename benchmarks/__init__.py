"""Benchmarks: puzzlesat side by side with its peers (OR-Tools CP-SAT, MiniZinc with Gecode).

`python -m benchmarks` (or `make bench`) runs every workload as whole processes, checks that all
tools agree on the counts and prints the table of medians and ratios (docs in benchmarks/README.md).
Nothing here is imported by puzzlesat itself.
"""
