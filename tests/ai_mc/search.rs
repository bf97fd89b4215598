//! The search: deterministic and legal, the same on one thread or two, a
//! time budget kept and used to its end (on a clock that counts work).

use super::decision_points;
use std::time::Duration;
use tenpai::ai::mc::{search, search_with_clock, Budget, Settings, StepClock};
use tenpai::rules::Rules;

#[test]
fn search_ok_deterministic_and_legal() {
    let rules = Rules::tenhou();
    let points = decision_points(5);
    let settings = Settings {
        budget: Budget::Samples(120),
        threads: 1,
        ..Default::default()
    };
    let mut searched = 0;
    for (obs, legal) in points.iter().step_by(11).take(30) {
        let a = search(obs, legal, &rules, settings, 9);
        let b = search(obs, legal, &rules, settings, 9);
        assert!(legal.contains(&a.chosen));
        assert_eq!(a.candidates, b.candidates);
        assert_eq!(a.chosen, b.chosen);
        if !a.trivial {
            searched += 1;
            assert_eq!(
                a.samples,
                a.candidates.iter().map(|c| c.samples).sum::<u32>()
            );
            assert!(a.samples <= 120 + a.candidates.len() as u32);
        }
    }
    assert!(searched > 5);
}

#[test]
fn search_ok_threads_give_the_same_result() {
    let rules = Rules::tenhou();
    let points = decision_points(6);
    for (obs, legal) in points.iter().step_by(17).take(8) {
        let one = search(
            obs,
            legal,
            &rules,
            Settings {
                budget: Budget::Samples(80),
                threads: 1,
                ..Default::default()
            },
            3,
        );
        let two = search(
            obs,
            legal,
            &rules,
            Settings {
                budget: Budget::Samples(80),
                threads: 2,
                ..Default::default()
            },
            3,
        );
        assert_eq!(one.candidates, two.candidates);
    }
}

/// A time budget on a clock that counts work: 20 ms at 20 µs a reading.
fn counted_budget() -> (Duration, Duration) {
    (Duration::from_millis(20), Duration::from_micros(20))
}

#[test]
fn search_ok_time_budget_is_kept() {
    // The search reads the clock before every rollout and stops at the
    // deadline: no rollout starts after it, so at most budget / step
    // rollouts are played, by one thread or two.
    let rules = Rules::tenhou();
    let points = decision_points(7);
    let (budget, step) = counted_budget();
    let most = (budget.as_micros() / step.as_micros()) as u32;
    for threads in [1, 2] {
        let settings = Settings {
            budget: Budget::Time(budget),
            threads,
            ..Default::default()
        };
        for (i, (obs, legal)) in points.iter().step_by(13).take(20).enumerate() {
            let clock = StepClock::new(step);
            let r = search_with_clock(obs, legal, &rules, settings, i as u64, &clock);
            assert!(legal.contains(&r.chosen));
            assert!(
                r.samples <= most,
                "{threads} threads: {} rollouts",
                r.samples
            );
        }
    }
}

#[test]
fn search_ok_time_budget_is_used_to_the_end_with_one_or_two_threads() {
    // The last halving round plays until the deadline: a search with two or
    // more candidates neither stops early (two threads once stopped at about
    // half the time: the schedule was fitted to a slow first batch) nor
    // overruns. On the counting clock nine in ten readings before the
    // deadline start a rollout (the others deal worlds and fit the schedule).
    let rules = Rules::tenhou();
    let points = decision_points(8);
    let (budget, step) = counted_budget();
    let most = (budget.as_micros() / step.as_micros()) as u32;
    for threads in [1, 2] {
        let settings = Settings {
            budget: Budget::Time(budget),
            threads,
            ..Default::default()
        };
        let mut searched = 0;
        for (i, (obs, legal)) in points.iter().step_by(11).take(12).enumerate() {
            let clock = StepClock::new(step);
            let r = search_with_clock(obs, legal, &rules, settings, i as u64, &clock);
            if r.trivial {
                continue;
            }
            searched += 1;
            assert!(r.elapsed >= budget, "{threads} threads: {:?}", r.elapsed);
            assert!(
                r.samples >= most * 9 / 10,
                "{threads} threads: {} rollouts of {most}",
                r.samples
            );
        }
        assert!(searched >= 4, "{searched} searched decisions");
    }
}
