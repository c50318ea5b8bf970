"""Boards in text, drawn as puzzle people draw them: grids, figures and pencil marks."""
