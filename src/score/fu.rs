//! Fu: the readings of a hand (melds, pair and wait) and the minipoints they earn,
//! with a breakdown.
//!
//! Rules (as on Tenhou and Mahjong Soul): 20 base; +10 for a closed ron; +2 for a
//! tsumo except with pinfu; +2 for a kanchan, penchan or tanki wait; +2 for a
//! pair of dragons, of the seat wind or of the round wind (a double wind pair
//! +4, or +2 by option); triplets 2 (simples, open), doubled when concealed,
//! doubled when terminals or honors, four times as much for a kan; then rounded up
//! to 10. Chiitoitsu is always 25, pinfu tsumo 20, and an open hand that would
//! have 20 fu counts 30. A triplet completed by ron on a shanpon wait is open.

use crate::tile::Tile;
use std::fmt;

/// How the winning tile completed the hand.
///
/// ```
/// use tenpai::score::{score, Situation, Wait};
/// use tenpai::rules::Rules;
/// let s = Situation::new("123m456p789s234m99s".parse()?, "3m".parse()?); // 12 + 3
/// let mut r = s.clone();
/// r.riichi = tenpai::score::Riichi::Declared;
/// let sc = score(&r, &Rules::tenhou())?;
/// assert_eq!((sc.reading.wait(), sc.reading.wait().fu()), (Wait::Penchan, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wait {
    /// Two-sided: 45 waiting on 3 or 6 (0 fu).
    Ryanmen,
    /// Closed: 46 waiting on 5 (2 fu).
    Kanchan,
    /// Edge: 12 waiting on 3, or 89 on 7 (2 fu).
    Penchan,
    /// Single: waiting on the pair (2 fu); also every chiitoitsu and kokushi wait
    /// on one tile.
    Tanki,
    /// Dual pon: two pairs, one becoming a triplet (0 fu, but the triplet is open
    /// on a ron).
    Shanpon,
    /// Kokushi musou on all thirteen terminals and honors.
    ThirteenSided,
}

impl Wait {
    /// Fu the wait earns: 2 for kanchan, penchan and tanki, else 0.
    pub const fn fu(self) -> u8 {
        match self {
            Wait::Kanchan | Wait::Penchan | Wait::Tanki => 2,
            _ => 0,
        }
    }

    /// Lower-case name: `ryanmen`, `kanchan`, `penchan`, `tanki`, `shanpon`,
    /// `thirteen-sided`.
    pub const fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
            Wait::ThirteenSided => "thirteen-sided",
        }
    }
}

/// What a meld of a reading is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// Three in a row (shuntsu), by its lowest tile.
    Sequence,
    /// Three of a kind (koutsu).
    Triplet,
    /// Four of a kind (kantsu).
    Kan,
}

/// One of the four melds of a standard reading.
///
/// ```
/// use tenpai::score::{Group, GroupKind};
/// let g = Group { kind: GroupKind::Kan, tile: "1z".parse()?, called: false, concealed: true };
/// assert_eq!((g.to_string(), g.fu()), ("(1111z)".to_string(), 32));
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// Sequence, triplet or kan.
    pub kind: GroupKind,
    /// Its lowest tile.
    pub tile: Tile,
    /// Called from another player (chi, pon, open kan); makes the hand open.
    pub called: bool,
    /// Concealed for fu and for sanankou/suuankou: not called, and not a triplet
    /// completed by ron.
    pub concealed: bool,
}

impl Group {
    /// Fu of a triplet or kan: 2 (open simples), ×2 concealed, ×2 terminal or
    /// honor, ×4 kan; 0 for a sequence.
    pub const fn fu(self) -> u8 {
        let base = match self.kind {
            GroupKind::Sequence => return 0,
            GroupKind::Triplet => 2,
            GroupKind::Kan => 8,
        };
        base << (self.concealed as u8) << (self.tile.is_terminal_or_honor() as u8)
    }

    /// A triplet or a kan.
    pub const fn is_triplet_like(self) -> bool {
        !matches!(self.kind, GroupKind::Sequence)
    }

    /// Whether a terminal or honor is among its tiles.
    pub const fn has_terminal_or_honor(self) -> bool {
        match self.kind {
            GroupKind::Sequence => self.tile.number() == 1 || self.tile.number() == 7,
            _ => self.tile.is_terminal_or_honor(),
        }
    }
}

impl fmt::Display for Group {
    /// `123m`, `555z`, `[789s]`, `[5555p]`, `(1111z)`: brackets for a called meld,
    /// parentheses for a closed kan.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.tile.number();
        let digits = match self.kind {
            GroupKind::Sequence => format!("{}{}{}", n, n + 1, n + 2),
            GroupKind::Triplet => format!("{n}{n}{n}"),
            GroupKind::Kan => format!("{n}{n}{n}{n}"),
        };
        let s = format!("{digits}{}", self.tile.suit().letter());
        match (self.called, self.kind) {
            (true, _) => write!(f, "[{s}]"),
            (false, GroupKind::Kan) => write!(f, "({s})"),
            _ => f.write_str(&s),
        }
    }
}

/// One way to read a complete hand, with its wait.
///
/// ```
/// use tenpai::score::{score, Reading, Situation};
/// use tenpai::rules::Rules;
/// let s = Situation::new("1133m5577p22s4466z".parse()?, "1m".parse()?);
/// let sc = score(&s, &Rules::tenhou())?;
/// assert!(matches!(sc.reading, Reading::Chiitoitsu { .. }));
/// assert_eq!(sc.reading.to_string(), "chiitoitsu 11m 33m 55p 77p 22s 44z 66z");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Four melds (called ones included) and a pair.
    Standard {
        /// The pair.
        pair: Tile,
        /// The four melds: concealed ones first, sorted, then the called melds
        /// and closed kans in the order written.
        groups: [Group; 4],
        /// How the winning tile completed it.
        wait: Wait,
    },
    /// Seven distinct pairs, in tile order.
    Chiitoitsu {
        /// The pairs.
        pairs: [Tile; 7],
    },
    /// Thirteen orphans.
    Kokushi {
        /// The terminal or honor held twice.
        pair: Tile,
        /// Won on the thirteen-sided wait (the pair is the winning tile).
        thirteen_sided: bool,
    },
}

impl Reading {
    /// The wait: tanki for chiitoitsu, tanki or thirteen-sided for kokushi.
    pub fn wait(&self) -> Wait {
        match *self {
            Reading::Standard { wait, .. } => wait,
            Reading::Chiitoitsu { .. } => Wait::Tanki,
            Reading::Kokushi { thirteen_sided, .. } => {
                if thirteen_sided {
                    Wait::ThirteenSided
                } else {
                    Wait::Tanki
                }
            }
        }
    }
}

impl fmt::Display for Reading {
    /// `11z 123m 456p 789s [555p] (ryanmen wait)`, `chiitoitsu 11m 22m …`,
    /// `kokushi (pair 1z)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pair = |f: &mut fmt::Formatter<'_>, t: Tile| {
            write!(f, "{}{}{}", t.number(), t.number(), t.suit().letter())
        };
        match self {
            Reading::Standard {
                pair: p,
                groups,
                wait,
            } => {
                pair(f, *p)?;
                for g in groups {
                    write!(f, " {g}")?;
                }
                write!(f, " ({} wait)", wait.name())
            }
            Reading::Chiitoitsu { pairs } => {
                f.write_str("chiitoitsu")?;
                for &p in pairs {
                    f.write_str(" ")?;
                    pair(f, p)?;
                }
                Ok(())
            }
            Reading::Kokushi {
                pair,
                thirteen_sided,
            } => {
                write!(
                    f,
                    "kokushi (pair {pair}{})",
                    if *thirteen_sided {
                        ", thirteen-sided wait"
                    } else {
                        ""
                    }
                )
            }
        }
    }
}

/// Where some fu came from; see [`FuBreakdown`] for an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuSource {
    /// The 20 every hand gets (fuutei).
    Base,
    /// Chiitoitsu: 25 in all, nothing else.
    Chiitoitsu,
    /// A ron with a closed hand: +10 (menzen kafu).
    ClosedRon,
    /// A tsumo without pinfu: +2.
    Tsumo,
    /// A kanchan, penchan or tanki wait: +2.
    Wait(Wait),
    /// A pair of dragons or of the seat or round wind: +2, a double wind +4 (or 2).
    Pair(Tile),
    /// A triplet or kan.
    Group(Group),
    /// An open hand with 20 fu counts 30: +10.
    OpenMinimum,
}

impl fmt::Display for FuSource {
    /// A short description, e.g. `closed ron`, `kanchan wait`, `pair 11z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FuSource::Base => f.write_str("base"),
            FuSource::Chiitoitsu => f.write_str("chiitoitsu"),
            FuSource::ClosedRon => f.write_str("closed ron"),
            FuSource::Tsumo => f.write_str("tsumo"),
            FuSource::Wait(w) => write!(f, "{} wait", w.name()),
            FuSource::Pair(t) => {
                write!(f, "pair {}{}{}", t.number(), t.number(), t.suit().letter())
            }
            FuSource::Group(g) => {
                let what = match (g.kind, g.concealed) {
                    (GroupKind::Kan, true) => "closed kan",
                    (GroupKind::Kan, false) => "open kan",
                    (_, true) => "concealed triplet",
                    (_, false) => "open triplet",
                };
                write!(f, "{what} {g}")
            }
            FuSource::OpenMinimum => f.write_str("open no-fu hand (counts 30)"),
        }
    }
}

/// One line of a fu breakdown; see [`FuBreakdown`] for an example.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuItem {
    /// Where it came from.
    pub source: FuSource,
    /// How many fu.
    pub fu: u8,
}

const MAX_ITEMS: usize = 9;

/// The fu of a hand, line by line; fixed size, no allocation.
///
/// ```
/// use tenpai::score::{score, Situation};
/// use tenpai::rules::Rules;
/// let s = Situation::new("123m456p789s11z555z".parse()?, "5z".parse()?);
/// let sc = score(&s, &Rules::tenhou())?;
/// let lines: Vec<String> = sc.fu_breakdown.iter().map(|i| format!("{} {}", i.source, i.fu)).collect();
/// // Ron on a shanpon wait: the 5z triplet counts as open.
/// assert_eq!(lines, ["base 20", "closed ron 10", "pair 11z 4", "open triplet 555z 4"]);
/// assert_eq!((sc.fu_breakdown.raw(), sc.fu_breakdown.rounded()), (38, 40));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct FuBreakdown {
    items: [FuItem; MAX_ITEMS],
    len: u8,
}

impl Default for FuBreakdown {
    fn default() -> FuBreakdown {
        FuBreakdown {
            items: [FuItem {
                source: FuSource::Base,
                fu: 0,
            }; MAX_ITEMS],
            len: 0,
        }
    }
}

impl fmt::Debug for FuBreakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FuBreakdown {
    #[inline]
    fn push(&mut self, source: FuSource, fu: u8) {
        if fu > 0 {
            self.items[self.len as usize] = FuItem { source, fu };
            self.len += 1;
        }
    }

    /// The lines, in order.
    pub fn iter(&self) -> impl Iterator<Item = &FuItem> + '_ {
        self.items[..self.len as usize].iter()
    }

    /// No lines (a yakuman hand, where fu do not matter).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Sum of the lines, before rounding.
    pub fn raw(&self) -> u32 {
        self.iter().map(|i| i.fu as u32).sum()
    }

    /// The fu: the sum rounded up to 10, except chiitoitsu's 25.
    pub fn rounded(&self) -> u32 {
        let raw = self.raw();
        if raw == 25 && self.len == 1 {
            return 25;
        }
        raw.div_ceil(10) * 10
    }
}

/// Everything about the situation the fu depend on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FuContext {
    pub tsumo: bool,
    pub closed: bool,
    pub seat_wind: Tile,
    pub round_wind: Tile,
    pub double_wind_pair_fu: u8,
}

impl FuContext {
    /// Fu of a pair: dragons 2; seat wind 2 and round wind 2, a double wind
    /// `double_wind_pair_fu`.
    #[inline]
    pub fn pair_fu(&self, pair: Tile) -> u8 {
        if pair.is_dragon() {
            return 2;
        }
        match (pair == self.seat_wind, pair == self.round_wind) {
            (true, true) => self.double_wind_pair_fu,
            (true, false) | (false, true) => 2,
            _ => 0,
        }
    }
}

/// The fu of chiitoitsu: 25.
pub(crate) fn chiitoitsu() -> FuBreakdown {
    let mut b = FuBreakdown::default();
    b.push(FuSource::Chiitoitsu, 25);
    b
}

/// The fu of a standard reading; `pinfu` says whether the hand has pinfu.
#[inline]
pub(crate) fn standard(
    ctx: &FuContext,
    pair: Tile,
    groups: &[Group; 4],
    wait: Wait,
    pinfu: bool,
) -> FuBreakdown {
    let mut b = FuBreakdown::default();
    b.push(FuSource::Base, 20);
    if ctx.closed && !ctx.tsumo {
        b.push(FuSource::ClosedRon, 10);
    }
    if pinfu {
        return b;
    }
    if ctx.tsumo {
        b.push(FuSource::Tsumo, 2);
    }
    b.push(FuSource::Wait(wait), wait.fu());
    b.push(FuSource::Pair(pair), ctx.pair_fu(pair));
    for &g in groups {
        b.push(FuSource::Group(g), g.fu());
    }
    if !ctx.closed && b.raw() == 20 {
        b.push(FuSource::OpenMinimum, 10);
    }
    b
}
