"""``python -m simulator`` runs the ``domsim`` command line."""
from simulator.cli.app import main

main()
