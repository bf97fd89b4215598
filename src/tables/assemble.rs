//! Assembles the generated tables into a [`Payload`] and the table file bytes.
//! Shared by `build.rs` (via `#[path]`) and the crate's tests.

use super::encoding::{for_each_pattern, honor_rank, suit_rank, HONOR_PATTERNS, SUIT_PATTERNS};
use super::format::{Header, Payload, Side, FORMAT_VERSION, HEADER_LEN, MAGIC};
use super::generate::{all_costs, all_needs, is_complete};
use std::collections::HashMap;
use std::hash::Hash;

/// Numbers each distinct value in order of first appearance.
struct Classes<T> {
    ids: HashMap<T, u32>,
    values: Vec<T>,
}

impl<T: Hash + Eq + Copy> Classes<T> {
    fn new() -> Self {
        Classes { ids: HashMap::new(), values: Vec::new() }
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
    let mut complete = vec![0u64; costs.len().div_ceil(64)];
    let mut r = 0;
    for_each_pattern(n, |h| {
        let tiles: usize = h.iter().map(|&c| c as usize).sum();
        if is_complete(tiles, &costs[r]) {
            complete[r / 64] |= 1 << (r % 64);
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
            .map(|c| {
                let mut x = [0u8; 16];
                x[..10].copy_from_slice(c);
                x
            })
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

/// Generates every table.
pub fn payload() -> Payload {
    Payload { suits: side(9, true, suit_rank), honors: side(7, false, honor_rank) }
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
        checksum: crc32fast::hash(&body),
        payload_len: body.len() as u64,
    };
    let mut bytes = bincode::serialize(&header).expect("bincode encodes the header");
    assert_eq!(bytes.len(), HEADER_LEN);
    bytes.extend_from_slice(&body);
    bytes
}
