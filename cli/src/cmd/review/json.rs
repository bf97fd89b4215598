//! The review as one JSON document (its schema is in the guide,
//! docs/guide/review.md): numbers rounded to 4 decimals, `null` where no rollout
//! measured a value.

use super::Reviewed;
use serde_json::{json, Value};
use tenpai::ai::mc::{action_label, hand_text, Candidate, PairedDiff};
use tenpai::review::{ReviewedDecision, Tally};

/// `x` rounded to 4 decimals (`null` when not finite).
fn num(x: f64) -> Value {
    if x.is_finite() {
        json!((x * 10_000.0).round() / 10_000.0)
    } else {
        Value::Null
    }
}

/// A tile in hand notation (`0m` for a red five).
fn tile(p: tenpai::game::Pai) -> String {
    crate::render::TileMode::Text.pai(p)
}

fn tally(t: &Tally) -> Value {
    json!({
        "decisions": t.decisions,
        "agreed": t.agreed,
        "mistakes": t.mistakes,
        "loss": num(t.loss),
    })
}

fn paired(d: &Option<PairedDiff>) -> Value {
    match d {
        Some(d) => json!({"mean": num(d.mean), "ci95": num(d.ci95), "worlds": d.worlds}),
        None => Value::Null,
    }
}

fn candidate(c: &Candidate) -> Value {
    json!({
        "action": action_label(&c.action),
        "rank": num(c.rank),
        "ci95": num(c.ci95),
        "points": num(c.points),
        "win": num(c.win),
        "deal_in": num(c.deal_in),
        "tenpai": num(c.tenpai),
        "samples": c.samples,
        "vs_played": paired(&c.vs_reference),
    })
}

fn decision(i: usize, d: &ReviewedDecision) -> Value {
    let p = &d.point;
    json!({
        "index": i,
        "round": p.round_name,
        "round_index": p.round,
        "turn": p.turn,
        "event": p.event,
        "hand": hand_text(&p.obs),
        "drawn": p.obs.drawn.map(tile),
        "on": p.obs.last_tile.map(|(s, t)| json!({"seat": s, "tile": tile(t)})),
        "played": action_label(&p.played),
        "best": action_label(&d.best),
        "baseline": d.baseline.as_ref().map(action_label),
        "agrees": d.agrees(),
        "place": d.place,
        "loss": num(d.loss),
        "gap": paired(&d.gap),
        "mistake": d.mistake,
        "category": d.category.name(),
        "samples": d.samples,
        "trivial": d.trivial,
        "candidates": d.candidates.iter().map(candidate).collect::<Vec<_>>(),
    })
}

/// The whole document.
pub fn document(r: &Reviewed<'_>) -> Value {
    let rev = r.review;
    let s = &rev.summary;
    let budget = match rev.options.budget {
        tenpai::ai::mc::Budget::Samples(n) => json!({"samples": n}),
        tenpai::ai::mc::Budget::Time(t) => json!({"think_ms": t.as_millis() as u64}),
    };
    json!({
        "file": r.file.display().to_string(),
        "format": rev.format.name(),
        "seat": rev.seat,
        "seat_from": r.source.key(),
        "names": rev.names,
        "length": match rev.rules.game.length {
            tenpai::rules::GameLength::East => "east",
            tenpai::rules::GameLength::South => "south",
        },
        "rules": rev.rules.name,
        "red_fives": rev.rules.scoring.red_fives != [0; 3],
        "warnings": r.warnings,
        "search": rev.options.settings().version.name(),
        "budget": budget,
        "seed": rev.options.seed,
        "threshold": rev.options.threshold,
        "scores": rev.scores,
        "rounds": rev.rounds,
        "extent": rev.extent,
        "summary": {
            "decisions": s.all.decisions,
            "agreed": s.all.agreed,
            "agreement": num(s.agreement()),
            "loss": num(s.all.loss),
            "average_loss": num(s.average_loss()),
            "mistakes": s.all.mistakes,
            "by_category": s.by_category.iter()
                .map(|(c, t)| (c.name().to_string(), tally(t)))
                .collect::<serde_json::Map<_, _>>(),
            "by_round": s.by_round.iter().map(|rt| {
                let mut v = tally(&rt.tally);
                v["round"] = json!(rt.name);
                v["round_index"] = json!(rt.round);
                v
            }).collect::<Vec<_>>(),
            "largest": s.largest,
            "curve": s.curve.iter().map(|&x| num(x)).collect::<Vec<_>>(),
        },
        "decisions": rev.decisions.iter().enumerate().map(|(i, d)| decision(i, d)).collect::<Vec<_>>(),
        "overruled": rev.overruled.iter().map(|o| json!({
            "round": o.round_name, "turn": o.turn, "event": o.event,
            "legal": o.legal.iter().map(action_label).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "refused": rev.refused.iter().map(|f| json!({
            "round": f.round_name, "event": f.event, "message": f.message,
        })).collect::<Vec<_>>(),
    })
}
