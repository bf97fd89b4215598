//! The input of scoring: a winning hand and everything about how it was won.

use super::error::InvalidSituation;
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::tile::{Suit, Tile, KINDS};
use crate::Wind;
use std::fmt;

/// The winner's riichi declaration.
///
/// ```
/// use tenpai::score::{score, Riichi, Situation};
/// use tenpai::rules::Rules;
/// let mut s = Situation::new("123m456p789s234m99s".parse()?, "3m".parse()?);
/// s.riichi = Riichi::Double;
/// assert!(s.riichi.is_declared());
/// assert_eq!(score(&s, &Rules::tenhou())?.han, 2); // double riichi replaces riichi
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Riichi {
    /// No riichi.
    #[default]
    None,
    /// Riichi (1 han).
    Declared,
    /// Double riichi: riichi on the first discard with no call before it (2 han,
    /// replacing riichi).
    Double,
}

impl Riichi {
    /// Riichi of either kind.
    pub const fn is_declared(self) -> bool {
        !matches!(self, Riichi::None)
    }
}

/// A dora or ura-dora indicator as it lies on the table: a tile, maybe a red five.
///
/// ```
/// use tenpai::score::Indicator;
/// let i: Indicator = "0p".parse()?;
/// assert_eq!((i.tile.to_string(), i.red, i.to_string()), ("5p".to_string(), true, "0p".to_string()));
/// assert_eq!(i.dora().to_string(), "6p");
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Indicator {
    /// The tile.
    pub tile: Tile,
    /// It is a red five (counts toward the red fives in the set, not as dora).
    pub red: bool,
}

impl Indicator {
    /// The dora this indicator points to ([`Tile::dora_of_indicator`]).
    pub fn dora(self) -> Tile {
        self.tile.dora_of_indicator()
    }
}

impl From<Tile> for Indicator {
    fn from(tile: Tile) -> Indicator {
        Indicator { tile, red: false }
    }
}

impl std::str::FromStr for Indicator {
    type Err = crate::HandError;
    /// One tile in mpsz notation, `0` for a red five.
    fn from_str(s: &str) -> Result<Indicator, crate::HandError> {
        let (tile, red) = Tile::parse_with_red(s)?;
        Ok(Indicator { tile, red })
    }
}

impl fmt::Display for Indicator {
    /// `5p`, or `0p` when red.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tile.mpsz(self.red))
    }
}

/// A special moment of the win; at most one applies.
///
/// ```
/// use tenpai::score::{score, Situation, Timing, Yaku};
/// use tenpai::rules::Rules;
/// let mut s = Situation::new("123m456p789s11p [8888p]".parse()?, "9s".parse()?);
/// s.tsumo = true;
/// s.timing = Timing::Rinshan;
/// assert!(score(&s, &Rules::tenhou())?.yaku.contains(Yaku::Rinshan));
/// assert_eq!(Timing::Rinshan.name(), "rinshan");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Timing {
    /// None of the below.
    #[default]
    Normal,
    /// Tsumo on the last tile of the wall (haitei raoyue).
    Haitei,
    /// Ron on the last discard (houtei raoyui).
    Houtei,
    /// Tsumo on the replacement tile after a kan (rinshan kaihou).
    Rinshan,
    /// Ron on a tile added to a pon (chankan).
    Chankan,
    /// The dealer's tsumo on the initial hand (tenhou).
    Tenhou,
    /// A non-dealer's tsumo on their first draw, no call before it (chiihou).
    Chiihou,
    /// A non-dealer's ron before their first draw, no call before it (renhou);
    /// scored only when [`crate::rules::ScoringRules::renhou`] allows it.
    Renhou,
}

impl Timing {
    /// The name used in the JSON format (`haitei`, …), or `normal`.
    pub const fn name(self) -> &'static str {
        match self {
            Timing::Normal => "normal",
            Timing::Haitei => "haitei",
            Timing::Houtei => "houtei",
            Timing::Rinshan => "rinshan",
            Timing::Chankan => "chankan",
            Timing::Tenhou => "tenhou",
            Timing::Chiihou => "chiihou",
            Timing::Renhou => "renhou",
        }
    }
}

/// Where a called meld came from; informational for scoring (liability, or pao,
/// is settled by the game, which knows who fed the meld).
///
/// ```
/// use tenpai::score::{MeldOrigin, Situation};
/// use tenpai::Wind;
/// let mut s = Situation::new("123m456p789s11p [8888p]".parse()?, "9s".parse()?);
/// s.meld_origins = vec![MeldOrigin { added: true, from: Some(Wind::North) }];
/// assert!(s.validate(&tenpai::rules::Rules::tenhou()).is_ok());
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MeldOrigin {
    /// An open kan made by adding a tile to one's own pon (kakan, shouminkan)
    /// rather than by calling a discard (daiminkan). Only for open kans.
    pub added: bool,
    /// The seat wind of the player the tile was called from, when known. Never the
    /// winner's own seat; always `None` for a closed kan.
    pub from: Option<Wind>,
}

/// A winning hand and how it was won: the input of [`crate::score::score`].
///
/// Fields are public so a game can build one directly; [`Situation::validate`]
/// (called by every scoring function) rejects combinations that cannot happen.
/// The dealer is the player whose seat wind is East.
///
/// ```
/// use tenpai::score::{Situation, Riichi};
/// use tenpai::Wind;
/// let mut s = Situation::new("234m456p22s345678s".parse()?, "8s".parse()?);
/// s.riichi = Riichi::Declared;
/// s.tsumo = true;
/// s.seat_wind = Wind::South;
/// assert!(!s.is_dealer());
/// let score = tenpai::score::score(&s, &tenpai::rules::Rules::tenhou())?;
/// assert_eq!((score.han, score.fu), (4, 20)); // riichi, tsumo, pinfu, tanyao
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Situation {
    /// The concealed tiles, winning tile included, and the called melds and closed
    /// kans (with their red fives).
    pub hand: Hand,
    /// Per meld of `hand` (same order), how it was called; empty when unknown.
    pub meld_origins: Vec<MeldOrigin>,
    /// The winning tile; one of the concealed tiles.
    pub win_tile: Tile,
    /// The winning tile was a red five (informational: red fives are counted from
    /// the hand).
    pub win_tile_red: bool,
    /// Self-draw (`true`) or ron on another player's discard (`false`).
    pub tsumo: bool,
    /// The winner's seat wind; East is the dealer.
    pub seat_wind: Wind,
    /// The round (prevailing) wind.
    pub round_wind: Wind,
    /// Riichi or double riichi.
    pub riichi: Riichi,
    /// Won within one go-around of riichi, no call in between (needs riichi).
    pub ippatsu: bool,
    /// Last tile, kan replacement, robbed kan or first-turn win.
    pub timing: Timing,
    /// Dora indicators (0–5 tiles); the dora is the next tile of each.
    pub dora_indicators: Vec<Indicator>,
    /// Ura-dora indicators (only with riichi; at most as many as dora indicators).
    pub ura_indicators: Vec<Indicator>,
    /// Honba (repeat counters) on the table: 300 points each on ron, 100 from each
    /// payer on tsumo.
    pub honba: u32,
    /// The number of riichi sticks (kyoutaku, 1,000 points each) on the table,
    /// all going to the winner ([`super::Score::kyoutaku_points`] is their points).
    pub kyoutaku: u32,
}

/// The most honba or riichi sticks a situation may hold: far beyond any real
/// game, small enough that no payment overflows.
pub const MAX_COUNTER: u32 = 1000;

impl Situation {
    /// A ron by the East seat in an East round with nothing else: set the other
    /// fields as needed.
    ///
    /// # Panics
    /// Never (validation happens when scoring).
    ///
    /// ```
    /// let s = tenpai::score::Situation::new("123m456p789s11z555z".parse()?, "5z".parse()?);
    /// assert!(s.is_dealer() && !s.tsumo);
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    pub fn new(hand: Hand, win_tile: Tile) -> Situation {
        Situation {
            hand,
            meld_origins: Vec::new(),
            win_tile,
            win_tile_red: false,
            tsumo: false,
            seat_wind: Wind::East,
            round_wind: Wind::East,
            riichi: Riichi::None,
            ippatsu: false,
            timing: Timing::Normal,
            dora_indicators: Vec::new(),
            ura_indicators: Vec::new(),
            honba: 0,
            kyoutaku: 0,
        }
    }

    /// The winner is the dealer (seat wind East).
    pub fn is_dealer(&self) -> bool {
        self.seat_wind == Wind::East
    }

    /// No called meld (closed kans keep a hand closed).
    pub fn is_closed(&self) -> bool {
        self.hand.melds().iter().all(|m| !m.is_open())
    }

    /// Checks that the situation can happen under `rules`.
    ///
    /// # Errors
    /// The first [`InvalidSituation`] found: wrong tile count, the winning tile not
    /// in the hand, a fifth copy (indicators included), too many red fives, riichi
    /// or ippatsu that cannot be, ura-dora without riichi, a timing that does not fit
    /// tsumo or ron, rinshan without a kan, and so on.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::score::{InvalidSituation, Situation};
    /// use tenpai::rules::Rules;
    /// let mut s = Situation::new("123m456p789s11z555z".parse()?, "5z".parse()?);
    /// s.ura_indicators.push("1m".parse()?);
    /// assert_eq!(s.validate(&Rules::tenhou()), Err(InvalidSituation::UraWithoutRiichi));
    /// # Ok::<(), tenpai::HandError>(())
    /// ```
    // One function: a flat list of independent checks, each returning its own typed
    // error, sharing the tile counts; splitting it would scatter the list.
    pub fn validate(&self, rules: &Rules) -> Result<(), InvalidSituation> {
        use InvalidSituation as E;
        for (what, count) in [("honba", self.honba), ("riichi sticks", self.kyoutaku)] {
            if count > MAX_COUNTER {
                return Err(E::TooManyCounters {
                    what,
                    count,
                    max: MAX_COUNTER,
                });
            }
        }
        let melds = self.hand.melds();
        let expected = 14 - 3 * melds.len();
        if self.hand.len() != expected {
            return Err(E::WrongTileCount {
                count: self.hand.len(),
                melds: melds.len(),
                expected,
            });
        }
        let concealed = self.hand.concealed();
        if concealed[self.win_tile.index()] == 0 {
            return Err(E::WinTileNotInHand {
                tile: self.win_tile,
            });
        }
        // Physical limits: four copies of each tile, indicators included.
        let mut all = self.hand.meld_counts();
        for (a, c) in all.iter_mut().zip(concealed) {
            *a += c;
        }
        let mut red = self.hand.red_fives();
        for i in self.dora_indicators.iter().chain(&self.ura_indicators) {
            all[i.tile.index()] += 1;
            if i.red {
                if !i.tile.is_five() {
                    return Err(E::RedIndicatorNotFive { tile: i.tile });
                }
                red[i.tile.index() / 9] += 1;
            }
        }
        if let Some(i) = (0..KINDS).find(|&i| all[i] > 4) {
            let tile = Tile::new(i as u8).expect("below 34");
            return Err(E::TooManyCopies {
                tile,
                count: all[i] as usize,
            });
        }
        for m in melds.iter().filter(|m| m.red_fives() > 0) {
            red[m.tile().index() / 9] += m.red_fives();
        }
        for (s, suit) in [Suit::Man, Suit::Pin, Suit::Sou].into_iter().enumerate() {
            if red[s] > rules.scoring.red_fives[s] {
                return Err(E::TooManyRedFives {
                    suit,
                    count: red[s],
                    max: rules.scoring.red_fives[s],
                });
            }
        }
        if self.win_tile_red
            && (!self.win_tile.is_five() || self.hand.red_fives()[self.win_tile.index() / 9] == 0)
        {
            return Err(E::RedWinTileNotInHand {
                tile: self.win_tile,
            });
        }
        if !self.meld_origins.is_empty() {
            if self.meld_origins.len() != melds.len() {
                return Err(E::MeldOriginCount {
                    origins: self.meld_origins.len(),
                    melds: melds.len(),
                });
            }
            for (m, o) in melds.iter().zip(&self.meld_origins) {
                if o.added && m.kind() != MeldKind::Kan {
                    return Err(E::AddedNotKan {
                        meld: m.to_string(),
                    });
                }
                if m.kind() == MeldKind::ClosedKan && o.from.is_some() {
                    return Err(E::ClosedKanCalled {
                        meld: m.to_string(),
                    });
                }
                if o.from == Some(self.seat_wind) {
                    return Err(E::CalledFromSelf {
                        meld: m.to_string(),
                    });
                }
            }
        }
        if self.dora_indicators.len() > 5 {
            return Err(E::TooManyIndicators {
                count: self.dora_indicators.len(),
            });
        }
        if self.riichi.is_declared() {
            if let Some(m) = melds.iter().find(|m| m.is_open()) {
                return Err(E::RiichiWithOpenMeld {
                    meld: m.to_string(),
                });
            }
            if self.ura_indicators.len() > self.dora_indicators.len() {
                return Err(E::MoreUraThanDora {
                    ura: self.ura_indicators.len(),
                    dora: self.dora_indicators.len(),
                });
            }
        } else {
            if self.ippatsu {
                return Err(E::IppatsuWithoutRiichi);
            }
            if !self.ura_indicators.is_empty() {
                return Err(E::UraWithoutRiichi);
            }
        }
        let kans = melds.iter().filter(|m| m.is_kan()).count();
        let on_tsumo = match self.timing {
            Timing::Normal => None,
            Timing::Haitei | Timing::Rinshan | Timing::Tenhou | Timing::Chiihou => Some(true),
            Timing::Houtei | Timing::Chankan | Timing::Renhou => Some(false),
        };
        if let Some(need) = on_tsumo {
            if need != self.tsumo {
                return Err(E::TimingNeedsOtherWin {
                    timing: self.timing.name(),
                    tsumo: need,
                });
            }
        }
        match self.timing {
            Timing::Rinshan if kans == 0 => return Err(E::RinshanWithoutKan),
            Timing::Rinshan if self.ippatsu => return Err(E::IppatsuAfterOwnKan),
            Timing::Chankan
                if concealed[self.win_tile.index()] != 1 || all[self.win_tile.index()] != 1 =>
            {
                // The robbed tile is the fourth copy: the other three are in the
                // kakan's pon, which is someone else's, so no other copy is here.
                return Err(E::ChankanTileHeld {
                    tile: self.win_tile,
                });
            }
            Timing::Tenhou | Timing::Chiihou | Timing::Renhou => {
                if !melds.is_empty() {
                    return Err(E::FirstTurnWithMelds {
                        timing: self.timing.name(),
                    });
                }
                if self.riichi.is_declared() {
                    return Err(E::FirstTurnWithRiichi {
                        timing: self.timing.name(),
                    });
                }
                if (self.timing == Timing::Tenhou) != self.is_dealer() {
                    return Err(E::FirstTurnWrongSeat {
                        timing: self.timing.name(),
                        dealer: self.timing == Timing::Tenhou,
                    });
                }
            }
            _ => {}
        }
        Ok(())
    }
}
