//! `tenpai suggest`: the Monte Carlo ranking of a seat's candidate actions,
//! for a situation given by flags or for a position of a game log
//! ([`position`]), with the advice and hand hints `play` shows
//! ([`crate::cmd::advice`], [`tenpai::view::SeatView::hand_hints`]).

mod flags;
mod position;

use crate::cmd::advice::Advisor;
use anyhow::{bail, Result};
use std::io::Write;
use std::path::PathBuf;
use tenpai::ai::mc::{action_label, hand_text, Budget, SearchReport, Settings};
use tenpai::game::{Action, Observation};
use tenpai::view::SeatView;

const LONG_ABOUT: &str = "\
Ranks a seat's candidate actions by Monte Carlo search: the hidden tiles are
dealt at random many times (riichi hands ready, early discards unwanted), each
world is played to the end of the round by fast policies, and every candidate
is scored on the same worlds. Prints each candidate's expected final rank (1-4,
what the search minimises: exact when the round ends the game, otherwise with
the rounds left modelled as noise), its 95% interval, the expected point change
of the round, win %, deal-in %, tenpai % and the rollouts used ('-' where no
rollout or too few measured it), best rank first; then the choice. The
choice is the search's starting choice (its baseline's, the prior) unless another candidate beats it
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
decide next (or --seat) — any decision: discards, calls, wins. The events
are those tenpai replay counts: event 0 is the game's start (start_game),
then every round's events, and the end (end_game) when the log has it; in
an mjai log, event N is line N+1.

With --samples (the default: 2000) and --seed the output is reproducible.

JSON (--json): {\"search\": \"mc-learned\" (the search's version, as the
choice line names it), \"seat\": s, \"round\": \"E1-0\", \"hand\": h, \"chosen\": a,
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
    /// "123m456p789s1122z" or "234m456p345s11z [789s]".
    #[arg(long, required_unless_present = "log")]
    pub hand: Option<String>,

    /// The tile just drawn (one of the hand's tiles); needed unless the
    /// turn is right after a call.
    #[arg(long, value_name = "TILE", value_parser = flags::drawn)]
    pub drawn: Option<tenpai::game::Pai>,

    /// Rivers of seats 0-3 in discard order, comma-separated mpsz lists, e.g.
    /// "19m4z,2p,,7z" (red fives as 0).
    #[arg(long, value_name = "R0,R1,R2,R3", value_parser = flags::rivers)]
    pub rivers: Option<flags::Rivers>,

    /// Called melds of another seat as SEAT=MELDS, e.g. 2=[555z][234p];
    /// repeat for each seat.
    #[arg(long, value_name = "SEAT=MELDS", value_parser = flags::melds)]
    pub melds: Vec<flags::SeatMelds>,

    /// A seat in riichi, declared with its Nth discard (1-based; the last
    /// when omitted): SEAT or SEAT@N; repeat for each.
    #[arg(long, value_name = "SEAT[@N]", value_parser = flags::riichi)]
    pub riichi: Vec<flags::Riichi>,

    /// Dora indicators, mpsz.
    #[arg(long, value_name = "TILES", default_value = "", value_parser = super::tile_list_text)]
    pub dora: String,

    /// Scores of seats 0-3.
    #[arg(
        long,
        value_name = "A,B,C,D",
        default_value = "25000,25000,25000,25000",
        value_parser = flags::scores,
        allow_hyphen_values = true
    )]
    pub scores: flags::Scores,

    /// Round: wind and dealer number, E1 to N4.
    #[arg(long, default_value = "E1", value_parser = flags::round)]
    pub round: tenpai::game::RoundId,

    /// Honba, 0 to 255 (a round's counter in a game).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u8>::at_least(0))]
    pub honba: u8,

    /// Riichi sticks (kyoutaku) on the table, 0 to 1,000; `--sticks` is read
    /// too.
    #[arg(long, alias = "sticks", default_value_t = 0, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::between(0, tenpai::score::MAX_COUNTER as u64))]
    pub kyoutaku: u32,

    /// The deciding seat: 0 to 3, or E, S, W or N (its wind in the first
    /// round: 0 = E, the first dealer); with --log, the default is the seat
    /// that must decide.
    #[arg(long, value_name = "SEAT")]
    pub seat: Option<tenpai::game::SeatIndex>,

    /// Tiles left in the live wall, 0 to 70 (default: what the flags leave
    /// unseen, less the dead wall and the other hands; a smaller number
    /// stands for discards not listed; more than the position leaves is an
    /// error at run time, status 1).
    #[arg(long, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u8>::between(0, 70))]
    pub left: Option<u8>,

    /// A game log: tenhou.net/6 JSON, mjai JSON lines or Tenhou's XML (mjlog).
    #[arg(long, value_name = "FILE", requires = "event", conflicts_with = "hand")]
    pub log: Option<PathBuf>,

    /// With --log: the position before this event (0 is the start_game;
    /// the events tenpai replay counts).
    #[arg(long, value_name = "N", requires = "log", conflicts_with = "hand",
        allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::at_least(0))]
    pub event: Option<usize>,

    /// Rollouts in all, played exactly (each halving round plays every
    /// candidate still in at least once, so a budget below that is exceeded).
    #[arg(long, value_name = "N", default_value_t = 2000, conflicts_with = "think",
        allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u32>::at_least(1))]
    pub samples: u32,

    /// Think for this long instead of a sample count, e.g. 200ms.
    #[arg(long, value_name = "TIME", value_parser = super::values::parse_think)]
    pub think: Option<std::time::Duration>,

    /// Seed of the sampled worlds.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<u64>::at_least(0))]
    pub seed: u64,

    #[arg(long, help = crate::cmd::values::threads_help("Threads for the rollouts, RANGE (the result does not depend on it)"),
        value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = crate::cmd::values::Whole::<usize>::threads())]
    pub threads: usize,

    /// Rule preset name (tenhou, the default; mahjongsoul) or TOML file.
    /// With --log, for logs that do not record their rules; a log that
    /// records other rules is refused.
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,

    /// Game length: east (one round of dealers) or south (two); it decides
    /// which round is the last. Default: the rules' length. With --log, for
    /// logs that do not record it; a log that records another length is
    /// refused.
    #[arg(long, value_name = "east|south", value_parser = super::LENGTHS)]
    pub length: Option<String>,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// On the seat's own turn, each discard the rules allow that leaves the
/// hand ready, with its waits (those without a yaku marked), copies left
/// counting what the seat sees; empty at a call prompt.
fn ready_waits(view: &SeatView, rules: &tenpai::rules::Rules) -> Vec<tenpai::Discard> {
    let mut rows = view
        .hand_hints(rules)
        .map(|h| h.discards)
        .unwrap_or_default();
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
    if args.samples == 0 {
        bail!("--samples 0: at least one rollout");
    }
    if let (Some(n), None) = (args.event, &args.log) {
        bail!("--event {n}: a position of a log, needs --log FILE");
    }
    // A log is searched under the rules it records (given options must
    // agree with them), a position of flags under the options.
    let (state, seat, next, rules) = match (&args.log, args.event) {
        (Some(path), Some(n)) => {
            let asked = super::rules_asked(args.rules.as_deref(), args.length.as_deref())?;
            position::from_log(path, n, args.seat, &asked)?
        }
        _ => {
            let name = args.rules.as_deref().unwrap_or("tenhou");
            let rules = super::load_rules(name, args.length.as_deref())?;
            let (state, seat) = position::from_flags(args, &rules)?;
            (state, seat, None, rules)
        }
    };
    let obs = Observation::of(&state, seat);
    let view = SeatView::of(&state, seat);
    let legal: &[Action] = view.choices().map_or(&[], |c| &c.actions);
    let settings = Settings {
        budget: match args.think {
            Some(t) => Budget::Time(t),
            None => Budget::Samples(args.samples),
        },
        threads: args.threads,
        ..Default::default()
    };
    let search = settings.version.name();
    let mut advisor = Advisor::Search {
        settings,
        seed: args.seed,
    };
    let Some(mut report) = advisor.advise(&rules, &obs, legal).report else {
        bail!("no search was made (a bug)");
    };
    super::sort_by_rank(&mut report.candidates);
    let r = view.round();
    let round = format!("{}{}-{}", r.round_wind, r.number, r.honba);
    let prior = report.prior.as_ref().map(action_label);
    let waits = ready_waits(&view, &rules);
    if args.json {
        let mut v = super::report::json(&report);
        v["search"] = search.into();
        v["seat"] = seat.get().into();
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
            "seat {seat}, {round}, {} left, hand {}{}",
            crate::cmd::count(usize::from(view.tiles_left()), "tile"),
            hand_text(&obs),
            match view.claimable().filter(|c| c.seat != seat) {
                Some(c) => format!(", seat {} discarded {}", c.seat, c.pai.mpsz()),
                None => String::new(),
            }
        )?;
        writeln!(out)?;
        out.write_all(super::report::table(&report).as_bytes())?;
        write_waits(&mut out, &report, &waits)?;
        writeln!(out)?;
        write!(out, "choice: {}", action_label(&report.chosen))?;
        match prior {
            Some(p) if p == action_label(&report.chosen) => write!(
                out,
                " (the search's starting choice, its baseline's: none ranks clearly better)"
            )?,
            Some(p) => write!(
                out,
                " (clearly better than the search's starting choice, {p})"
            )?,
            None => write!(out, " (no search needed)")?,
        }
        writeln!(
            out,
            ", {} rollout{} of {search}",
            crate::render::points(report.samples),
            super::plural(report.samples as usize)
        )?;
        if let Some(e) = next {
            writeln!(out, "played: {}", e.to_json())?;
        }
    }
    out.flush()?;
    Ok(())
}
