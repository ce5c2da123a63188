"""Runs: games played from strategies and a kingdom (runner, seating),
their records and results, multi-run plans cut into jobs, executors
(this process or Dask) and run folders that resume."""
