"""Process plumbing at the bottom of every layer: stops, atomic writes, the error table, words."""
