"""The classic exchange files: 81-character lines, SadMan's .sdk/.sdm, sukaku, instance files."""
