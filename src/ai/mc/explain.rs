//! Explaining a search: the ranking as a table for people, as JSON, and as
//! one CSV row per decision for offline study.

use super::search::SearchReport;
use crate::game::{Action, Observation, Pai};

/// A tile in hand notation: `5m`, `0m` for a red five, `7z`.
fn tile_text(p: Pai) -> String {
    p.mpsz()
}

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
        let (x, y) = (tile_text(c[0]), tile_text(c[1]));
        if x.ends_with(y.chars().last().unwrap_or(' ')) && x.len() == 2 && y.len() == 2 {
            format!("{}{}", &x[..1], y)
        } else {
            format!("{x}{y}")
        }
    };
    match a {
        Action::Discard { pai, .. } => format!("discard {}", tile_text(*pai)),
        Action::Riichi { pai, .. } => format!("riichi {}", tile_text(*pai)),
        Action::Tsumo => "tsumo".into(),
        Action::Ron => "ron".into(),
        Action::Chi { consumed } => format!("chi {}", two(consumed)),
        Action::Pon { consumed } => format!("pon {}", two(consumed)),
        Action::Daiminkan => "kan".into(),
        Action::Ankan { tile } => format!("ankan {tile}"),
        Action::Kakan { pai } => format!("kakan {}", tile_text(*pai)),
        Action::NineTerminals => "nine terminals".into(),
        Action::Pass => "pass".into(),
    }
}

/// The seat's hand in hand notation with its melds: `123m456p11z [789s]`
/// (or the bare tiles when they do not make a valid hand).
///
/// ```
/// let o = tenpai::game::Observation::of(&tenpai::game::State::new(tenpai::rules::Rules::tenhou()), 0);
/// assert_eq!(tenpai::ai::mc::hand_text(&o), "");
/// ```
pub fn hand_text(obs: &Observation) -> String {
    let (counts, red) = crate::ai::concealed(obs);
    let sane = obs
        .melds
        .iter()
        .flatten()
        .all(|m| m.tiles.iter().any(|p| p.tile().is_some()));
    let hand = (obs.seat < 4 && sane)
        .then(|| crate::ai::hand_of(obs, counts, red, None))
        .flatten();
    match hand {
        Some(h) => h.to_string(),
        None => obs.hand.iter().map(|&p| tile_text(p)).collect(),
    }
}

/// `x` formatted by `f`, or `-` when it is not a finite number (no samples,
/// or an interval from fewer than two).
fn num(x: f64, f: impl Fn(f64) -> String) -> String {
    if x.is_finite() {
        f(x)
    } else {
        "-".to_string()
    }
}

/// A share (0–1) as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}", 100.0 * x)
}

/// The ranking as a table: one line per candidate, best first, with the
/// expected final rank (1–4, what the search minimises), its 95 % interval,
/// the mean point change of the round (in points), win, deal-in and tenpai
/// rates and the samples. What no rollout measured shows `-` (a decision
/// that needed no search; the interval of a single rollout).
///
/// ```
/// use tenpai::ai::mc::{report_table, search, Budget, Settings};
/// use tenpai::game::{Action, Observation, State};
/// let obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), 0);
/// let r = search(&obs, &[Action::Pass], &tenpai::rules::Rules::tenhou(), Settings::default(), 1);
/// assert!(report_table(&r).starts_with("action"));
/// ```
pub fn report_table(r: &SearchReport) -> String {
    let mut s = format!(
        "{:<16} {:>6} {:>7} {:>9} {:>6} {:>8} {:>7} {:>7}\n",
        "action", "rank", "± 95%", "points", "win %", "deal-in %", "tenpai %", "samples"
    );
    for c in &r.candidates {
        s.push_str(&format!(
            "{:<16} {:>6} {:>7} {:>9} {:>6} {:>8} {:>7} {:>7}\n",
            action_label(&c.action),
            num(c.rank, |x| format!("{x:.3}")),
            num(c.ci95, |x| format!("{x:.3}")),
            num(c.points, |x| format!("{x:+.0}")),
            num(c.win, pct),
            num(c.deal_in, pct),
            num(c.tenpai, pct),
            c.samples
        ));
    }
    s
}

/// The report as one JSON object: `{"chosen": label, "samples": n,
/// "micros": t, "placement": b, "trivial": b, "candidates": [{"action":
/// label, "rank": r, "ci95": h, "points": p, "win": w, "deal_in": d,
/// "tenpai": t, "samples": n}, ...]}` (rank: expected final rank 1–4; rates
/// 0–1; points in 1s; `null` where no rollout measured it).
///
/// # Panics
/// Never.
pub fn report_json(r: &SearchReport) -> serde_json::Value {
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    serde_json::json!({
        "chosen": action_label(&r.chosen),
        "samples": r.samples,
        "micros": r.elapsed.as_micros() as u64,
        "placement": r.placement,
        "trivial": r.trivial,
        "candidates": r.candidates.iter().map(|c| serde_json::json!({
            "action": action_label(&c.action),
            "rank": round(c.rank),
            "ci95": round(c.ci95),
            "points": round(c.points),
            "win": round(c.win),
            "deal_in": round(c.deal_in),
            "tenpai": round(c.tenpai),
            "samples": c.samples,
        })).collect::<Vec<_>>(),
    })
}

/// The header of the decision CSV (see [`csv_row`]).
pub fn csv_header() -> &'static str {
    "game,round,seat,turn,hand,live_left,chosen,prior,samples,micros,placement,candidates"
}

/// Quotes a CSV field when it needs it (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One CSV row (no line end) for a decision of game `game`: the round as
/// `E1-0` (wind, dealer number, honba), the seat, its turn (its discards so
/// far plus one), its hand with melds, tiles left in the wall, the chosen
/// action, the prior (the baseline's choice, which the search keeps unless
/// another candidate beats it clearly; empty when the decision needed no
/// search), the rollouts, the time in µs, whether placement counted, and every
/// candidate as `label rank±ci95 win/deal-in/tenpai% n` separated by `; `
/// (rank: expected final rank, 1–4; `-` where no rollout measured it).
///
/// ```
/// use tenpai::ai::mc::{csv_header, csv_row, search, Settings};
/// use tenpai::game::{Action, Observation, State};
/// let obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), 0);
/// let r = search(&obs, &[Action::Pass], &tenpai::rules::Rules::tenhou(), Settings::default(), 1);
/// let row = csv_row(3, &obs, &r);
/// assert_eq!(row.split(',').count(), csv_header().split(',').count());
/// assert!(row.starts_with("3,E1-0,0,1,,"));
/// ```
pub fn csv_row(game: u64, obs: &Observation, r: &SearchReport) -> String {
    let wind = ["E", "S", "W", "N"][obs.bakaze as usize % 4];
    let cands: Vec<String> = r
        .candidates
        .iter()
        .map(|c| {
            format!(
                "{} {}±{} {}/{}/{}% {}",
                action_label(&c.action),
                num(c.rank, |x| format!("{x:.3}")),
                num(c.ci95, |x| format!("{x:.3}")),
                num(c.win, pct),
                num(c.deal_in, pct),
                num(c.tenpai, pct),
                c.samples
            )
        })
        .collect();
    [
        game.to_string(),
        format!("{wind}{}-{}", obs.kyoku, obs.honba),
        obs.seat.to_string(),
        (obs.rivers[obs.seat as usize % 4].len() + 1).to_string(),
        field(&hand_text(obs)),
        obs.live_left.to_string(),
        field(&action_label(&r.chosen)),
        field(&r.prior.as_ref().map(action_label).unwrap_or_default()),
        r.samples.to_string(),
        r.elapsed.as_micros().to_string(),
        r.placement.to_string(),
        field(&cands.join("; ")),
    ]
    .join(",")
}
