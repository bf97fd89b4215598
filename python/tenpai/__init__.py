"""tenpai: a riichi mahjong engine in Rust, for Python.

Hand queries (shanten, waits, ukeire, tile-efficiency analysis, agari,
decompositions), scoring, and ``shanten_batch`` over numpy arrays; the game
one decision at a time (``Game``) or many games a call (``VecGame``), with
Gymnasium and PettingZoo environments in ``tenpai.env``.

Hands are mpsz text: ``"123m456p789s1122z"`` (``0m`` = red five; honors
``1z``-``7z`` = East South West North White Green Red), called melds in
brackets after the concealed tiles (``[789s]`` chi, ``[555p]`` pon,
``[5555p]`` open kan, ``(1111z)`` closed kan), or 34 tile counts in index
order 1m..9m, 1p..9p, 1s..9s, 1z..7z (``TILES``). Every hand function also
reads mjai tile names, the notation of observations and events (``5mr`` = red
five, ``E S W N P F C`` = the honors): a list such as ``["1m", "5mr", "E"]``
or one text of names separated by spaces. ``to_mpsz`` and ``to_mjai`` convert
between the two. Errors raise ``ValueError`` with the engine's message, e.g.
``tile 5p appears 5 times (max 4)``; so does any integer argument that is
negative, too large or not a whole number (``3.7``), while NumPy integers and
NumPy arrays of one integer are read as integers.

With Gymnasium installed, ``import tenpai`` registers the environment
``tenpai/SingleAgent-v0`` (``tenpai.env.SingleAgentEnv``), so that
``gymnasium.make("tenpai/SingleAgent-v0")`` works.

>>> import tenpai
>>> tenpai.shanten("123m456p789s1122z")
0
>>> tenpai.waits("123m456p789s1122z")
['1z', '2z']
>>> tenpai.shanten(["1m", "2m", "3m", "5pr", "5p", "E", "E"])
0
"""

from ._tenpai import (
    ACTION_SPACE,
    PLANES,
    SCALARS,
    TILES,
    BaselinePlayer,
    Game,
    MAX_GAMES,
    MAX_LEGAL,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    VecGame,
    action_name,
    seat_index,
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
    to_mjai,
    to_mpsz,
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
    "MAX_GAMES",
    "MAX_LEGAL",
    "MonteCarloPlayer",
    "Player",
    "RandomPlayer",
    "VecGame",
    "action_name",
    "seat_index",
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
    "to_mjai",
    "to_mpsz",
    "ukeire",
    "waits",
]


def _register_environments() -> None:
    """Registers ``tenpai/SingleAgent-v0`` with Gymnasium when it is
    installed (the environment's module is imported only by ``make``)."""
    try:
        import gymnasium
    except ImportError:
        return
    if "tenpai/SingleAgent-v0" not in gymnasium.registry:
        gymnasium.register(id="tenpai/SingleAgent-v0", entry_point="tenpai.env:SingleAgentEnv")


_register_environments()
