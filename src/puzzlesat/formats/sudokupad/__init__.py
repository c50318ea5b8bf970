"""SudokuPad links and documents, read into a grid `Puzzle`."""
