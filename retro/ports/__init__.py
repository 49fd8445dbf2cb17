"""The ports, one package each; see retro.catalog for the list."""
