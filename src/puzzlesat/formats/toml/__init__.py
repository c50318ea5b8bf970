"""The TOML puzzle file: read into a `Puzzle` and written back."""
