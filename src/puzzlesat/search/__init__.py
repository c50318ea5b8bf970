"""What the commands compute by searching: one solve, a batch, a count, a split search, the group, a comparison."""
