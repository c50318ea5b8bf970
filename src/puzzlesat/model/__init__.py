"""What a puzzle is: the model, its constraint core, its rules, grids, givens and symmetry group."""
