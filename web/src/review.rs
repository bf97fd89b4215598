//! Reviews in the viewer: a finished game reviewed in the server (the
//! library's [`tenpai::review::review`], on the blocking pool, with
//! progress), or the JSON `tenpai review --json` writes, read back. Either
//! way the page gets a [`ReviewDoc`]: the fields of that JSON it draws,
//! under the same names.

use serde::{Deserialize, Serialize};
use tenpai::ai::mc::{action_label, Candidate};
use tenpai::game::{Pai, SeatIndex};
use tenpai::review::{Review, ReviewedDecision};

/// A review as the viewer draws it (a subset of `tenpai review --json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewDoc {
    /// The seat reviewed.
    pub seat: SeatIndex,
    /// The figures of the whole game.
    pub summary: SummaryDoc,
    /// The seat's decisions, in the order of the game.
    pub decisions: Vec<DecisionDoc>,
}

/// The figures of a review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryDoc {
    /// Decisions reviewed.
    pub decisions: usize,
    /// Decisions where the play was the AI's choice.
    pub agreed: usize,
    /// Loss in all, in expected final rank.
    pub loss: Option<f64>,
    /// Decisions called mistakes.
    pub mistakes: usize,
}

/// One reviewed decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionDoc {
    /// Its round's name (`E1-0`).
    pub round: String,
    /// The position in the log's events of the first event after it (the
    /// viewer's step of the decision).
    pub event: usize,
    /// What was played (`discard 5m`…).
    pub played: String,
    /// The AI's choice.
    pub best: String,
    /// Loss of the play against the AI's choice, in expected final rank.
    pub loss: Option<f64>,
    /// The loss is a mistake.
    pub mistake: bool,
    /// What the decision was about (`efficiency`, `defence`…).
    pub category: String,
    /// The candidates searched, as the review lists them.
    pub candidates: Vec<CandidateDoc>,
}

/// One candidate of a reviewed decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CandidateDoc {
    /// `discard 0m`, `riichi 3p`, `pon 55p`, `pass`…
    pub action: String,
    /// Expected final rank, 1–4.
    pub rank: Option<f64>,
    /// Half-width of its 95 % interval.
    pub ci95: Option<f64>,
    /// Win rate, 0–1.
    pub win: Option<f64>,
    /// Deal-in rate, 0–1.
    pub deal_in: Option<f64>,
    /// Rollouts.
    pub samples: u32,
    /// The tile it discards (discard and riichi), read from `action`.
    #[serde(default)]
    pub pai: Option<Pai>,
}

/// The tile a candidate's label discards: `discard 0m` and `riichi 3p` name
/// it, other actions none.
fn discarded(label: &str) -> Option<Pai> {
    let tile = label
        .strip_prefix("discard ")
        .or_else(|| label.strip_prefix("riichi "))?;
    tile.parse().ok()
}

/// `x` rounded to 4 decimals, as `tenpai review --json` writes it; `None`
/// when not finite.
fn num(x: f64) -> Option<f64> {
    x.is_finite().then(|| (x * 10_000.0).round() / 10_000.0)
}

fn candidate(c: &Candidate) -> CandidateDoc {
    let action = action_label(&c.action);
    CandidateDoc {
        pai: discarded(&action),
        action,
        rank: num(c.rank),
        ci95: num(c.ci95),
        win: num(c.win),
        deal_in: num(c.deal_in),
        samples: c.samples,
    }
}

fn decision(d: &ReviewedDecision) -> DecisionDoc {
    DecisionDoc {
        round: d.point.round_name.clone(),
        event: d.point.event,
        played: action_label(&d.point.played),
        best: action_label(&d.best),
        loss: num(d.loss),
        mistake: d.mistake,
        category: d.category.name().to_string(),
        candidates: d.candidates.iter().map(candidate).collect(),
    }
}

impl ReviewDoc {
    /// The viewer's part of `review`.
    pub fn of(review: &Review) -> ReviewDoc {
        let s = &review.summary;
        ReviewDoc {
            seat: review.seat,
            summary: SummaryDoc {
                decisions: s.all.decisions,
                agreed: s.all.agreed,
                loss: num(s.all.loss),
                mistakes: s.all.mistakes,
            },
            decisions: review.decisions.iter().map(decision).collect(),
        }
    }

    /// Reads the JSON of `tenpai review --json` (other fields ignored).
    ///
    /// # Errors
    /// The JSON error, naming the field (`decisions[3].candidates: …`).
    ///
    /// ```
    /// use tenpai_web::review::ReviewDoc;
    /// let text = r#"{"seat":1,"summary":{"decisions":1,"agreed":0,"loss":0.1,"mistakes":1},
    ///   "decisions":[{"round":"E1-0","event":9,"played":"discard 1m","best":"discard 0m",
    ///   "loss":0.1,"mistake":true,"category":"efficiency","candidates":[
    ///   {"action":"discard 0m","rank":2.1,"ci95":0.05,"win":0.3,"deal_in":0.1,"samples":500}]}]}"#;
    /// let doc = ReviewDoc::from_json(text)?;
    /// assert_eq!(doc.decisions[0].candidates[0].pai, Some("5mr".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_json(text: &str) -> Result<ReviewDoc, String> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let mut doc: ReviewDoc = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            format!("not a review (tenpai review --json): {path}: {}", e.inner())
        })?;
        for d in &mut doc.decisions {
            for c in &mut d.candidates {
                c.pai = discarded(&c.action);
            }
        }
        Ok(doc)
    }
}
