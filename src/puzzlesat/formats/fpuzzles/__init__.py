"""f-puzzles links and documents: read into a grid `Puzzle` and written back."""
