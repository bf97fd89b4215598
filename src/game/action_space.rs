//! A fixed numbering of every [`Action`], for learning agents: an action mask
//! is a vector of [`ACTION_SPACE`] flags, and at any moment the legal actions
//! of a seat have distinct numbers (so a number names one legal action).
//! The numbering is documented on [`ACTION_SPACE`].

use super::legal::Action;
use super::pai::Pai;

/// Number of action indices. Index by index:
///
/// | index | action |
/// |---|---|
/// | 0–36 | discard a tile from the hand: 0–33 by kind (1m … 7z), 34–36 the red 5m, 5p, 5s |
/// | 37–73 | discard the tile just drawn (tsumogiri), numbered as above + 37 |
/// | 74–110 | riichi with a discard from the hand (as above + 74) |
/// | 111–147 | riichi with the tile just drawn (as above + 111) |
/// | 148 | tsumo |
/// | 149 | ron |
/// | 150–155 | chi: 150 + position of the called tile in the sequence (0 lowest, 1 middle, 2 highest), + 3 when a red five is among the two tiles from the hand |
/// | 156, 157 | pon without, with a red five from the hand |
/// | 158 | open kan on the discard (daiminkan) |
/// | 159–192 | closed kan (ankan), 159 + tile kind |
/// | 193–226 | added kan (kakan), 193 + tile kind |
/// | 227 | nine terminals (abort the round) |
/// | 228 | pass |
pub const ACTION_SPACE: usize = 229;

const DISCARD: usize = 0;
const TSUMOGIRI: usize = 37;
const RIICHI: usize = 74;
const RIICHI_TSUMOGIRI: usize = 111;
const TSUMO: usize = 148;
const RON: usize = 149;
const CHI: usize = 150;
const PON: usize = 156;
const DAIMINKAN: usize = 158;
const ANKAN: usize = 159;
const KAKAN: usize = 193;
const NINE_TERMINALS: usize = 227;
const PASS: usize = 228;

/// 0–33 by kind, 34–36 for the red 5m, 5p, 5s; `None` for a hidden tile.
#[inline]
fn pai_number(p: Pai) -> Option<usize> {
    p.number()
}

/// The index of `action` in the fixed action space. `called` is the tile a
/// chi takes (the discard); it is read for chi only.
///
/// `None` when the action cannot be numbered: a chi without a called tile or
/// whose tiles do not form a sequence with it, or a hidden tile.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{action_index, Action, Pai};
/// let p = |s: &str| s.parse::<Pai>().unwrap();
/// let discard = Action::Discard { pai: p("5mr"), tsumogiri: false };
/// assert_eq!(action_index(&discard, None), Some(34));
/// let riichi = Action::Riichi { pai: p("E"), tsumogiri: true };
/// assert_eq!(action_index(&riichi, None), Some(111 + 27));
/// // Chi of a discarded 4p with 5p (red) and 6p: the called tile is the lowest.
/// let chi = Action::Chi { consumed: [p("5pr"), p("6p")] };
/// assert_eq!(action_index(&chi, Some(p("4p"))), Some(150 + 0 + 3));
/// assert_eq!(action_index(&chi, None), None);
/// assert_eq!(action_index(&Action::Pass, None), Some(228));
/// ```
// Inlined: a batch of games numbers every legal action of every decision.
#[inline]
pub fn action_index(action: &Action, called: Option<Pai>) -> Option<usize> {
    Some(match action {
        Action::Discard { pai, tsumogiri } => {
            pai_number(*pai)? + if *tsumogiri { TSUMOGIRI } else { DISCARD }
        }
        Action::Riichi { pai, tsumogiri } => {
            pai_number(*pai)? + if *tsumogiri { RIICHI_TSUMOGIRI } else { RIICHI }
        }
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::Chi { consumed } => {
            let c = called?.tile()?;
            let a = consumed[0].tile()?;
            let b = consumed[1].tile()?;
            let (lo, hi) = (a.min(b).index(), a.max(b).index());
            let (c, run) = (c.index(), |x: usize, y: usize, z: usize| {
                x + 1 == y && y + 1 == z
            });
            if c >= 27 || hi >= 27 || c / 9 != lo / 9 || c / 9 != hi / 9 {
                return None;
            }
            let position = if run(c, lo, hi) {
                0
            } else if run(lo, c, hi) {
                1
            } else if run(lo, hi, c) {
                2
            } else {
                return None;
            };
            let red = consumed.iter().any(|p| p.is_red());
            CHI + position + if red { 3 } else { 0 }
        }
        Action::Pon { consumed } => PON + usize::from(consumed.iter().any(|p| p.is_red())),
        Action::Daiminkan => DAIMINKAN,
        Action::Ankan { tile } => ANKAN + tile.index(),
        Action::Kakan { pai } => KAKAN + pai.tile()?.index(),
        Action::NineTerminals => NINE_TERMINALS,
        Action::Pass => PASS,
    })
}

/// A short English name of an action index, e.g. `discard 5m`,
/// `riichi 0p (tsumogiri)`, `chi (called tile lowest, red five)`; `None` past
/// [`ACTION_SPACE`]. Tiles are in mpsz notation, red fives as `0`.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::action_name;
/// assert_eq!(action_name(34).as_deref(), Some("discard 0m"));
/// assert_eq!(action_name(37 + 27).as_deref(), Some("discard 1z (tsumogiri)"));
/// assert_eq!(action_name(152).as_deref(), Some("chi (called tile highest)"));
/// assert_eq!(action_name(159).as_deref(), Some("closed kan 1m"));
/// assert_eq!(action_name(229), None);
/// ```
pub fn action_name(index: usize) -> Option<String> {
    let tile = |n: usize| -> String {
        if n >= 34 {
            format!("0{}", ['m', 'p', 's'][n - 34])
        } else {
            crate::Tile::new(n as u8).map_or_else(String::new, |t| t.to_string())
        }
    };
    let position = ["lowest", "middle", "highest"];
    Some(match index {
        i if i < TSUMOGIRI => format!("discard {}", tile(i)),
        i if i < RIICHI => format!("discard {} (tsumogiri)", tile(i - TSUMOGIRI)),
        i if i < RIICHI_TSUMOGIRI => format!("riichi {}", tile(i - RIICHI)),
        i if i < TSUMO => format!("riichi {} (tsumogiri)", tile(i - RIICHI_TSUMOGIRI)),
        TSUMO => "tsumo".into(),
        RON => "ron".into(),
        i if i < CHI + 3 => format!("chi (called tile {})", position[i - CHI]),
        i if i < PON => format!("chi (called tile {}, red five)", position[i - CHI - 3]),
        PON => "pon".into(),
        i if i == PON + 1 => "pon (red five)".into(),
        DAIMINKAN => "open kan".into(),
        i if i < KAKAN => format!("closed kan {}", tile(i - ANKAN)),
        i if i < NINE_TERMINALS => format!("added kan {}", tile(i - KAKAN)),
        NINE_TERMINALS => "nine terminals".into(),
        PASS => "pass".into(),
        _ => return None,
    })
}
