//! Yaku, han and fu of each reading of a hand, and the choice of the best one.
//!
//! Facts that do not depend on the reading (the tiles used, dora, situational
//! yaku, nine gates) are found once per situation in [`Context`]; each reading
//! (a decomposition with a place for the winning tile) then adds its own yaku and
//! fu. Which reading wins is chosen in [`super::best`].

use super::fu::{self, FuBreakdown, FuContext, Group, GroupKind, Reading, Wait};
use super::points::{basic_points, limit_basic, Limit};
use super::situation::{Indicator, Riichi, Situation, Timing};
use super::yaku::{Yaku, YakuList};
use crate::agari::Mentsu;
use crate::meld::MeldKind;
use crate::rules::{Renhou, ScoringRules};
use crate::tile::Tile;

/// The best reading found so far, with its value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub basic: u32,
    pub yakuman: u32,
    pub han: u32,
    pub fu: u32,
    pub limit: Limit,
    pub yaku: YakuList,
    pub fu_breakdown: FuBreakdown,
    pub reading: Reading,
}

impl Candidate {
    #[inline]
    pub(crate) fn key(&self) -> (u32, bool, u32, u32) {
        (self.basic, self.yakuman > 0, self.han, self.fu)
    }
}

pub(crate) const TILE0: Tile = match Tile::new(0) {
    Some(t) => t,
    None => unreachable!(),
};

/// Per-situation facts.
pub(crate) struct Context<'a> {
    rules: &'a ScoringRules,
    fu: FuContext,
    closed: bool,
    win: Tile,
    tsumo: bool,
    /// Called melds and closed kans as groups.
    called: [Group; 4],
    n_called: usize,
    /// Yaku that do not depend on the reading: from the situation (riichi, tsumo,
    /// timing) and from the tiles alone (tanyao, honroutou, honitsu, chinitsu).
    base_yaku: YakuList,
    /// Yakuman from the situation (tenhou, chiihou, renhou) or from the tiles alone.
    tile_yakuman: YakuList,
    has_honor: bool,
    dora: u8,
    aka: u8,
    ura: u8,
}

fn group_of(kind: MeldKind, tile: Tile) -> Group {
    match kind {
        MeldKind::Chi => Group {
            kind: GroupKind::Sequence,
            tile,
            called: true,
            concealed: false,
        },
        MeldKind::Pon => Group {
            kind: GroupKind::Triplet,
            tile,
            called: true,
            concealed: false,
        },
        MeldKind::Kan => Group {
            kind: GroupKind::Kan,
            tile,
            called: true,
            concealed: false,
        },
        MeldKind::ClosedKan => Group {
            kind: GroupKind::Kan,
            tile,
            called: false,
            concealed: true,
        },
    }
}

impl<'a> Context<'a> {
    /// Facts of a validated situation.
    // One function: every fact the readings share, computed once per situation; the
    // yaku checks read the same locals (`all`, `closed`, the `present` bit set).
    pub fn new(s: &Situation, rules: &'a ScoringRules) -> Context<'a> {
        let concealed = s.hand.concealed();
        let melds = s.hand.melds();
        let closed = melds.iter().all(|m| !m.is_open());
        let mut all = *concealed;
        let mut called = [Group {
            kind: GroupKind::Sequence,
            tile: TILE0,
            called: false,
            concealed: false,
        }; 4];
        let mut aka: u8 = s.hand.red_fives().iter().sum();
        for (g, m) in called.iter_mut().zip(melds) {
            *g = group_of(m.kind(), m.tile());
            m.add_to(&mut all);
            aka += m.red_fives();
        }

        // Situational yaku.
        let mut situational = YakuList::default();
        let mut tile_yakuman = YakuList::default();
        match s.riichi {
            Riichi::None => {}
            Riichi::Declared => situational.set(Yaku::Riichi, 1),
            Riichi::Double => situational.set(Yaku::DoubleRiichi, 2),
        }
        if s.ippatsu {
            situational.set(Yaku::Ippatsu, 1);
        }
        if closed && s.tsumo {
            situational.set(Yaku::MenzenTsumo, 1);
        }
        match s.timing {
            Timing::Normal => {}
            Timing::Haitei => situational.set(Yaku::Haitei, 1),
            Timing::Houtei => situational.set(Yaku::Houtei, 1),
            Timing::Rinshan => situational.set(Yaku::Rinshan, 1),
            Timing::Chankan => situational.set(Yaku::Chankan, 1),
            Timing::Tenhou => tile_yakuman.set(Yaku::Tenhou, 13),
            Timing::Chiihou => tile_yakuman.set(Yaku::Chiihou, 13),
            Timing::Renhou => match rules.renhou {
                Renhou::Off => {}
                Renhou::Mangan => situational.set(Yaku::Renhou, 5),
                Renhou::Yakuman => tile_yakuman.set(Yaku::RenhouYakuman, 13),
            },
        }

        // What the tiles alone say, from a bit set of the kinds present.
        let mut present = 0u64;
        for (i, &c) in all.iter().enumerate() {
            present |= ((c != 0) as u64) << i;
        }
        const SUIT: u64 = 0x1FF;
        const TERMINALS: u64 = (1 | 1 << 8) * (1 | 1 << 9 | 1 << 18);
        const HONORS: u64 = 0x7F << 27;
        const SIMPLES: u64 = (SUIT | SUIT << 9 | SUIT << 18) & !TERMINALS;
        const GREEN: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;
        let simple = present & SIMPLES != 0;
        let terminal = present & TERMINALS != 0;
        let honor = present & HONORS != 0;
        let non_green = present & !GREEN != 0;
        let suits = (present & SUIT != 0) as u8
            | ((present >> 9 & SUIT != 0) as u8) << 1
            | ((present >> 18 & SUIT != 0) as u8) << 2;
        let number_suits = (suits & 7).count_ones();
        if !simple && !terminal {
            tile_yakuman.set(Yaku::Tsuuiisou, 13);
        }
        if !simple && !honor {
            tile_yakuman.set(Yaku::Chinroutou, 13);
        }
        if !non_green {
            tile_yakuman.set(Yaku::Ryuuiisou, 13);
        }
        if closed && melds.is_empty() && number_suits == 1 && !honor {
            let s0 = (suits & 7).trailing_zeros() as usize * 9;
            let p = &concealed[s0..s0 + 9];
            if p[0] >= 3 && p[8] >= 3 && p[1..8].iter().all(|&c| c >= 1) {
                let mut rest = [0u8; 9];
                rest.copy_from_slice(p);
                rest[s.win_tile.index() - s0] -= 1;
                let junsei = rest == [3, 1, 1, 1, 1, 1, 1, 1, 3];
                let double = junsei && rules.double_yakuman.junsei_chuuren;
                tile_yakuman.set(Yaku::Chuuren, if double { 26 } else { 13 });
            }
        }
        let mut base_yaku = situational;
        if !terminal && !honor && (closed || rules.open_tanyao) {
            base_yaku.set(Yaku::Tanyao, 1);
        }
        if !simple && terminal && honor {
            base_yaku.set(Yaku::Honroutou, 2);
        }
        if number_suits == 1 {
            if honor {
                base_yaku.set(Yaku::Honitsu, Yaku::Honitsu.han(closed));
            } else {
                base_yaku.set(Yaku::Chinitsu, Yaku::Chinitsu.han(closed));
            }
        }

        let count = |indicators: &[Indicator]| -> u8 {
            indicators
                .iter()
                .map(|i| all[i.tile.dora_of_indicator().index()])
                .sum()
        };
        let dora = count(&s.dora_indicators);
        let ura = if s.riichi.is_declared() {
            count(&s.ura_indicators)
        } else {
            0
        };
        Context {
            rules,
            fu: FuContext {
                tsumo: s.tsumo,
                closed,
                seat_wind: s.seat_wind.tile(),
                round_wind: s.round_wind.tile(),
                double_wind_pair_fu: rules.double_wind_pair_fu,
            },
            closed,
            win: s.win_tile,
            tsumo: s.tsumo,
            called,
            n_called: melds.len(),
            tile_yakuman,
            base_yaku,
            has_honor: honor,
            dora,
            aka,
            ura,
        }
    }

    /// Combines yakuman into a candidate, or `None` when there are none.
    #[inline]
    fn yakuman(&self, mut y: YakuList, reading: Reading) -> Option<Candidate> {
        if y.is_empty() {
            return None;
        }
        if !self.rules.multiple_yakuman {
            let best = y
                .iter()
                .max_by_key(|&(_, h)| h)
                .map(|(k, _)| k)
                .expect("not empty");
            y.retain(|k| k == best);
        }
        let multiple = y.han() / 13;
        Some(Candidate {
            basic: limit_basic(Limit::Yakuman(multiple)),
            yakuman: multiple,
            han: 13 * multiple,
            fu: 0,
            limit: Limit::Yakuman(multiple),
            yaku: y,
            fu_breakdown: FuBreakdown::default(),
            reading,
        })
    }

    /// Adds dora to ordinary yaku and prices them, or `None` without a yaku.
    #[inline]
    fn ordinary(
        &self,
        mut y: YakuList,
        fu_breakdown: FuBreakdown,
        reading: Reading,
    ) -> Option<Candidate> {
        if y.is_empty() {
            return None;
        }
        y.set(Yaku::Dora, self.dora);
        y.set(Yaku::AkaDora, self.aka);
        y.set(Yaku::UraDora, self.ura);
        let han = y.han();
        let fu = fu_breakdown.rounded();
        let (basic, limit) = basic_points(han, fu, self.rules);
        Some(Candidate {
            basic,
            yakuman: 0,
            han,
            fu,
            limit,
            yaku: y,
            fu_breakdown,
            reading,
        })
    }

    /// Kokushi musou (concealed tiles `counts`, already known to be thirteen orphans).
    pub fn kokushi(&self, pair: Tile) -> Option<Candidate> {
        let thirteen = pair == self.win;
        let mut y = self.tile_yakuman;
        let double = thirteen && self.rules.double_yakuman.kokushi_13_wait;
        y.set(Yaku::Kokushi, if double { 26 } else { 13 });
        self.yakuman(
            y,
            Reading::Kokushi {
                pair,
                thirteen_sided: thirteen,
            },
        )
    }

    /// Chiitoitsu.
    pub fn chiitoitsu(&self, pairs: [Tile; 7]) -> Option<Candidate> {
        let reading = Reading::Chiitoitsu { pairs };
        let mut ym = self.tile_yakuman;
        ym.set(Yaku::Chinroutou, 0);
        ym.set(Yaku::Ryuuiisou, 0);
        ym.set(Yaku::Chuuren, 0);
        if let Some(c) = self.yakuman(ym, reading) {
            return Some(c);
        }
        let mut y = self.base_yaku;
        y.set(Yaku::Chiitoitsu, 2);
        self.ordinary(y, fu::chiitoitsu(), reading)
    }

    /// A standard reading: `melds` concealed, the winning tile completing `place`
    /// (`None` = the pair).
    // One function: the per-reading hot path; one pass counts the groups and every
    // yakuman and yaku check reads those counters, a flat list in rule-page order.
    pub fn standard(
        &self,
        pair: Tile,
        melds: &[Mentsu],
        place: Option<usize>,
    ) -> Option<Candidate> {
        let mut groups = self.called;
        let n_concealed = melds.len();
        // Concealed melds first, then the called ones.
        groups.copy_within(0..self.n_called, n_concealed);
        let mut wait = Wait::Tanki;
        for (j, m) in melds.iter().enumerate() {
            let completed = place == Some(j);
            groups[j] = match *m {
                Mentsu::Sequence(t) => {
                    if completed {
                        let pos = self.win.index() - t.index();
                        wait = match (pos, t.number()) {
                            (1, _) => Wait::Kanchan,
                            (0, 7) | (2, 1) => Wait::Penchan,
                            _ => Wait::Ryanmen,
                        };
                    }
                    Group {
                        kind: GroupKind::Sequence,
                        tile: t,
                        called: false,
                        concealed: true,
                    }
                }
                Mentsu::Triplet(t) => {
                    if completed {
                        wait = Wait::Shanpon;
                    }
                    Group {
                        kind: GroupKind::Triplet,
                        tile: t,
                        called: false,
                        concealed: !completed || self.tsumo,
                    }
                }
            };
        }
        let reading = Reading::Standard { pair, groups, wait };

        // Counts over the four groups.
        let mut concealed_triplets = 0;
        let mut kans = 0;
        let mut dragons = 0;
        let mut winds = 0;
        let mut sequences = 0;
        let mut chanta_groups = 0;
        let mut seq_bits = [0u16; 3]; // per suit, bit n = sequence starting at n (0–6)
        let mut trip_bits = [0u16; 3]; // per suit, bit n = triplet of n (0–8)
        for g in &groups {
            let i = g.tile.index();
            chanta_groups += g.has_terminal_or_honor() as u32;
            match g.kind {
                GroupKind::Sequence => {
                    sequences += 1;
                    seq_bits[i / 9] |= 1 << (i % 9);
                }
                kind => {
                    kans += (kind == GroupKind::Kan) as u32;
                    concealed_triplets += g.concealed as u32;
                    if g.tile.is_dragon() {
                        dragons += 1;
                    } else if g.tile.is_wind() {
                        winds += 1;
                    } else {
                        trip_bits[i / 9] |= 1 << (i % 9);
                    }
                }
            }
        }

        // Yakuman.
        let mut ym = self.tile_yakuman;
        if concealed_triplets == 4 {
            let double = wait == Wait::Tanki && self.rules.double_yakuman.suuankou_tanki;
            ym.set(Yaku::Suuankou, if double { 26 } else { 13 });
        }
        if dragons == 3 {
            ym.set(Yaku::Daisangen, 13);
        }
        if winds == 4 {
            ym.set(
                Yaku::Daisuushii,
                if self.rules.double_yakuman.daisuushii {
                    26
                } else {
                    13
                },
            );
        } else if winds == 3 && pair.is_wind() {
            ym.set(Yaku::Shousuushii, 13);
        }
        if kans == 4 {
            ym.set(Yaku::Suukantsu, 13);
        }
        if let Some(c) = self.yakuman(ym, reading) {
            return Some(c);
        }

        // Ordinary yaku.
        let closed = self.closed;
        let mut y = self.base_yaku;
        let pinfu = closed && sequences == 4 && wait == Wait::Ryanmen && self.fu.pair_fu(pair) == 0;
        if pinfu {
            y.set(Yaku::Pinfu, 1);
        }
        if closed && sequences >= 2 {
            // Pairs of identical sequences (all sequences of a closed hand are concealed).
            let mut seqs = [0u8; 4];
            let mut n = 0;
            for g in &groups {
                if g.kind == GroupKind::Sequence {
                    seqs[n] = g.tile.index() as u8;
                    n += 1;
                }
            }
            let seqs = &mut seqs[..n];
            seqs.sort_unstable();
            let mut peikou = 0;
            let mut j = 0;
            while j + 1 < n {
                if seqs[j] == seqs[j + 1] {
                    peikou += 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            match peikou {
                0 => {}
                1 => y.set(Yaku::Iipeikou, 1),
                _ => y.set(Yaku::Ryanpeikou, 3),
            }
        }
        for g in &groups {
            if g.is_triplet_like() && g.tile.is_honor() {
                match g.tile.index() {
                    31 => y.set(Yaku::YakuhaiHaku, 1),
                    32 => y.set(Yaku::YakuhaiHatsu, 1),
                    33 => y.set(Yaku::YakuhaiChun, 1),
                    _ => {
                        if g.tile == self.fu.seat_wind {
                            y.set(Yaku::SeatWind, 1);
                        }
                        if g.tile == self.fu.round_wind {
                            y.set(Yaku::RoundWind, 1);
                        }
                    }
                }
            }
        }
        if chanta_groups == 4 && pair.is_terminal_or_honor() && sequences > 0 {
            if self.has_honor {
                y.set(Yaku::Chanta, Yaku::Chanta.han(closed));
            } else {
                y.set(Yaku::Junchan, Yaku::Junchan.han(closed));
            }
        }
        if seq_bits.iter().any(|&b| b & 0b1001001 == 0b1001001) {
            y.set(Yaku::Ittsu, Yaku::Ittsu.han(closed));
        }
        if seq_bits[0] & seq_bits[1] & seq_bits[2] != 0 {
            y.set(Yaku::SanshokuDoujun, Yaku::SanshokuDoujun.han(closed));
        }
        if trip_bits[0] & trip_bits[1] & trip_bits[2] != 0 {
            y.set(Yaku::SanshokuDoukou, 2);
        }
        if sequences == 0 {
            y.set(Yaku::Toitoi, 2);
        }
        if concealed_triplets == 3 {
            y.set(Yaku::Sanankou, 2);
        }
        if kans == 3 {
            y.set(Yaku::Sankantsu, 2);
        }
        if dragons == 2 && pair.is_dragon() {
            y.set(Yaku::Shousangen, 2);
        }
        self.ordinary(
            y,
            fu::standard(&self.fu, pair, &groups, wait, pinfu),
            reading,
        )
    }
}
