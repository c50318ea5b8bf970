"""Files in and out: puzzle files (convert), DIMACS/OPB/SMT-LIB exports, solver answers read back."""
