"""``python -m simulator`` runs the ``domsim`` command line."""
from simulator.cli import main

main()
