//! Assembles the generated tables into a [`Payload`] and the table file bytes.
//! Shared by `build.rs` (via `#[path]`) and the crate's tests.

use super::encoding::{
    base5_key, for_each_pattern, honor_rank, key_space, suit_rank, HONOR_PATTERNS, SUIT_PATTERNS,
};
use super::format::{
    class_costs, file_checksum, ClassCosts, Combined, Header, Payload, Side, CHECKSUM_AT,
    FORMAT_VERSION, HEADER_LEN, MAGIC,
};
use super::generate::{all_costs, all_needs, combine, is_complete, join, Costs, INF};
use std::collections::HashMap;
use std::hash::Hash;

/// Numbers each distinct value in order of first appearance.
struct Classes<T> {
    ids: HashMap<T, u32>,
    values: Vec<T>,
}

impl<T: Hash + Eq + Copy> Classes<T> {
    fn new() -> Self {
        Classes {
            ids: HashMap::new(),
            values: Vec::new(),
        }
    }
    fn id(&mut self, value: T) -> u32 {
        let next = self.values.len() as u32;
        *self.ids.entry(value).or_insert_with(|| {
            self.values.push(value);
            next
        })
    }
}

fn side(n: usize, sequences: bool, rank: fn(&[u8]) -> usize) -> Side {
    let costs = all_costs(n, sequences);
    let needs = all_needs(n, &costs, rank);
    let mut cost_classes = Classes::new();
    let mut need_classes = Classes::new();
    let mut cost_class = Vec::with_capacity(costs.len().next_multiple_of(8));
    let mut need_class = Vec::with_capacity(costs.len().next_multiple_of(2));
    let mut complete = vec![0u64; key_space(n).div_ceil(64)];
    let mut r = 0;
    for_each_pattern(n, |h| {
        let tiles: usize = h.iter().map(|&c| c as usize).sum();
        if is_complete(tiles, &costs[r]) {
            let key = base5_key(h) as usize;
            complete[key / 64] |= 1 << (key % 64);
        }
        let id = cost_classes.id(costs[r]);
        cost_class.push(u8::try_from(id).expect("fewer than 256 cost classes"));
        need_class.push(need_classes.id(needs[r]));
        r += 1;
    });
    cost_class.resize(cost_class.capacity(), 0);
    need_class.resize(need_class.capacity(), 0);
    Side {
        cost_class,
        need_class,
        complete,
        costs: cost_classes
            .values
            .iter()
            .map(|c| class_costs(c, INF))
            .collect(),
        needs: need_classes
            .values
            .iter()
            .map(|c| {
                let mut x = [0u16; 12];
                x[..10].copy_from_slice(c);
                x
            })
            .collect(),
    }
}

/// For each pattern vector beside each rest vector and each meld count `k`, the
/// targets `(p, m)` whose split reaches the least replacement number (bit `p * 5 + m`).
fn optimal(patterns: &[Costs], rests: &[Costs]) -> Vec<u16> {
    let mut out = Vec::with_capacity(patterns.len() * rests.len() * 5);
    for v in patterns {
        for rest in rests {
            for k in 0..5 {
                let total = |p: usize, m: usize| v[p * 5 + m] + rest[(1 - p) * 5 + k - m];
                let best = join(v, rest, k);
                let mut mask = 0u16;
                for p in 0..2 {
                    for m in 0..=k {
                        if total(p, m) == best {
                            mask |= 1 << (p * 5 + m);
                        }
                    }
                }
                out.push(mask);
            }
        }
    }
    out.resize(out.len().next_multiple_of(4), 0);
    out
}

/// Combination tables over the two sides' cost classes.
fn combined(suits: &Side, honors: &Side) -> Combined {
    let back = |c: &ClassCosts| -> Costs { std::array::from_fn(|i| c[i / 5 * 8 + i % 5]) };
    let s: Vec<Costs> = suits.costs.iter().map(back).collect();
    let h: Vec<Costs> = honors.costs.iter().map(back).collect();
    let mut xs = Classes::new();
    let mut suit_suit = Vec::new();
    for a in &s {
        for b in &s {
            suit_suit
                .push(u8::try_from(xs.id(combine(a, b))).expect("fewer than 256 combinations"));
        }
    }
    let mut ys = Classes::new();
    let mut suit_honor = Vec::new();
    for c in &s {
        for d in &h {
            suit_honor
                .push(u8::try_from(ys.id(combine(c, d))).expect("fewer than 256 combinations"));
        }
    }
    let mut replacement = Vec::new();
    for x in &xs.values {
        for y in &ys.values {
            replacement.extend((0..5).map(|k| join(x, y, k)));
        }
    }
    let id = |classes: &mut Classes<Costs>, v| {
        u8::try_from(classes.id(v)).expect("fewer than 256 combinations")
    };
    let mut zs = Classes::new();
    let with_suit_honor: Vec<u8> = s
        .iter()
        .flat_map(|c| ys.values.iter().map(|y| combine(c, y)).collect::<Vec<_>>())
        .map(|v| id(&mut zs, v))
        .collect();
    let with_honor: Vec<u8> = xs
        .values
        .iter()
        .flat_map(|x| h.iter().map(|d| combine(x, d)).collect::<Vec<_>>())
        .map(|v| id(&mut zs, v))
        .collect();
    let mut ws = Classes::new();
    let with_suit: Vec<u8> = xs
        .values
        .iter()
        .flat_map(|x| s.iter().map(|c| combine(x, c)).collect::<Vec<_>>())
        .map(|v| id(&mut ws, v))
        .collect();
    let mut c = Combined {
        suit_suit,
        suit_honor,
        replacement,
        with_suit_honor,
        with_honor,
        with_suit,
        suit_optimal: optimal(&s, &zs.values),
        honor_optimal: optimal(&h, &ws.values),
    };
    for v in [
        &mut c.suit_suit,
        &mut c.suit_honor,
        &mut c.replacement,
        &mut c.with_suit_honor,
        &mut c.with_honor,
        &mut c.with_suit,
    ] {
        v.resize(v.len().next_multiple_of(8), 0);
    }
    c
}

/// Generates every table.
pub fn payload() -> Payload {
    let suits = side(9, true, suit_rank);
    let honors = side(7, false, honor_rank);
    let combined = combined(&suits, &honors);
    Payload {
        suits,
        honors,
        combined,
    }
}

/// Number of distinct ids in an id table (one past the largest).
fn one_past_max(ids: &[u8]) -> u32 {
    ids.iter().map(|&i| i as u32 + 1).max().unwrap_or(0)
}

/// Number of two-suit-and-honor rest vectors (one past the largest id).
fn two_suits_honor_classes(p: &Payload) -> u32 {
    let c = &p.combined;
    c.with_suit_honor
        .iter()
        .chain(&c.with_honor)
        .map(|&i| i as u32 + 1)
        .max()
        .unwrap_or(0)
}

/// Number of three-suit rest vectors (one past the largest id).
fn three_suits_classes(p: &Payload) -> u32 {
    p.combined
        .with_suit
        .iter()
        .map(|&i| i as u32 + 1)
        .max()
        .unwrap_or(0)
}

/// Encodes a payload as a table file: header, then payload.
pub fn file_bytes(payload: &Payload) -> Vec<u8> {
    let body = bincode::serialize(payload).expect("bincode encodes plain vectors");
    let header = Header {
        magic: MAGIC,
        version: FORMAT_VERSION,
        suit_patterns: SUIT_PATTERNS as u32,
        honor_patterns: HONOR_PATTERNS as u32,
        suit_cost_classes: payload.suits.costs.len() as u32,
        suit_need_classes: payload.suits.needs.len() as u32,
        honor_cost_classes: payload.honors.costs.len() as u32,
        honor_need_classes: payload.honors.needs.len() as u32,
        suit_suit_classes: one_past_max(&payload.combined.suit_suit),
        suit_honor_classes: one_past_max(&payload.combined.suit_honor),
        two_suits_honor_classes: two_suits_honor_classes(payload),
        three_suits_classes: three_suits_classes(payload),
        checksum: 0,
        payload_len: body.len() as u64,
    };
    let mut bytes = bincode::serialize(&header).expect("bincode encodes the header");
    assert_eq!(bytes.len(), HEADER_LEN);
    let checksum = file_checksum(&bytes, &body);
    bytes[CHECKSUM_AT..CHECKSUM_AT + 4].copy_from_slice(&checksum.to_le_bytes());
    bytes.extend_from_slice(&body);
    bytes
}
