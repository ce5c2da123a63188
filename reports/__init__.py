"""Tables, charts and reports built from ``simulator.runs.results.Results``.

Reports read a Results object (its ``frame``, ``summary()``, ``by_seat()``)
and never call the kernel or the runner: data flows one way, so a report can
be rebuilt from saved results without re-simulating.
"""
