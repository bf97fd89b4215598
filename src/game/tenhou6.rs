//! Replay of tenhou.net/6 JSON logs: each round is turned into mjai [`Event`]s,
//! applied to a [`State`] (so every recorded action must be legal in our
//! engine), and its end is compared with the log: who won from whom, han, fu,
//! points, every score change, draws with their payments and abortive draws.
//!
//! Format (see `testdata/README.md`): `{"name", "rule": {"disp", "aka"…}, "log":
//! [[[kyoku, honba, sticks], scores, dora, ura, haipai, draws, discards (×4),
//! result], …]}`; a file holds one such document for a whole game or one per line
//! (one round each). Tile codes 11–19 man, 21–29 pin, 31–39 sou, 41–47 East South
//! West North White Green Red, 51–53 red fives, 60 = the drawn tile discarded.
//! Calls are strings: `c` chi, `p` pon, `m` open kan in the draw lists, `k` added
//! kan, `a` closed kan and `r` riichi in the discard lists; the letter's place
//! says which seat the tile came from. A `0` in a discard list stands for the
//! turn of an open kan.
//!
//! ```
//! let log = r#"{"name":["A","B","C","D"],"rule":{"disp":"般南喰赤","aka":1},"log":[[[3,0,0],[28200,42000,21600,28200],[18],[],
//!   [11,15,23,23,27,29,37,39,43,44,45,46,47],[41],[],[12,12,15,51,19,19,22,22,23,24,33,36,36],[],[],
//!   [11,11,14,17,22,35,35,35,36,37,41,44,47],[],[],[12,13,25,27,28,31,36,38,38,41,42,45,46],[37],[42],["九種九牌"]]]}"#;
//! let report = tenpai::game::tenhou6::replay_str(log)?;
//! assert_eq!((report.rounds, report.draws), (1, 1));
//! assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
//! # Ok::<(), tenpai::game::GameError>(())
//! ```

use super::error::GameError;
use super::event::{DrawReason, Event};
use super::pai::Pai;
use super::state::{Outcome, State};
use crate::rules::Rules;
use crate::rules::{GameLength, KanDoraTiming};
use crate::score::Payment;
use crate::tile::Tile;
use serde_json::Value;
use std::fmt;

/// One disagreement between the log and the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The round, e.g. `E1-0` (wind, dealer number, honba).
    pub round: String,
    /// The turn: discards made in the round so far, plus one.
    pub turn: usize,
    /// What differs.
    pub message: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} turn {}: {}", self.round, self.turn, self.message)
    }
}

/// The result of replaying one log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Rounds replayed.
    pub rounds: usize,
    /// Wins checked (each winner of a double ron counts).
    pub wins: usize,
    /// Drawn rounds checked (exhaustive and abortive).
    pub draws: usize,
    /// Events applied.
    pub events: usize,
    /// Every disagreement; empty when the log replays exactly.
    pub mismatches: Vec<Mismatch>,
    /// The game as mjai events (up to the first failing event of each round).
    pub mjai: Vec<Event>,
    /// The rules the log was replayed with.
    pub rules: Rules,
}

/// The rules of a log's room: Tenhou's, or Mahjong Soul's for `Gold Room` and
/// other non-Tenhou rooms; open tanyao from `喰`, length from `東`/`南`, red fives
/// from `aka`/`aka51`…`aka53` (or `赤` when those are missing).
///
/// # Panics
/// Never.
///
/// ```
/// let rule = serde_json::json!({"disp": "般東喰", "aka": 0});
/// let r = tenpai::game::tenhou6::room_rules(&rule);
/// assert_eq!(r.scoring.red_fives, [0, 0, 0]);
/// assert_eq!(r.game.length, tenpai::rules::GameLength::East);
/// ```
pub fn room_rules(rule: &Value) -> Rules {
    let disp = rule.get("disp").and_then(Value::as_str).unwrap_or("");
    let ascii = disp.is_ascii() && !disp.is_empty();
    let mut r = if ascii {
        Rules::mahjongsoul()
    } else {
        Rules::tenhou()
    };
    if !ascii && !disp.is_empty() {
        r.scoring.open_tanyao = disp.contains('喰');
        if disp.contains('東') {
            r.game.length = GameLength::East;
        }
    } else if disp.contains("East") {
        r.game.length = GameLength::East;
    }
    let flag = |k: &str| rule.get(k).and_then(Value::as_i64);
    r.scoring.red_fives = match (flag("aka"), flag("aka51"), flag("aka52"), flag("aka53")) {
        (Some(a), ..) => [a as u8; 3],
        (None, None, None, None) => {
            if disp.contains('赤') || ascii || disp.is_empty() {
                [1; 3]
            } else {
                [0; 3]
            }
        }
        (None, m, p, s) => [
            m.unwrap_or(0) as u8,
            p.unwrap_or(0) as u8,
            s.unwrap_or(0) as u8,
        ],
    };
    r
}

/// A tenhou.net/6 tile code as a [`Pai`].
///
/// # Errors
/// [`GameError::Log`] for a code that is no tile.
///
/// ```
/// use tenpai::game::tenhou6::code_pai;
/// assert_eq!(code_pai(52)?.to_string(), "5pr");
/// assert_eq!(code_pai(46)?.to_string(), "F");
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn code_pai(code: i64) -> Result<Pai, GameError> {
    let bad = || GameError::Log(format!("{code} is not a tile code"));
    let (suit, n, red) = match code {
        51..=53 => (code - 51, 5, true),
        11..=47 => (code / 10 - 1, code % 10, false),
        _ => return Err(bad()),
    };
    let max = if suit == 3 { 7 } else { 9 };
    if !(1..=max).contains(&n) {
        return Err(bad());
    }
    let t = Tile::new((suit * 9 + n - 1) as u8).ok_or_else(bad)?;
    Ok(Pai::new(t, red))
}

/// A call string: the letter, its position, and the tiles in order.
#[derive(Clone)]
struct Call {
    letter: char,
    pos: usize,
    tiles: Vec<Pai>,
}

fn parse_call(s: &str) -> Result<Call, GameError> {
    let bad = || GameError::Log(format!("bad call {s:?}"));
    let (pos, letter) = s
        .char_indices()
        .find(|(_, c)| c.is_ascii_alphabetic())
        .ok_or_else(bad)?;
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    if digits.len() % 2 != 0 || !s.is_ascii() {
        return Err(bad());
    }
    let tiles = (0..digits.len() / 2)
        .map(|i| code_pai(digits[2 * i..2 * i + 2].parse().map_err(|_| bad())?))
        .collect::<Result<Vec<_>, _>>()?;
    // The letter sits before one of the tiles, at an even position; a call
    // holds three tiles (four for a kan).
    let need = match letter {
        'c' | 'p' => 3,
        'm' | 'k' | 'a' => 4,
        _ => return Err(bad()),
    };
    if pos % 2 != 0 || pos / 2 >= tiles.len() || tiles.len() != need {
        return Err(bad());
    }
    Ok(Call { letter, pos, tiles })
}

impl Call {
    /// The tile right after the letter (the called or added tile).
    fn key(&self) -> Pai {
        self.tiles[self.pos / 2]
    }

    fn others(&self) -> Vec<Pai> {
        let mut v = self.tiles.clone();
        v.remove(self.pos / 2);
        v
    }

    /// Relative seat the tile came from: 3 left, 2 across, 1 right.
    fn source(&self) -> u8 {
        match self.pos / 2 {
            0 => 3,
            1 => 2,
            _ => 1,
        }
    }
}

/// Replays every document of a tenhou.net/6 log text (one game, whole or one
/// round per line).
///
/// # Errors
/// [`GameError::Log`] when the text is not tenhou.net/6 JSON. Disagreements with
/// the engine are not errors: they are listed in [`Report::mismatches`].
pub fn replay_str(text: &str) -> Result<Report, GameError> {
    let docs: Vec<Value> = serde_json::Deserializer::from_str(text)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .map_err(|e| GameError::Log(e.to_string()))?;
    if docs.is_empty() {
        return Err(GameError::Log("no JSON document".into()));
    }
    let mut rules = room_rules(docs[0].get("rule").unwrap_or(&Value::Null));
    // A log that deals four plain fives of a suit was played without a red five
    // there, whatever its rule block says (an artificial shared log does this).
    let mut plain_fives = [0usize; 3];
    for d in &docs {
        count_plain_fives(d.get("log").unwrap_or(&Value::Null), &mut plain_fives);
    }
    for (s, &n) in plain_fives.iter().enumerate() {
        if n >= 4 {
            rules.scoring.red_fives[s] = 0;
        }
    }
    let mut rep = Report {
        rules: rules.clone(),
        ..Report::default()
    };
    let mut state = State::new(rules.clone());
    state.check = true;
    let start = Event::StartGame {
        names: docs[0]
            .get("name")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|n| n.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default(),
        seed: None,
    };
    state.apply(&start).expect("a fresh state starts");
    rep.mjai.push(start);
    let mut rounds = Vec::new();
    for d in &docs {
        let log = d
            .get("log")
            .and_then(Value::as_array)
            .ok_or_else(|| GameError::Log("no \"log\" array".into()))?;
        rounds.extend(log.iter());
    }
    let mut broken = false;
    for r in &rounds {
        if broken {
            state = State::new(rules.clone());
            state.check = true;
            state.apply(&Event::StartGame {
                names: vec![],
                seed: None,
            })?;
        }
        let mut rr = RoundReplay {
            state: &mut state,
            rep: &mut rep,
            name: String::new(),
            turn: 1,
        };
        broken = match rr.run(r) {
            Ok(ok) => !ok,
            Err(e) => {
                rr.mismatch(format!("cannot follow the log: {e}"));
                true
            }
        };
        rep.rounds += 1;
    }
    let whole = rounds.len() > 1 || docs[0].get("sc").is_some();
    if whole && !broken {
        if state.game_over {
            let e = Event::EndGame { scores: None };
            state.apply(&e).expect("the game is over");
            rep.mjai.push(e);
        } else {
            rep.mismatches.push(Mismatch {
                round: "end".into(),
                turn: 0,
                message: format!(
                    "the log ends here but the engine would play on to {:?} (bakaze, kyoku, honba, sticks, oya)",
                    state.next_round
                ),
            });
        }
        if let Some(sc) = docs[0].get("sc").and_then(Value::as_array) {
            let fin: Vec<i64> = sc.iter().step_by(2).filter_map(Value::as_i64).collect();
            let ours: Vec<i64> = state.scores.iter().map(|&s| s as i64).collect();
            if fin != ours {
                rep.mismatches.push(Mismatch {
                    round: "end".into(),
                    turn: 0,
                    message: format!("final scores: log {fin:?}, engine {ours:?}"),
                });
            }
        }
    }
    Ok(rep)
}

/// Counts the plain fives a log's rounds deal and draw (haipai and draw lists,
/// called tiles included), per suit, taking the round with the most.
fn count_plain_fives(log: &Value, out: &mut [usize; 3]) {
    for round in log.as_array().into_iter().flatten() {
        let Some(r) = round.as_array() else { continue };
        let mut n = [0usize; 3];
        for s in 0..4 {
            for list in [4 + 3 * s, 5 + 3 * s] {
                for v in r.get(list).and_then(Value::as_array).into_iter().flatten() {
                    if v.as_i64().is_some_and(|c| matches!(c, 15 | 25 | 35)) {
                        n[(v.as_i64().unwrap_or(0) / 10 - 1) as usize] += 1;
                    }
                }
            }
        }
        for d in r.get(2).and_then(Value::as_array).into_iter().flatten() {
            if let Some(c @ (15 | 25 | 35)) = d.as_i64() {
                n[(c / 10 - 1) as usize] += 1;
            }
        }
        for s in 0..3 {
            out[s] = out[s].max(n[s]);
        }
    }
}

/// Replays a tenhou.net/6 file; see [`replay_str`].
///
/// # Errors
/// [`GameError::Log`] when the file cannot be read or is not tenhou.net/6 JSON.
pub fn replay_file(path: impl AsRef<std::path::Path>) -> Result<Report, GameError> {
    let p = path.as_ref();
    let text =
        std::fs::read_to_string(p).map_err(|e| GameError::Log(format!("{}: {e}", p.display())))?;
    replay_str(&text)
}

/// The draw and discard lists of a round, read.
struct Lists {
    draws: Vec<Vec<Entry>>,
    discards: Vec<Vec<Entry>>,
}

/// Where the walk through the lists is.
#[derive(Clone, Copy)]
struct Sim {
    di: [usize; 4],
    ti: [usize; 4],
    seat: u8,
    need_draw: bool,
    drawn: Option<Pai>,
}

/// One recorded action, in table order.
enum Step {
    Draw {
        seat: u8,
        pai: Pai,
    },
    Discard {
        seat: u8,
        pai: Pai,
        tsumogiri: bool,
        riichi: bool,
    },
    Call {
        seat: u8,
        target: u8,
        pai: Pai,
        call: Call,
    },
    OwnKan {
        seat: u8,
        call: Call,
    },
}

/// Walks the lists from `sim`, appending steps; at each discard that a later
/// call could take, tries the call first and then passing (a player may pass a
/// tile and call the same tile later), backtracking when the lists stop
/// fitting. True when every list is used up exactly.
fn plan(
    l: &Lists,
    mut sim: Sim,
    steps: &mut Vec<Step>,
    budget: &mut usize,
) -> Result<bool, GameError> {
    let mark = steps.len();
    loop {
        if *budget == 0 {
            return Err(GameError::Log("too many ways to read the calls".into()));
        }
        *budget -= 1;
        let seat = sim.seat;
        let s = seat as usize;
        if sim.need_draw {
            match l.draws[s].get(sim.di[s]) {
                None => break,
                Some(Entry::Tile(p)) => {
                    sim.di[s] += 1;
                    sim.drawn = Some(*p);
                    steps.push(Step::Draw { seat, pai: *p });
                }
                Some(_) => {
                    steps.truncate(mark);
                    return Ok(false);
                }
            }
        }
        let Some(e) = l.discards[s].get(sim.ti[s]) else {
            break;
        };
        sim.ti[s] += 1;
        let (pai, tsumogiri, riichi) = match e {
            Entry::Tile(p) => (*p, false, false),
            Entry::Tsumogiri | Entry::Riichi(None) => match sim.drawn {
                Some(d) => (d, true, matches!(e, Entry::Riichi(_))),
                None => {
                    steps.truncate(mark);
                    return Ok(false);
                }
            },
            Entry::Riichi(Some(p)) => (*p, false, true),
            Entry::Zero => {
                steps.truncate(mark);
                return Ok(false);
            }
            Entry::Call(c) => {
                if !matches!(c.letter, 'k' | 'a') {
                    return Err(GameError::Log(format!(
                        "a {} call in a discard list",
                        c.letter
                    )));
                }
                steps.push(Step::OwnKan {
                    seat,
                    call: c.clone(),
                });
                sim.need_draw = true;
                sim.drawn = None;
                continue;
            }
        };
        steps.push(Step::Discard {
            seat,
            pai,
            tsumogiri,
            riichi,
        });
        sim.drawn = None;
        // Candidate calls of this discard: pon and kan first, then chi.
        let mut cands: Vec<(u8, Call)> = Vec::new();
        for k in [1u8, 2, 3] {
            let p = (seat + k) % 4;
            if let Some(Entry::Call(c)) = l.draws[p as usize].get(sim.di[p as usize]) {
                let fits = match c.letter {
                    'p' | 'm' => (p + c.source()) % 4 == seat,
                    'c' => k == 1,
                    _ => false,
                };
                if fits && c.key() == pai {
                    cands.push((p, c.clone()));
                }
            }
        }
        cands.sort_by_key(|(_, c)| c.letter == 'c');
        for (p, c) in cands {
            let mut next = sim;
            next.di[p as usize] += 1;
            next.seat = p;
            next.need_draw = c.letter == 'm';
            if c.letter == 'm' {
                // The discard list holds a 0 for the kan's turn.
                if let Some(Entry::Zero) = l.discards[p as usize].get(next.ti[p as usize]) {
                    next.ti[p as usize] += 1;
                }
            }
            let len = steps.len();
            steps.push(Step::Call {
                seat: p,
                target: seat,
                pai,
                call: c,
            });
            if plan(l, next, steps, budget)? {
                return Ok(true);
            }
            steps.truncate(len);
        }
        sim.seat = (seat + 1) % 4;
        sim.need_draw = true;
    }
    let done = (0..4).all(|p| sim.di[p] == l.draws[p].len() && sim.ti[p] == l.discards[p].len());
    if !done {
        steps.truncate(mark);
    }
    Ok(done)
}

struct RoundReplay<'a> {
    state: &'a mut State,
    rep: &'a mut Report,
    name: String,
    turn: usize,
}

enum Entry {
    Tile(Pai),
    Tsumogiri,
    Call(Call),
    Riichi(Option<Pai>),
    Zero,
}

fn entry(v: &Value) -> Result<Entry, GameError> {
    match v {
        Value::Number(n) => match n.as_i64() {
            Some(60) => Ok(Entry::Tsumogiri),
            Some(0) => Ok(Entry::Zero),
            Some(c) => Ok(Entry::Tile(code_pai(c)?)),
            None => Err(GameError::Log(format!("bad entry {v}"))),
        },
        Value::String(s) => {
            if let Some(rest) = s.strip_prefix('r') {
                let c: i64 = rest
                    .parse()
                    .map_err(|_| GameError::Log(format!("bad riichi {s:?}")))?;
                Ok(Entry::Riichi(if c == 60 {
                    None
                } else {
                    Some(code_pai(c)?)
                }))
            } else {
                Ok(Entry::Call(parse_call(s)?))
            }
        }
        _ => Err(GameError::Log(format!("bad entry {v}"))),
    }
}

fn arr(v: &Value, what: &str) -> Result<Vec<Value>, GameError> {
    v.as_array()
        .cloned()
        .ok_or_else(|| GameError::Log(format!("{what} is not an array")))
}

fn tiles(v: &Value, what: &str) -> Result<Vec<Pai>, GameError> {
    arr(v, what)?
        .iter()
        .map(|c| code_pai(c.as_i64().unwrap_or(-1)))
        .collect()
}

impl RoundReplay<'_> {
    fn mismatch(&mut self, message: String) {
        self.rep.mismatches.push(Mismatch {
            round: self.name.clone(),
            turn: self.turn,
            message,
        });
    }

    /// Applies an event; a refusal is a mismatch and stops the round.
    fn apply(&mut self, e: Event) -> bool {
        // The state's own reason first; then whether the action was offered.
        let mut next = self.state.clone();
        let checked = next
            .apply(&e)
            .and_then(|()| super::legal::check_offered(self.state, &e));
        if checked.is_ok() {
            *self.state = next;
        }
        match checked {
            Ok(()) => {
                if matches!(e, Event::Dahai { .. }) {
                    self.turn += 1;
                }
                self.rep.events += 1;
                self.rep.mjai.push(e);
                true
            }
            Err(err) => {
                let json = e.to_json();
                self.mismatch(format!("{json} refused: {err}"));
                false
            }
        }
    }

    /// Replays one round; false when it stopped on a mismatch.
    fn run(&mut self, r: &Value) -> Result<bool, GameError> {
        let r = arr(r, "round")?;
        if r.len() < 17 {
            return Err(GameError::Log("a round has 17 entries".into()));
        }
        let info = arr(&r[0], "round info")?;
        let num = |i: usize| info.get(i).and_then(Value::as_i64).unwrap_or(0);
        let (idx, honba, sticks) = (num(0), num(1), num(2));
        let bakaze = (idx / 4) as u8;
        let kyoku = (idx % 4) as u8 + 1;
        self.name = format!(
            "{}{}-{}",
            ['E', 'S', 'W', 'N'][(bakaze % 4) as usize],
            kyoku,
            honba
        );
        let sc = arr(&r[1], "scores")?;
        let mut scores = [0i32; 4];
        for (i, s) in sc.iter().take(4).enumerate() {
            scores[i] = s.as_i64().unwrap_or(0) as i32;
        }
        let dora = tiles(&r[2], "dora")?;
        let ura = tiles(&r[3], "ura")?;
        let mut hands: Vec<Vec<Pai>> = Vec::new();
        let mut draws: Vec<Vec<Value>> = Vec::new();
        let mut discards: Vec<Vec<Value>> = Vec::new();
        for s in 0..4 {
            hands.push(tiles(&r[4 + 3 * s], "haipai")?);
            draws.push(arr(&r[5 + 3 * s], "draws")?);
            discards.push(arr(&r[6 + 3 * s], "discards")?);
        }
        let result = arr(&r[16], "result")?;
        let oya = kyoku - 1;
        let first_dora = *dora
            .first()
            .ok_or_else(|| GameError::Log("no dora".into()))?;
        let start = Event::StartKyoku {
            bakaze: Pai::from(Tile::new(27 + bakaze % 4).expect("wind")),
            kyoku,
            honba: honba as u8,
            kyotaku: sticks as u8,
            oya,
            dora_marker: first_dora,
            scores,
            tehais: [
                hands[0].clone(),
                hands[1].clone(),
                hands[2].clone(),
                hands[3].clone(),
            ],
        };
        if !self.apply(start) {
            return Ok(false);
        }
        let open_after_discard = self.state.rules.game.open_kan_dora == KanDoraTiming::AfterDiscard;
        let lists = Lists {
            draws: draws
                .iter()
                .map(|d| d.iter().map(entry).collect::<Result<Vec<_>, _>>())
                .collect::<Result<Vec<_>, _>>()?,
            discards: discards
                .iter()
                .map(|d| d.iter().map(entry).collect::<Result<Vec<_>, _>>())
                .collect::<Result<Vec<_>, _>>()?,
        };
        let mut steps = Vec::new();
        let mut budget = 100_000usize;
        let sim = Sim {
            di: [0; 4],
            ti: [0; 4],
            seat: oya,
            need_draw: true,
            drawn: None,
        };
        if !plan(&lists, sim, &mut steps, &mut budget)? {
            return Err(GameError::Log(
                "no order of calls and passes fits the draw and discard lists".into(),
            ));
        }
        let won = result.first().and_then(Value::as_str) == Some("和了");
        let mut next_dora = 1usize;
        let mut pending = 0usize;
        macro_rules! go {
            ($e:expr) => {
                if !self.apply($e) {
                    return Ok(false);
                }
            };
        }
        macro_rules! flush_dora {
            ($keep:expr) => {
                while pending > $keep && next_dora < dora.len() {
                    go!(Event::Dora {
                        dora_marker: dora[next_dora]
                    });
                    next_dora += 1;
                    pending -= 1;
                }
            };
        }
        let n = steps.len();
        for (k, step) in steps.into_iter().enumerate() {
            match step {
                Step::Draw { seat, pai } => go!(Event::Tsumo { actor: seat, pai }),
                Step::Discard {
                    seat,
                    pai,
                    tsumogiri,
                    riichi,
                } => {
                    if riichi {
                        go!(Event::Reach { actor: seat });
                    }
                    go!(Event::Dahai {
                        actor: seat,
                        pai,
                        tsumogiri,
                    });
                    flush_dora!(0);
                    if riichi && !(won && k + 1 == n) {
                        go!(Event::ReachAccepted {
                            actor: seat,
                            deltas: None,
                            scores: None,
                        });
                    }
                }
                Step::Call {
                    seat,
                    target,
                    pai,
                    call,
                } => {
                    let (actor, consumed) = (seat, call.others());
                    match call.letter {
                        'c' => go!(Event::Chi {
                            actor,
                            target,
                            pai,
                            consumed
                        }),
                        'p' => go!(Event::Pon {
                            actor,
                            target,
                            pai,
                            consumed
                        }),
                        _ => {
                            go!(Event::Daiminkan {
                                actor,
                                target,
                                pai,
                                consumed
                            });
                            pending += 1;
                            if !open_after_discard {
                                flush_dora!(0);
                            }
                        }
                    }
                }
                Step::OwnKan { seat, call } => {
                    let closed = call.letter == 'a';
                    if closed {
                        go!(Event::Ankan {
                            actor: seat,
                            consumed: call.tiles.clone(),
                        });
                    } else {
                        go!(Event::Kakan {
                            actor: seat,
                            pai: call.key(),
                            consumed: call.others(),
                        });
                    }
                    // A robbing win ends the round before any dora is turned;
                    // otherwise earlier kans' dora are turned now, and this
                    // one's too when it is closed or the rules say at once.
                    if k + 1 < n {
                        pending += 1;
                        flush_dora!(if closed || !open_after_discard { 0 } else { 1 });
                    }
                }
            }
        }
        let _ = (oya, first_dora);
        self.finish(&result, &ura)
    }

    fn finish(&mut self, result: &[Value], ura: &[Pai]) -> Result<bool, GameError> {
        let kind = result
            .first()
            .and_then(Value::as_str)
            .ok_or_else(|| GameError::Log("no result".into()))?;
        let deltas_at = |i: usize| -> [i32; 4] {
            let mut d = [0; 4];
            if let Some(a) = result.get(i).and_then(Value::as_array) {
                for (k, x) in a.iter().take(4).enumerate() {
                    d[k] = x.as_i64().unwrap_or(0) as i32;
                }
            }
            d
        };
        if kind == "和了" {
            let mut i = 1;
            while i + 1 < result.len() {
                let logged = deltas_at(i);
                let info = arr(&result[i + 1], "win info")?;
                let n = |k: usize| info.get(k).and_then(Value::as_i64).unwrap_or(-1);
                let (winner, from, pao) = (n(0) as u8, n(1) as u8, n(2));
                let in_riichi = matches!(
                    self.state.seats.get(winner as usize).map(|s| s.riichi),
                    Some(super::state::RiichiState::Accepted { .. })
                );
                let e = Event::Hora {
                    actor: winner,
                    target: from,
                    pai: None,
                    ura_markers: in_riichi.then(|| ura.to_vec()),
                    deltas: None,
                    scores: None,
                };
                if !self.apply(e) {
                    return Ok(false);
                }
                self.rep.wins += 1;
                // The recorded event carries the log's deltas, so the mjai
                // record checks them when it is replayed.
                if let Some(Event::Hora { deltas, .. }) = self.rep.mjai.last_mut() {
                    *deltas = Some(logged);
                }
                let Some(Outcome::Wins(ws)) = &self.state.outcome else {
                    unreachable!("a hora was applied")
                };
                let w = ws.last().expect("a win").clone();
                self.check_win(&w, &info, logged, pao);
                i += 2;
            }
        } else {
            let reason = match kind {
                "流局" | "全員聴牌" | "全員不聴" | "流し満貫" => {
                    DrawReason::Exhaustive
                }
                "九種九牌" => DrawReason::NineTerminals,
                "四家立直" => DrawReason::FourRiichi,
                "四風連打" => DrawReason::FourWinds,
                "四槓散了" => DrawReason::FourKans,
                "三家和了" => DrawReason::TripleRon,
                other => return Err(GameError::Log(format!("unknown result {other:?}"))),
            };
            let e = Event::Ryukyoku {
                reason: Some(reason),
                deltas: None,
                scores: None,
            };
            if !self.apply(e) {
                return Ok(false);
            }
            self.rep.draws += 1;
            if let Some(Event::Ryukyoku { deltas, .. }) = self.rep.mjai.last_mut() {
                *deltas = Some(deltas_at(1));
            }
            let logged = deltas_at(1);
            let computed = match &self.state.outcome {
                Some(Outcome::Draw { deltas, .. }) => *deltas,
                _ => [0; 4],
            };
            if logged != computed {
                self.mismatch(format!(
                    "{kind}: log deltas {logged:?}, engine {computed:?}"
                ));
            }
        }
        Ok(self.apply(Event::EndKyoku))
    }

    fn check_win(&mut self, w: &super::state::Win, info: &[Value], logged: [i32; 4], pao: i64) {
        let who = format!("seat {} from {}", w.seat, w.from);
        if w.deltas != logged {
            self.mismatch(format!(
                "{who}: log deltas {logged:?}, engine {:?}",
                w.deltas
            ));
        }
        let liable = if pao >= 0 && pao != w.seat as i64 {
            Some(pao as u8)
        } else {
            None
        };
        if w.pao != liable {
            self.mismatch(format!("{who}: log pao {liable:?}, engine {:?}", w.pao));
        }
        let text = info.get(3).and_then(Value::as_str).unwrap_or("");
        // Han: the sum of the listed yaku ("name(n飜)", "name(役満)").
        let mut han = 0u32;
        for y in info.iter().skip(4).filter_map(Value::as_str) {
            if y.ends_with("(役満)") {
                han += 13;
            } else if let Some(h) = y
                .rsplit('(')
                .next()
                .and_then(|x| x.strip_suffix("飜)"))
                .and_then(|x| x.parse::<u32>().ok())
            {
                han += h;
            }
        }
        if w.score.han != han {
            self.mismatch(format!(
                "{who}: log {han} han, engine {} ({:?})",
                w.score.han,
                w.score.yaku.iter().collect::<Vec<_>>()
            ));
        }
        if let Some(f) = text.split('符').next().filter(|_| text.contains('符')) {
            if f.parse::<u32>().ok() != Some(w.score.fu) {
                self.mismatch(format!("{who}: log {f} fu, engine {}", w.score.fu));
            }
        }
        // Points before honba: "8000点", "1000-2000点", "2600点∀".
        let body = text
            .trim_end_matches('点')
            .trim_end_matches('∀')
            .trim_end_matches('点');
        let tail: String = body
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '-')
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let nums: Vec<u32> = tail.split('-').filter_map(|x| x.parse().ok()).collect();
        let basic = w.score.basic_points;
        let up = |x: u32| x.div_ceil(100) * 100;
        let dealer = self.state.oya == w.seat;
        let ours: Vec<u32> = match w.score.payment {
            Payment::Ron { .. } => vec![up(basic * if dealer { 6 } else { 4 })],
            Payment::Tsumo { .. } if dealer => vec![up(basic * 2)],
            Payment::Tsumo { .. } => vec![up(basic), up(basic * 2)],
        };
        if !nums.is_empty() && nums != ours {
            self.mismatch(format!(
                "{who}: log points {nums:?}, engine {ours:?} ({text})"
            ));
        }
    }
}
