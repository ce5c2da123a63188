"""The engine: the card registry, the numba kernel that plays the rules,
its program format and kingdoms.  It knows nothing of strategy files,
runs or reports."""
