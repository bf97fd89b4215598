//! The position `suggest` asks about: given by flags (built by the library's
//! [`Position`] builder: the dealer from the round, the other hands' sizes,
//! the live wall, the seat's decision by the rules) or a position of a game
//! log (its events applied to the engine).

use super::Args;
use anyhow::{anyhow, bail, Context, Result};
use std::path::PathBuf;
use tenpai::game::{legal_actions, Event, Pai, Position, PositionError, RoundId, State};
use tenpai::log;
use tenpai::rules::Rules;
use tenpai::{Meld, Tile};

/// An ordered mpsz tile list (`19m4z` is 1m 9m 4z; `0` is a red five).
fn tile_list(name: &str, text: &str) -> Result<Vec<Pai>> {
    let tiles = Tile::parse_list(text).with_context(|| format!("{name} {text:?}"))?;
    Ok(tiles.into_iter().map(|(t, red)| Pai::new(t, red)).collect())
}

/// `SEAT` or `SEAT@N` of `--riichi`: the seat and the discard (1-based).
fn riichi_flag(r: &str) -> Result<(u8, Option<usize>)> {
    let bad = || anyhow!("--riichi {r:?}: expected SEAT or SEAT@N");
    let (s, n) = match r.split_once('@') {
        Some((s, n)) => (s, Some(n)),
        None => (r, None),
    };
    let s: u8 = s
        .trim()
        .parse()
        .ok()
        .filter(|&s: &u8| s < 4)
        .ok_or_else(bad)?;
    let n = match n {
        Some(n) => Some(n.parse::<usize>().map_err(|_| bad())?),
        None => None,
    };
    Ok((s, n))
}

/// The state of a situation given by flags (the seat's own turn), and the
/// seat.
///
/// # Errors
/// A flag that does not parse or does not fit, named.
pub fn from_flags(args: &Args, rules: &Rules) -> Result<(State, u8)> {
    let seat = args.seat.unwrap_or(0);
    if seat > 3 {
        bail!("--seat {seat}: expected 0 to 3");
    }
    let text = args.hand.as_deref().unwrap_or("");
    let hand = crate::cmd::parse_hand_arg("--hand", text)?;
    let drawn = match &args.drawn {
        None => None,
        Some(d) => match tile_list("--drawn", d)?[..] {
            [p] => Some(p),
            _ => bail!("--drawn {d:?}: expected one tile"),
        },
    };
    let round: RoundId = args
        .round
        .parse()
        .map_err(|_| anyhow!("--round {:?}: expected E1 to N4", args.round))?;
    // `--honba`, or the round's own `-N`.
    let honba = if args.honba > 0 {
        args.honba
    } else {
        round.honba()
    };
    let round = RoundId::new(round.wind(), round.dealer(), honba, 0).expect("a dealer");
    let mut position = Position::new(seat, round)
        .hand(&hand, drawn)
        .sticks(args.sticks);
    if let Some(r) = &args.rivers {
        let parts: Vec<&str> = r.split(',').collect();
        if parts.len() != 4 {
            bail!("--rivers {r:?}: expected four comma-separated lists");
        }
        for (s, part) in parts.iter().enumerate() {
            position = position.river(s as u8, &tile_list("--rivers", part)?);
        }
    }
    for m in &args.melds {
        let (s, text) = m
            .split_once('=')
            .ok_or_else(|| anyhow!("--melds {m:?}: expected SEAT=MELDS"))?;
        let s: u8 = s
            .trim()
            .parse()
            .ok()
            .filter(|&s: &u8| s < 4 && s != seat)
            .ok_or_else(|| anyhow!("--melds {m:?}: the seat must be another seat, 0 to 3"))?;
        let h = crate::cmd::parse_hand_arg("--melds", text)?;
        if h.concealed().iter().any(|&c| c > 0) {
            bail!("--melds {m:?}: only melds, in brackets");
        }
        let melds: Vec<Meld> = h.melds().to_vec();
        position = position.melds(s, &melds);
    }
    let mut riichi_flags = [None; 4];
    for r in &args.riichi {
        let (s, n) = riichi_flag(r)?;
        riichi_flags[s as usize] = Some(r.as_str());
        position = position.riichi(s, n);
    }
    position = position.dora_indicators(&tile_list("--dora", &args.dora)?);
    let scores: Vec<i32> = args
        .scores
        .split(',')
        .map(|x| x.trim().parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| anyhow!("--scores {:?}: expected four numbers", args.scores))?;
    let Ok(scores) = <[i32; 4]>::try_from(scores) else {
        bail!("--scores {:?}: expected four numbers", args.scores);
    };
    position = position.scores(scores);
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
        PositionError::DrawnNotHeld { .. } => {
            anyhow!(
                "--drawn {:?}: not in the hand",
                args.drawn.as_deref().unwrap_or("")
            )
        }
        PositionError::NoSuchDiscard { seat: s, n } => {
            let flag = riichi_flags[s as usize % 4].unwrap_or("");
            if n == 0 {
                anyhow!("--riichi {flag:?}: the seat has no discard to declare with")
            } else {
                anyhow!("--riichi {flag:?}: no such discard")
            }
        }
        PositionError::TooManyTiles => anyhow!("the flags show more tiles than a game holds"),
        e => anyhow!("the position the flags give: {e}"),
    })?;
    Ok((state, seat))
}

/// The events before which a seat (`seat`, or any) has a decision, as
/// `decisions are before events 2, 4-6, 9, … (412 in all)`.
fn decisions(events: impl Iterator<Item = Event>, rules: &Rules, seat: Option<u8>) -> String {
    let mut state = State::new(rules.clone());
    let mut at = Vec::new();
    for (i, e) in events.enumerate() {
        let seats = seat.map_or(0..4, |s| s..s + 1);
        if seats
            .into_iter()
            .any(|s| !legal_actions(&state, s).is_empty())
        {
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
    path: &PathBuf,
    n: usize,
    seat: Option<u8>,
    rules: &Rules,
) -> Result<(State, u8, Option<Event>)> {
    let game = log::load(path).map_err(|e| match e {
        // The message names the file already.
        log::LogError::Read { .. } => anyhow!("--log {e}"),
        _ => anyhow!("--log {}: {e}", path.display()),
    })?;
    // --rules and --length are the default of a log that records no rules.
    let asked = log::RulesAsked {
        default: rules.clone(),
        ..log::RulesAsked::default()
    };
    let read = game
        .rules_for(&asked)
        .map_err(|e| anyhow!("--log {}: {e}", path.display()))?;
    for w in &read.warnings {
        eprintln!("warning: --log {}: {w}", path.display());
    }
    let rules = read.rules;
    let count = game.events().count();
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
        Some(s) if s > 3 => bail!("--seat {s}: expected 0 to 3"),
        Some(s) => s,
        None => (0..4u8)
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
    Ok((state, seat, next))
}
