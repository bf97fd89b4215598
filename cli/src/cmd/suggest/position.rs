//! The position `suggest` asks about: given by flags (built by the library's
//! [`Position`] builder: the dealer from the round, the other hands' sizes,
//! the live wall, the seat's decision by the rules) or a position of a game
//! log (its events applied to the engine).

use super::Args;
use anyhow::{anyhow, bail, Context, Result};
use std::path::Path;
use tenpai::game::{
    legal_actions, Event, GameError, Pai, Position, PositionError, RoundId, SeatIndex, State,
};
use tenpai::log;
use tenpai::rules::Rules;
use tenpai::Tile;

/// An ordered mpsz tile list (`19m4z` is 1m 9m 4z; `0` is a red five).
fn tile_list(name: &str, text: &str) -> Result<Vec<Pai>> {
    let tiles = Tile::parse_list(text).with_context(|| format!("{name} {text:?}"))?;
    Ok(tiles.into_iter().map(|(t, red)| Pai::new(t, red)).collect())
}

/// The state of a situation given by flags (the seat's own turn), and the
/// seat.
///
/// # Errors
/// A flag that does not parse or does not fit, named.
pub fn from_flags(args: &Args, rules: &Rules) -> Result<(State, SeatIndex)> {
    // A situation from flags is seat 0's unless --seat names another.
    let seat = args.seat.unwrap_or(SeatIndex::ALL[0]);
    let text = args.hand.as_deref().unwrap_or("");
    let hand = crate::cmd::parse_hand_arg("--hand", text)?;
    let drawn = args.drawn;
    let round = args.round;
    // `--honba`, or the round's own `-N`.
    let honba = if args.honba > 0 {
        args.honba
    } else {
        round.honba()
    };
    let round = RoundId::new(round.round_wind(), round.dealer(), honba, 0);
    let mut position = Position::new(seat, round)
        .hand(&hand, drawn)
        .kyoutaku(args.kyoutaku);
    if let Some(rivers) = &args.rivers {
        for (s, river) in SeatIndex::ALL.into_iter().zip(&rivers.0) {
            position = position.river(s, river);
        }
    }
    // A seat given twice would lose one of them: all of a seat's melds go
    // in one --melds, its riichi in one --riichi.
    let twice = |option: &str, a: &str, b: &str| crate::UsageError {
        command: "suggest",
        message: format!(
            "{option} {a:?} and {option} {b:?} name the same seat: give each seat once{}",
            if option == "--melds" {
                " (all its melds in one: 1=[111z][555z])"
            } else {
                ""
            }
        ),
    };
    for (i, m) in args.melds.iter().enumerate() {
        if let Some(first) = args.melds[..i].iter().find(|o| o.seat == m.seat) {
            return Err(twice("--melds", &first.text, &m.text).into());
        }
    }
    for (i, r) in args.riichi.iter().enumerate() {
        if let Some(first) = args.riichi[..i].iter().find(|o| o.seat == r.seat) {
            return Err(twice("--riichi", &first.text, &r.text).into());
        }
    }
    for m in &args.melds {
        if m.seat == seat {
            bail!(
                "--melds {:?}: the seat must be another seat than --seat {seat}",
                m.text
            );
        }
        position = position.melds(m.seat, &m.melds);
    }
    let mut riichi_flags = [None; 4];
    for r in &args.riichi {
        riichi_flags[r.seat.index()] = Some(r.text.as_str());
        position = position.riichi(r.seat, r.discard);
    }
    position = position.dora_indicators(&tile_list("--dora", &args.dora)?);
    position = position.scores(args.scores.0);
    if let Some(left) = args.left {
        position = position.live_left(left);
    }
    let state = position.build(rules).map_err(|e| match e {
        PositionError::HandSize { .. } | PositionError::NeedsDrawn => {
            let why = match e {
                PositionError::NeedsDrawn => {
                    "name the tile just drawn with --drawn (a closed hand's turn follows a draw)"
                        .to_string()
                }
                e => e.to_string(),
            };
            anyhow!("--hand {text:?}: {why}")
        }
        PositionError::DrawnNotHeld { pai } => anyhow!("--drawn {:?}: not in the hand", pai.mpsz()),
        PositionError::NoSuchDiscard { seat: s, n } => {
            let flag = riichi_flags[s as usize % 4].unwrap_or("");
            if n == 0 && flag.contains('@') {
                anyhow!("--riichi {flag:?}: discards are counted from 1 (@1: the seat's first)")
            } else if n == 0 {
                anyhow!("--riichi {flag:?}: the seat has no discard to declare with")
            } else {
                anyhow!("--riichi {flag:?}: no such discard")
            }
        }
        PositionError::Engine(ref g @ GameError::RiichiNotReady { seat: s, .. }) => {
            let flag = riichi_flags[usize::from(s) % 4].unwrap_or("");
            anyhow!("--riichi {flag:?}: {g}")
        }
        PositionError::TooManyTiles => anyhow!("the flags show more tiles than a game holds"),
        e => anyhow!("the position the flags give: {e}"),
    })?;
    Ok((state, seat))
}

/// The events before which a seat (`seat`, or any) has a decision, as
/// `decisions are before events 2, 4-6, 9, … (412 in all)`.
fn decisions(
    events: impl Iterator<Item = Event>,
    rules: &Rules,
    seat: Option<SeatIndex>,
) -> String {
    let mut state = State::new(rules.clone());
    let mut at = Vec::new();
    for (i, e) in events.enumerate() {
        let seats = seat
            .as_ref()
            .map_or(&SeatIndex::ALL[..], std::slice::from_ref);
        if seats.iter().any(|&s| !legal_actions(&state, s).is_empty()) {
            at.push(i);
        }
        if state.apply(&e).is_err() {
            break;
        }
    }
    let mut ranges: Vec<String> = Vec::new();
    let mut k = 0;
    while k < at.len() {
        let start = at[k];
        while k + 1 < at.len() && at[k + 1] == at[k] + 1 {
            k += 1;
        }
        ranges.push(if at[k] == start {
            start.to_string()
        } else {
            format!("{start}-{}", at[k])
        });
        k += 1;
    }
    let who = seat.map_or("a seat".to_string(), |s| format!("seat {s}"));
    match ranges.len() {
        0 => format!("{who} has no decision in this log"),
        n if n <= 12 => format!("{who} decides before events {}", ranges.join(", ")),
        _ => format!(
            "{who} decides before events {}, … ({} in all)",
            ranges[..12].join(", "),
            at.len()
        ),
    }
}

/// The state before event `n` of a log, the seat that decides there (`seat`,
/// or the first with a decision), and event `n` (what was played).
pub fn from_log(
    path: &Path,
    n: usize,
    seat: Option<SeatIndex>,
    asked: &log::RulesAsked,
) -> Result<(State, SeatIndex, Option<Event>, Rules)> {
    let game = crate::cmd::read_log(path)?;
    // --rules and --length hold for a log that records no rules; a log
    // that records others refuses them.
    let read = game
        .rules_for(asked)
        .map_err(|e| anyhow!("--log {}: {e}", path.display()))?;
    for w in &read.warnings {
        eprintln!("warning: --log {}: {w}", path.display());
    }
    let rules = read.rules;
    let count = game.event_count();
    let where_ = || decisions(game.events(), &rules, seat);
    if n > count {
        bail!(
            "--event {n}: the log has {}, so N is 0 to {count}; {}",
            crate::cmd::count(count, "event"),
            where_()
        );
    }
    // The events are applied as they come from the imported game, not
    // copied into a list first.
    let mut events = game.events();
    let mut state = State::new(rules.clone());
    for (i, e) in events.by_ref().take(n).enumerate() {
        state
            .apply(&e)
            .with_context(|| format!("--log {}: event {i} refused", path.display()))?;
    }
    let next = events.next();
    let seat = match seat {
        Some(s) => s,
        None => SeatIndex::ALL
            .into_iter()
            .find(|&s| !legal_actions(&state, s).is_empty())
            .ok_or_else(|| {
                anyhow!(
                    "--event {n}: no seat has a decision before this event; {}",
                    where_()
                )
            })?,
    };
    if legal_actions(&state, seat).is_empty() {
        bail!(
            "--event {n}: seat {seat} has no decision here; {}",
            decisions(game.events(), &rules, Some(seat))
        );
    }
    Ok((state, seat, next, rules))
}
