//! A [`World`] from one seat's [`Observation`]: the public part of the table
//! and the seat's own hand; other hands and the wall stay empty until a
//! determinization fills them.

use super::{code_of, SimMeld, Spot, World, TILES};
use crate::game::{Observation, Pai, RiichiState, SeatFlags};
use crate::meld::{Meld, MeldKind};
use crate::tile::{Tile, KINDS};

impl World {
    /// The public part of `obs` and the seat's own hand; other hands and the
    /// wall are empty until a determinization fills them. Also the decision
    /// spot. Inconsistent observations never panic: impossible tiles are
    /// skipped.
    pub(crate) fn observed(obs: &Observation) -> (World, Spot) {
        let mut w = World::empty(obs);
        let me = w.me as usize;
        for p in &obs.hand {
            if let Some(c) = code_of(*p) {
                w.add(me, c);
            }
        }
        for s in 0..4 {
            w.observe_melds(obs, s);
            w.observe_river(obs, s);
        }
        // After every river: a riichi makes later discards of all seats safe.
        for s in 0..4 {
            w.observe_riichi(obs, s);
        }
        for p in obs.dora_indicators.iter().take(5) {
            if let Some(c) = code_of(*p) {
                w.dora[w.dora_len as usize] = c;
                w.dora_len += 1;
            }
            w.see(p);
        }
        w.spot = spot_of(obs);
        let spot = w.spot;
        (w, spot)
    }

    /// The round of `obs` with no tile anywhere yet.
    fn empty(obs: &Observation) -> World {
        World {
            hands: [[0; KINDS]; 4],
            red: [[0; 3]; 4],
            melds: [[SimMeld {
                meld: Meld::new(MeldKind::Pon, Tile::new(0).expect("0 is a tile"), 0)
                    .expect("a pon of 1m is a meld"),
                from: None,
            }; 4]; 4],
            meld_len: [0; 4],
            open: [false; 4],
            simple_melds: [true; 4],
            yakuhai_meld: [false; 4],
            flags: [SeatFlags::default(); 4],
            could_ron: [false; 4],
            discarded: [0; 4],
            safe: [0; 4],
            waits: [0; 4],
            seen: [0; KINDS],
            wall: [0; TILES],
            pos: 0,
            live_end: 0,
            dead: [0; 14],
            dead_len: 0,
            dora: [0; 5],
            dora_len: 0,
            scores: obs.scores,
            honba: obs.honba,
            kyoutaku: obs.kyoutaku,
            dealer: obs.dealer.get(),
            round_wind: obs.round_wind as u8,
            any_call: obs.melds.iter().any(|m| !m.is_empty()),
            turns: [0; 4],
            me: obs.seat.get(),
            spot: Spot::Turn,
            drawn: obs.drawn.and_then(code_of),
        }
    }

    /// One more copy of `p` seen by every seat (hidden tiles are not).
    fn see(&mut self, p: &Pai) {
        if let Some(t) = p.tile() {
            let s = &mut self.seen[t.index()];
            *s = s.saturating_add(1);
        }
    }

    /// Seat `s`'s melds (at most four; a meld of hidden tiles only, which no
    /// real table has, is skipped), seen by all.
    fn observe_melds(&mut self, obs: &Observation, s: usize) {
        for (m, meld) in obs.melds[s]
            .iter()
            .filter_map(|m| Some((m, m.to_meld().ok()?)))
        {
            let sm = SimMeld { meld, from: m.from };
            if (self.meld_len[s] as usize) < 4 {
                self.melds[s][self.meld_len[s] as usize] = sm;
                self.meld_len[s] += 1;
            }
            self.open[s] |= m.kind != MeldKind::ClosedKan;
            self.simple_melds[s] &= sm.is_simple();
            self.yakuhai_meld[s] |=
                sm.kind() != MeldKind::Chi && self.is_yakuhai(s, sm.tile() as usize);
            m.tiles.iter().for_each(|p| self.see(p));
        }
    }

    /// Seat `s`'s river: its discarded kinds (safe against it), its turns,
    /// and the tiles not called seen by all.
    fn observe_river(&mut self, obs: &Observation, s: usize) {
        for r in &obs.rivers[s] {
            if let Some(t) = r.pai.tile() {
                self.discarded[s] |= 1 << t.index();
            }
            if !r.called {
                self.see(&r.pai);
            }
        }
        self.turns[s] = obs.rivers[s].len().min(255) as u8;
        self.safe[s] = self.discarded[s];
    }

    /// Seat `s`'s riichi (double when declared on its first discard before
    /// any call), ippatsu, and every kind discarded after it as safe.
    fn observe_riichi(&mut self, obs: &Observation, s: usize) {
        if !obs.riichi[s] {
            return;
        }
        let at = obs.rivers[s].iter().position(|r| r.riichi);
        self.flags[s].riichi = RiichiState::Accepted {
            double: at == Some(0) && !self.any_call,
        };
        // A river keeps its riichi discard marked, called or not; an
        // observation built without one is read as a riichi on the first
        // discard (no double riichi: `at` is not `Some(0)` above).
        let at = at.unwrap_or(0);
        self.flags[s].ippatsu = at + 1 == obs.rivers[s].len();
        // Discard k of seat t came after the riichi discard when its turn
        // number (k rounds of four, from the dealer) is later.
        let dealer = self.dealer as usize;
        let order = |x: usize| (x + 4 - dealer) % 4;
        let when = at * 4 + order(s);
        for t in 0..4 {
            for (k, r) in obs.rivers[t].iter().enumerate() {
                if k * 4 + order(t) > when {
                    if let Some(x) = r.pai.tile() {
                        self.safe[s] |= 1 << x.index();
                    }
                }
            }
        }
    }
}

/// Where the seat of `obs` decides: its turn, a discard it may call or ron,
/// or a kan it may rob.
fn spot_of(obs: &Observation) -> Spot {
    match obs
        .last_tile
        .and_then(|(s, p)| Some((s.get(), code_of(p)?)))
    {
        None => Spot::Turn,
        Some((from, code)) => match obs.rivers[from as usize].last() {
            Some(r) if !r.called && code_of(r.pai) == Some(code) => Spot::Discard { from, code },
            _ => Spot::Kan { from, code },
        },
    }
}
