//! The yaku, yakuman and dora kinds, and a fixed-size list of them with their han.

use crate::tile::Tile;
use crate::Wind;
use std::fmt;

/// Whether a triplet of `t` is a yakuhai for the seat with `seat_wind` in a
/// round of `round_wind`: a dragon, the seat wind or the round wind (a wind
/// that is both counts twice as yaku, but is one yakuhai tile).
///
/// ```
/// use tenpai::score::is_yakuhai;
/// use tenpai::Wind;
/// let t = |s: &str| s.parse::<tenpai::Tile>().unwrap();
/// assert!(is_yakuhai(t("6z"), Wind::South, Wind::East));
/// assert!(is_yakuhai(t("2z"), Wind::South, Wind::East));
/// assert!(!is_yakuhai(t("3z"), Wind::South, Wind::East));
/// assert!(!is_yakuhai(t("5m"), Wind::South, Wind::East));
/// ```
#[inline]
pub fn is_yakuhai(t: Tile, seat_wind: Wind, round_wind: Wind) -> bool {
    t.is_dragon() || t == seat_wind.tile() || t == round_wind.tile()
}

/// A yaku, a yakuman, or a kind of dora.
///
/// Names (from [`Yaku::name`]) are those of the shared test vectors.
///
/// ```
/// use tenpai::score::Yaku;
/// assert_eq!(Yaku::SanshokuDoujun.name(), "sanshoku_doujun");
/// assert_eq!("sanshoku_doujun".parse::<Yaku>(), Ok(Yaku::SanshokuDoujun));
/// assert_eq!((Yaku::Chanta.han(true), Yaku::Chanta.han(false)), (2, 1));
/// assert!(Yaku::Daisangen.is_yakuman());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Yaku {
    /// Riichi, 1 han (closed).
    Riichi,
    /// Ippatsu: win within one go-around of riichi, 1 han.
    Ippatsu,
    /// Menzen tsumo: self-draw with a closed hand, 1 han.
    MenzenTsumo,
    /// Pinfu: four sequences, a non-yakuhai pair, a two-sided wait; 1 han (closed).
    Pinfu,
    /// Tanyao: simples only, 1 han (open only with the option).
    Tanyao,
    /// Iipeikou: two identical sequences, 1 han (closed).
    Iipeikou,
    /// White dragon triplet, 1 han.
    YakuhaiHaku,
    /// Green dragon triplet, 1 han.
    YakuhaiHatsu,
    /// Red dragon triplet, 1 han.
    YakuhaiChun,
    /// Triplet of the seat wind, 1 han.
    SeatWind,
    /// Triplet of the round wind, 1 han.
    RoundWind,
    /// Rinshan kaihou: tsumo on a kan replacement tile, 1 han.
    Rinshan,
    /// Chankan: ron on a tile added to a pon, 1 han.
    Chankan,
    /// Haitei raoyue: tsumo on the last tile, 1 han.
    Haitei,
    /// Houtei raoyui: ron on the last discard, 1 han.
    Houtei,
    /// Double riichi, 2 han (closed; replaces riichi).
    DoubleRiichi,
    /// Chiitoitsu: seven pairs, 2 han (always 25 fu).
    Chiitoitsu,
    /// Chanta: a terminal or honor in every meld and the pair, with a sequence; 2 han, 1 open.
    Chanta,
    /// Ittsu: 123, 456, 789 of one suit; 2 han, 1 open.
    Ittsu,
    /// Sanshoku doujun: one sequence in all three suits; 2 han, 1 open.
    SanshokuDoujun,
    /// Sanshoku doukou: one triplet number in all three suits, 2 han.
    SanshokuDoukou,
    /// Toitoi: four triplets or kans, 2 han.
    Toitoi,
    /// Sanankou: three concealed triplets or closed kans, 2 han.
    Sanankou,
    /// Sankantsu: three kans, 2 han.
    Sankantsu,
    /// Shousangen: two dragon triplets and a dragon pair, 2 han.
    Shousangen,
    /// Honroutou: terminals and honors only, 2 han.
    Honroutou,
    /// Ryanpeikou: two iipeikou, 3 han (closed).
    Ryanpeikou,
    /// Junchan: a terminal in every meld and the pair, no honors; 3 han, 2 open.
    Junchan,
    /// Honitsu: one suit and honors; 3 han, 2 open.
    Honitsu,
    /// Chinitsu: one suit only; 6 han, 5 open.
    Chinitsu,
    /// Renhou as a 5-han yaku (rule option).
    Renhou,
    /// Kokushi musou (thirteen orphans), yakuman.
    Kokushi,
    /// Suuankou: four concealed triplets, yakuman.
    Suuankou,
    /// Daisangen: three dragon triplets, yakuman.
    Daisangen,
    /// Shousuushii: three wind triplets and a wind pair, yakuman.
    Shousuushii,
    /// Daisuushii: four wind triplets, yakuman.
    Daisuushii,
    /// Tsuuiisou: honors only, yakuman.
    Tsuuiisou,
    /// Chinroutou: terminals only, yakuman.
    Chinroutou,
    /// Ryuuiisou: 2, 3, 4, 6, 8 sou and green dragons only, yakuman.
    Ryuuiisou,
    /// Chuuren poutou (nine gates), yakuman.
    Chuuren,
    /// Suukantsu: four kans, yakuman.
    Suukantsu,
    /// Tenhou: the dealer's win on the initial hand, yakuman.
    Tenhou,
    /// Chiihou: a non-dealer's win on the first draw, yakuman.
    Chiihou,
    /// Renhou as a yakuman (rule option).
    RenhouYakuman,
    /// Dora (counted per tile).
    Dora,
    /// Red fives (counted per tile).
    AkaDora,
    /// Ura dora (counted per tile).
    UraDora,
}

/// Number of [`Yaku`] kinds.
pub const YAKU_KINDS: usize = Yaku::UraDora as usize + 1;

impl Yaku {
    /// All yaku in their standard order (the order of the enum).
    pub const ALL: [Yaku; YAKU_KINDS] = {
        use Yaku::*;
        [
            Riichi,
            Ippatsu,
            MenzenTsumo,
            Pinfu,
            Tanyao,
            Iipeikou,
            YakuhaiHaku,
            YakuhaiHatsu,
            YakuhaiChun,
            SeatWind,
            RoundWind,
            Rinshan,
            Chankan,
            Haitei,
            Houtei,
            DoubleRiichi,
            Chiitoitsu,
            Chanta,
            Ittsu,
            SanshokuDoujun,
            SanshokuDoukou,
            Toitoi,
            Sanankou,
            Sankantsu,
            Shousangen,
            Honroutou,
            Ryanpeikou,
            Junchan,
            Honitsu,
            Chinitsu,
            Renhou,
            Kokushi,
            Suuankou,
            Daisangen,
            Shousuushii,
            Daisuushii,
            Tsuuiisou,
            Chinroutou,
            Ryuuiisou,
            Chuuren,
            Suukantsu,
            Tenhou,
            Chiihou,
            RenhouYakuman,
            Dora,
            AkaDora,
            UraDora,
        ]
    };

    /// The snake_case name used in JSON (`menzen_tsumo`, `yakuhai_haku`, …;
    /// renhou is `renhou` both as a yaku and as a yakuman).
    pub const fn name(self) -> &'static str {
        use Yaku::*;
        match self {
            Riichi => "riichi",
            Ippatsu => "ippatsu",
            MenzenTsumo => "menzen_tsumo",
            Pinfu => "pinfu",
            Tanyao => "tanyao",
            Iipeikou => "iipeikou",
            YakuhaiHaku => "yakuhai_haku",
            YakuhaiHatsu => "yakuhai_hatsu",
            YakuhaiChun => "yakuhai_chun",
            SeatWind => "seat_wind",
            RoundWind => "round_wind",
            Rinshan => "rinshan",
            Chankan => "chankan",
            Haitei => "haitei",
            Houtei => "houtei",
            DoubleRiichi => "double_riichi",
            Chiitoitsu => "chiitoitsu",
            Chanta => "chanta",
            Ittsu => "ittsu",
            SanshokuDoujun => "sanshoku_doujun",
            SanshokuDoukou => "sanshoku_doukou",
            Toitoi => "toitoi",
            Sanankou => "sanankou",
            Sankantsu => "sankantsu",
            Shousangen => "shousangen",
            Honroutou => "honroutou",
            Ryanpeikou => "ryanpeikou",
            Junchan => "junchan",
            Honitsu => "honitsu",
            Chinitsu => "chinitsu",
            Renhou | RenhouYakuman => "renhou",
            Kokushi => "kokushi",
            Suuankou => "suuankou",
            Daisangen => "daisangen",
            Shousuushii => "shousuushii",
            Daisuushii => "daisuushii",
            Tsuuiisou => "tsuuiisou",
            Chinroutou => "chinroutou",
            Ryuuiisou => "ryuuiisou",
            Chuuren => "chuuren",
            Suukantsu => "suukantsu",
            Tenhou => "tenhou",
            Chiihou => "chiihou",
            Dora => "dora",
            AkaDora => "aka_dora",
            UraDora => "ura_dora",
        }
    }

    /// A name for people: `Menzen tsumo`, `Yakuhai (white dragon)`, ….
    pub const fn display_name(self) -> &'static str {
        use Yaku::*;
        match self {
            Riichi => "Riichi",
            Ippatsu => "Ippatsu",
            MenzenTsumo => "Menzen tsumo",
            Pinfu => "Pinfu",
            Tanyao => "Tanyao",
            Iipeikou => "Iipeikou",
            YakuhaiHaku => "Yakuhai (white dragon)",
            YakuhaiHatsu => "Yakuhai (green dragon)",
            YakuhaiChun => "Yakuhai (red dragon)",
            SeatWind => "Yakuhai (seat wind)",
            RoundWind => "Yakuhai (round wind)",
            Rinshan => "Rinshan kaihou",
            Chankan => "Chankan",
            Haitei => "Haitei raoyue",
            Houtei => "Houtei raoyui",
            DoubleRiichi => "Double riichi",
            Chiitoitsu => "Chiitoitsu",
            Chanta => "Chanta",
            Ittsu => "Ittsu",
            SanshokuDoujun => "Sanshoku doujun",
            SanshokuDoukou => "Sanshoku doukou",
            Toitoi => "Toitoi",
            Sanankou => "Sanankou",
            Sankantsu => "Sankantsu",
            Shousangen => "Shousangen",
            Honroutou => "Honroutou",
            Ryanpeikou => "Ryanpeikou",
            Junchan => "Junchan",
            Honitsu => "Honitsu",
            Chinitsu => "Chinitsu",
            Renhou | RenhouYakuman => "Renhou",
            Kokushi => "Kokushi musou",
            Suuankou => "Suuankou",
            Daisangen => "Daisangen",
            Shousuushii => "Shousuushii",
            Daisuushii => "Daisuushii",
            Tsuuiisou => "Tsuuiisou",
            Chinroutou => "Chinroutou",
            Ryuuiisou => "Ryuuiisou",
            Chuuren => "Chuuren poutou",
            Suukantsu => "Suukantsu",
            Tenhou => "Tenhou",
            Chiihou => "Chiihou",
            Dora => "Dora",
            AkaDora => "Aka dora",
            UraDora => "Ura dora",
        }
    }

    /// A yakuman (13 han each, 26 for a double).
    pub const fn is_yakuman(self) -> bool {
        (self as u8) >= Yaku::Kokushi as u8 && (self as u8) <= Yaku::RenhouYakuman as u8
    }

    /// Dora, aka dora or ura dora: counted per tile, and not a yaku.
    pub const fn is_dora(self) -> bool {
        matches!(self, Yaku::Dora | Yaku::AkaDora | Yaku::UraDora)
    }

    /// Han of an ordinary yaku with a closed (`true`) or open hand; 0 when it is
    /// not allowed open, 13 for a yakuman, 1 per dora.
    pub const fn han(self, closed: bool) -> u8 {
        use Yaku::*;
        match self {
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Iipeikou if !closed => 0,
            DoubleRiichi | Ryanpeikou if !closed => 0,
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Tanyao | Iipeikou | YakuhaiHaku
            | YakuhaiHatsu | YakuhaiChun | SeatWind | RoundWind | Rinshan | Chankan | Haitei
            | Houtei | Dora | AkaDora | UraDora => 1,
            Chanta | Ittsu | SanshokuDoujun if !closed => 1,
            Junchan | Honitsu if !closed => 2,
            Chinitsu if !closed => 5,
            DoubleRiichi | Chiitoitsu | Chanta | Ittsu | SanshokuDoujun | SanshokuDoukou
            | Toitoi | Sanankou | Sankantsu | Shousangen | Honroutou => 2,
            Ryanpeikou | Junchan | Honitsu => 3,
            Renhou => 5,
            Chinitsu => 6,
            _ => 13,
        }
    }
}

impl fmt::Display for Yaku {
    /// The JSON name, e.g. `menzen_tsumo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Yaku {
    type Err = String;
    /// A JSON name (`renhou` reads as the 5-han yaku).
    fn from_str(s: &str) -> Result<Yaku, String> {
        Yaku::ALL
            .into_iter()
            .find(|y| y.name() == s)
            .ok_or_else(|| format!("unknown yaku {s:?}"))
    }
}

/// Yaku with their han (or, for dora, their count): a fixed-size list in the
/// standard order, no allocation.
///
/// ```
/// use tenpai::score::{Yaku, YakuList};
/// let mut l = YakuList::default();
/// l.set(Yaku::Riichi, 1);
/// l.set(Yaku::Dora, 2);
/// assert_eq!(l.iter().collect::<Vec<_>>(), [(Yaku::Riichi, 1), (Yaku::Dora, 2)]);
/// assert_eq!((l.han(), l.len(), l.get(Yaku::Dora)), (3, 2, 2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct YakuList {
    han: [u8; YAKU_KINDS],
}

impl Default for YakuList {
    fn default() -> YakuList {
        YakuList {
            han: [0; YAKU_KINDS],
        }
    }
}

impl YakuList {
    /// Sets a yaku's han (0 removes it).
    #[inline]
    pub fn set(&mut self, yaku: Yaku, han: u8) {
        self.han[yaku as usize] = han;
    }

    /// A yaku's han, 0 when absent.
    #[inline]
    pub fn get(&self, yaku: Yaku) -> u8 {
        self.han[yaku as usize]
    }

    /// Whether a yaku is present.
    #[inline]
    pub fn contains(&self, yaku: Yaku) -> bool {
        self.han[yaku as usize] != 0
    }

    /// The present yaku and their han, in the standard order.
    pub fn iter(&self) -> impl Iterator<Item = (Yaku, u8)> + '_ {
        Yaku::ALL
            .iter()
            .zip(&self.han)
            .filter(|(_, &h)| h != 0)
            .map(|(&y, &h)| (y, h))
    }

    /// Sum of the han.
    pub fn han(&self) -> u32 {
        self.han.iter().map(|&h| h as u32).sum()
    }

    /// Number of yaku present.
    pub fn len(&self) -> usize {
        self.han.iter().filter(|&&h| h != 0).count()
    }

    /// No yaku.
    pub fn is_empty(&self) -> bool {
        self.han.iter().all(|&h| h == 0)
    }

    /// Keeps only the yaku for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Yaku) -> bool) {
        for (y, h) in Yaku::ALL.iter().zip(self.han.iter_mut()) {
            if !keep(*y) {
                *h = 0;
            }
        }
    }
}

impl fmt::Debug for YakuList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(y, h)| (y.name(), h)))
            .finish()
    }
}

impl serde::Serialize for YakuList {
    /// A map `{name: han}` in the standard order.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.len()))?;
        for (y, h) in self.iter() {
            m.serialize_entry(y.name(), &h)?;
        }
        m.end()
    }
}

impl<'de> serde::Deserialize<'de> for YakuList {
    /// A map `{name: han}`; `renhou` with 13 or more is the yakuman.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<YakuList, D::Error> {
        let m: std::collections::BTreeMap<String, u8> = serde::Deserialize::deserialize(d)?;
        let mut l = YakuList::default();
        for (name, han) in m {
            let mut y: Yaku = name.parse().map_err(serde::de::Error::custom)?;
            if y == Yaku::Renhou && han >= 13 {
                y = Yaku::RenhouYakuman;
            }
            l.set(y, han);
        }
        Ok(l)
    }
}
