//! Riichi scoring: yaku, han, fu and payments, as Tenhou and Mahjong Soul pay
//! them, with rule options read from TOML.
//!
//! [`score`] takes a [`Situation`] (the hand with its winning tile and how it was
//! won) and [`Rules`], checks the situation, reads the hand every possible way
//! (each decomposition into melds and a pair, seven pairs, thirteen orphans, and
//! each place the winning tile can take in it, which decides the wait) and keeps
//! the reading that pays most; ties go to a yakuman, then to more han, then to
//! more fu. Dora, aka dora and ura dora count only when the hand has a yaku.
//!
//! - [`situation`](Situation): the input; [`json`] reads and writes it in the JSON
//!   lines format of the shared test vectors, and writes results in their
//!   `expected` format.
//! - [`Rules`]: options and the presets `tenhou` and `mahjongsoul`
//!   (`data/rules/*.toml`).
//! - [`yakuless_waits`]: which waits of a ready hand win with a yaku (the
//!   waits shown to players count only those).
//! - [`Yaku`] and [`YakuList`]; fu and readings ([`FuBreakdown`], [`Reading`],
//!   [`Wait`]); payments ([`basic_points`], [`payment`], [`Limit`]).
//!
//! Scoring allocates nothing: decompositions are visited in place.
//!
//! ```
//! use tenpai::score::{score, Situation, Payment, Riichi, Yaku};
//! use tenpai::rules::Rules;
//! let mut s = Situation::new("123m456p789s11z555z".parse()?, "1z".parse()?);
//! s.tsumo = true;
//! s.riichi = Riichi::Declared;
//! let sc = score(&s, &Rules::tenhou())?;
//! assert_eq!(sc.yaku.iter().collect::<Vec<_>>(),
//!     [(Yaku::Riichi, 1), (Yaku::MenzenTsumo, 1), (Yaku::YakuhaiHaku, 1)]);
//! // 20 base + 2 tsumo + 2 tanki + 4 double-wind pair + 8 concealed 555z = 36 → 40 fu
//! assert_eq!((sc.han, sc.fu), (3, 40));
//! assert_eq!(sc.payment, Payment::Tsumo { dealer: 0, non_dealer: 2600 });
//! assert_eq!(sc.total, 7800);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod best;
mod decompose;
mod error;
mod evaluate;
mod fu;
pub mod json;
mod points;
mod result;
mod situation;
mod waits;
mod yaku;

use crate::rules::Rules;
pub use error::{InvalidSituation, ScoreError};
pub use fu::{FuBreakdown, FuItem, FuSource, Group, GroupKind, Reading, Wait};
pub use points::{basic_points, limit_basic, payment, Limit, Payment, HONBA_POINTS, RIICHI_STICK};
pub use result::Score;
pub use situation::{Indicator, MeldOrigin, Riichi, Situation, Timing, MAX_COUNTER};
pub use waits::{mark_yakuless_discards, mark_yakuless_waits, yakuless_waits, WinContext};
pub use yaku::{is_yakuhai, Yaku, YakuList, YAKU_KINDS};

/// Scores a win: the best reading's yaku, han, fu and payments.
///
/// # Errors
/// [`ScoreError::Invalid`] when the situation cannot happen (see
/// [`Situation::validate`]), [`ScoreError::NotAgari`] when the tiles are not a
/// complete hand, [`ScoreError::NoYaku`] when no reading has a yaku.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::score::{score, ScoreError, Situation};
/// use tenpai::rules::Rules;
/// let rules = Rules::tenhou();
/// // Open hand, no yaku: dora alone do not make a win.
/// let mut s = Situation::new("234m567p88s [789s] [111p]".parse()?, "8s".parse()?);
/// s.dora_indicators = vec!["7s".parse()?];
/// assert_eq!(score(&s, &rules), Err(ScoreError::NoYaku));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score(situation: &Situation, rules: &Rules) -> Result<Score, ScoreError> {
    situation.validate(rules)?;
    score_unchecked(situation, rules)
}

/// Scores a situation already checked with [`Situation::validate`] under the
/// same rules (for callers that score one situation many times). On a situation
/// that fails validation the result is meaningless, but still no panic.
///
/// # Errors
/// [`ScoreError::NotAgari`] or [`ScoreError::NoYaku`].
///
/// # Panics
/// Never for a validated situation.
///
/// ```
/// use tenpai::score::{score_unchecked, Situation};
/// use tenpai::rules::Rules;
/// let rules = Rules::tenhou();
/// let s = Situation::new("22m345678p345567s".parse()?, "8p".parse()?);
/// s.validate(&rules)?;
/// assert_eq!(score_unchecked(&s, &rules)?.fu, 30); // pinfu ron
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score_unchecked(situation: &Situation, rules: &Rules) -> Result<Score, ScoreError> {
    let r = &rules.scoring;
    let best = best::best(situation, r)?;
    let (payment, total) = points::payment(
        best.basic,
        situation.is_dealer(),
        situation.tsumo,
        situation.honba,
    );
    let mut pao = YakuList::default();
    if best.yakuman > 0 {
        let called = |f: fn(crate::Tile) -> bool| {
            situation
                .hand
                .melds()
                .iter()
                .any(|m| m.is_open() && f(m.tile()))
        };
        let kans_called = situation
            .hand
            .melds()
            .iter()
            .any(|m| m.is_open() && m.is_kan());
        for (y, rule, possible) in [
            (
                Yaku::Daisangen,
                r.pao.daisangen,
                called(crate::Tile::is_dragon),
            ),
            (
                Yaku::Daisuushii,
                r.pao.daisuushii,
                called(crate::Tile::is_wind),
            ),
            (Yaku::Suukantsu, r.pao.suukantsu, kans_called),
        ] {
            if rule && possible {
                pao.set(y, best.yaku.get(y));
            }
        }
    }
    Ok(Score {
        han: best.han,
        fu: best.fu,
        yaku: best.yaku,
        yakuman: best.yakuman,
        fu_breakdown: best.fu_breakdown,
        limit: best.limit,
        basic_points: best.basic,
        payment,
        total,
        kyoutaku_points: RIICHI_STICK * situation.kyoutaku,
        reading: best.reading,
        pao,
    })
}
