//! Who may declare riichi, written once for the engine (the `reach` event),
//! its legal actions and the Monte Carlo rollouts.
//!
//! Sources: tenhou.net/man and riichi.wiki "Riichi": a closed hand, not yet
//! in riichi, with the points of the stick ([`GameRules::riichi_min_points`])
//! and enough tiles left for a draw of one's own ([`GameRules::riichi_min_wall`]),
//! that some discard leaves tenpai ([`riichi_possible`]).

use crate::rules::GameRules;
use crate::tile::{TileCounts, KINDS};

/// Why a seat may not declare riichi now.
///
/// ```
/// use tenpai::game::RiichiRefusal;
/// let r = RiichiRefusal::Points { points: 900, need: 1000 };
/// assert_eq!(r.to_string(), "900 points, fewer than 1000");
/// ```
///
/// In JSON (it is part of [`crate::view::Choices`]), tagged by its kind:
/// `{"refusal":"points","points":900,"need":1000}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
#[non_exhaustive]
pub enum RiichiRefusal {
    /// The seat is in riichi already (or has declared it).
    #[error("already in riichi")]
    AlreadyInRiichi,
    /// The hand has a called meld.
    #[error("the hand is open")]
    Open,
    /// The seat has fewer points than the rules ask.
    #[error("{points} points, fewer than {need}")]
    Points {
        /// The seat's points.
        points: i32,
        /// The points the rules ask.
        need: i32,
    },
    /// The live wall has fewer tiles than the rules ask.
    #[error("{left} tiles left in the wall, fewer than {need}")]
    Wall {
        /// Tiles left in the live wall.
        left: u8,
        /// The tiles the rules ask ([`GameRules::riichi_min_wall`]).
        need: u8,
    },
    /// No discard leaves the hand tenpai.
    #[error("no discard leaves the hand tenpai")]
    NotTenpai,
}

/// Whether a seat may declare riichi as far as the table goes — not yet in
/// riichi (`in_riichi`), a `closed` hand, `points` and the `live_left` wall
/// the `rules` ask — leaving out whether its hand can be tenpai
/// ([`riichi_possible`]).
///
/// # Errors
/// The first [`RiichiRefusal`] that applies, in the order above.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{riichi_allowed, RiichiRefusal};
/// let rules = tenpai::rules::GameRules::default(); // 1,000 points, 4 tiles
/// assert_eq!(riichi_allowed(false, true, 25000, 4, &rules), Ok(()));
/// assert_eq!(riichi_allowed(false, true, 25000, 3, &rules), Err(RiichiRefusal::Wall { left: 3, need: 4 }));
/// assert_eq!(riichi_allowed(false, false, 25000, 70, &rules), Err(RiichiRefusal::Open));
/// ```
pub fn riichi_allowed(
    in_riichi: bool,
    closed: bool,
    points: i32,
    live_left: u8,
    rules: &GameRules,
) -> Result<(), RiichiRefusal> {
    if in_riichi {
        Err(RiichiRefusal::AlreadyInRiichi)
    } else if !closed {
        Err(RiichiRefusal::Open)
    } else if points < rules.riichi_min_points {
        Err(RiichiRefusal::Points {
            points,
            need: rules.riichi_min_points,
        })
    } else if live_left < rules.riichi_min_wall {
        Err(RiichiRefusal::Wall {
            left: live_left,
            need: rules.riichi_min_wall,
        })
    } else {
        Ok(())
    }
}

/// Whether the 3n+2 concealed `hand` (`[u8; 34]` counts) can discard a tile
/// and be tenpai ([`crate::waits()`] of the rest not empty).
///
/// # Panics
/// Never.
///
/// ```
/// let h: tenpai::Hand = "123m456p789s1z234s5z".parse()?;
/// assert!(tenpai::game::riichi_possible(h.concealed()));
/// let h: tenpai::Hand = "139m456p789s1z234s5z".parse()?;
/// assert!(!tenpai::game::riichi_possible(h.concealed()));
/// # Ok::<(), tenpai::HandError>(())
/// ```
pub fn riichi_possible(hand: &TileCounts) -> bool {
    if !matches!(crate::shanten(hand), Ok(-1 | 0)) {
        return false;
    }
    (0..KINDS).any(|i| {
        hand[i] > 0 && {
            let mut h = *hand;
            h[i] -= 1;
            crate::waits::is_tenpai(&h)
        }
    })
}
