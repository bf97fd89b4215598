//! Short names of actions and hands, as reports, hint panels and decision
//! logs print them (the tables, JSON and CSV around them are the CLI's).

use crate::game::{Action, Observation, Pai};

/// A short name of an action: `discard 0m`, `riichi 3p`, `tsumo`, `ron`,
/// `chi 46m` (the two tiles from the hand), `pon 55p`, `kan` (open, on the
/// discard), `ankan 1z`, `kakan 5p`, `nine terminals`, `pass`.
///
/// ```
/// use tenpai::ai::mc::action_label;
/// use tenpai::game::Action;
/// let a = Action::Discard { pai: "5mr".parse()?, tsumogiri: false };
/// assert_eq!(action_label(&a), "discard 0m");
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn action_label(a: &Action) -> String {
    let two = |c: &[Pai; 2]| {
        let (x, y) = (c[0].mpsz(), c[1].mpsz());
        if x.ends_with(y.chars().last().unwrap_or(' ')) && x.len() == 2 && y.len() == 2 {
            format!("{}{}", &x[..1], y)
        } else {
            format!("{x}{y}")
        }
    };
    match a {
        Action::Discard { pai, .. } => format!("discard {}", pai.mpsz()),
        Action::Riichi { pai, .. } => format!("riichi {}", pai.mpsz()),
        Action::Tsumo => "tsumo".into(),
        Action::Ron => "ron".into(),
        Action::Chi { consumed } => format!("chi {}", two(consumed)),
        Action::Pon { consumed } => format!("pon {}", two(consumed)),
        Action::Daiminkan => "kan".into(),
        Action::Ankan { tile } => format!("ankan {tile}"),
        Action::Kakan { pai } => format!("kakan {}", pai.mpsz()),
        Action::NineTerminals => "nine terminals".into(),
        Action::Pass => "pass".into(),
    }
}

/// The seat's hand in hand notation with its melds: `123m456p11z [789s]`
/// (or the bare tiles when they do not make a valid hand).
///
/// ```
/// let o = tenpai::game::Observation::of(&tenpai::game::State::new(tenpai::rules::Rules::tenhou()), tenpai::game::SeatIndex::ALL[0]);
/// assert_eq!(tenpai::ai::mc::hand_text(&o), "");
/// ```
pub fn hand_text(obs: &Observation) -> String {
    match obs.own_hand().ok() {
        Some(h) => h.to_string(),
        None => obs.hand.iter().map(|p| p.mpsz()).collect(),
    }
}
