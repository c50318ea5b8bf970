"""How results are drawn: text, JSON documents, SVG boards, plots and the status line."""
