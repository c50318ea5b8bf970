"""The catalog's variant instances, as TOML files (package data)."""
