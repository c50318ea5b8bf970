"""A setter's questions: is it unique, the true candidates, the needed clues, a new puzzle."""
