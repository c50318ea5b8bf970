"""Files for outside solvers: DIMACS CNF, OPB and SMT-LIB 2 written, and their answers read back."""
