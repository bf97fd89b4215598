//! The determinizer: every tile conserved, the same seed the same world,
//! riichi hands ready and not furiten, early riichi waits, two-call
//! opponents ready as often as fitted, no panic on odd observations.

use super::{decision_points, pais};
use tenpai::ai::mc::{rollout, search, Budget, Determinizer, Settings};
use tenpai::game::{Action, Pai, SeatIndex};
use tenpai::rules::Rules;

/// The determinizer's private tuning values these tests check
/// (`src/ai/mc/determinize.rs`: `GOOD_WAIT_TURNS`, `TWO_CALLS_READY[2]`);
/// change them together.
const GOOD_WAIT_TURNS: usize = 11;
const TWO_CALLS_READY_LATE: f64 = 0.65;

/// Counts per kind and red fives of a tile list.
fn tally(tiles: &[Pai]) -> ([u8; 34], [u8; 3]) {
    let mut c = [0u8; 34];
    let mut r = [0u8; 3];
    for p in tiles {
        let t = p.tile().unwrap();
        c[t.index()] += 1;
        if p.is_red() {
            r[t.index() / 9] += 1;
        }
    }
    (c, r)
}

#[test]
fn determinize_conserves_every_tile() {
    let rules = Rules::tenhou();
    let mut checked = 0;
    for seed in [1, 2] {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate().step_by(7) {
            let d = Determinizer::new(obs, &rules);
            let w = d.sample(i as u64);
            let mut all = obs.visible_tiles();
            for s in SeatIndex::ALL {
                let h = w.hand(s);
                if s == obs.seat {
                    assert_eq!(h, obs.hand, "own hand kept");
                } else {
                    assert_eq!(h.len(), obs.hand_sizes[s.index()] as usize);
                    all.extend(h);
                }
            }
            assert_eq!(w.live_wall().len(), obs.live_left as usize);
            assert_eq!(w.dead_wall().len(), 14 - obs.dora_indicators.len());
            all.extend(w.live_wall());
            all.extend(w.dead_wall());
            let (c, r) = tally(&all);
            assert_eq!(c, [4; 34], "decision {i} of game {seed}");
            assert_eq!(r, [1, 1, 1]);
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn determinize_same_seed_same_world() {
    let rules = Rules::tenhou();
    let points = decision_points(3);
    let (obs, _) = &points[points.len() / 2];
    let d = Determinizer::new(obs, &rules);
    let a = d.sample(42);
    let b = d.sample(42);
    let c = d.sample(43);
    for s in SeatIndex::ALL {
        assert_eq!(a.hand(s), b.hand(s));
    }
    assert_eq!(a.live_wall(), b.live_wall());
    assert_eq!(a.dead_wall(), b.dead_wall());
    assert_ne!(
        (a.live_wall(), a.hand(obs.seat.next())),
        (c.live_wall(), c.hand(obs.seat.next()))
    );
}

#[test]
fn determinize_riichi_hands_are_ready_and_not_furiten() {
    let rules = Rules::tenhou();
    let (mut cases, mut ok) = (0, 0);
    for seed in 1..=6 {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate() {
            let Some(r) = (0..4).find(|&s| s != obs.seat.index() && obs.riichi[s]) else {
                continue;
            };
            if i % 3 != 0 {
                continue;
            }
            let d = Determinizer::new(obs, &rules);
            let river: Vec<usize> = obs.rivers[r]
                .iter()
                .map(|t| t.pai.tile().unwrap().index())
                .collect();
            for k in 0..4 {
                let w = d.sample(k);
                let (counts, _) = tally(&w.hand(SeatIndex::ALL[r]));
                cases += 1;
                if tenpai::shanten(&counts) == Ok(0) {
                    let waits = tenpai::ukeire(&counts, None).unwrap().tiles;
                    if waits.iter().all(|t| !river.contains(&t.index())) {
                        ok += 1;
                    }
                }
            }
        }
    }
    assert!(cases >= 40, "{cases}");
    assert!(ok * 100 >= cases * 97, "{ok} of {cases}");
}

#[test]
fn determinize_early_riichi_waits_on_four_tiles_or_more() {
    // The baseline declares riichi before its 12th discard only on a wait of
    // 4+ tiles it cannot see; the dealt hands must too (public tiles and the
    // hand itself counted as seen), unless they are seven pairs.
    let rules = Rules::tenhou();
    let (mut cases, mut ok) = (0, 0);
    for seed in 1..=8 {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate().step_by(3) {
            let Some(r) = (0..4).find(|&s| {
                s != obs.seat.index()
                    && obs.riichi[s]
                    && obs.rivers[s]
                        .iter()
                        .position(|t| t.riichi)
                        .is_some_and(|at| at < GOOD_WAIT_TURNS)
            }) else {
                continue;
            };
            let mut public = obs.visible_tiles();
            public.drain(..obs.hand.len());
            let (seen, _) = tally(&public);
            let d = Determinizer::new(obs, &rules);
            for k in 0..4 {
                let (counts, _) = tally(&d.sample(i as u64 * 10 + k).hand(SeatIndex::ALL[r]));
                let waits = tenpai::ukeire(&counts, None).unwrap();
                let live: u32 = waits
                    .tiles
                    .iter()
                    .map(|t| 4u32.saturating_sub((seen[t.index()] + counts[t.index()]) as u32))
                    .sum();
                // A seven-pairs wait (one tile, three copies at most) is
                // left as dealt: it cannot be improved one exchange at a time.
                let forms = tenpai::shanten_forms(&counts).unwrap();
                let pairs_only = forms.standard > 0 && forms.chiitoitsu == Some(0);
                cases += 1;
                ok += (waits.shanten == 0 && (live >= 4 || pairs_only)) as u32;
            }
        }
    }
    assert!(cases >= 40, "{cases}");
    // Growing gives up after MAX_STEPS exchanges in a few percent of deals
    // (the last hand is kept), as for any riichi hand.
    assert!(ok * 100 >= cases * 95, "{ok} of {cases}");
}

#[test]
fn determinize_two_call_opponents_are_ready_as_often_as_the_constant_says() {
    // Opponents with two calls after 12+ discards are dealt ready with
    // probability TWO_CALLS_READY[2] (0.65), else one step from ready.
    let rules = Rules::tenhou();
    let (mut cases, mut ready, mut one) = (0u32, 0u32, 0u32);
    for seed in 1..=30 {
        for (i, (obs, _)) in decision_points(seed).iter().enumerate().step_by(5) {
            let Some(x) = (0..4).find(|&s| {
                s != obs.seat.index()
                    && obs.melds[s].iter().filter(|m| m.from.is_some()).count() == 2
                    && obs.rivers[s].len() >= 12
            }) else {
                continue;
            };
            let d = Determinizer::new(obs, &rules);
            for k in 0..10 {
                let (counts, _) = tally(&d.sample(i as u64 * 100 + k).hand(SeatIndex::ALL[x]));
                let sh = tenpai::shanten(&counts).unwrap();
                cases += 1;
                ready += (sh == 0) as u32;
                one += (sh == 1) as u32;
            }
        }
    }
    let p = TWO_CALLS_READY_LATE;
    let expected = p * cases as f64;
    let sd = (cases as f64 * p * (1.0 - p)).sqrt();
    assert!(cases >= 200, "{cases}");
    assert!(
        (ready as f64 - expected).abs() <= 4.0 * sd,
        "{ready} of {cases} ready"
    );
    assert_eq!(ready + one, cases, "the others are one step from ready");
}

#[test]
fn determinize_never_panics_on_odd_observations() {
    let rules = Rules::tenhou();
    let points = decision_points(4);
    let mut odd = Vec::new();
    for (obs, _) in points.iter().step_by(25) {
        let mut o = obs.clone();
        o.hand.extend(pais("1m 1m 1m 1m 1m 5mr 5mr ?"));
        odd.push(o);
        let mut o = obs.clone();
        o.hand_sizes = [200; 4];
        o.live_left = 250;
        odd.push(o);
        let mut o = obs.clone();
        o.hand.clear();
        o.hand_sizes = [0; 4];
        o.riichi = [true; 4];
        odd.push(o);
        let mut o = obs.clone();
        o.melds[o.seat.next().index()].push(tenpai::game::TableMeld {
            kind: tenpai::MeldKind::Pon,
            tiles: pais("? ? ?"),
            called: None,
            from: Some(o.seat.get()),
            added: false,
        });
        o.melds[o.seat.index()].push(tenpai::game::TableMeld {
            kind: tenpai::MeldKind::Chi,
            tiles: Vec::new(),
            called: None,
            from: None,
            added: false,
        });
        odd.push(o);
        let mut o = obs.clone();
        o.dora_indicators = pais("1m 1m 1m 1m 1m 1m 1m");
        odd.push(o);
    }
    for o in &odd {
        let d = Determinizer::new(o, &rules);
        for k in 0..3 {
            let w = d.sample(k);
            let _ = rollout(w, &Action::Pass, &rules);
        }
        let legal = [
            Action::Pass,
            Action::Tsumo,
            Action::Discard {
                pai: "1m".parse().unwrap(),
                tsumogiri: false,
            },
        ];
        let r = search(
            o,
            &legal,
            &rules,
            Settings {
                budget: Budget::Samples(30),
                threads: 1,
                ..Default::default()
            },
            1,
        );
        assert!(legal.contains(&r.chosen));
        // Naming the decision, as a decision log does, never panics either.
        assert!(!tenpai::ai::mc::action_label(&r.chosen).is_empty());
        tenpai::ai::mc::hand_text(o);
    }
}
