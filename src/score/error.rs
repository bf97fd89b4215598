//! Why a situation could not be scored, and why a rule file was refused.

use crate::error::HandError;
use crate::tile::{Suit, Tile};
use thiserror::Error;

/// Why scoring failed.
///
/// ```
/// use tenpai::score::{score, ScoreError, Situation};
/// use tenpai::rules::Rules;
/// let s = Situation::new("123m456p789s11234z".parse()?, "4z".parse()?);
/// assert_eq!(score(&s, &Rules::tenhou()), Err(ScoreError::NotAgari));
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// The tiles do not form a complete hand (melds and a pair, seven pairs or
    /// thirteen orphans) with the called melds.
    #[error("not a winning hand")]
    NotAgari,
    /// The hand is complete but has no yaku (dora are not yaku).
    #[error("no yaku")]
    NoYaku,
    /// The situation cannot happen.
    #[error("invalid situation: {0}")]
    Invalid(InvalidSituation),
    /// A hand or tile that could not be parsed.
    #[error("bad {what}: {error}")]
    Notation {
        /// Which input: `hand`, `win tile`, `dora indicators`, …
        what: &'static str,
        /// The parser's error (part of this error's message, so not its source).
        error: HandError,
    },
    /// A wind that is not `E`, `S`, `W` or `N`.
    #[error("bad wind {text:?}: expected E, S, W or N")]
    BadWind {
        /// The text given.
        text: String,
    },
    /// A JSON situation that could not be read (syntax or a missing field).
    #[error("bad JSON situation: {message}")]
    Json {
        /// What the JSON reader said.
        message: String,
    },
}

impl From<InvalidSituation> for ScoreError {
    fn from(e: InvalidSituation) -> ScoreError {
        ScoreError::Invalid(e)
    }
}

/// A situation that cannot happen; each variant says what is wrong.
///
/// ```
/// use tenpai::score::{score, InvalidSituation, ScoreError, Situation};
/// use tenpai::rules::Rules;
/// let mut s = Situation::new("123m456p789s234m99s".parse()?, "4m".parse()?);
/// s.ippatsu = true;
/// let e = score(&s, &Rules::tenhou()).unwrap_err();
/// assert_eq!(e, ScoreError::Invalid(InvalidSituation::IppatsuWithoutRiichi));
/// assert_eq!(e.to_string(), "invalid situation: ippatsu without riichi");
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum InvalidSituation {
    /// The concealed tiles do not number 14 − 3 per meld.
    #[error("{} with {}: expected {expected} (14 minus 3 per meld, winning tile included)", crate::error::count(*count, "concealed tile"), crate::error::count(*melds, "meld"))]
    WrongTileCount {
        /// Concealed tiles given.
        count: usize,
        /// Melds (a kan counts as one).
        melds: usize,
        /// Concealed tiles a complete hand needs.
        expected: usize,
    },
    /// A counter far beyond any real game (payments would overflow).
    #[error("{what} {count} is more than {max}")]
    TooManyCounters {
        /// `honba` or `riichi sticks`.
        what: &'static str,
        /// The value given.
        count: u32,
        /// The largest value accepted.
        max: u32,
    },
    /// The winning tile is not among the concealed tiles.
    #[error("the winning tile {tile} is not among the concealed tiles")]
    WinTileNotInHand {
        /// The winning tile.
        tile: Tile,
    },
    /// The winning tile is written red but the hand holds no red five of its suit.
    #[error(
        "the winning tile is a red {tile} but the concealed tiles hold no red five of that suit"
    )]
    RedWinTileNotInHand {
        /// The winning tile.
        tile: Tile,
    },
    /// A fifth copy of a tile, counting melds and dora and ura indicators.
    #[error("tile {tile} appears {} counting melds and indicators (max 4)", crate::error::times(*.count as u64))]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many times it appears.
        count: usize,
    },
    /// An indicator marked red that is not a five.
    #[error("indicator {tile} is marked red but only fives can be red")]
    RedIndicatorNotFive {
        /// The indicator's tile.
        tile: Tile,
    },
    /// More red fives of a suit than the rules put in the set.
    #[error("{count} red {} of {suit:?} (hand, melds and indicators) but the rules have {max}", if *.count == 1 { "five" } else { "fives" })]
    TooManyRedFives {
        /// The suit.
        suit: Suit,
        /// Red fives in the hand and melds.
        count: u8,
        /// Red fives of that suit in the set.
        max: u8,
    },
    /// More than five dora indicators.
    #[error("{count} dora indicators (max 5)")]
    TooManyIndicators {
        /// Indicators given.
        count: usize,
    },
    /// More ura-dora indicators than dora indicators.
    #[error("{ura} ura-dora indicators but only {dora} dora indicators")]
    MoreUraThanDora {
        /// Ura indicators given.
        ura: usize,
        /// Dora indicators given.
        dora: usize,
    },
    /// Ura-dora indicators given without riichi.
    #[error("ura-dora indicators without riichi")]
    UraWithoutRiichi,
    /// Ippatsu without riichi.
    #[error("ippatsu without riichi")]
    IppatsuWithoutRiichi,
    /// Ippatsu on a kan replacement tile: one's own kan ends ippatsu.
    #[error("ippatsu with rinshan: the winner's own kan ends ippatsu")]
    IppatsuAfterOwnKan,
    /// Riichi with a called meld (a closed kan is written `(1111z)`).
    #[error("riichi with an open meld {meld} (a closed kan is written like (1111z))")]
    RiichiWithOpenMeld {
        /// The open meld.
        meld: String,
    },
    /// A timing that needs the other kind of win (haitei on ron, chankan on tsumo…).
    #[error("{timing} needs a {} win", if *tsumo { "tsumo" } else { "ron" })]
    TimingNeedsOtherWin {
        /// The timing: haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou.
        timing: &'static str,
        /// Whether it needs tsumo.
        tsumo: bool,
    },
    /// Two timings that exclude each other (from the JSON flags).
    #[error("{a} and {b} cannot both apply")]
    ConflictingTiming {
        /// The first.
        a: &'static str,
        /// The second.
        b: &'static str,
    },
    /// A rinshan win without a kan among the melds.
    #[error("rinshan without a kan")]
    RinshanWithoutKan,
    /// A chankan win on a tile the winner holds elsewhere (the robbed tile is the
    /// fourth copy).
    #[error("chankan on {tile}, but other copies of it are in the hand, melds or indicators")]
    ChankanTileHeld {
        /// The winning tile.
        tile: Tile,
    },
    /// Tenhou, chiihou or renhou with a meld.
    #[error("{timing} with a meld")]
    FirstTurnWithMelds {
        /// tenhou, chiihou or renhou.
        timing: &'static str,
    },
    /// Tenhou, chiihou or renhou with riichi.
    #[error("{timing} with riichi")]
    FirstTurnWithRiichi {
        /// tenhou, chiihou or renhou.
        timing: &'static str,
    },
    /// Tenhou by a non-dealer, chiihou or renhou by the dealer.
    #[error("{timing} is for {}", if *dealer { "the dealer" } else { "a non-dealer" })]
    FirstTurnWrongSeat {
        /// tenhou, chiihou or renhou.
        timing: &'static str,
        /// Whether it needs the dealer.
        dealer: bool,
    },
    /// Double riichi flagged without riichi (JSON input).
    #[error("double riichi without riichi")]
    DoubleRiichiWithoutRiichi,
    /// The `dealer` flag disagrees with the seat wind (JSON input).
    #[error("dealer is {dealer} but the seat wind is {seat} (the dealer sits East)")]
    DealerMismatch {
        /// The flag given.
        dealer: bool,
        /// The seat wind given.
        seat: crate::Wind,
    },
    /// A meld whose tiles do not fit its type (JSON input).
    #[error("meld {tiles:?} is not a {kind}: {reason}")]
    BadMeld {
        /// The type given.
        kind: String,
        /// The tiles given.
        tiles: String,
        /// Why not.
        reason: &'static str,
    },
    /// Meld origins given for some melds but not all.
    #[error("{origins} meld origins for {melds} melds")]
    MeldOriginCount {
        /// Origins given.
        origins: usize,
        /// Melds.
        melds: usize,
    },
    /// An added kan (kakan) flag on a meld that is not an open kan.
    #[error("{meld} is marked as an added kan but is not an open kan")]
    AddedNotKan {
        /// The meld.
        meld: String,
    },
    /// A closed kan with a player it was called from.
    #[error("closed kan {meld} cannot be called from another player")]
    ClosedKanCalled {
        /// The meld.
        meld: String,
    },
    /// A meld called from the winner's own seat.
    #[error("{meld} is called from the winner's own seat")]
    CalledFromSelf {
        /// The meld.
        meld: String,
    },
}
