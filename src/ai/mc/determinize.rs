//! Determinization: deal the tiles a seat cannot see (the other hands, the
//! live wall, the hidden dead wall) at random, consistent with everything it
//! knows, and shaped by what the opponents showed.
//!
//! The unseen multiset is the 136 tiles (red fives as the rules have them)
//! minus the seat's own hand, every river tile not called, every meld tile and
//! the dora indicators. A sample deals it uniformly (seeded Fisher–Yates and
//! uniform picks), then:
//!
//! - an opponent in riichi must be ready, waiting on no tile of its own
//!   river: its hand is grown from a random deal by drawing unseen tiles and
//!   throwing the least useful one (the rollout policy), until it is ready
//!   on a non-furiten wait (at most [`MAX_STEPS`] exchanges, else the last
//!   hand is kept). A riichi declared within [`GOOD_WAIT_TURNS`] discards
//!   must also wait on at least [`crate::ai::RIICHI_MIN_WAITS`] tiles the
//!   seat cannot see, as the baseline declares it. The thrown tiles go back
//!   to the unseen pool, so the wall keeps exactly the tiles the hands do not
//!   hold. Random 13-tile hands are ready well under 1 % of the time, so
//!   rejection alone would almost never succeed;
//! - an opponent with three calls is grown the same way to ready; with two
//!   calls to ready with probability [`TWO_CALLS_READY`] (by its discards),
//!   else to one step from ready (many calls mean near tenpai);
//! - any other opponent's deal is accepted with probability 0.7^m, where m
//!   counts the kinds it threw early by hand (its first six discards, not
//!   drawn-and-thrown) that its dealt hand would still want (its ukeire); a
//!   rejected deal is redealt, at most [`REDEALS`] times, after which the
//!   last one stands (a soft weight against wanting early discards). The
//!   accepted deal is then developed as the player's own draws did: one
//!   draw-and-throw exchange per discard in its river (the rollout policy,
//!   stopping once ready). A closed hand not in riichi gets
//!   [`CLOSED_PACE_PERCENT`] % of those exchanges and stops one step from
//!   ready: a ready baseline declares riichi, so a closed hand without one
//!   is rarely ready. A random hand is about 3.5 steps from ready, a real
//!   one at the tenth turn much closer: without the development the
//!   opponents of the rollouts are far too slow, and pushing looks far too
//!   safe.
//!
//! The constants were fitted by comparing dealt hands with the real hands
//! of baseline self-play at the same decision points (shanten and the share
//! ready, by calls and discards).
//!
//! This follows the determinization of Mizukami & Tsuruoka, "Building a
//! computer Mahjong player based on Monte Carlo simulation and opponent
//! models" (IEEE CIG 2015), with cheaper opponent models.

use super::policy::{efficient_discard, shanten, shanten_useful, wait_count};
use super::world::{code_of, kind, World, RED};
use crate::ai::RIICHI_MIN_WAITS;
use crate::game::Observation;
use crate::rules::Rules;
use crate::tile::KINDS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Most draw-and-throw exchanges when growing a constrained hand.
pub(crate) const MAX_STEPS: usize = 60;

/// Most redeals of an opponent's hand under the soft early-discard weight.
pub(crate) const REDEALS: usize = 3;

/// Discards counted as early for the soft weight.
const EARLY: usize = 6;

/// Probability that an opponent with two calls is dealt ready, by its
/// discards (0–5, 6–11, 12 or more). Measured: 13 %, 50 % and 67 % of the
/// baselines' two-call hands were ready at those points (948 opponent hands
/// at decision points of 150 east-only baseline games); one step from ready
/// otherwise.
pub(crate) const TWO_CALLS_READY: [f64; 3] = [0.15, 0.5, 0.65];

/// A closed opponent not in riichi is developed by this share of its
/// discards (in percent), never past one step from ready. Measured on the
/// same games: its mean shanten was 2.66, 1.61 and 1.74 after 0–5, 6–11 and
/// 12+ discards, and it was ready only 0.2–6 % of the time (a ready baseline
/// declares riichi); one exchange per discard made it 2.55, 1.20 and 0.63,
/// ready 2–48 % of the time; 80 % of the exchanges, stopping at one step,
/// give 2.69, 1.56 and 1.18.
pub(crate) const CLOSED_PACE_PERCENT: u32 = 80;

/// A riichi declared within this many discards had, as the baseline declares
/// it, a wait of at least [`crate::ai::RIICHI_MIN_WAITS`] tiles it could not
/// see (later, from [`crate::ai::baseline::LATE_WALL`] tiles left, any wait): the grown
/// hand must too, counting the public tiles and the hand itself as seen.
pub(crate) const GOOD_WAIT_TURNS: usize = 11;

/// Everything needed to deal worlds for one decision: the public world with
/// the seat's own hand, the unseen tiles and the opponents' constraints.
///
/// ```
/// use tenpai::ai::mc::Determinizer;
/// use tenpai::game::{play_game, Observation, Player, RandomPlayer, State};
/// let rules = tenpai::rules::Rules::tenhou();
/// let mut s = State::new(rules.clone());
/// # use tenpai::game::Event;
/// s.apply(&Event::start_game(vec![], None, Default::default()))?;
/// let deal = |t: &str| t.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>();
/// s.apply(&Event::StartKyoku {
///     round_wind: tenpai::Wind::East, kyoku: 1, honba: 0, kyoutaku: 0, dealer: 0,
///     dora_marker: "1m".parse()?, scores: [25000; 4],
///     tehais: [deal("1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S"), deal("1p 1p 1p 2p 2p 2p 3p 3p 3p 4p 4p 4p 5p"),
///              deal("1s 1s 1s 2s 2s 2s 3s 3s 3s 4s 4s 4s 5s"), deal("2m 2m 2m 3m 3m 3m 4m 4m 4m 5m 5m 5m 6m")],
/// })?;
/// let d = Determinizer::new(&Observation::of(&s, tenpai::game::SeatIndex::ALL[0]), &rules);
/// assert_eq!(d.unseen().iter().map(|&c| c as usize).sum::<usize>(), 136 - 13 - 1);
/// let w = d.sample(7);
/// assert_eq!(w.hand(tenpai::game::SeatIndex::ALL[1]).len(), 13);
/// assert_eq!(w.live_wall().len(), 70);
/// assert_eq!(w.dead_wall().len(), 13);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Determinizer {
    template: World,
    pool: Vec<u8>,
    sizes: [u8; 4],
    /// Shanten each opponent's hand must reach (`None`: no constraint).
    target: [Option<i8>; 4],
    /// Kinds each opponent threw early by hand.
    early: [u64; 4],
    /// Draws each opponent has made (its discards).
    draws: [u8; 4],
    /// Open melds of each opponent.
    calls: [u8; 4],
    /// Riichi declared early: the wait must be good (as the baseline's).
    good_wait: [bool; 4],
    live: u8,
    dead: u8,
}

impl Determinizer {
    /// The determinizer of `obs` under `rules` (for the red fives).
    ///
    /// # Panics
    /// Never, whatever the observation: tiles that cannot be (a fifth copy)
    /// are left out of the unseen pool, hand sizes and the wall shrink to the
    /// tiles there are.
    // One function: two passes over one observation (the unseen pool, then each
    // opponent's counts), filling the fields of the one struct it returns.
    pub fn new(obs: &Observation, rules: &Rules) -> Determinizer {
        let (template, _) = World::observed(obs);
        let me = obs.seat.index();
        // The unseen multiset: plain copies and red fives per kind.
        let mut plain = [4u8; KINDS];
        let mut red = [0u8; KINDS];
        for s in 0..3 {
            let r = rules.scoring.red_fives[s].min(4);
            red[s * 9 + 4] = r;
            plain[s * 9 + 4] = 4 - r;
        }
        let mut remove = |p: &crate::game::Pai| {
            let Some(c) = code_of(*p) else { return };
            let k = kind(c);
            let (first, second) = if c & RED != 0 {
                (&mut red, &mut plain)
            } else {
                (&mut plain, &mut red)
            };
            if first[k] > 0 {
                first[k] -= 1;
            } else if second[k] > 0 {
                second[k] -= 1;
            }
        };
        obs.hand.iter().for_each(&mut remove);
        for s in 0..4 {
            obs.rivers[s]
                .iter()
                .filter(|r| !r.called)
                .for_each(|r| remove(&r.pai));
            obs.melds[s]
                .iter()
                .flat_map(|m| m.tiles.iter())
                .for_each(&mut remove);
        }
        obs.dora_indicators.iter().for_each(&mut remove);
        let mut pool = Vec::with_capacity(136);
        for k in 0..KINDS {
            pool.extend(std::iter::repeat_n(k as u8, plain[k] as usize));
            pool.extend(std::iter::repeat_n(k as u8 | RED, red[k] as usize));
        }
        let mut sizes = [0u8; 4];
        let mut target = [None; 4];
        let mut early = [0u64; 4];
        let mut draws = [0u8; 4];
        let mut ncalls = [0u8; 4];
        let mut good_wait = [false; 4];
        for s in (0..4).filter(|&s| s != me) {
            draws[s] = obs.rivers[s].len().min(MAX_STEPS) as u8;
            sizes[s] = obs.hand_sizes[s].min(14);
            let calls = obs.melds[s].iter().filter(|m| m.from.is_some()).count();
            ncalls[s] = calls.min(4) as u8;
            good_wait[s] = obs.riichi[s]
                && obs.rivers[s]
                    .iter()
                    .position(|r| r.riichi)
                    .is_some_and(|i| i < GOOD_WAIT_TURNS);
            target[s] = if obs.riichi[s] || calls >= 3 {
                Some(0)
            } else if calls == 2 {
                Some(1)
            } else {
                None
            };
            for r in obs.rivers[s].iter().take(EARLY).filter(|r| !r.tsumogiri) {
                if let Some(t) = r.pai.tile() {
                    early[s] |= 1 << t.index();
                }
            }
        }
        Determinizer {
            template,
            pool,
            sizes,
            target,
            early,
            draws,
            calls: ncalls,
            good_wait,
            live: obs.live_left,
            dead: 14u8.saturating_sub(obs.dora_indicators.len().min(14) as u8),
        }
    }

    /// The unseen tiles as counts per kind (red fives included in their kind).
    pub fn unseen(&self) -> [u8; KINDS] {
        let mut c = [0u8; KINDS];
        for &x in &self.pool {
            c[kind(x)] += 1;
        }
        c
    }

    /// Unseen red fives per suit.
    pub fn unseen_red(&self) -> [u8; 3] {
        let mut r = [0u8; 3];
        for &x in self.pool.iter().filter(|&&x| x & RED != 0) {
            r[kind(x) / 9] += 1;
        }
        r
    }

    /// The public world with the seat's own hand and no hidden tiles dealt.
    pub fn template(&self) -> &World {
        &self.template
    }

    /// One world dealt from `seed`: the same seed gives the same world.
    ///
    /// # Panics
    /// Never.
    pub fn sample(&self, seed: u64) -> World {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut w = self.template.clone();
        let mut pool = self.pool.clone();
        // Constrained opponents first, from the whole pool.
        for s in 0..4 {
            if let Some(mut t) = self.target[s] {
                if self.calls[s] == 2 {
                    let p = TWO_CALLS_READY[(self.draws[s] as usize / 6).min(2)];
                    if rng.gen::<f64>() < p {
                        t = 0;
                    }
                }
                deal(&mut w, s, self.sizes[s], &mut pool, &mut rng);
                grow(&mut w, s, t, self.good_wait[s], &mut pool, &mut rng);
            }
        }
        for s in 0..4 {
            if self.sizes[s] == 0 || self.target[s].is_some() {
                continue;
            }
            for attempt in 0..=REDEALS {
                deal(&mut w, s, self.sizes[s], &mut pool, &mut rng);
                if attempt == REDEALS || self.early[s] == 0 {
                    break;
                }
                let wanted = useful(&w.hands[s]) & self.early[s];
                let p = 0.7f64.powi(wanted.count_ones() as i32);
                if rng.gen::<f64>() < p {
                    break;
                }
                undeal(&mut w, s, &mut pool);
            }
            // A closed hand not in riichi: the baseline would have declared
            // riichi once ready, so it is developed to one step from ready
            // at most, and at the pace of a real hand.
            let (steps, floor) = if self.calls[s] == 0 {
                ((self.draws[s] as u32 * CLOSED_PACE_PERCENT / 100) as u8, 1)
            } else {
                (self.draws[s], 0)
            };
            develop(&mut w, s, steps, floor, &mut pool, &mut rng);
        }
        for s in 0..4 {
            if w.hands[s].iter().map(|&c| c as usize).sum::<usize>() % 3 == 1 {
                w.waits[s] = w.compute_waits(s);
            }
        }
        // The rest, shuffled: the live wall, then the hidden dead wall.
        for i in (1..pool.len()).rev() {
            let j = rng.gen_range(0..=i as u32) as usize;
            pool.swap(i, j);
        }
        let live = (self.live as usize).min(pool.len());
        w.wall[..live].copy_from_slice(&pool[..live]);
        w.pos = 0;
        w.live_end = live as u8;
        let dead = (self.dead as usize).min(pool.len() - live).min(14);
        w.dead[..dead].copy_from_slice(&pool[live..live + dead]);
        w.dead_len = dead as u8;
        w
    }
}

/// Deals `n` tiles from the pool to seat `s`, each picked uniformly.
fn deal(w: &mut World, s: usize, n: u8, pool: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    for _ in 0..n {
        if pool.is_empty() {
            return;
        }
        let j = rng.gen_range(0..pool.len() as u32) as usize;
        let c = pool.swap_remove(j);
        w.add(s, c);
    }
}

/// Returns every concealed tile of seat `s` to the pool.
fn undeal(w: &mut World, s: usize, pool: &mut Vec<u8>) {
    for k in 0..KINDS {
        while let Some(c) = w.take_kind(s, k) {
            pool.push(c);
        }
    }
}

/// Tiles that lower the shanten of 3n+1 counts (0 for other sizes).
fn useful(c: &crate::TileCounts) -> u64 {
    shanten_useful(c).1
}

/// Grows seat `s`'s hand to shanten `target` (ready on a wait outside its
/// own river when `target` is 0 and it is in riichi) by drawing from the pool
/// and throwing the least useful tile back.
fn grow(w: &mut World, s: usize, target: i8, good: bool, pool: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    for _ in 0..MAX_STEPS {
        let sh = shanten(&w.hands[s]);
        if sh <= target {
            if target > 0 || !w.flags[s].in_riichi() {
                return;
            }
            let waits = w.compute_waits(s);
            if waits != 0 && waits & w.discarded[s] == 0 {
                if good {
                    improve_wait(w, s, pool, rng);
                }
                return;
            }
        }
        if pool.is_empty() {
            return;
        }
        let j = rng.gen_range(0..pool.len() as u32) as usize;
        let c = pool.swap_remove(j);
        w.add(s, c);
        let k = if sh <= target {
            // Ready but furiten: throw a random tile to change the wait.
            let held: Vec<usize> = (0..KINDS).filter(|&k| w.hands[s][k] > 0).collect();
            held[rng.gen_range(0..held.len() as u32) as usize]
        } else {
            efficient_discard(w, s, 0).0
        };
        if let Some(c) = w.take_kind(s, k) {
            pool.push(c);
        }
    }
}

/// Exchanges tiles of seat `s`'s ready, non-furiten hand with the pool,
/// always keeping it so and taking the wait with the most live tiles, until
/// [`RIICHI_MIN_WAITS`] tiles are live (at most [`MAX_STEPS`] exchanges; a
/// seven-pairs wait, whose single tile is never four, is left as it is).
fn improve_wait(w: &mut World, s: usize, pool: &mut Vec<u8>, rng: &mut ChaCha8Rng) {
    if crate::shanten_forms(&w.hands[s]).is_ok_and(|f| f.standard > 0) {
        // Seven pairs (or thirteen orphans): no exchange that keeps it ready
        // makes the wait longer, so do not spend the exchanges.
        return;
    }
    for _ in 0..MAX_STEPS {
        let hand = w.hands[s];
        if wait_count(w, &hand, w.waits_for(s, &hand)) >= RIICHI_MIN_WAITS || pool.is_empty() {
            return;
        }
        let j = rng.gen_range(0..pool.len() as u32) as usize;
        let c = pool.swap_remove(j);
        w.add(s, c);
        // Throwing the tile just drawn keeps the hand as it was, so there is
        // always a ready discard.
        let k = wait_discard(w, s).unwrap_or(kind(c));
        if let Some(c) = w.take_kind(s, k) {
            pool.push(c);
        }
    }
}

/// Of seat `s`'s 3n+2 hand, the discard leaving it ready on a wait outside
/// its river with the most live tiles (the first such kind on a tie).
fn wait_discard(w: &World, s: usize) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for k in 0..KINDS {
        if w.hands[s][k] == 0 {
            continue;
        }
        let mut rest = w.hands[s];
        rest[k] -= 1;
        let waits = w.waits_for(s, &rest);
        if waits == 0 || waits & w.discarded[s] != 0 {
            continue;
        }
        let live = wait_count(w, &rest, waits);
        if best.is_none_or(|(b, _)| live > b) {
            best = Some((live, k));
        }
    }
    best.map(|(_, k)| k)
}

/// Plays `steps` draw-and-throw exchanges of seat `s`'s hand with the pool by
/// the rollout policy, stopping once its shanten is `floor` or less.
fn develop(
    w: &mut World,
    s: usize,
    steps: u8,
    floor: i8,
    pool: &mut Vec<u8>,
    rng: &mut ChaCha8Rng,
) {
    for _ in 0..steps {
        if pool.is_empty() || shanten(&w.hands[s]) <= floor {
            return;
        }
        let j = rng.gen_range(0..pool.len() as u32) as usize;
        let c = pool.swap_remove(j);
        w.add(s, c);
        let k = efficient_discard(w, s, 0).0;
        if let Some(c) = w.take_kind(s, k) {
            pool.push(c);
        }
    }
}
