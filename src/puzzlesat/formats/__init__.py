"""How a puzzle is read and written: one folder per format, reader and writer together."""
