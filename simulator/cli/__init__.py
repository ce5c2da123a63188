"""The ``domsim`` command line: options parsed, errors and results printed;
the work itself is done by the layers below (``simulator.api``)."""
