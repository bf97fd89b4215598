//! The scoring options: the `[scoring]` table of a rules file, with its
//! `[scoring.double_yakuman]` and `[scoring.pao]` tables.

use serde::{Deserialize, Serialize};

/// The scoring options: the `[scoring]` table.
///
/// ```
/// use tenpai::rules::{Renhou, Rules};
/// let mut r = Rules::tenhou();
/// r.scoring.renhou = Renhou::Yakuman;
/// r.scoring.double_wind_pair_fu = 2;
/// assert!(r.to_toml().contains("renhou = \"yakuman\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[non_exhaustive]
pub struct ScoringRules {
    /// Tanyao counts on an open hand (kuitan).
    pub open_tanyao: bool,
    /// Red fives in the set per suit (man, pin, sou); each one held is 1 han of aka
    /// dora. A hand with more is invalid.
    pub red_fives: [u8; 3],
    /// 4 han 30 fu and 3 han 60 fu are paid as mangan (kiriage mangan).
    pub kiriage_mangan: bool,
    /// 13 han or more from ordinary yaku and dora pay one yakuman (kazoe yakuman);
    /// otherwise they pay sanbaiman.
    pub kazoe_yakuman: bool,
    /// Different yakuman in one hand add up (e.g. tsuuiisou + daisangen = 2×);
    /// otherwise only the largest counts.
    pub multiple_yakuman: bool,
    /// Which yakuman count double.
    pub double_yakuman: DoubleYakuman,
    /// Fu for a pair of a wind that is both the seat and the round wind: 4 or 2.
    pub double_wind_pair_fu: u8,
    /// How renhou (a non-dealer's ron before their first draw) is scored.
    pub renhou: Renhou,
    /// Yakuman for which the player who fed the last meld can be liable (pao).
    pub pao: Pao,
}

impl Default for ScoringRules {
    /// Tenhou's scoring rules.
    fn default() -> ScoringRules {
        ScoringRules {
            open_tanyao: true,
            red_fives: [1, 1, 1],
            kiriage_mangan: false,
            kazoe_yakuman: true,
            multiple_yakuman: true,
            double_yakuman: DoubleYakuman::default(),
            double_wind_pair_fu: 4,
            renhou: Renhou::Off,
            pao: Pao::default(),
        }
    }
}

/// Which yakuman count double: the `[scoring.double_yakuman]` table. All off on
/// Tenhou, all on on Mahjong Soul.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[non_exhaustive]
pub struct DoubleYakuman {
    /// Kokushi musou won on a 13-sided wait (the pair is the winning tile).
    pub kokushi_13_wait: bool,
    /// Suuankou won on the pair (tanki).
    pub suuankou_tanki: bool,
    /// Junsei chuuren poutou: 1112345678999 waiting on all nine tiles.
    pub junsei_chuuren: bool,
    /// Daisuushii (four wind triplets).
    pub daisuushii: bool,
}

/// How renhou is scored: `"off"`, `"mangan"` or `"yakuman"` in TOML.
///
/// ```
/// let r = tenpai::rules::Rules::from_toml_str("[scoring]\nrenhou = \"mangan\"\n", "x")?;
/// assert_eq!(r.scoring.renhou, tenpai::rules::Renhou::Mangan);
/// # Ok::<(), tenpai::rules::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Renhou {
    /// Not a yaku (Tenhou, Mahjong Soul).
    #[default]
    Off,
    /// A 5-han yaku that adds to the others (so at least mangan).
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// Yakuman for which pao (liability) applies: the `[scoring.pao]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[non_exhaustive]
pub struct Pao {
    /// Daisangen, for the player who fed the third dragon meld.
    pub daisangen: bool,
    /// Daisuushii, for the player who fed the fourth wind meld.
    pub daisuushii: bool,
    /// Suukantsu, for the player who fed the fourth kan.
    pub suukantsu: bool,
    /// What the liable player answers for when the hand holds other yakuman
    /// too: the whole hand (Tenhou) or only the liable yakuman (Mahjong Soul).
    pub scope: PaoScope,
}

/// What a liable (pao) player answers for: `"whole_hand"` or `"pao_yakuman"` in
/// TOML. Either way the liable player pays all the honba. It matters only
/// when the hand holds another yakuman besides the liable one (daisangen +
/// tsuuiisou, say); the rest is then paid as usual (by the discarder on a ron,
/// shared by everyone on a tsumo).
///
/// Sources: RiichiEnv `docs/RULES.md` (`yakuman_pao_is_liability_only`, false
/// for Tenhou, true for Mahjong Soul); riichi.wiki "Sekinin barai", "Point
/// exchanges" (both variants).
///
/// ```
/// let r = tenpai::rules::Rules::mahjongsoul();
/// assert_eq!(r.scoring.pao.scope, tenpai::rules::PaoScope::PaoYakuman);
/// assert_eq!(tenpai::rules::Rules::tenhou().scoring.pao.scope, tenpai::rules::PaoScope::WholeHand);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PaoScope {
    /// The liable player pays the whole hand (a tsumo) or half of it (a ron).
    #[default]
    WholeHand,
    /// The liable player pays only the liable yakuman's value (all of it on a
    /// tsumo, half on a ron).
    PaoYakuman,
}

impl Default for Pao {
    /// Daisangen and daisuushii, as on Tenhou.
    fn default() -> Pao {
        Pao {
            daisangen: true,
            daisuushii: true,
            suukantsu: false,
            scope: PaoScope::WholeHand,
        }
    }
}
