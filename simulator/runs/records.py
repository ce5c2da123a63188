"""Per-game result records: the one shape the kernel's output takes.

One numpy record per game.  Seats are in turn order (seat 0 moved first);
``entry[k]`` says which strategy entry (index into the list the user passed)
sat at seat k.  ``outcome`` is LOSS, WIN (sole winner) or TIE (shared win:
a tie counts as a tie for every tied player, never as a win).
"""
from __future__ import annotations

import numpy as np

LOSS, WIN, TIE = 0, 1, 2
ENDED_PROVINCES, ENDED_PILES, ENDED_TURN_CAP = 0, 1, 2
ENDED_NAMES = ("provinces", "piles", "turn_cap")

# Bounds of a run: a seat's turns are stored as int16, a game's index as int64.
MAX_TURN_CAP = int(np.iinfo(np.int16).max)     # 32,767 turns per player
MAX_GAMES = int(np.iinfo(np.int64).max)        # game indices 0 .. 2**63 - 2


def record_dtype(players: int) -> np.dtype:
    p = (players,)
    return np.dtype([
        ("entry", np.int8, p),       # strategy entry per seat
        ("vp", np.int16, p),
        ("turns", np.int16, p),      # turns taken per seat
        ("outcome", np.int8, p),     # LOSS / WIN / TIE per seat
        ("cards", np.int16, p),      # cards owned at the end
        ("curses", np.int8, p),      # Curses owned at the end
        ("provinces", np.int8, p),   # Provinces owned at the end
        ("ended_by", np.int8),       # ENDED_*
    ])
