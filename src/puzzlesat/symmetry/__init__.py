"""What follows from a puzzle's symmetry: detection, Burnside, reduced forms, breaking, the group chosen."""
