//! `tenpai suggest`: the Monte Carlo ranking of a seat's candidate actions,
//! for a situation given by flags or for a position of a game log.

use anyhow::{anyhow, bail, Context, Result};
use std::io::Write;
use std::path::PathBuf;
use tenpai::ai::mc::{action_label, hand_text, search, Budget, SearchReport, Settings};
use tenpai::rules::Rules;
use tenpai::{
    game::{
        legal_actions, live_wall_left, Action, Event, Observation, Pai, RiverTile, State, TableMeld,
    },
    log,
};
use tenpai::{Hand, MeldKind, Tile};

const LONG_ABOUT: &str = "\
Ranks a seat's candidate actions by Monte Carlo search: the hidden tiles are
dealt at random many times (riichi hands ready, early discards unwanted), each
world is played to the end of the round by fast policies, and every candidate
is scored on the same worlds. Prints each candidate's expected final rank (1-4,
what the search minimises: exact when the round ends the game, otherwise with
the rounds left modelled as noise), its 95% interval, the expected point change
of the round, win %, deal-in %, tenpai % and the rollouts used ('-' where no
rollout or too few measured it), best rank first; then the choice. The
choice is the baseline AI's (the prior) unless another candidate beats it
clearly on the same worlds: the successive halving measures the close
candidates on many worlds and drops the others early, so a candidate
measured on few rollouts can show a better rank by chance (see its
interval and rollouts).

A situation from flags is the seat's own turn (the hand holds 3n+2 tiles):
after drawing --drawn, or, without it, right after calling the last meld of
--hand. The engine's rules decide what it may do, as in a game: discards
(not those swap-calling forbids), riichi (by the preset's points and tiles
left), tsumo with a yaku, closed and added kans, nine terminals. Unless
--left says otherwise, the live wall holds what the flags leave unseen. A
position from a log (--log FILE
--event N: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML (mjlog), told
apart by their content) replays events 0..N-1 and asks the seat that must
decide next (or --seat) — any decision: discards, calls, wins.

With --samples (the default: 2000) and --seed the output is reproducible.

JSON (--json): {\"seat\": s, \"round\": \"E1-0\", \"hand\": h, \"chosen\": a,
\"prior\": a, \"played\": event or null (from a log: the action that was played),
\"samples\": n, \"micros\": t, \"placement\": b, \"trivial\": b,
\"candidates\": [{\"action\": a, \"rank\": r, \"ci95\": h, \"points\": p,
\"win\": w, \"deal_in\": d, \"tenpai\": t, \"samples\": n, \"waits\": [\"1z\", ...]
or null, \"no_yaku\": [\"3p\", ...] or null}, ...]}, best rank first; \"prior\" is
null when the decision needed no search; \"waits\" are the tiles that win
after a discard that leaves the hand ready (null for any other action),
\"no_yaku\" those that complete it without a yaku (not counted as waits).

Under the table, each candidate discard that leaves the hand ready is listed
with its waits and copies left; a wait that completes the hand without a yaku
(an open hand) is named apart and not counted.";

/// Rank a seat's actions by Monte Carlo search.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// The seat's concealed tiles (the drawn tile included) and melds, e.g.
    /// "123m456p789s1122z" or "23m456p11z [789s]".
    #[arg(long, required_unless_present = "log")]
    pub hand: Option<String>,

    /// The tile just drawn (one of the hand's tiles); needed unless the
    /// turn is right after a call.
    #[arg(long, value_name = "TILE")]
    pub drawn: Option<String>,

    /// Rivers of seats 0-3 in discard order, comma-separated mpsz lists, e.g.
    /// "19m4z,2p,,7z" (red fives as 0).
    #[arg(long, value_name = "R0,R1,R2,R3")]
    pub rivers: Option<String>,

    /// Called melds of another seat as SEAT=MELDS, e.g. 2=[555z][234p];
    /// repeat for each seat.
    #[arg(long, value_name = "SEAT=MELDS")]
    pub melds: Vec<String>,

    /// A seat in riichi, declared with its Nth discard (1-based; the last
    /// when omitted): SEAT or SEAT@N; repeat for each.
    #[arg(long, value_name = "SEAT[@N]")]
    pub riichi: Vec<String>,

    /// Dora indicators, mpsz.
    #[arg(long, value_name = "TILES", default_value = "")]
    pub dora: String,

    /// Scores of seats 0-3.
    #[arg(
        long,
        value_name = "A,B,C,D",
        default_value = "25000,25000,25000,25000"
    )]
    pub scores: String,

    /// Round: wind and dealer number, E1 to N4.
    #[arg(long, default_value = "E1")]
    pub round: String,

    /// Honba.
    #[arg(long, default_value_t = 0)]
    pub honba: u8,

    /// Riichi sticks on the table.
    #[arg(long, default_value_t = 0)]
    pub sticks: u8,

    /// The deciding seat (0-3); with --log, the default is the seat that must
    /// decide.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..4))]
    pub seat: Option<u8>,

    /// Tiles left in the live wall (default: what the flags leave unseen,
    /// less the dead wall and the other hands; a smaller number stands for
    /// discards not listed).
    #[arg(long)]
    pub left: Option<u8>,

    /// A game log: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML (mjlog).
    #[arg(long, value_name = "FILE", requires = "event", conflicts_with = "hand")]
    pub log: Option<PathBuf>,

    /// With --log: the position before this event (0-based).
    #[arg(long, value_name = "N", requires = "log", conflicts_with = "hand")]
    pub event: Option<usize>,

    /// Rollouts in all, played exactly (each halving round plays every
    /// candidate still in at least once, so a budget below that is exceeded).
    #[arg(long, value_name = "N", default_value_t = 2000, conflicts_with = "think",
        value_parser = clap::value_parser!(u32).range(1..))]
    pub samples: u32,

    /// Think for this long instead of a sample count, e.g. 200ms.
    #[arg(long, value_name = "TIME", value_parser = super::selfplay::parse_think)]
    pub think: Option<std::time::Duration>,

    /// Seed of the sampled worlds.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Threads for the rollouts, 1 or more (the result does not depend on it).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::parse_threads)]
    pub threads: usize,

    /// Rule preset name (tenhou, mahjongsoul) or TOML file.
    #[arg(long, value_name = "NAME|FILE", default_value = "tenhou")]
    pub rules: String,

    /// Game length: east (one round of dealers) or south (two); it decides
    /// which round is the last. For flags and mjai logs, which do not record
    /// it (Tenhou's logs do). Default: the rules' length.
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// An ordered mpsz tile list (`19m4z` is 1m 9m 4z; `0` is a red five).
fn tile_list(name: &str, text: &str) -> Result<Vec<Pai>> {
    let tiles = Tile::parse_list(text).with_context(|| format!("{name} {text:?}"))?;
    Ok(tiles.into_iter().map(|(t, red)| Pai::new(t, red)).collect())
}

/// The table melds of a hand's melds, called from `from` (none for closed kans).
fn table_melds(h: &Hand, from: u8) -> Vec<TableMeld> {
    h.melds()
        .iter()
        .map(|m| {
            let mut reds = m.red_fives();
            let tiles: Vec<Pai> = m
                .tiles()
                .map(|t| {
                    let red = t.is_five() && reds > 0;
                    reds -= red as u8;
                    Pai::new(t, red)
                })
                .collect();
            let open = m.kind() != MeldKind::ClosedKan;
            TableMeld {
                kind: m.kind(),
                called: open.then(|| tiles[0]),
                from: open.then_some(from),
                added: false,
                tiles,
            }
        })
        .collect()
}

/// The observation and legal actions of a situation given by flags.
fn from_flags(args: &Args, rules: &Rules) -> Result<(Observation, Vec<Action>)> {
    let seat = args.seat.unwrap_or(0);
    if seat > 3 {
        bail!("--seat {seat}: expected 0 to 3");
    }
    let text = args.hand.as_deref().unwrap_or("");
    let hand = super::parse_hand_arg("--hand", text)?;
    if hand.len() % 3 != 2 {
        bail!(
            "--hand {text:?}: the seat's turn needs 3n+2 tiles (14 with no meld), got {}",
            hand.len()
        );
    }
    let tiles = Pai::list(hand.concealed(), hand.red_fives());
    let drawn = match &args.drawn {
        None => None,
        Some(d) => {
            let p = tile_list("--drawn", d)?;
            let [p] = p[..] else {
                bail!("--drawn {d:?}: expected one tile");
            };
            if !tiles.contains(&p) {
                bail!("--drawn {d:?}: not in the hand");
            }
            Some(p)
        }
    };
    let mut rivers: [Vec<RiverTile>; 4] = Default::default();
    if let Some(r) = &args.rivers {
        let parts: Vec<&str> = r.split(',').collect();
        if parts.len() != 4 {
            bail!("--rivers {r:?}: expected four comma-separated lists");
        }
        for (s, part) in parts.iter().enumerate() {
            rivers[s] = tile_list("--rivers", part)?
                .into_iter()
                .map(|pai| RiverTile {
                    pai,
                    tsumogiri: false,
                    riichi: false,
                    called: false,
                })
                .collect();
        }
    }
    let mut melds: [Vec<TableMeld>; 4] = Default::default();
    melds[seat as usize] = table_melds(&hand, (seat + 3) % 4);
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
        let h = super::parse_hand_arg("--melds", text)?;
        if h.concealed().iter().any(|&c| c > 0) {
            bail!("--melds {m:?}: only melds, in brackets");
        }
        melds[s as usize] = table_melds(&h, (s + 3) % 4);
    }
    let mut riichi = [false; 4];
    for r in &args.riichi {
        let (s, n) = match r.split_once('@') {
            Some((s, n)) => (s, Some(n)),
            None => (r.as_str(), None),
        };
        let s: usize = s
            .trim()
            .parse()
            .ok()
            .filter(|&s: &usize| s < 4)
            .ok_or_else(|| anyhow!("--riichi {r:?}: expected SEAT or SEAT@N"))?;
        let len = rivers[s].len();
        let n = match n {
            Some(n) => n
                .parse::<usize>()
                .ok()
                .filter(|&n| (1..=len).contains(&n))
                .ok_or_else(|| anyhow!("--riichi {r:?}: no such discard"))?,
            None => len,
        };
        if n == 0 {
            bail!("--riichi {r:?}: the seat has no discard to declare with");
        }
        rivers[s][n - 1].riichi = true;
        riichi[s] = true;
    }
    let dora_indicators = tile_list("--dora", &args.dora)?;
    let scores: Vec<i32> = args
        .scores
        .split(',')
        .map(|x| x.trim().parse::<i32>())
        .collect::<Result<_, _>>()
        .map_err(|_| anyhow!("--scores {:?}: expected four numbers", args.scores))?;
    let Ok(scores) = <[i32; 4]>::try_from(scores) else {
        bail!("--scores {:?}: expected four numbers", args.scores);
    };
    let mut chars = args.round.chars();
    let bakaze = match chars.next() {
        Some('E') => 0,
        Some('S') => 1,
        Some('W') => 2,
        Some('N') => 3,
        _ => bail!("--round {:?}: expected E1 to N4", args.round),
    };
    let kyoku: u8 = chars
        .as_str()
        .parse()
        .ok()
        .filter(|k| (1..=4).contains(k))
        .ok_or_else(|| anyhow!("--round {:?}: expected E1 to N4", args.round))?;
    if drawn.is_none() && hand.melds().iter().all(|m| m.kind() == MeldKind::ClosedKan) {
        bail!("--hand {text:?}: name the tile just drawn with --drawn (a closed hand's turn follows a draw)");
    }
    let mut obs = Observation {
        seat,
        bakaze,
        kyoku,
        honba: args.honba,
        kyotaku: args.sticks,
        oya: kyoku - 1,
        scores,
        hand: tiles,
        drawn,
        hand_sizes: std::array::from_fn(|s| {
            if s == seat as usize {
                hand.len() as u8
            } else {
                13u8.saturating_sub(3 * melds[s].len() as u8)
            }
        }),
        melds,
        rivers,
        riichi,
        dora_indicators,
        live_left: args.left.unwrap_or(0),
        last_tile: None,
    };
    if args.left.is_none() {
        obs.live_left = live_wall_left(&obs)
            .ok_or_else(|| anyhow!("the flags show more tiles than a game holds"))?;
    }
    // The game layer decides what the seat may do, as in a game.
    let state = State::from_observation(rules.clone(), &obs)
        .map_err(|e| anyhow!("the position the flags give: {e}"))?;
    let legal = legal_actions(&state, seat);
    Ok((Observation::of(&state, seat), legal))
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

/// The observation and legal actions before event `n` of a log.
fn from_log(
    path: &PathBuf,
    n: usize,
    seat: Option<u8>,
    rules: &Rules,
) -> Result<(Observation, Vec<Action>, Option<Event>)> {
    let game = log::load(path).map_err(|e| match e {
        // The message names the file already.
        log::LogError::Read { .. } => anyhow!("--log {e}"),
        _ => anyhow!("--log {}: {e}", path.display()),
    })?;
    let rules = game.rules_or(rules);
    let count = game.events().count();
    let where_ = || decisions(game.events(), &rules, seat);
    if n > count {
        bail!(
            "--event {n}: the log has {}, so N is 0 to {count}; {}",
            super::count(count, "event"),
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
    let legal = legal_actions(&state, seat);
    if legal.is_empty() {
        bail!(
            "--event {n}: seat {seat} has no decision here; {}",
            decisions(game.events(), &rules, Some(seat))
        );
    }
    Ok((Observation::of(&state, seat), legal, next))
}

/// On the seat's own turn, each discard that leaves the hand ready with its
/// waits (those without a yaku marked, see
/// [`tenpai::score::yakuless_waits`]), copies left counting what the seat
/// sees; empty at a call prompt.
fn ready_waits(obs: &Observation, rules: &Rules) -> Vec<tenpai::Discard> {
    let Ok(hand) = obs.own_hand() else {
        return Vec::new();
    };
    let t = tenpai::Tables::embedded();
    let Ok(mut rows) = t.analyze_with_melds(&hand, Some(&obs.visible_counts())) else {
        return Vec::new();
    };
    let context = super::play::hint::context(obs);
    tenpai::score::mark_yakuless_discards(&hand, &mut rows, &context, rules);
    rows.retain(|d| d.ukeire.shanten == 0);
    rows
}

/// The waits `action` (a discard or riichi) leaves, if it leaves a ready hand.
fn waits_after<'a>(waits: &'a [tenpai::Discard], action: &Action) -> Option<&'a tenpai::Ukeire> {
    let pai = match action {
        Action::Discard { pai, .. } | Action::Riichi { pai, .. } => *pai,
        _ => return None,
    };
    waits
        .iter()
        .find(|d| Some(d.tile) == pai.tile())
        .map(|d| &d.ukeire)
}

/// The waits that win (with a yaku).
fn counted(u: &tenpai::Ukeire) -> tenpai::TileSet {
    tenpai::TileSet::from_bits(u.tiles.bits() & !u.no_yaku.bits())
}

/// Under the table: the waits each ready candidate leaves, `discard 2p
/// waits 1z (2 left); no yaku on 36p`.
fn write_waits<W: Write>(
    out: &mut W,
    report: &SearchReport,
    waits: &[tenpai::Discard],
) -> Result<()> {
    let rows: Vec<String> = report
        .candidates
        .iter()
        .filter_map(|c| {
            let u = waits_after(waits, &c.action)?;
            let wins = counted(u);
            let mut line = if wins.is_empty() {
                format!("{:<16} waits on nothing that wins", action_label(&c.action))
            } else {
                format!(
                    "{:<16} waits {} ({} left)",
                    action_label(&c.action),
                    wins,
                    u.count
                )
            };
            if !u.no_yaku.is_empty() {
                line.push_str(&format!("; no yaku on {}", u.no_yaku));
            }
            Some(line)
        })
        .collect();
    if !rows.is_empty() {
        writeln!(out)?;
        for r in rows {
            writeln!(out, "{r}")?;
        }
    }
    Ok(())
}

/// Runs `tenpai suggest`.
///
/// # Errors
/// Bad flags (named), an unreadable log, an event the engine refuses.
pub fn run<W: Write>(args: &Args, mut out: W) -> Result<()> {
    let rules = super::load_rules(&args.rules, args.length.as_deref())?;
    if args.samples == 0 {
        bail!("--samples 0: at least one rollout");
    }
    if let (Some(n), None) = (args.event, &args.log) {
        bail!("--event {n}: a position of a log, needs --log FILE");
    }
    let (obs, legal, next) = match (&args.log, args.event) {
        (Some(path), Some(n)) => from_log(path, n, args.seat, &rules)?,
        _ => {
            let (o, l) = from_flags(args, &rules)?;
            (o, l, None)
        }
    };
    let settings = Settings {
        budget: match args.think {
            Some(t) => Budget::Time(t),
            None => Budget::Samples(args.samples),
        },
        threads: args.threads,
    };
    let mut report = search(&obs, &legal, &rules, settings, args.seed);
    super::sort_by_rank(&mut report.candidates);
    let round = format!(
        "{}{}-{}",
        ["E", "S", "W", "N"][obs.bakaze as usize % 4],
        obs.kyoku,
        obs.honba
    );
    let prior = report.prior.as_ref().map(action_label);
    let waits = ready_waits(&obs, &rules);
    if args.json {
        let mut v = super::report::json(&report);
        v["seat"] = obs.seat.into();
        v["round"] = round.into();
        v["hand"] = hand_text(&obs).into();
        v["prior"] = prior.into();
        v["played"] = serde_json::to_value(&next)?;
        if let Some(cands) = v["candidates"].as_array_mut() {
            for (c, r) in cands.iter_mut().zip(&report.candidates) {
                let w = waits_after(&waits, &r.action);
                let list =
                    |set: tenpai::TileSet| set.iter().map(|t| t.to_string()).collect::<Vec<_>>();
                c["waits"] = w.map(|u| list(counted(u))).into();
                c["no_yaku"] = w.map(|u| list(u.no_yaku)).into();
            }
        }
        serde_json::to_writer(&mut out, &v)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "seat {}, {round}, {} tiles left, hand {}{}",
            obs.seat,
            obs.live_left,
            hand_text(&obs),
            match obs.last_tile {
                Some((s, p)) => format!(", seat {s} discarded {}", p.mpsz()),
                None => String::new(),
            }
        )?;
        writeln!(out)?;
        out.write_all(super::report::table(&report).as_bytes())?;
        write_waits(&mut out, &report, &waits)?;
        writeln!(out)?;
        write!(out, "choice: {}", action_label(&report.chosen))?;
        match prior {
            Some(p) if p == action_label(&report.chosen) => {
                write!(out, " (the baseline's choice: none ranks clearly better)")?
            }
            Some(p) => write!(out, " (clearly better than the baseline's {p})")?,
            None => write!(out, " (no search needed)")?,
        }
        writeln!(
            out,
            ", {} rollout{}",
            super::score::points(report.samples),
            super::plural(report.samples as usize)
        )?;
        if let Some(e) = next {
            writeln!(out, "played: {}", e.to_json())?;
        }
    }
    out.flush()?;
    Ok(())
}
