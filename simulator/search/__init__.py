"""Search: ``domsim optimize``, the strategy templates it searches and the
simplification of what it writes.  It plays through ``simulator.runs``."""
