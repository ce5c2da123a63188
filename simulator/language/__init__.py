"""The strategy language: TOML rule lists compiled into the program the
engine reads (``simulator.engine.program``), with the defaults of every
decision."""
