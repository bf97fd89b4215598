"""Type stubs of the compiled module ``tenpai._tenpai`` (re-exported by ``tenpai``).

Conventions: a *hand* is mpsz text (``"123m456p789s1122z"``; ``0m``/``0p``/``0s``
= red fives; honors ``1z``-``7z`` = East South West North White Green Red;
called melds in brackets after the concealed tiles: ``[789s]`` chi, ``[555p]``
pon, ``[5555p]`` open kan, ``(1111z)`` closed kan), mjai tile names (the
notation of observations and events: ``5mr`` = red five, ``E S W N P F C`` =
the honors), as a list (``["1m", "5mr", "E"]``) or one text of names separated
by spaces (``"1m 5mr E"``), concealed tiles only; or a sequence of 34 tile
counts in index order 1m..9m, 1p..9p, 1s..9s, 1z..7z (see ``TILES``).
``to_mpsz``/``to_mjai`` convert between the notations. Tiles in results of the
hand functions are mpsz names (``"5m"``). Points are in 1s. Every error raises
``ValueError`` with the engine's message; an integer argument (a seed, a seat,
an action, honba...) is an int, a NumPy integer or a NumPy array of one
integer, and a negative, too large or fractional one (``3.7``) raises
``ValueError`` too; a yes/no argument (``tsumo``...) is True or False (a number
raises ``ValueError``), and a text argument (``rules``, ``length``, ``reward``)
of another type raises ``TypeError``. Each such error names its argument first:
``honba: expected a whole number of 0 or more, got -1``, ``tsumo: expected True
or False, got 1 (int)``, ``rules: expected a str, got 3 (int)``.
"""

from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

HandLike = Union[str, Sequence[str], Sequence[int], npt.NDArray[np.integer]]
"""mpsz text with optional melds, mjai tile names (a list, or a text of names
separated by spaces), or 34 concealed tile counts."""

TilesLike = Union[str, Sequence[str], Sequence[int], npt.NDArray[np.integer]]
"""Tiles seen elsewhere: mpsz text of any length, mjai tile names (a list or a
text), or 34 counts (each 0-4)."""

IntLike = Union[int, np.integer, npt.NDArray[np.integer]]
"""A whole number: an int, a NumPy integer, or a NumPy array of one integer."""

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
    text: str
    """The reading as ``str()`` gives it, e.g. ``'11p 123m 123m 123m'``."""

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
    def kyoutaku_points(self) -> int:
        """Points of the riichi sticks (kyoutaku) on the table (1,000 each), all to the winner."""
    @property
    def total_with_kyoutaku(self) -> int:
        """``total`` plus ``kyoutaku_points``."""
    @property
    def stick_points(self) -> int:
        """Deprecated name of ``kyoutaku_points`` (warns ``DeprecationWarning``)."""
    @property
    def total_with_sticks(self) -> int:
        """Deprecated name of ``total_with_kyoutaku`` (warns ``DeprecationWarning``)."""
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

def shanten_batch(counts: Union[npt.NDArray[np.integer], Sequence[Sequence[int]]]) -> npt.NDArray[np.int8]:
    """Shanten of each row of an (N, 34) array of tile counts (concealed tiles
    only); returns shape (N,) int8; N may be 0. Any integer dtype (uint8 is
    fastest) and any memory layout: C or Fortran order, strided, reversed, a
    transpose; a nested list too. Releases the GIL.

    Raises ValueError naming the first bad row, or for an array that is not
    (N, 34) integers."""

def ukeire(hand: HandLike, visible: Optional[TilesLike] = None) -> Ukeire:
    """Tile acceptance of a 3n+1 hand; ``visible`` tiles count as seen."""

def waits(hand: HandLike, visible: Optional[TilesLike] = None) -> List[str]:
    """The tiles that complete a 3n+1 hand, empty when it is not tenpai (a
    kind held four times with the melds is no wait). Raises ``ValueError``
    unless 3n+1 tiles, or for a fifth copy."""

def analyze(hand: HandLike, visible: Optional[TilesLike] = None) -> List[Discard]:
    """Each distinct discard of a 3n+2 hand with the shanten and ukeire left,
    best first (lower shanten, then more copies, then more kinds)."""

def is_agari(hand: HandLike) -> bool:
    """Whether the concealed tiles (3n+2) are complete (yaku not considered)."""

def decompositions(hand: HandLike) -> List[Decomposition]:
    """Every reading of a complete 3n+2 hand; empty when it is not complete."""

def counts(hand: HandLike) -> npt.NDArray[np.uint8]:
    """The concealed tile counts of a hand, shape (34,) uint8 (a ``shanten_batch`` row)."""

def to_mpsz(tiles: HandLike) -> str:
    """The mpsz text of a hand's concealed tiles (sorted, ``0`` = red five), from
    mjai tile names (``["5mr", "5m", "E"]`` or ``"5mr 5m E"``), mpsz or 34 counts;
    at most 14 tiles."""

def to_mjai(tiles: Union[str, Sequence[str]]) -> List[str]:
    """mjai tile names (``5mr`` = red five, ``E S W N P F C``), in the order written,
    of mpsz text of any length (``"19m0p4z"``, no melds) or of a list of names."""

def score(
    hand: Union[str, Sequence[str]],
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
    seat: Union[str, IntLike] = "E",
    round: Union[str, IntLike] = "E",
    honba: IntLike = 0,
    kyoutaku: IntLike = 0,
    rules: str = "tenhou",
    sticks: Optional[IntLike] = None,
) -> Score:
    """Scores a winning hand (concealed tiles with the winning tile, then melds).

    ``hand``, ``win_tile``, ``dora`` and ``ura`` read mpsz or mjai names
    (``"5mr"``, ``"E"``; a hand in mjai names has no melds).
    Default: a ron by the East seat (the dealer) in the East round. ``dora``/``ura``:
    indicator tiles (``"3m7z"``, ``["3m", "7z"]`` or ``["3m", "C"]``); ``seat``/``round``: E, S, W, N;
    ``honba``: repeat counters (300 points each); ``kyoutaku``: riichi sticks (1,000
    points each, to the winner; ``sticks``, its old name, warns ``DeprecationWarning``); ``rules``: ``"tenhou"``, ``"mahjongsoul"`` or a
    TOML rules file. Raises ValueError (``"no yaku"``, ``"not a winning hand"``,
    ``"invalid situation: ..."``, bad tiles)."""

ACTION_SPACE: int
"""Number of action indices (229); ``action_name(i)`` names index ``i``:
0-36 discard (1m..7z, then red 0m 0p 0s), 37-73 the same as tsumogiri, 74-110
riichi with a discard, 111-147 riichi with tsumogiri, 148 tsumo, 149 ron,
150-155 chi (called tile lowest/middle/highest, +3 with a red five from the
hand), 156/157 pon without/with a red five, 158 open kan, 159-192 closed kan
(+ tile kind), 193-226 added kan (+ tile kind), 227 nine terminals, 228 pass."""

PLANES: int
"""Rows of ``Game.features(seat)[0]`` (19), each 34 values by tile kind; seats
relative to the observer (0 itself, 1 right, 2 across, 3 left): 0 own concealed
tiles (count), 1 own red fives, 2 own drawn tile, 3-6 meld tiles of relative
seat 0-3, 7-10 discards of relative seat 0-3, 11-14 riichi tile of relative
seat 0-3, 15 dora indicators, 16 dora, 17 the tile that may be called now,
18 copies not visible to the observer."""

SCALARS: int
"""Length of ``Game.features(seat)[1]`` (19, int32): 0 own seat wind (0 East ..
3 North), 1 round wind, 2 dealer number 1-4, 3 honba, 4 riichi sticks, 5-8
scores of relative seat 0-3 (points), 9-12 riichi of relative seat 0-3, 13-16
concealed tiles of relative seat 0-3, 17 tiles left in the live wall, 18 the
relative seat whose tile may be called now (-1 when none)."""

def action_name(index: IntLike) -> str:
    """A short English name of an action index (``'discard 5m'``, ``'pass'``, ...)."""

def seat_index(seat: IntLike) -> int:
    """``seat`` checked as every seat argument is (0-3); raises ValueError ``seat 7: expected 0 to 3``."""

class Game:
    """A whole seeded game, one decision at a time (tiles in mjai notation, ``5mr`` = red five).

    ``Game(seed=0, rules="tenhou", length=None, check=False)``: seat 0 deals
    first; ``length`` is ``"east"`` or ``"south"`` (default: the rules');
    ``check`` checks the engine's invariants after every event (slower).
    After a discard the seats that may call or ron are asked one after the
    other in turn order; the table settles once all have answered.
    """

    def __init__(self, seed: IntLike = 0, rules: str = "tenhou", length: Optional[str] = None, check: bool = False) -> None: ...
    @property
    def seed(self) -> int: ...
    @property
    def seat(self) -> Optional[int]:
        """The seat that must choose now; None once the game is over."""
    @property
    def done(self) -> bool: ...
    @property
    def scores(self) -> List[int]:
        """Scores by seat, in points."""
    @property
    def rounds(self) -> int:
        """Rounds dealt so far."""
    @property
    def event_count(self) -> int: ...
    @property
    def result(self) -> Optional[Dict[str, Any]]:
        """None until the end; then ``scores`` (points by seat), ``ranking`` (seats
        first to last), ``ranks`` (rank 1-4 of each seat), ``rounds``."""
    def legal_actions(self, seat: Optional[IntLike] = None) -> List[int]:
        """Legal action indices of the seat asked, ascending; [] for any other seat."""
    def action_mask(self, seat: Optional[IntLike] = None) -> npt.NDArray[np.bool_]:
        """Shape (ACTION_SPACE,): True at ``legal_actions(seat)``."""
    def is_legal(self, action: IntLike, seat: Optional[IntLike] = None) -> bool:
        """Whether ``action`` is among ``legal_actions(seat)`` (False past ACTION_SPACE);
        raises ValueError for an action that is not a whole number of 0 or more."""
    def step(self, action: IntLike) -> None:
        """The seat asked takes this action (an int, a NumPy integer or an array of one);
        raises ValueError (game unchanged) if not legal, negative or fractional (``3.7``)."""
    def observation(self, seat: IntLike) -> Dict[str, Any]:
        """What ``seat`` may know: seat, round_wind, kyoku, honba, kyoutaku, dealer, scores, hand,
        drawn, hand_sizes, melds, rivers, riichi, dora_indicators, live_left, last_tile.
        The old keys bakaze, kyotaku and oya still read, warning ``DeprecationWarning``."""
    def features(self, seat: IntLike) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
        """``(tiles (PLANES, 34) uint8, scalars (SCALARS,) int32)``; see PLANES and SCALARS."""
    def events(self, start: IntLike = 0) -> List[Dict[str, Any]]:
        """The mjai events from number ``start`` on, as dicts."""
    def events_json(self, start: IntLike = 0) -> List[str]:
        """The mjai events from number ``start`` on, one JSON object each."""
    def mjai(self) -> str:
        """The game so far as mjai JSON lines."""

class BaselinePlayer:
    """The rule-based baseline AI: ``version`` 2 (today's, the default), 1 (the first,
    ``baseline-v1`` in self-play) or 3 (the second's rules with the shipped learned
    model choosing the discards, ``baseline-v3``); another version raises ValueError."""

    def __init__(self, rules: str = "tenhou", version: int = 2) -> None: ...
    def act(self, game: Game) -> int:
        """The action index it picks for the seat ``game`` asks now."""

class MonteCarloPlayer:
    """The Monte Carlo AI: ``samples`` rollouts a decision (reproducible for a seed), or
    ``think_ms`` milliseconds. Thinks without the GIL. A budget of 0 (``samples=0``, or
    ``think_ms=0`` without samples) raises ValueError with the library's check of every
    Monte Carlo player (self-play's, ``VecGame``'s): ``a Monte Carlo player needs at
    least 1 sample or 1 ms a decision``."""

    def __init__(self, samples: Optional[IntLike] = None, think_ms: IntLike = 50, seed: IntLike = 0, rules: str = "tenhou") -> None: ...
    def act(self, game: Game) -> int: ...

class RandomPlayer:
    """Random legal actions from its own seed; wins whenever it can."""

    def __init__(self, seed: IntLike = 0) -> None: ...
    def act(self, game: Game) -> int: ...

class Player:
    """Any built-in player the library knows, made by the library: ``kind`` a name as
    ``tenpai selfplay --players`` takes it (``baseline``, ``baseline-v1`` ...
    ``baseline-learned``, ``mc``, ``mc-v1``, ``mc-v2``, ``mc-v3``, ``mc-learned``, ``random``) or a dict such as
    ``{"kind": "mc", "samples": 200}`` or ``{"kind": "mc", "think_ms": 50}`` (the
    library's reading of a tally's player: ``think_ms`` as ``MonteCarloPlayer`` names
    it, or ``think_ns``); ``seed`` its own seed; ``mc_samples`` the
    rollouts a decision of a Monte Carlo kind (None: its own budget, 50 ms). Raises
    ValueError with the library's message for an unknown name (listing the known ones),
    a Monte Carlo budget of 0, or ``cmd:...`` (an external bot plays only in
    ``tenpai.selfplay``); TypeError for a ``kind`` that is neither a text nor a dict.
    Thinks without the GIL."""

    def __init__(
        self, kind: Union[str, Dict[str, Any]], seed: IntLike = 0, rules: str = "tenhou", mc_samples: Optional[IntLike] = None
    ) -> None: ...
    @property
    def kind(self) -> str:
        """The player's kind as the library names it (``mc-v2``, ``baseline-learned``)."""
    def act(self, game: Game) -> int:
        """The action index it picks for the seat ``game`` asks now."""

MAX_GAMES: int
"""The most games a ``VecGame`` holds (16,384; a row costs about 16 kB when made and 0.5-0.8 MB
once its games are under way, so the largest batch needs 8-13 GB): a larger ``n`` raises ValueError
``n N: expected at most 16384 games`` before anything is allocated."""

MAX_LEGAL: int
"""Columns of ``VecGame.legal``: room for the legal action indices of one decision (40; no
decision has more than 33)."""

SeatSpec = Union[None, str, Dict[str, Any]]

class VecGame:
    """``n`` seeded games stepped together in Rust, for learning agents.

    ``VecGame(n, seed=0, seats=None, rules="tenhou", length=None, reward="points")``:
    game ``i`` starts from wall seed ``seed + i``; when a game ends the next game of its
    row starts at once (auto-reset), the k-th from seed ``seed + i + k * n``, the same
    game ``Game(seed=...)`` deals. ``seats``: four entries, None or ``"agent"`` for a
    seat the caller plays, else a built-in player played inside Rust (``"random"``,
    ``"baseline"``, ``"mc"``, any name ``tenpai.Player`` takes, or a dict such as
    ``{"kind": "mc", "samples": 200}``); default: the caller plays all four. ``n``: 1 to
    ``MAX_GAMES``. ``seats`` that is not a list (a str, a dict, a number) raises TypeError
    naming ``seats``; a seat that is neither raises TypeError, a Monte Carlo seat without a
    budget ValueError (the library's check of every Monte Carlo player), and one on the
    clock (``"mc"`` alone thinks 50 ms a decision, or ``think_ms``/``think_ns``) ValueError too: its
    choices would depend on the machine's speed and a game would not replay from its seed,
    so a batch's Monte Carlo seat takes a rollout count (``samples``); each names the
    seat (``seat 1: ...``). Every game always waits for a seat the caller
    plays. ``reward``: ``"points"`` (each seat's score change at each round end, in
    thousands of points; a game's rewards add up to its final score minus the start) or
    ``"rank"`` (1, 1/3, -1/3, -1 for first to fourth, at the game end).

    The arrays below are allocated once and rewritten in place by ``step`` and
    ``reset`` (copy what you keep); the stepping runs without the GIL, on all cores when
    ``n`` is large enough to pay for it (from 128 games; from 2 with Monte Carlo seats).
    """

    def __init__(
        self,
        n: IntLike,
        seed: IntLike = 0,
        seats: Optional[Iterable[SeatSpec]] = None,
        rules: str = "tenhou",
        length: Optional[str] = None,
        reward: Literal["points", "rank"] = "points",
    ) -> None: ...
    def __len__(self) -> int: ...
    @property
    def n(self) -> int:
        """The number of games."""
    @property
    def seats(self) -> List[Optional[str]]:
        """Each seat's built-in player (``"random"``, ``"baseline"``, ``"mc"``); None for the caller's."""
    @property
    def rules(self) -> str: ...
    @property
    def length(self) -> Optional[str]: ...
    @property
    def seat(self) -> npt.NDArray[np.int8]:
        """(n,): the seat (0-3) each game waits for."""
    @property
    def tiles(self) -> npt.NDArray[np.uint8]:
        """(n, PLANES, 34): the feature planes of that seat's view (as ``Game.features``)."""
    @property
    def scalars(self) -> npt.NDArray[np.int32]:
        """(n, SCALARS): the scalar features of that seat's view."""
    @property
    def mask(self) -> npt.NDArray[np.bool_]:
        """(n, ACTION_SPACE): True at that seat's legal action indices."""
    @property
    def legal(self) -> npt.NDArray[np.int16]:
        """(n, MAX_LEGAL): that seat's legal action indices ascending, then -1."""
    @property
    def legal_count(self) -> npt.NDArray[np.int16]:
        """(n,): how many legal actions that seat has (the entries of ``legal`` before its -1s)."""
    @property
    def reward(self) -> npt.NDArray[np.float32]:
        """(n, 4): by seat, what the last step's round and game ends gave."""
    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """(n,): the game ended in the last step; the row now holds its next game."""
    @property
    def round_over(self) -> npt.NDArray[np.bool_]:
        """(n,): a round ended in the last step."""
    @property
    def seeds(self) -> npt.NDArray[np.uint64]:
        """(n,): the wall seed of the game now in each row."""
    @property
    def final_scores(self) -> npt.NDArray[np.int32]:
        """(n, 4): where ``done``, the ended game's final scores by seat; else 0."""
    def step(
        self, actions: Union[npt.NDArray[np.integer[Any]], Sequence[int]]
    ) -> Tuple[
        npt.NDArray[np.int8],
        npt.NDArray[np.uint8],
        npt.NDArray[np.int32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Plays ``actions[i]`` (shape (n,), any integer dtype and layout) for the seat game
        ``i`` waits for, runs every game on to the caller's next decision (built-in seats
        play inside), starts the next game where one ended, and returns ``(seat, tiles,
        scalars, mask, reward, done)``. A ValueError names the first game whose action is
        not legal (or the bad shape or dtype); no game moves then."""
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[
        npt.NDArray[np.int8],
        npt.NDArray[np.uint8],
        npt.NDArray[np.int32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Starts every game again: with ``seed`` game ``i`` from seed ``seed + i``, without
        each row's next game."""
    def events(self, i: int, finished: bool = False) -> List[Dict[str, Any]]:
        """The mjai events of game ``i`` so far (``finished``: the last game that ended in row ``i``)."""
    def mjai(self, i: int, finished: bool = False) -> str:
        """The same as mjai JSON lines."""
    def features(
        self, i: int, seat: int, finished: bool = False
    ) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
        """What ``seat`` (any seat) sees of game ``i`` now: ``(tiles (PLANES, 34), scalars (SCALARS,))``."""
    def game_seed(self, i: int, finished: bool = False) -> int:
        """The wall seed of game ``i`` (``finished``: of the last game that ended in row ``i``)."""

# Self-play, wrapped by ``tenpai.arena`` (``selfplay``, ``merge``, ``run_config``,
# ``play_config``): JSON text in and out.

def _run_config(
    games: int,
    seed: int,
    players: Sequence[Union[str, Dict[str, Any]]],
    duplicate: bool = False,
    rules: str = "tenhou",
    length: Optional[str] = None,
) -> str:
    """The run's settings, checked, as JSON (a tally's ``config``)."""

def _play_json(config: str, shard: Optional[Tuple[int, ...]] = None, threads: Optional[int] = None) -> str:
    """Plays the run of ``config`` or its shard ``(k, n)`` without the GIL; the JSON of
    ``tenpai selfplay --json``. A shard of another length raises ValueError (``shard:
    expected (k, n), two whole numbers``): the wrapper passes the caller's tuple on."""

def _merge_json(tallies: List[str], seconds: float) -> str:
    """The JSON of ``tenpai selfplay --json`` for the tallies (JSON) merged exactly."""
