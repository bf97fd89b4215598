//! A seat's state built from what it sees at one moment (an
//! [`Observation`], for example one written as flags), instead of event by
//! event: the position a hand analyser is asked about.

use super::seat::{RiverTile, Seat, TableMeld};
use super::{err, Phase, RiichiState, State};
use crate::game::error::GameError;
use crate::game::observation::Observation;
use crate::game::pai::Pai;
use crate::game::round::RoundId;
use crate::game::wall::{DEAD_WALL, TILES};
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::tile::TileSet;

const E: &str = "position";

impl State {
    /// The state of seat `obs.seat` at the moment `obs` shows, as
    /// [`State::for_seat`] would hold it had it followed the game: the same
    /// [`crate::game::legal_actions`] and the same [`Observation`] (scores,
    /// round, hands, melds, rivers, riichi, dora indicators, wall), the other
    /// hands hidden. The seat must have a decision: its own turn (3n+2 tiles;
    /// after a draw when `obs.drawn` names the drawn tile, else right after
    /// its last meld, a chi or pon, with the swap-calling limits it sets) or another seat's discard or kan to answer (`obs.last_tile`, the
    /// last tile of that seat's river or its kan).
    ///
    /// What an observation does not show is taken as the plainest case: no
    /// temporary or riichi furiten (discard furiten comes from the river), no
    /// ippatsu, a double riichi only when the riichi tile is the seat's first
    /// discard before any call, a draw that is no replacement draw after a
    /// kan, no liability, the kans made in seat order. Dora indicators it does not
    /// name (fewer than one plus one per kan) are turned but unknown; tiles it
    /// does not place (discards not listed, when `obs.live_left` is smaller
    /// than every discard shown implies) are unseen tiles of no known place.
    ///
    /// # Errors
    /// [`GameError`] naming what does not fit (event `position`): a hidden
    /// tile, a fifth copy, a meld that is not one, hand sizes, a drawn tile
    /// not held, the seat in riichi with a hand that is not ready
    /// ([`GameError::RiichiNotReady`]), more tiles than the wall and the hidden hands leave room for,
    /// no decision for the seat, more riichi sticks than
    /// [`MAX_COUNTER`](crate::score::MAX_COUNTER); a score beyond
    /// [`MAX_SCORE`](crate::game::MAX_SCORE) either way
    /// ([`GameError::Scores`]).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{legal_actions, Action, Observation, State};
    /// let rules = tenpai::rules::Rules::tenhou();
    /// let s0 = tenpai::game::SeatIndex::ALL[0];
    /// let mut obs = Observation::of(&State::new(rules.clone()), s0);
    /// obs.hand = "1m 1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s E".split(' ').map(|t| t.parse().unwrap()).collect();
    /// obs.drawn = Some("E".parse()?);
    /// obs.hand_sizes = [14, 13, 13, 13];
    /// obs.dora_indicators = vec!["9p".parse()?];
    /// obs.live_left = 69;
    /// let s = State::from_observation(rules, &obs)?;
    /// assert!(legal_actions(&s, s0).contains(&Action::Ankan { tile: "1m".parse()? }));
    /// assert_eq!(Observation::of(&s, s0), obs);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_observation(rules: Rules, obs: &Observation) -> Result<State, GameError> {
        let me = obs.seat;
        if obs.kyoutaku > crate::score::MAX_COUNTER {
            let max = crate::score::MAX_COUNTER;
            let n = obs.kyoutaku;
            return Err(err(
                E,
                4,
                format!("kyoutaku {n}: at most {max} riichi sticks"),
            ));
        }
        if let Some(problem) = crate::game::settle::score_beyond_max(obs.scores) {
            return Err(GameError::Scores {
                event: E,
                scores: obs.scores,
                problem,
            });
        }
        let carried = obs
            .kyoutaku
            .saturating_sub(obs.riichi.iter().filter(|&&r| r).count() as u32);
        let round = RoundId::new(obs.round_wind, obs.dealer, obs.honba, carried);
        let mut st = State::for_seat(rules, me);
        st.unseen_red = st.rules.scoring.red_fives;
        st.round = round;
        st.kyoutaku = obs.kyoutaku;
        st.scores = obs.scores;
        st.total_points = Some(obs.scores.iter().sum::<i32>() + 1000 * obs.kyoutaku as i32);
        st.live_left = obs.live_left;
        for s in 0..4u8 {
            st.place_seat(obs, s)?;
        }
        for &d in &obs.dora_indicators {
            st.see(d, 4)?;
        }
        st.dora = obs.dora_indicators.clone();
        st.any_call = st.seats.iter().any(|s| !s.melds().is_empty());
        let kans = st.kans.len();
        if st.dora.len() > kans + 1 {
            return Err(err(
                E,
                4,
                format!(
                    "{} dora indicators after {kans} kan{}",
                    st.dora.len(),
                    if kans == 1 { "" } else { "s" }
                ),
            ));
        }
        st.unnamed_dora = (kans + 1 - st.dora.len()) as u8;
        st.place_wall()?;
        st.phase = st.decision_phase(obs)?;
        st.check_invariants()?;
        Ok(st)
    }

    /// Takes `p`, which seat `s` (4: none) shows, from the unseen tiles.
    fn see(&mut self, p: Pai, s: u8) -> Result<(), GameError> {
        // A red five refused is one more than the rules' set has (its
        // unseen reds are gone), whatever the plain fives; a plain five
        // refused while reds are unseen is one plain five too many, not a
        // fifth copy.
        let others_left = self.unseen[p.index()] > 0;
        let red = p
            .tile()
            .filter(|t| t.is_five())
            .map_or(0, |_| self.rules.scoring.red_fives[p.index() / 9]);
        self.take_unseen(p, E, s).map_err(|e| match e {
            GameError::NotInWall { .. } if p.is_red() => err(
                E,
                s,
                format!("more red {} than the rules' {red}", p.plain()),
            ),
            GameError::NotInWall { .. } if others_left => err(
                E,
                s,
                format!("more plain {p} than the rules' {} ({red} red)", 4 - red),
            ),
            // In mpsz, as the hand was given (`4z`, not mjai's `N`).
            GameError::NotInWall { tile } => err(
                E,
                s,
                format!("a fifth {}", p.tile().map_or(tile, |t| t.to_string())),
            ),
            e => e,
        })
    }

    /// Seat `s` of the position: its hand (hidden unless it is the view's),
    /// melds, river and riichi, their tiles taken from the unseen ones.
    fn place_seat(&mut self, obs: &Observation, s: u8) -> Result<(), GameError> {
        let i = s as usize;
        let mut seat = Seat::default();
        if s == obs.seat.get() {
            for &p in &obs.hand {
                self.see(p, s)?;
                seat.put(p);
            }
            if let Some(d) = obs.drawn.filter(|&d| !seat.has(d)) {
                return Err(err(E, s, format!("the drawn tile {d} is not in the hand")));
            }
            seat.drawn = obs.drawn;
        } else {
            seat.hide();
            (0..obs.hand_sizes[i]).for_each(|_| seat.put_hidden());
        }
        for m in &obs.melds[i] {
            check_meld(m, s)?;
            for &p in &m.tiles {
                self.see(p, s)?;
            }
            if matches!(m.kind, MeldKind::Kan | MeldKind::ClosedKan) {
                self.kans.push(s);
            }
        }
        seat.set_melds(obs.melds[i].clone());
        for r in obs.rivers[i].iter().filter(|r| !r.called) {
            self.see(r.pai, s)?;
        }
        seat.set_river(obs.rivers[i].clone());
        seat.discarded = seat.river().iter().filter_map(|r| r.pai.tile()).collect();
        if obs.riichi[i] {
            if !seat.is_closed() {
                return Err(err(E, s, "in riichi with an open hand"));
            }
            if s == obs.seat.get() {
                check_riichi_ready(obs, s)?;
            }
            let no_call = obs.melds.iter().all(|m| m.is_empty());
            let double = no_call && seat.river().first().is_some_and(|r: &RiverTile| r.riichi);
            seat.flags.riichi = RiichiState::Accepted { double };
        }
        self.seats[i] = seat;
        Ok(())
    }

    /// The number of unseen tiles, and of tiles in hidden hands (a seat's
    /// view of the others).
    pub(super) fn unseen_and_hidden(&self) -> (usize, usize) {
        let unseen = self.unseen.iter().map(|&c| c as usize).sum();
        let hidden = (self.seats.iter())
            .filter(|s| s.is_hidden())
            .map(|s| s.len())
            .sum();
        (unseen, hidden)
    }

    /// The unseen tiles hold the live wall, the hidden dead wall and the
    /// hidden hands; what is left over is unplaced.
    fn place_wall(&mut self) -> Result<(), GameError> {
        let (unseen, hidden) = self.unseen_and_hidden();
        let placed = self.live_left as usize + DEAD_WALL - self.dora.len() + hidden;
        if placed > unseen {
            return Err(err(
                E,
                4,
                format!(
                    "{} tiles in sight leave {unseen} of {TILES} unseen, fewer than the live wall ({}), the hidden dead wall ({}) and the hidden hands ({hidden})",
                    TILES - unseen,
                    self.live_left,
                    DEAD_WALL - self.dora.len()
                ),
            ));
        }
        self.unplaced = (unseen - placed) as u8;
        Ok(())
    }

    /// The seat's decision the position shows: a discard or kan to answer,
    /// or its own turn.
    fn decision_phase(&mut self, obs: &Observation) -> Result<Phase, GameError> {
        let me = obs.seat.get();
        let n = self.seats[me as usize].len();
        if let Some((s, p)) = obs.last_tile {
            let s = s.get();
            if s == me || n % 3 != 1 {
                return Err(err(
                    E,
                    me,
                    format!("seat {me} cannot answer seat {s}'s tile"),
                ));
            }
            let t = p
                .tile()
                .ok_or_else(|| err(E, s, "the last tile is hidden"))?;
            let river = self.seats[s as usize].river().last();
            let phase = if river.is_some_and(|r| r.pai == p && !r.called) {
                Phase::Discarded { seat: s, pai: p }
            } else {
                let kan = self.seats[s as usize]
                    .melds()
                    .iter()
                    .rev()
                    .find(|m| m.tiles.len() == 4 && m.tile() == t)
                    .ok_or_else(|| {
                        err(E, s, format!("{p} is not seat {s}'s last discard or kan"))
                    })?;
                Phase::Kan {
                    seat: s,
                    pai: p,
                    closed: kan.kind == MeldKind::ClosedKan,
                }
            };
            self.note_could_ron(s as usize, t);
            return Ok(phase);
        }
        if n % 3 != 2 {
            return Err(err(
                E,
                me,
                format!("{n} tiles in hand and no tile to answer: no decision of seat {me}"),
            ));
        }
        let after_call = match self.seats[me as usize].drawn {
            Some(_) => None,
            None => Some(self.kuikae_after(me)?),
        };
        Ok(Phase::Turn {
            seat: me,
            after_call,
            rinshan: false,
        })
    }

    /// The kinds swap-calling (kuikae) forbids `me` to discard right after
    /// its last call (none when the rules allow it).
    fn kuikae_after(&self, me: u8) -> Result<TileSet, GameError> {
        let no_call = || {
            err(
                E,
                me,
                "3n+2 tiles and no drawn tile, but no call to have made",
            )
        };
        let m = self.seats[me as usize].melds().last().ok_or_else(no_call)?;
        let (Some(called), Some(from)) = (m.called, m.from) else {
            return Err(no_call());
        };
        if !matches!(m.kind, MeldKind::Chi | MeldKind::Pon) || !self.rules.game.kuikae_forbidden {
            return Ok(TileSet::EMPTY);
        }
        let mut consumed = m.tiles.clone();
        let at = consumed
            .iter()
            .position(|&p| p == called)
            .ok_or_else(no_call)?;
        consumed.remove(at);
        let t = called.tile().ok_or_else(no_call)?;
        super::call::meld_shape(m.kind, E, me, from, t, &consumed)
    }
}

/// Seat `s` (the observing seat, in riichi) was ready when it declared and
/// stays ready: its concealed tiles without the tile just drawn (all of
/// them when it answers another seat's tile) are 0-shanten, as
/// [`crate::game::riichi_possible`] asks of a declaration. A hand of
/// another size is left to the checks of hand sizes.
fn check_riichi_ready(obs: &Observation, s: u8) -> Result<(), GameError> {
    let mut tiles = obs.hand.clone();
    if let Some(at) = obs.drawn.and_then(|d| tiles.iter().position(|&p| p == d)) {
        tiles.remove(at);
    }
    if tiles.len() % 3 != 1 {
        return Ok(());
    }
    match crate::shanten(&Pai::counts(&tiles).0) {
        Ok(shanten) if shanten > 0 => {
            let melds = &obs.melds[s as usize];
            let hand = crate::game::hand_of(&tiles, melds).map_or_else(
                |_| tiles.iter().map(|p| p.mpsz()).collect(),
                |h| h.to_string(),
            );
            Err(GameError::RiichiNotReady {
                seat: s,
                hand,
                drawn: obs.drawn.map(Pai::mpsz),
                shanten,
            })
        }
        _ => Ok(()),
    }
}

/// The tiles of `m` (a meld of seat `s`) make the meld its kind says
/// ([`TableMeld::to_meld`]), its called tile among them.
fn check_meld(m: &TableMeld, s: u8) -> Result<(), GameError> {
    let bad = || err(E, s, format!("{:?} {:?} is not a meld", m.kind, m.tiles));
    m.to_meld().map_err(|_| bad())?;
    if m.called.is_some_and(|c| !m.tiles.contains(&c)) {
        return Err(bad());
    }
    Ok(())
}

/// The live wall implied by an observation that shows every discard, call
/// and dora indicator: the tiles it does not show, less the hidden hands and
/// the hidden part of the dead wall; `None` when it shows too many.
///
/// # Panics
/// Never.
///
/// ```
/// use tenpai::game::{live_wall_left, Observation, State};
/// let mut obs = Observation::of(&State::new(tenpai::rules::Rules::tenhou()), tenpai::game::SeatIndex::ALL[0]);
/// obs.hand = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p E".split(' ').map(|t| t.parse().unwrap()).collect();
/// obs.hand_sizes = [14, 13, 13, 13];
/// obs.dora_indicators = vec!["9p".parse()?];
/// // The dealer's first draw: 136 - 52 dealt - 14 in the dead wall - 1 drawn.
/// assert_eq!(live_wall_left(&obs), Some(69));
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn live_wall_left(obs: &Observation) -> Option<u8> {
    let shown = obs.visible_tiles().len();
    let hidden: usize = (0..4)
        .filter(|&s| s != obs.seat.index())
        .map(|s| obs.hand_sizes[s] as usize)
        .sum();
    let dead = DEAD_WALL.checked_sub(obs.dora_indicators.len())?;
    TILES
        .checked_sub(shown + hidden + dead)
        .and_then(|n| u8::try_from(n).ok())
}
