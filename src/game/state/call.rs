//! Calls and kans: chi, pon and open kan on a discard (`chi`, `pon`,
//! `daiminkan`), the added kan (`kakan`) and the closed kan (`ankan`), with
//! the swap-calling (kuikae) limits and liability (pao) they set.

use super::seat::{ankan_keeps_waits, Concealed, TableMeld};
use super::{err, Phase, State};
use crate::game::calls::{is_kokushi_tenpai, kuikae_forbidden, kuikae_leaves_discard, liable_seat};
use crate::game::error::GameError;
use crate::game::flags::{call_made, could_ron, kan_declared};
use crate::game::pai::Pai;
use crate::meld::MeldKind;
use crate::tile::{Tile, TileCounts, TileSet};

/// Unseen tile counts and red fives, as [`State`] keeps them.
type Pool = (TileCounts, [u8; 3]);

impl State {
    /// `chi`, `pon` or `daiminkan` (`kind` chi, pon or kan; `name` the
    /// event's): `actor` calls the discard `pai` of `target` with `consumed`.
    pub(super) fn call(
        &mut self,
        kind: MeldKind,
        name: &'static str,
        actor: u8,
        target: u8,
        pai: Pai,
        consumed: &[Pai],
    ) -> Result<(), GameError> {
        let a = Self::seat_check(name, actor)?;
        let (left, forbidden, pool) = self.check_call(kind, name, actor, target, pai, consumed)?;
        (self.unseen, self.unseen_red) = pool;
        let marked = self.seats[target as usize].mark_last_called();
        debug_assert!(marked, "a call follows a discard");
        let mut tiles = consumed.to_vec();
        tiles.push(pai);
        let hand = &mut self.seats[a];
        hand.give_up(left, consumed.len());
        hand.push_meld(TableMeld {
            kind,
            tiles,
            called: Some(pai),
            from: Some(target),
            added: false,
        });
        let melds = hand.melds().iter().map(|m| (m.kind, m.tile(), m.from));
        hand.pao = hand.pao.or(liable_seat(melds, &self.rules));
        // The call stands: the passes are settled (the caller's too),
        // everyone's ippatsu ends.
        call_made(
            self.seats.iter_mut().map(|s| &mut s.flags),
            &mut self.could_ron,
            &mut self.any_call,
        );
        if kind == MeldKind::Kan {
            self.kans.push(actor);
            self.pending_dora += 1;
            self.phase = Phase::Draw {
                seat: actor,
                rinshan: true,
            };
        } else {
            self.phase = Phase::Turn {
                seat: actor,
                after_call: Some(if self.rules.game.kuikae_forbidden {
                    forbidden
                } else {
                    TileSet::EMPTY
                }),
                rinshan: false,
            };
        }
        Ok(())
    }

    /// Whether the call may be made; if so, the caller's concealed tiles with
    /// the consumed ones taken out (`None`: hidden from this view), the kinds kuikae forbids it to discard, and
    /// the unseen tiles after (a hidden hand shows the consumed tiles).
    fn check_call(
        &self,
        kind: MeldKind,
        name: &'static str,
        actor: u8,
        target: u8,
        pai: Pai,
        consumed: &[Pai],
    ) -> Result<(Option<Concealed>, TileSet, Pool), GameError> {
        let Phase::Discarded { seat, pai: d } = self.phase else {
            return Err(err(name, actor, "no discard to call"));
        };
        if seat != target || d != pai || actor == target {
            return Err(err(
                name,
                actor,
                format!("the last discard is {d} by seat {seat}"),
            ));
        }
        self.discard_passed_check(name, actor)?;
        if self.live_left == 0 {
            return Err(err(name, actor, "the last discard cannot be called"));
        }
        let s = &self.seats[actor as usize];
        if s.in_riichi() {
            return Err(err(name, actor, "in riichi"));
        }
        let need = if kind == MeldKind::Kan { 3 } else { 2 };
        if consumed.len() != need {
            return Err(err(
                name,
                actor,
                format!("{} tiles consumed, not {need}", consumed.len()),
            ));
        }
        let (left, pool) = self.without(actor, consumed, name)?;
        let t = pai.tile().expect("not hidden");
        let forbidden = meld_shape(kind, name, actor, target, t, consumed)?;
        if kind == MeldKind::Kan && self.kans.len() >= 4 {
            return Err(err(name, actor, "four kans already"));
        }
        // What a hidden hand keeps is its own.
        if kind != MeldKind::Kan
            && self.rules.game.kuikae_forbidden
            && left.is_some_and(|c| !kuikae_leaves_discard(&c.hand, forbidden))
        {
            return Err(err(
                name,
                actor,
                "no discard would be left that kuikae allows",
            ));
        }
        Ok((left, forbidden, pool))
    }

    /// The concealed tiles of the seat `actor` with `tiles` taken out
    /// (`None` when the hand is hidden from this view), and the unseen tiles
    /// after (the same, unless the hand is hidden: its tiles are then seen
    /// now), or [`GameError::MissingTile`] naming the first tile it cannot
    /// give. Nothing changes: [`super::seat::Seat::give_up`] then gives them.
    fn without(
        &self,
        actor: u8,
        tiles: &[Pai],
        event: &'static str,
    ) -> Result<(Option<Concealed>, Pool), GameError> {
        let s = &self.seats[actor as usize];
        if s.is_hidden() {
            Ok((None, self.revealed(actor, tiles, event)?))
        } else {
            Ok((
                Some(s.without(tiles, event, actor)?),
                (self.unseen, self.unseen_red),
            ))
        }
    }

    /// A kan on one's own turn: right after a draw (not a call), not on the
    /// last tile, and fewer than four kans so far.
    fn own_kan_check(&self, name: &'static str, actor: u8) -> Result<(), GameError> {
        match self.phase {
            Phase::Turn {
                seat,
                after_call: None,
                ..
            } if seat == actor => {}
            _ => return Err(err(name, actor, "not this seat's turn after a draw")),
        }
        if self.live_left == 0 {
            return Err(err(name, actor, "no kan on the last tile"));
        }
        if self.kans.len() >= 4 {
            return Err(err(name, actor, "four kans already"));
        }
        Ok(())
    }

    /// `kakan`: `actor` adds `pai` to its pon of `consumed`.
    pub(super) fn kakan(&mut self, actor: u8, pai: Pai, consumed: &[Pai]) -> Result<(), GameError> {
        const E: &str = "kakan";
        let a = Self::seat_check(E, actor)?;
        self.own_kan_check(E, actor)?;
        let t = pai.tile().ok_or_else(|| err(E, actor, "hidden tile"))?;
        let s = &self.seats[a];
        let Some(mi) = s
            .melds()
            .iter()
            .position(|m| m.kind == MeldKind::Pon && m.tile() == t)
        else {
            return Err(err(E, actor, format!("no pon of {t}")));
        };
        let mut pon: Vec<Pai> = s.melds()[mi].tiles.clone();
        let mut given = consumed.to_vec();
        pon.sort();
        given.sort();
        if pon != given {
            return Err(err(E, actor, format!("the pon is {pon:?}, not {given:?}")));
        }
        if s.in_riichi() {
            return Err(err(E, actor, "in riichi"));
        }
        let (left, pool) = self.without(actor, &[pai], E)?;
        (self.unseen, self.unseen_red) = pool;
        let s = &mut self.seats[a];
        s.give_up(left, 1);
        s.drawn = None;
        let added = s.add_kan(mi, pai);
        debug_assert!(added, "the pon was found above");
        self.kans.push(actor);
        kan_declared(&mut self.any_call);
        self.pending_dora += 1;
        self.note_could_ron(a, t);
        self.phase = Phase::Kan {
            seat: actor,
            pai,
            closed: false,
        };
        Ok(())
    }

    /// `ankan`: `actor` makes a closed kan of the four `consumed` tiles.
    pub(super) fn ankan(&mut self, actor: u8, consumed: &[Pai]) -> Result<(), GameError> {
        const E: &str = "ankan";
        let a = Self::seat_check(E, actor)?;
        self.own_kan_check(E, actor)?;
        if consumed.len() != 4 {
            return Err(err(E, actor, "a closed kan is four tiles"));
        }
        let t = consumed[0]
            .tile()
            .ok_or_else(|| err(E, actor, "hidden tile"))?;
        if consumed.iter().any(|c| c.tile() != Some(t)) {
            return Err(err(E, actor, "the four tiles differ"));
        }
        let s = &self.seats[a];
        let (left, pool) = self.without(actor, consumed, E)?;
        // A hidden hand's waits are its own.
        if s.flags.riichi_accepted() && !s.is_hidden() && !ankan_keeps_waits(s, t) {
            return Err(err(
                E,
                actor,
                format!("a closed kan of {t} would change the riichi wait"),
            ));
        }
        (self.unseen, self.unseen_red) = pool;
        let hand = &mut self.seats[a];
        hand.give_up(left, consumed.len());
        hand.drawn = None;
        hand.push_meld(TableMeld {
            kind: MeldKind::ClosedKan,
            tiles: consumed.to_vec(),
            called: None,
            from: None,
            added: false,
        });
        self.kans.push(actor);
        kan_declared(&mut self.any_call);
        self.pending_dora += 1;
        let robs = self.rules.game.kokushi_robs_closed_kan;
        self.could_ron = could_ron(a, |o| {
            let s = &self.seats[o];
            robs && is_kokushi_tenpai(s.concealed(), s.melds().len()) && s.waits().contains(t)
        });
        self.phase = Phase::Kan {
            seat: actor,
            pai: consumed[0],
            closed: true,
        };
        Ok(())
    }
}

/// The called tile `t` and the `consumed` tiles make a meld of `kind` (a chi
/// only from the seat on the left, `target`); the kinds that swap-calling
/// (kuikae) then forbids to discard ([`kuikae_forbidden`]).
pub(super) fn meld_shape(
    kind: MeldKind,
    name: &'static str,
    actor: u8,
    target: u8,
    t: Tile,
    consumed: &[Pai],
) -> Result<TileSet, GameError> {
    let mut kinds: Vec<Tile> = consumed.iter().map(|c| c.tile().expect("taken")).collect();
    kinds.push(t);
    kinds.sort();
    if kind == MeldKind::Chi {
        if (target + 1) % 4 != actor {
            return Err(err(name, actor, "chi only from the player on the left"));
        }
        let ok = !t.is_honor()
            && kinds.iter().all(|k| k.suit() == t.suit())
            && kinds[1].index() == kinds[0].index() + 1
            && kinds[2].index() == kinds[1].index() + 1;
        if !ok {
            return Err(err(name, actor, "the tiles are not a sequence"));
        }
    } else if kinds.iter().any(|&k| k != t) {
        return Err(err(name, actor, "the tiles are not all the same"));
    }
    Ok(kuikae_forbidden(kind, t, kinds[0]))
}
