"""tenpai: a riichi mahjong engine in Rust, for Python.

Hand queries (shanten, waits, ukeire, tile-efficiency analysis, agari,
decompositions), scoring, and ``shanten_batch`` over numpy arrays.

Hands are mpsz text: ``"123m456p789s1122z"`` (``0m`` = red five; honors
``1z``-``7z`` = East South West North White Green Red), called melds in
brackets after the concealed tiles (``[789s]`` chi, ``[555p]`` pon,
``[5555p]`` open kan, ``(1111z)`` closed kan), or 34 tile counts in index
order 1m..9m, 1p..9p, 1s..9s, 1z..7z (``TILES``). Errors raise ``ValueError``
with the engine's message, e.g. ``tile 5p appears 5 times (max 4)``.

>>> import tenpai
>>> tenpai.shanten("123m456p789s1122z")
0
>>> tenpai.waits("123m456p789s1122z")
['1z', '2z']
"""

from ._tenpai import (
    ACTION_SPACE,
    PLANES,
    SCALARS,
    TILES,
    BaselinePlayer,
    Game,
    MonteCarloPlayer,
    RandomPlayer,
    action_name,
    Decomposition,
    Discard,
    Payment,
    Score,
    Shanten,
    Ukeire,
    analyze,
    counts,
    decompositions,
    is_agari,
    score,
    shanten,
    shanten_batch,
    shanten_forms,
    ukeire,
    waits,
)

from .arena import merge, selfplay

__all__ = [
    "ACTION_SPACE",
    "PLANES",
    "SCALARS",
    "TILES",
    "BaselinePlayer",
    "Game",
    "MonteCarloPlayer",
    "RandomPlayer",
    "action_name",
    "Decomposition",
    "Discard",
    "Payment",
    "Score",
    "Shanten",
    "Ukeire",
    "analyze",
    "counts",
    "decompositions",
    "is_agari",
    "merge",
    "score",
    "selfplay",
    "shanten",
    "shanten_batch",
    "shanten_forms",
    "ukeire",
    "waits",
]
