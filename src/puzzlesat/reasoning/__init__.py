"""Explanations: the steps a person would take (issue 29). `api` is the entry point."""
