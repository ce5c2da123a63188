"""Writing what domsim makes: files written safely, tables that fit the
terminal, the progress line.  The bottom layer: it imports no other part
of domsim."""
