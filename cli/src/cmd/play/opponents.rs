//! Who sits at the AI seats of `tenpai play`: one kind for all of them, or
//! one per seat — tenpai's players (`mc`, `baseline`, `random`) or an
//! external mjai bot (`cmd:COMMAND`) — and the players made from them.

use anyhow::{bail, Context, Result};
use std::fmt;
use tenpai::ai::mc::McPlayer;
use tenpai::ai::BaselinePlayer;
use tenpai::arena::{seat_seed, PlayerKind};
use tenpai::bot::{BotHandle, ExternalBot, Faults};
use tenpai::game::{Player, RandomPlayer, SeatIndex};
use tenpai::rules::Rules;

/// The kind of player at each seat; `None` at the person's seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Opponents {
    seats: [Option<PlayerKind>; 4],
}

impl Opponents {
    /// Seats `kinds` around the person at `me` (`None` when watching): one
    /// kind for every AI seat, or one per AI seat in seat order (E, S, W, N
    /// without the person's seat).
    ///
    /// # Errors
    /// Any other number of kinds, naming what was expected.
    pub fn seat(kinds: &[PlayerKind], me: Option<u8>) -> Result<Opponents> {
        let ai_seats: Vec<u8> = (0..4u8).filter(|&s| Some(s) != me).collect();
        let mut seats: [Option<PlayerKind>; 4] = Default::default();
        match kinds {
            [one] => {
                for &s in &ai_seats {
                    seats[s as usize] = Some(one.clone());
                }
            }
            many if many.len() == ai_seats.len() => {
                for (&s, k) in ai_seats.iter().zip(many) {
                    seats[s as usize] = Some(k.clone());
                }
            }
            _ => bail!(
                "expected one player for all AI seats or {} ({}), got {}",
                ai_seats.len(),
                ai_seats
                    .iter()
                    .map(|&s| seat_letter(s).to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                kinds.len()
            ),
        }
        Ok(Opponents { seats })
    }

    /// The kind at `seat`; `None` for the person's seat.
    pub fn at(&self, seat: u8) -> Option<&PlayerKind> {
        self.seats.get(seat as usize)?.as_ref()
    }

    /// Some seat holds the Monte Carlo AI.
    pub fn any_mc(&self) -> bool {
        self.seats
            .iter()
            .any(|k| matches!(k, Some(PlayerKind::Mc(_))))
    }

    /// Every AI seat holds the first baseline (and some seat is an AI).
    pub fn all_baseline_v1(&self) -> bool {
        self.same() == Some(&PlayerKind::BaselineV1)
    }

    /// Every AI seat holds the same kind.
    fn same(&self) -> Option<&PlayerKind> {
        let mut kinds = self.seats.iter().flatten();
        let first = kinds.next()?;
        kinds.all(|k| k == first).then_some(first)
    }
}

impl fmt::Display for Opponents {
    /// `mc` when all are alike, else `S baseline, W cmd:bot {seat}, N mc`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(k) = self.same() {
            return write!(f, "{k}");
        }
        let each: Vec<String> = (0..4u8)
            .filter_map(|s| Some(format!("{} {}", seat_letter(s), self.at(s)?)))
            .collect();
        f.write_str(&each.join(", "))
    }
}

/// `E`, `S`, `W`, `N` for seats 0–3.
pub fn seat_letter(seat: u8) -> char {
    ['E', 'S', 'W', 'N'][seat as usize % 4]
}

/// A player at an AI seat: one of tenpai's, or an external bot whose faults
/// are read after the game.
pub enum Opponent {
    /// tenpai's own player.
    Own(Box<dyn Player + Send>),
    /// An external mjai bot (its process ends when it is dropped).
    Bot(Box<ExternalBot>),
}

impl Opponent {
    /// The player.
    pub fn player(&mut self) -> &mut (dyn Player + Send) {
        match self {
            Opponent::Own(p) => p.as_mut(),
            Opponent::Bot(b) => b.as_mut(),
        }
    }

    /// The handle that ends an external bot's process; `None` for tenpai's
    /// own players.
    pub fn handle(&self) -> Option<BotHandle> {
        match self {
            Opponent::Own(_) => None,
            Opponent::Bot(b) => Some(b.handle()),
        }
    }

    /// An external bot's faults so far; `None` for tenpai's own players.
    pub fn faults(&self) -> Option<&Faults> {
        match self {
            Opponent::Own(_) => None,
            Opponent::Bot(b) => Some(b.faults()),
        }
    }
}

/// The player of `kind` at `seat` in the game of wall seed `seed`; a Monte
/// Carlo player thinks as its settings say and calls `on_decision` (when
/// given) after each decision, an external bot's faults are played by the
/// baseline.
///
/// # Errors
/// An external bot's process cannot be started (the command named).
pub fn make(
    kind: &PlayerKind,
    rules: &Rules,
    seed: u64,
    seat: SeatIndex,
    on_decision: Option<tenpai::ai::mc::DecisionHook>,
) -> Result<Opponent> {
    let own = seat_seed(seed, seat.get());
    Ok(Opponent::Own(match kind {
        PlayerKind::Random => Box::new(RandomPlayer::new(own)),
        k @ (PlayerKind::Baseline
        | PlayerKind::BaselineV1
        | PlayerKind::BaselineV2
        | PlayerKind::BaselineV3
        | PlayerKind::BaselineLearned) => match k.baseline_player(rules) {
            Some(b) => Box::new(b),
            None => Box::new(BaselinePlayer::new(rules)),
        },
        PlayerKind::Mc(settings) => {
            let mc = McPlayer::with_settings(rules, *settings, own);
            match on_decision {
                None => Box::new(mc),
                Some(hook) => Box::new(mc.on_decision(hook)),
            }
        }
        PlayerKind::Cmd { command, timeout } => {
            let fallback = Box::new(BaselinePlayer::new(rules));
            let bot = ExternalBot::spawn(command, seat, rules, *timeout, fallback)
                .with_context(|| format!("--opponents cmd:{command}: cannot start it"))?;
            return Ok(Opponent::Bot(Box::new(bot)));
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<PlayerKind> {
        crate::cmd::parse_players(text).unwrap()
    }

    #[test]
    fn opponents_ok_one_kind_or_one_per_seat() {
        let all = Opponents::seat(&kinds("baseline"), Some(1)).unwrap();
        assert_eq!(all.at(1), None);
        assert_eq!(all.at(3), Some(&PlayerKind::Baseline));
        assert_eq!(all.to_string(), "baseline");
        let each = Opponents::seat(&kinds("mc,cmd:bot {seat},random"), Some(1)).unwrap();
        assert_eq!(each.at(2).unwrap().to_string(), "cmd:bot {seat}");
        assert!(each.any_mc());
        assert_eq!(each.to_string(), "E mc, W cmd:bot {seat}, N random");
        let watched = Opponents::seat(&kinds("mc,mc,baseline,mc"), None).unwrap();
        assert_eq!(watched.to_string(), "E mc, S mc, W baseline, N mc");
    }

    #[test]
    fn opponents_err_wrong_count() {
        let e = Opponents::seat(&kinds("mc,baseline"), Some(0)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected one player for all AI seats or 3 (S, W, N), got 2"
        );
        let e = Opponents::seat(&kinds("mc,baseline,mc"), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected one player for all AI seats or 4 (E, S, W, N), got 3"
        );
    }
}
