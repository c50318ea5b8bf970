"""Puzzles by name (the built-in catalog) and `load`, the one reader of any puzzle reference."""
