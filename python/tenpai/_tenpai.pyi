"""Type stubs of the compiled module ``tenpai._tenpai`` (re-exported by ``tenpai``).

Conventions: a *hand* is mpsz text (``"123m456p789s1122z"``; ``0m``/``0p``/``0s``
= red fives; honors ``1z``-``7z`` = East South West North White Green Red;
called melds in brackets after the concealed tiles: ``[789s]`` chi, ``[555p]``
pon, ``[5555p]`` open kan, ``(1111z)`` closed kan) or a sequence of 34 tile
counts in index order 1m..9m, 1p..9p, 1s..9s, 1z..7z (see ``TILES``). Tiles
in results are mpsz names (``"5m"``). Points are in 1s. Every error raises
``ValueError`` with the engine's message.
"""

from typing import Dict, List, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

HandLike = Union[str, Sequence[int], npt.NDArray[np.integer]]
"""mpsz text with optional melds, or 34 concealed tile counts."""

TilesLike = Union[str, Sequence[int], npt.NDArray[np.integer]]
"""Tiles seen elsewhere: mpsz text of any length, or 34 counts (each 0-4)."""

TILES: List[str]
"""The 34 tile names in index order: ``['1m', ..., '9m', '1p', ..., '7z']``."""

class Shanten:
    """Shanten of each form (-1 = complete, 0 = tenpai)."""

    standard: int
    """Melds and a pair."""
    chiitoitsu: Optional[int]
    """Seven pairs; None unless the hand has 13 or 14 concealed tiles."""
    kokushi: Optional[int]
    """Thirteen orphans; None unless the hand has 13 or 14 concealed tiles."""
    @property
    def min(self) -> int:
        """The hand's shanten number: the least of the forms."""

class Ukeire:
    """Tile acceptance of a 3n+1 hand."""

    shanten: int
    """Shanten of the hand (0 = tenpai: ``tiles`` are then its waits)."""
    tiles: List[str]
    """The tiles that lower the shanten, in index order."""
    count: int
    """Unseen copies of those tiles, in all."""
    left: Dict[str, int]
    """Unseen copies of each useful tile (4 minus the hand, its melds and the visible tiles)."""

class Discard:
    """One discard of a 3n+2 hand and what the remaining tiles accept."""

    tile: str
    """The tile discarded."""
    shanten: int
    """Shanten after the discard."""
    ukeire: Ukeire
    """Tile acceptance of the remaining 3n+1 tiles."""

class Decomposition:
    """One way to read a complete hand; ``str()`` gives e.g. ``'11p 123m 123m 123m'``."""

    kind: Literal["standard", "chiitoitsu", "kokushi"]
    pair: Optional[str]
    """The pair's tile (the doubled tile of kokushi); None for chiitoitsu."""
    groups: List[str]
    """Concealed melds (``'123m'``, ``'555z'``) of a standard reading, the seven pairs
    (``'11m'``) of chiitoitsu; empty for kokushi."""

class Payment:
    """Who pays the winner what (points; honba included, riichi sticks excluded)."""

    kind: Literal["ron", "tsumo"]
    discarder: Optional[int]
    """Ron: points from the discarder; None on tsumo."""
    dealer: Optional[int]
    """Tsumo: points from the dealer (0 when the winner is the dealer); None on ron."""
    non_dealer: Optional[int]
    """Tsumo: points from each non-dealer; None on ron."""

class Score:
    """A scored win (points in 1s)."""

    @property
    def han(self) -> int:
        """Total han, dora included (13 per yakuman for a yakuman hand)."""
    @property
    def fu(self) -> int:
        """Fu after rounding; 0 for a yakuman hand."""
    @property
    def yaku(self) -> Dict[str, int]:
        """Yaku name -> han (``dora``, ``aka_dora``, ``ura_dora`` -> their counts)."""
    @property
    def yakuman(self) -> int:
        """Yakuman multiple (0 when none; a kazoe yakuman is 0 here, see ``limit``)."""
    @property
    def limit(self) -> Optional[str]:
        """``'mangan'``, ``'haneman'``, ``'baiman'``, ``'sanbaiman'``, ``'kazoe yakuman'``,
        ``'yakuman'``, ``'double yakuman'``, ... or None."""
    @property
    def basic_points(self) -> int:
        """fu x 2^(2 + han), or the limit's basic points."""
    @property
    def payment(self) -> Payment: ...
    @property
    def total(self) -> int:
        """Points the winner receives from the payments (honba included, sticks excluded)."""
    @property
    def stick_points(self) -> int:
        """Points of the riichi sticks on the table (1,000 each), all to the winner."""
    @property
    def total_with_sticks(self) -> int: ...
    @property
    def fu_breakdown(self) -> List[Tuple[str, int]]:
        """``[('base', 20), ('closed ron', 10), ...]``; empty for a yakuman hand."""
    @property
    def reading(self) -> str:
        """The reading scored, e.g. ``'11z 123m 456p 789s 555z (tanki wait)'``."""
    @property
    def pao(self) -> List[str]:
        """Yakuman for which the feeder of a meld may be liable (pao)."""

def shanten(hand: HandLike) -> int:
    """Shanten number (-1 complete, 0 tenpai), the least over the three forms;
    written called melds are taken into account (their tiles are used up)."""

def shanten_forms(hand: HandLike) -> Shanten:
    """Shanten of each form (standard, chiitoitsu, kokushi)."""

def shanten_batch(counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.int8]:
    """Shanten of each row of a C- or any-strided uint8 array of shape (N, 34)
    (concealed tiles only); returns shape (N,) int8. Releases the GIL.

    Raises ValueError naming the first bad row; TypeError for another dtype."""

def ukeire(hand: HandLike, visible: Optional[TilesLike] = None) -> Ukeire:
    """Tile acceptance of a 3n+1 hand; ``visible`` tiles count as seen."""

def waits(hand: HandLike, visible: Optional[TilesLike] = None) -> List[str]:
    """The tiles that complete a 3n+1 hand, empty when it is not tenpai."""

def analyze(hand: HandLike, visible: Optional[TilesLike] = None) -> List[Discard]:
    """Each distinct discard of a 3n+2 hand with the shanten and ukeire left,
    best first (lower shanten, then more copies, then more kinds)."""

def is_agari(hand: HandLike) -> bool:
    """Whether the concealed tiles (3n+2) are complete (yaku not considered)."""

def decompositions(hand: HandLike) -> List[Decomposition]:
    """Every reading of a complete 3n+2 hand; empty when it is not complete."""

def counts(hand: HandLike) -> npt.NDArray[np.uint8]:
    """The concealed tile counts of a hand, shape (34,) uint8 (a ``shanten_batch`` row)."""

def score(
    hand: str,
    win_tile: str,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    dora: Union[str, Sequence[str], None] = None,
    ura: Union[str, Sequence[str], None] = None,
    seat: str = "E",
    round: str = "E",
    honba: int = 0,
    sticks: int = 0,
    rules: str = "tenhou",
) -> Score:
    """Scores a winning hand (concealed tiles with the winning tile, then melds).

    Default: a ron by the East seat (the dealer) in the East round. ``dora``/``ura``:
    indicator tiles (``"3m7z"`` or ``["3m", "7z"]``); ``seat``/``round``: E, S, W, N;
    ``honba``: repeat counters (300 points each); ``sticks``: riichi sticks (1,000
    points each, to the winner); ``rules``: ``"tenhou"``, ``"mahjongsoul"`` or a
    TOML rules file. Raises ValueError (``"no yaku"``, ``"not a winning hand"``,
    ``"invalid situation: ..."``, bad tiles)."""
