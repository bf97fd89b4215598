//! Calibration of the determinization against real hands: at decision points
//! of seeded baseline self-play, the opponents' dealt hands are compared with
//! the hands they really held at that moment (the referee's view), bucketed
//! by the opponent's calls and discards.
//!
//! The Monte Carlo player's opponents in these games are baselines, so this
//! is the model the search should hold of them. Before the constants of
//! `determinize.rs` were fitted this way, two-call opponents were dealt ready
//! 0 % of the time (really 50–67 % after six discards) and closed opponents
//! not in riichi 20–48 % (really 4–6 %: a ready baseline declares riichi).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tenpai::ai::mc::Determinizer;
use tenpai::ai::BaselinePlayer;
use tenpai::game::SeatIndex;
use tenpai::game::{play_game_watched, Action, Event, Observation, Player, State};
use tenpai::rules::GameLength;
use tenpai::rules::Rules;
use tenpai::MeldKind;

/// A baseline that records its views with the number of events before each.
struct Recorder {
    inner: BaselinePlayer,
    events: Arc<AtomicUsize>,
    seen: Vec<(Observation, usize)>,
}

impl Player for Recorder {
    fn act(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        self.seen
            .push((obs.clone(), self.events.load(Ordering::Relaxed)));
        self.inner.act(obs, legal)
    }
}

/// Running sums of one bucket: opponent hands, dealt ready, dealt shanten
/// (both averaged over the samples of a decision), really ready, real shanten.
#[derive(Clone, Copy, Default, Debug)]
struct Bucket {
    n: f64,
    dealt_ready: f64,
    dealt_shanten: f64,
    real_ready: f64,
    real_shanten: f64,
}

impl Bucket {
    fn ready(&self) -> (f64, f64) {
        (self.dealt_ready / self.n, self.real_ready / self.n)
    }

    fn shanten(&self) -> (f64, f64) {
        (self.dealt_shanten / self.n, self.real_shanten / self.n)
    }
}

/// Shanten of counts; `i8::MAX` for a size the tables refuse (a hand in the
/// middle of a call, never an opponent's hand at a decision point).
fn shanten_of(counts: &[u8; 34]) -> i8 {
    tenpai::shanten(counts).unwrap_or(i8::MAX)
}

/// Buckets `[calls 0..=3][discards 0–5, 6–11, 12+]` over `games` seeded
/// east-only baseline games, `samples` worlds per decision (every third
/// decision of every seat; opponents in riichi left out).
fn calibrate(games: u64, samples: u64) -> [[Bucket; 3]; 4] {
    let mut rules = Rules::tenhou();
    rules.game.length = GameLength::East;
    let mut out = [[Bucket::default(); 3]; 4];
    for seed in 1..=games {
        let events = Arc::new(AtomicUsize::new(0));
        // Each seat's shanten after every event.
        let real: Arc<Mutex<Vec<[i8; 4]>>> = Arc::new(Mutex::new(Vec::new()));
        let mut rec: Vec<Recorder> = (0..4)
            .map(|_| Recorder {
                inner: BaselinePlayer::v1(&rules),
                events: events.clone(),
                seen: Vec::new(),
            })
            .collect();
        {
            let (ev, re) = (events.clone(), real.clone());
            let mut watch = move |_: &Event, st: &State| {
                ev.fetch_add(1, Ordering::Relaxed);
                re.lock().unwrap().push(std::array::from_fn(|a| {
                    shanten_of(st.seats()[a].concealed())
                }));
            };
            let [a, b, c, d] = &mut rec[..] else {
                unreachable!()
            };
            let mut players: [&mut dyn Player; 4] = [a, b, c, d];
            play_game_watched(&rules, seed * 7919, &mut players, false, Some(&mut watch)).unwrap();
        }
        let real = real.lock().unwrap();
        for r in &rec {
            for (i, (obs, at)) in r.seen.iter().enumerate().step_by(3) {
                let Some(now) = at.checked_sub(1).map(|e| real[e]) else {
                    continue;
                };
                let d = Determinizer::new(obs, &rules);
                let worlds: Vec<_> = (0..samples)
                    .map(|k| d.sample(seed * 1_000_003 + i as u64 * 101 + k))
                    .collect();
                for x in (0..4).filter(|&x| x != obs.seat.index() && !obs.riichi[x]) {
                    assert_ne!(now[x], i8::MAX, "an opponent's real hand at a decision");
                    let calls = obs.melds[x]
                        .iter()
                        .filter(|m| m.kind != MeldKind::ClosedKan)
                        .count()
                        .min(3);
                    let b = &mut out[calls][(obs.rivers[x].len() / 6).min(2)];
                    b.n += 1.0;
                    for w in &worlds {
                        let mut c = [0u8; 34];
                        for p in w.hand(SeatIndex::ALL[x]) {
                            c[p.tile().unwrap().index()] += 1;
                        }
                        let sh = shanten_of(&c);
                        b.dealt_ready += (sh <= 0) as u8 as f64 / samples as f64;
                        b.dealt_shanten += sh as f64 / samples as f64;
                    }
                    b.real_ready += (now[x] <= 0) as u8 as f64;
                    b.real_shanten += now[x] as f64;
                }
            }
        }
    }
    out
}

#[test]
fn determinize_calibrated_against_real_baseline_hands() {
    let b = calibrate(60, 8);
    let table: Vec<String> = b
        .iter()
        .enumerate()
        .flat_map(|(c, row)| {
            row.iter().enumerate().map(move |(t, x)| {
                format!(
                    "calls {c} turns {t}: n {} ready {:.3?} shanten {:.2?}",
                    x.n,
                    x.ready(),
                    x.shanten()
                )
            })
        })
        .collect();
    let table = table.join("\n");
    println!("dealt / real\n{table}");
    // Closed opponents not in riichi: rarely ready, and about as far from
    // ready as the real hands until the last third of the round.
    for (t, x) in b[0].iter().enumerate() {
        let (dealt, real) = x.ready();
        assert!(dealt <= real + 0.05, "closed, turns {t}\n{table}");
    }
    for (t, x) in b[0].iter().enumerate().take(2) {
        let (dealt, real) = x.shanten();
        assert!((dealt - real).abs() <= 0.3, "closed, turns {t}\n{table}");
    }
    // Two calls after six discards: ready about as often as the real hands.
    let two = |t: usize| b[2][t];
    let late = Bucket {
        n: two(1).n + two(2).n,
        dealt_ready: two(1).dealt_ready + two(2).dealt_ready,
        real_ready: two(1).real_ready + two(2).real_ready,
        ..Bucket::default()
    };
    assert!(late.n >= 100.0, "{table}");
    let (dealt, real) = late.ready();
    assert!((dealt - real).abs() <= 0.12, "two calls\n{table}");
    // One call: developed like the real hands.
    for (t, x) in b[1].iter().enumerate().skip(1) {
        let (dealt, real) = x.ready();
        assert!((dealt - real).abs() <= 0.12, "one call, turns {t}\n{table}");
    }
}
