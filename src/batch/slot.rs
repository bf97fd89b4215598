//! One row of a batch: a game, the built-in players of its seats, and what
//! the row has reported of its scores so far.

use super::outputs::{Row, MAX_LEGAL};
use super::Reward;
use crate::arena::{seat_seed, PlayerKind};
use crate::game::{ranking, Event, Features, Game, GameError, Observation, Player, ACTION_SPACE};
use crate::rules::Rules;

/// A built-in player of a seat.
pub(crate) type Bot = Box<dyn Player + Send>;

/// The built-in player `kind` at `seat` of the game of wall seed `seed`
/// (seeded as self-play seeds it, [`seat_seed`]); `None` for an external
/// bot, which a batch refuses before it gets here.
pub(crate) fn bot(kind: &PlayerKind, rules: &Rules, seed: u64, seat: u8) -> Option<Bot> {
    kind.player(rules, seat_seed(seed, seat))
}

/// A game in a row of the batch.
pub(crate) struct Slot {
    pub game: Game<'static>,
    pub seed: u64,
    /// The previous game of this row, once one has ended.
    pub finished: Option<Game<'static>>,
    bots: [Option<Bot>; 4],
    /// Events already read for rewards.
    read: usize,
    /// Scores at the start of the latest round dealt (the final scores once
    /// the game is over).
    settled: [i32; 4],
    /// The `settled` scores last turned into rewards.
    reported: [i32; 4],
    /// A round ended since the last step.
    round_over: bool,
    /// The legal action indices of the seat to act, by position in
    /// `game.legal()`.
    indices: Vec<usize>,
    /// The same as a set: bit `i % 64` of word `i / 64` for index `i` (read
    /// in ascending order without a sort, repeats merged).
    legal_set: [u64; LEGAL_WORDS],
}

/// Words of [`Slot`]'s set of legal indices: one bit per index of the
/// action space.
const LEGAL_WORDS: usize = ACTION_SPACE.div_ceil(64);

// The last word has bits past the action space (see `Slot::write_decision`).
const _: () = assert!(ACTION_SPACE % 64 != 0);

/// The indices in `set`, ascending.
fn set_indices(set: &[u64; LEGAL_WORDS]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + i
            })
        })
    })
}

impl Slot {
    /// The game of wall seed `seed`, run on to the first decision of a seat
    /// the caller plays. `view` is scratch space (any seat's view of any
    /// game: it is refreshed before each use).
    pub fn new(
        rules: &Rules,
        seats: &[Option<PlayerKind>; 4],
        seed: u64,
        view: &mut Observation,
    ) -> Result<Slot, GameError> {
        let game = Game::new(rules, seed, false)?;
        let bots =
            std::array::from_fn(|s| seats[s].as_ref().and_then(|k| bot(k, rules, seed, s as u8)));
        let start = game.state().scores();
        let mut slot = Slot {
            game,
            seed,
            finished: None,
            bots,
            read: 0,
            settled: start,
            reported: start,
            round_over: false,
            indices: Vec::with_capacity(MAX_LEGAL),
            legal_set: [0; LEGAL_WORDS],
        };
        slot.play_bots(view)?;
        Ok(slot)
    }

    /// Starts the game of wall seed `seed` in this row, keeping the one that
    /// ended as `finished`.
    pub fn restart(
        &mut self,
        rules: &Rules,
        seats: &[Option<PlayerKind>; 4],
        seed: u64,
        view: &mut Observation,
    ) -> Result<(), GameError> {
        let next = Slot::new(rules, seats, seed, view)?;
        let ended = std::mem::replace(self, next);
        self.finished = Some(ended.game);
        Ok(())
    }

    /// The action index `action` if it is legal now (a look at the set of
    /// legal indices only, so that the check of every row before a step
    /// reads little of each row), or why it is not.
    #[inline]
    pub fn check(&self, action: i64) -> Result<usize, String> {
        let legal = usize::try_from(action)
            .ok()
            .filter(|&a| a < ACTION_SPACE && self.legal_set[a / 64] >> (a % 64) & 1 == 1);
        legal.ok_or_else(|| self.refusal(action))
    }

    /// Why `action` is refused ([`Slot::check`]): out of the action space,
    /// or not legal now (naming the seat and its legal indices).
    #[cold]
    fn refusal(&self, action: i64) -> String {
        let seat = self.game.to_act().map_or(4, |s| i32::from(s.get()));
        let legal: Vec<usize> = set_indices(&self.legal_set).collect();
        let name = usize::try_from(action)
            .ok()
            .and_then(crate::game::action_name)
            .map(|n| format!("{n:?}"));
        match name {
            // The words of Python's `Game.step` and `action_name`.
            None => format!("outside the action space 0-{}", ACTION_SPACE - 1),
            Some(name) => format!("{name} is not a legal action of seat {seat} (legal: {legal:?})"),
        }
    }

    /// Plays the built-in seats until a seat of the caller's must choose or
    /// the game ends; then reads the new events.
    fn play_bots(&mut self, view: &mut Observation) -> Result<(), GameError> {
        while let Some(seat) = self.game.to_act() {
            let Some(bot) = self.bots[seat.index()].as_mut() else {
                break;
            };
            if bot.reads_observation() {
                view.refresh(self.game.state(), seat);
            }
            let a = bot.act(view, self.game.legal());
            self.game.step(&a)?;
        }
        self.read_events();
        let (indices, set) = (&mut self.indices, &mut self.legal_set);
        indices.clear();
        *set = [0; LEGAL_WORDS];
        self.game.for_each_legal_index(|i| {
            indices.push(i);
            // An index past the action space (none is) is kept as the last
            // bit, and refused when the decision is written.
            let i = i.min(LEGAL_WORDS * 64 - 1);
            set[i / 64] |= 1 << (i % 64);
        });
        Ok(())
    }

    /// Takes the caller's action (index `action`, checked by
    /// [`Slot::check`]) and runs the game on to the caller's next decision
    /// or its end.
    pub fn step(&mut self, action: usize, view: &mut Observation) -> Result<(), GameError> {
        let position = self.indices.iter().position(|&i| i == action);
        let position = position.ok_or_else(|| {
            GameError::Invariant(format!("action {action} in the legal set but not listed"))
        })?;
        self.game.step_legal(position)?;
        self.play_bots(view)
    }

    /// Round ends and the game end among the events not read yet.
    fn read_events(&mut self) {
        for e in &self.game.events()[self.read..] {
            match e {
                Event::StartKyoku { scores, .. } => self.settled = *scores,
                Event::EndKyoku => self.round_over = true,
                Event::EndGame { .. } => self.settled = self.game.state().scores(),
                _ => {}
            }
        }
        self.read = self.game.events().len();
    }

    /// Adds to `reward` what the rounds and the game end read since the last
    /// call gave each seat, and marks them reported.
    pub fn take_reward(&mut self, kind: Reward, reward: &mut [f32; 4]) {
        if let Reward::Points = kind {
            for ((r, settled), reported) in reward.iter_mut().zip(self.settled).zip(self.reported) {
                *r += (settled - reported) as f32 / 1000.0;
            }
        }
        if let (Reward::Rank, true) = (kind, self.game.is_over()) {
            for (rank, &s) in ranking(&self.settled).iter().enumerate() {
                reward[s as usize] += [1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0][rank];
            }
        }
        self.reported = self.settled;
    }

    /// Takes the flag "a round ended since the last call".
    pub fn take_round_over(&mut self) -> bool {
        std::mem::take(&mut self.round_over)
    }

    /// Writes the decision the row waits for: the seat, its features, its
    /// legal actions (mask, list and count) and the seed.
    pub fn write_decision(&self, row: &mut Row<'_>) -> Result<(), GameError> {
        let seat = self
            .game
            .to_act()
            .ok_or_else(|| GameError::Invariant("a row's game waits for no one".into()))?;
        *row.seat = seat.get() as i8;
        *row.seed = self.seed;
        Features::write_seen_by(self.game.state(), seat, row.tiles, row.scalars);
        let past = self.legal_set[LEGAL_WORDS - 1] >> (ACTION_SPACE % 64) != 0;
        if self.indices.len() > MAX_LEGAL || past {
            return Err(GameError::Invariant(format!(
                "legal action indices {:?}: more than {MAX_LEGAL} or past the action space",
                self.indices
            )));
        }
        row.mask.fill(false);
        let mut k = 0;
        for (w, &word) in self.legal_set.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                row.mask[i] = true;
                row.legal[k] = i as i16;
                k += 1;
            }
        }
        row.legal[k..].fill(-1);
        *row.legal_count = k as i16;
        Ok(())
    }
}
