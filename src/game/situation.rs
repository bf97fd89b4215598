//! A win's scoring [`Situation`] from what the table knows at that moment,
//! built the same way for the engine ([`crate::game::State::situation`]) and
//! the Monte Carlo rollouts: the ron tile added to the hand, ippatsu and
//! ura-dora only in riichi, and the win's timing ([`win_timing`]).
//!
//! Sources: tenhou.net/man and riichi.wiki "Haitei raoyue", "Rinshan
//! kaihou", "Chankan", "Tenhou and chiihou", "Renhou" (which timing a win
//! has), "Ura dora" (one ura indicator under each dora indicator, riichi
//! only), "Ippatsu" (broken by any call and by one's own kan).

use crate::error::HandError;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::rules::Renhou;
use crate::score::{Indicator, MeldOrigin, Riichi, Situation, Timing};
use crate::tile::{Tile, TileCounts};
use crate::Wind;

/// When a win happens, as [`win_timing`] reads it.
///
/// ```
/// use tenpai::game::{win_timing, WinMoment};
/// use tenpai::rules::Renhou;
/// use tenpai::score::Timing;
/// let last = WinMoment { live_left: 0, ..WinMoment::default() };
/// assert_eq!(win_timing(&last, true, false, Renhou::Off), Timing::Haitei);
/// assert_eq!(win_timing(&last, false, false, Renhou::Off), Timing::Houtei);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinMoment {
    /// The winning tile is a kan's replacement draw.
    pub rinshan: bool,
    /// The winning tile is robbed from a kan (chankan).
    pub chankan: bool,
    /// No call or kan yet this round and the winner has not discarded (its
    /// first draw, or before it).
    pub first_go_around: bool,
    /// Tiles left in the live wall.
    pub live_left: u8,
}

impl Default for WinMoment {
    /// An ordinary moment: no kan, not the first go-around, tiles left.
    fn default() -> WinMoment {
        WinMoment {
            rinshan: false,
            chankan: false,
            first_go_around: false,
            live_left: 1,
        }
    }
}

/// The timing of a win by tsumo (`tsumo`) or ron at `moment`, the winner
/// being the dealer or not (`dealer`): rinshan (a tsumo on a replacement
/// tile), chankan (a ron on a kan's tile), tenhou or chiihou (a tsumo in the
/// first go-around), haitei or houtei (the live wall empty), renhou (a
/// non-dealer's ron in the first go-around, when `renhou` scores it), or
/// normal — checked in that order.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{win_timing, WinMoment};
/// use tenpai::rules::Renhou;
/// use tenpai::score::Timing;
/// let first = WinMoment { first_go_around: true, ..WinMoment::default() };
/// assert_eq!(win_timing(&first, true, true, Renhou::Off), Timing::Tenhou);
/// assert_eq!(win_timing(&first, true, false, Renhou::Off), Timing::Chiihou);
/// assert_eq!(win_timing(&first, false, false, Renhou::Off), Timing::Normal);
/// assert_eq!(win_timing(&first, false, false, Renhou::Mangan), Timing::Renhou);
/// ```
pub fn win_timing(moment: &WinMoment, tsumo: bool, dealer: bool, renhou: Renhou) -> Timing {
    let m = moment;
    if m.rinshan && tsumo {
        Timing::Rinshan
    } else if m.chankan && !tsumo {
        Timing::Chankan
    } else if tsumo && m.first_go_around {
        if dealer {
            Timing::Tenhou
        } else {
            Timing::Chiihou
        }
    } else if m.live_left == 0 {
        if tsumo {
            Timing::Haitei
        } else {
            Timing::Houtei
        }
    } else if !tsumo && m.first_go_around && renhou != Renhou::Off {
        Timing::Renhou
    } else {
        Timing::Normal
    }
}

/// The facts of one win that its scoring situation is built from.
///
/// ```
/// use tenpai::game::{WinFacts, WinMoment};
/// use tenpai::rules::Renhou;
/// use tenpai::score::{Riichi, Timing};
/// use tenpai::Wind;
/// let hand: tenpai::Hand = "123m456p789s1z234s".parse()?;
/// let facts = WinFacts {
///     riichi: Riichi::Declared,
///     ippatsu: true,
///     ura: vec!["9s".parse()?, "1m".parse()?], // one more than the dora: ignored
///     ..WinFacts::new(*hand.concealed(), [0; 3], vec![], "1z".parse()?, false, false)
/// };
/// let s = facts.situation(Renhou::Off)?;
/// assert_eq!((s.hand.len(), s.tsumo, s.ippatsu, s.ura_indicators.len()), (14, false, true, 0));
/// assert_eq!((s.seat_wind, s.timing), (Wind::East, Timing::Normal));
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinFacts {
    /// The winner's concealed tiles, `[u8; 34]` counts: without the winning
    /// tile for a ron, with it for a tsumo.
    pub concealed: TileCounts,
    /// Red fives among `concealed`, per suit (man, pin, sou).
    pub red: [u8; 3],
    /// Called melds and closed kans, in call order.
    pub melds: Vec<Meld>,
    /// How each meld was called (same order), or empty when unknown.
    pub meld_origins: Vec<MeldOrigin>,
    /// The winning tile.
    pub win_tile: Tile,
    /// The winning tile is a red five.
    pub win_red: bool,
    /// A tsumo (else a ron).
    pub tsumo: bool,
    /// The winner's seat wind.
    pub seat_wind: Wind,
    /// The round wind.
    pub round_wind: Wind,
    /// The winner's riichi.
    pub riichi: Riichi,
    /// The winner's ippatsu is still open (read only in riichi and not on a
    /// replacement tile).
    pub ippatsu: bool,
    /// When the win happens.
    pub moment: WinMoment,
    /// The dora indicators turned.
    pub dora: Vec<Indicator>,
    /// The ura-dora indicators, one under each dora indicator (read only in
    /// riichi; extra ones are ignored).
    pub ura: Vec<Indicator>,
    /// Honba paid (a count).
    pub honba: u32,
    /// Riichi sticks paid to the winner (a count).
    pub kyoutaku: u32,
}

impl WinFacts {
    /// The facts of an East seat's ron (or tsumo) in an East round with
    /// nothing else: set the other fields as needed.
    ///
    /// # Panics
    /// Never.
    pub fn new(
        concealed: TileCounts,
        red: [u8; 3],
        melds: Vec<Meld>,
        win_tile: Tile,
        win_red: bool,
        tsumo: bool,
    ) -> WinFacts {
        WinFacts {
            concealed,
            red,
            melds,
            meld_origins: Vec::new(),
            win_tile,
            win_red,
            tsumo,
            seat_wind: Wind::East,
            round_wind: Wind::East,
            riichi: Riichi::None,
            ippatsu: false,
            moment: WinMoment::default(),
            dora: Vec::new(),
            ura: Vec::new(),
            honba: 0,
            kyoutaku: 0,
        }
    }

    /// The scoring situation of the win (`renhou`: how the rules score a
    /// renhou, see [`win_timing`]).
    ///
    /// # Errors
    /// [`HandError`] when the tiles do not make a hand (a fifth copy, more
    /// red fives than fives, more than 14 tiles).
    ///
    /// # Panics
    /// Never.
    pub fn situation(self, renhou: Renhou) -> Result<Situation, HandError> {
        let mut hand = self.concealed;
        let mut red = self.red;
        let t = self.win_tile;
        let red_win = self.win_red && t.is_five();
        if !self.tsumo {
            hand[t.index()] = hand[t.index()].saturating_add(1);
            if red_win {
                red[t.index() / 9] += 1;
            }
        }
        let h = Hand::new(hand, red, self.melds)?;
        let mut sit = Situation::new(h, t);
        sit.meld_origins = self.meld_origins;
        sit.win_tile_red = red_win;
        sit.tsumo = self.tsumo;
        sit.seat_wind = self.seat_wind;
        sit.round_wind = self.round_wind;
        sit.riichi = self.riichi;
        sit.timing = win_timing(
            &self.moment,
            self.tsumo,
            self.seat_wind == Wind::East,
            renhou,
        );
        let riichi = self.riichi.is_declared();
        sit.ippatsu = self.ippatsu && riichi && sit.timing != Timing::Rinshan;
        if riichi {
            sit.ura_indicators = self.ura;
            sit.ura_indicators.truncate(self.dora.len());
        }
        sit.dora_indicators = self.dora;
        sit.honba = self.honba;
        sit.kyoutaku = self.kyoutaku;
        Ok(sit)
    }
}
