//! The rules a call sets in motion, written once for the engine, its legal
//! actions and the Monte Carlo rollouts: which kinds swap-calling (kuikae)
//! forbids to discard, whether a call leaves a discard it allows, and which
//! call makes its feeder liable (pao).
//!
//! Sources: riichi.wiki "Kuikae" (the called kind, and for a chi called at
//! one end the kind three away — suji kuikae — may not be discarded right
//! after the call; Tenhou and Mahjong Soul forbid both) and "Sekinin barai"
//! (the player whose discard completed the third dragon set or fourth wind
//! set by a pon or open kan is liable).

use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::tile::{Tile, TileCounts, TileSet, KINDS};

/// The kinds swap-calling (kuikae) forbids to discard right after calling
/// `called` into a chi or pon (`kind`) whose lowest tile is `lowest`: the
/// called kind, and for a chi called at one end the kind beyond the other
/// end. For a kan, nothing (a replacement tile is drawn).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::kuikae_forbidden;
/// use tenpai::MeldKind;
/// let t = |s: &str| s.parse::<tenpai::Tile>().unwrap();
/// // Chi of 4m with 5m 6m: neither 4m nor 7m may go.
/// assert_eq!(kuikae_forbidden(MeldKind::Chi, t("4m"), t("4m")).to_string(), "47m");
/// // Chi of 5m with 4m 6m (the middle): only 5m.
/// assert_eq!(kuikae_forbidden(MeldKind::Chi, t("5m"), t("4m")).to_string(), "5m");
/// // Chi of 9p with 7p 8p: 9p and 6p.
/// assert_eq!(kuikae_forbidden(MeldKind::Chi, t("9p"), t("7p")).to_string(), "69p");
/// assert_eq!(kuikae_forbidden(MeldKind::Pon, t("7z"), t("7z")).to_string(), "7z");
/// assert!(kuikae_forbidden(MeldKind::Kan, t("7z"), t("7z")).is_empty());
/// ```
pub fn kuikae_forbidden(kind: MeldKind, called: Tile, lowest: Tile) -> TileSet {
    let mut forbidden = TileSet::EMPTY;
    if matches!(kind, MeldKind::Kan | MeldKind::ClosedKan) {
        return forbidden;
    }
    forbidden.insert(called);
    if kind == MeldKind::Chi && !called.is_honor() {
        let i = called.index() as u8;
        let n = called.number();
        let beyond = if called == lowest && n <= 6 {
            Tile::new(i + 3)
        } else if called.index() == lowest.index() + 2 && n >= 4 {
            Tile::new(i - 3)
        } else {
            None
        };
        if let Some(t) = beyond {
            forbidden.insert(t);
        }
    }
    forbidden
}

/// Whether a hand left with the concealed `counts` after a call still holds
/// a tile it may discard, `forbidden` being what kuikae forbids (a call that
/// leaves only forbidden tiles may not be made).
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::kuikae_leaves_discard;
/// use tenpai::TileSet;
/// let h: tenpai::Hand = "47m".parse()?;
/// let forbidden: TileSet = ["4m", "7m"].iter().map(|t| t.parse().unwrap()).collect();
/// assert!(!kuikae_leaves_discard(h.concealed(), forbidden));
/// assert!(kuikae_leaves_discard(h.concealed(), TileSet::EMPTY));
/// # Ok::<(), tenpai::HandError>(())
/// ```
#[inline]
pub fn kuikae_leaves_discard(counts: &TileCounts, forbidden: TileSet) -> bool {
    counts
        .iter()
        .enumerate()
        .any(|(i, &c)| c > 0 && forbidden.bits() >> i & 1 == 0)
}

/// The seat liable (pao) once a seat's melds are `melds` (kind, lowest tile
/// and the seat it was called from, in call order): the seat that fed the
/// pon or open kan completing the third dragon set (daisangen) or the fourth
/// wind set (daisuushii), when `rules` make that yakuman liable. A set
/// completed by a closed kan makes nobody liable; a pon later made a kan
/// keeps its feeder.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::liable_seat;
/// use tenpai::rules::Rules;
/// use tenpai::MeldKind::{Chi, Pon, Kan};
/// let t = |s: &str| s.parse::<tenpai::Tile>().unwrap();
/// let melds = [(Pon, t("5z"), Some(2)), (Chi, t("1m"), Some(3)), (Kan, t("6z"), Some(1)), (Pon, t("7z"), Some(1))];
/// assert_eq!(liable_seat(melds, &Rules::tenhou()), Some(1));
/// assert_eq!(liable_seat(melds[..3].iter().copied(), &Rules::tenhou()), None);
/// ```
pub fn liable_seat(
    melds: impl IntoIterator<Item = (MeldKind, Tile, Option<u8>)>,
    rules: &Rules,
) -> Option<u8> {
    let pao = &rules.scoring.pao;
    let (mut dragons, mut winds) = (0, 0);
    for (kind, tile, from) in melds {
        if kind == MeldKind::Chi {
            continue;
        }
        if tile.is_dragon() {
            dragons += 1;
            if dragons == 3 && pao.daisangen {
                return from;
            }
        } else if tile.is_wind() {
            winds += 1;
            if winds == 4 && pao.daisuushii {
                return from;
            }
        }
    }
    None
}

/// Whether a hand of these concealed `counts` beside `melds` melds is a
/// thirteen-orphans tenpai (13 concealed terminals and honors of at least 12
/// kinds, no meld): the only hand that may rob a closed kan, when the rules
/// allow it.
///
/// # Panics
/// Never.
#[inline]
pub(crate) fn is_kokushi_tenpai(counts: &TileCounts, melds: usize) -> bool {
    if melds > 0 || counts.iter().map(|&c| c as usize).sum::<usize>() != 13 {
        return false;
    }
    let yao = |i: usize| Tile::new(i as u8).is_some_and(|t| t.is_terminal_or_honor());
    let kinds = (0..KINDS).filter(|&i| counts[i] > 0).count();
    (0..KINDS).all(|i| counts[i] == 0 || yao(i)) && kinds >= 12
}
