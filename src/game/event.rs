//! The mjai event set: what happens in a game, one JSON object per line, as read
//! and written by Mortal and mjai.app.
//!
//! Seats are 0–3 (0 = the first East). Tiles are [`Pai`]s in mjai notation.
//! Optional fields are left out of the JSON when empty.
//!
//! ```
//! use tenpai::game::Event;
//! let e: Event = serde_json::from_str(r#"{"type":"dahai","actor":2,"pai":"5mr","tsumogiri":false}"#)?;
//! assert_eq!(e, Event::Dahai { actor: 2, pai: "5mr".parse()?, tsumogiri: false });
//! assert_eq!(serde_json::to_string(&e)?, r#"{"type":"dahai","actor":2,"pai":"5mr","tsumogiri":false}"#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::logged_rules::LoggedRules;
use super::pai::Pai;
use super::seat_index::SeatIndex;
use crate::Wind;
use serde::{Deserialize, Serialize};

/// Why a round ended in a draw (an extension of mjai's `ryukyoku`, which names
/// none; when absent the engine works it out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The wall ran out (tenpai / noten payments, nagashi mangan).
    Exhaustive,
    /// Nine different terminals and honors declared (kyuushu kyuuhai).
    NineTerminals,
    /// Four same winds on the first go-around (suufon renda).
    FourWinds,
    /// All four players in riichi (suucha riichi).
    FourRiichi,
    /// A fourth kan by more than one player (suukaikan).
    FourKans,
    /// Three players ron the same discard (sanchaho).
    TripleRon,
}

impl std::fmt::Display for DrawReason {
    /// In words, for messages: `exhaustive draw`, `nine terminals`, `four
    /// winds`, `four riichi`, `four kans`, `triple ron`.
    ///
    /// ```
    /// assert_eq!(tenpai::game::DrawReason::FourKans.to_string(), "four kans");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DrawReason::Exhaustive => "exhaustive draw",
            DrawReason::NineTerminals => "nine terminals",
            DrawReason::FourWinds => "four winds",
            DrawReason::FourRiichi => "four riichi",
            DrawReason::FourKans => "four kans",
            DrawReason::TripleRon => "triple ron",
        })
    }
}

/// One mjai event. Read with the first bad field named in the error
/// (`kyotaku: invalid value: integer -1, …`), for every type of event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The game starts.
    StartGame {
        /// Player names by seat (always written, empty names included, as
        /// Mortal expects four).
        #[serde(default)]
        names: Vec<String>,
        /// The seed the walls were shuffled from (a tenpai extension, written as
        /// `wall_seed` so that it cannot clash with Mortal's own `seed` pair).
        #[serde(default, rename = "wall_seed", skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        /// The rules a reader needs (`kyoku_first`, `aka_flag`, `rules`),
        /// written on the `start_game` object itself.
        #[serde(flatten)]
        rules: LoggedRules,
    },
    /// A round starts: the deal.
    StartKyoku {
        /// Round wind: `E`, `S`, `W` or `N` (mjai's `bakaze`).
        #[serde(rename = "bakaze")]
        round_wind: Wind,
        /// Dealer number within the wind, 1–4.
        kyoku: u8,
        /// Honba (repeat counters).
        honba: u8,
        /// Riichi sticks on the table, a count (mjai's `kyotaku`).
        #[serde(rename = "kyotaku")]
        kyoutaku: u32,
        /// The dealer's seat (mjai's `oya`).
        #[serde(rename = "oya")]
        dealer: u8,
        /// The first dora indicator.
        dora_marker: Pai,
        /// Scores at the start, in points, by seat.
        scores: [i32; 4],
        /// The 13 dealt tiles of each seat (`?` for hidden ones).
        tehais: [Vec<Pai>; 4],
    },
    /// A draw (the replacement draw after a kan too).
    Tsumo {
        /// Who draws.
        actor: u8,
        /// The tile (`?` when hidden).
        pai: Pai,
    },
    /// A discard.
    Dahai {
        /// Who discards.
        actor: u8,
        /// The tile.
        pai: Pai,
        /// The tile just drawn was discarded.
        tsumogiri: bool,
    },
    /// A chi: `pai` called from `target` (the player on the left) with `consumed`.
    Chi {
        /// Who calls.
        actor: u8,
        /// Who discarded the tile.
        target: u8,
        /// The called tile.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// A pon.
    Pon {
        /// Who calls.
        actor: u8,
        /// Who discarded the tile.
        target: u8,
        /// The called tile.
        pai: Pai,
        /// The two tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// An open kan on a discard (daiminkan).
    Daiminkan {
        /// Who calls.
        actor: u8,
        /// Who discarded the tile.
        target: u8,
        /// The called tile.
        pai: Pai,
        /// The three tiles from the hand.
        consumed: Vec<Pai>,
    },
    /// An added kan (kakan, shouminkan): `pai` added to a pon of `consumed`.
    Kakan {
        /// Who adds.
        actor: u8,
        /// The added tile.
        pai: Pai,
        /// The pon's three tiles.
        consumed: Vec<Pai>,
    },
    /// A closed kan (ankan).
    Ankan {
        /// Who declares.
        actor: u8,
        /// The four tiles.
        consumed: Vec<Pai>,
    },
    /// A new dora indicator is turned (after a kan).
    Dora {
        /// The indicator.
        dora_marker: Pai,
    },
    /// A riichi declaration; the riichi discard follows.
    Reach {
        /// Who declares.
        actor: u8,
    },
    /// The riichi discard passed: the stick is on the table.
    ReachAccepted {
        /// Who declared.
        actor: u8,
        /// Score changes (−1000 for the actor), when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<[i32; 4]>,
        /// Scores after, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<[i32; 4]>,
    },
    /// A win: tsumo when `actor == target`, else ron on `target`'s tile.
    Hora {
        /// The winner.
        actor: u8,
        /// Who dealt in (the winner for tsumo).
        target: u8,
        /// The winning tile, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pai: Option<Pai>,
        /// The ura-dora indicators (needed when the winner is in riichi).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ura_markers: Option<Vec<Pai>>,
        /// Score changes, when given (checked against the engine's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<[i32; 4]>,
        /// Scores after, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<[i32; 4]>,
    },
    /// A drawn round.
    Ryukyoku {
        /// Why, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<DrawReason>,
        /// Score changes, when given (checked against the engine's).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<[i32; 4]>,
        /// Scores after, when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<[i32; 4]>,
    },
    /// The round is over.
    EndKyoku,
    /// The game is over.
    EndGame {
        /// Final scores (leftover sticks settled), when given; checked. Games
        /// played by [`crate::game::play_game`] leave it out.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<[i32; 4]>,
    },
}

impl Event {
    /// The `start_game` of a game: the players' `names` by seat, the wall
    /// `seed` when known, and the `rules` a reader needs
    /// ([`LoggedRules::of`] for a game tenpai plays; the default records
    /// nothing). Every `start_game` tenpai writes is built here.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Event, LoggedRules};
    /// let start = Event::start_game(vec![], Some(7), LoggedRules::of(&tenpai::rules::Rules::tenhou()));
    /// assert_eq!(
    ///     start.to_json(),
    ///     r#"{"type":"start_game","names":[],"wall_seed":7,"kyoku_first":0,"aka_flag":true,"rules":"tenhou"}"#
    /// );
    /// ```
    pub fn start_game(names: Vec<String>, seed: Option<u64>, rules: LoggedRules) -> Event {
        Event::StartGame { names, seed, rules }
    }

    /// The acting seat, for events that have one.
    pub fn actor(&self) -> Option<u8> {
        match *self {
            Event::Tsumo { actor, .. }
            | Event::Dahai { actor, .. }
            | Event::Chi { actor, .. }
            | Event::Pon { actor, .. }
            | Event::Daiminkan { actor, .. }
            | Event::Kakan { actor, .. }
            | Event::Ankan { actor, .. }
            | Event::Reach { actor }
            | Event::ReachAccepted { actor, .. }
            | Event::Hora { actor, .. } => Some(actor),
            _ => None,
        }
    }

    /// The event as `seat` may see it: other seats' draws and dealt tiles
    /// hidden (`?`), and no wall seed in `start_game` (it would tell every
    /// tile). What [`crate::game::State::for_seat`] of `seat` follows, and
    /// what a host sends the bot at `seat`.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Event, Pai, SeatIndex};
    /// let [s0, s1, s2, _] = SeatIndex::ALL;
    /// let draw = Event::Tsumo { actor: 2, pai: "5mr".parse()? };
    /// assert_eq!(draw.seen_by(s2), draw);
    /// assert_eq!(draw.seen_by(s0), Event::Tsumo { actor: 2, pai: Pai::HIDDEN });
    /// let start = Event::start_game(vec![], Some(7), Default::default());
    /// assert_eq!(start.seen_by(s1), Event::start_game(vec![], None, Default::default()));
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn seen_by(&self, seat: SeatIndex) -> Event {
        self.seen(Some(seat.get()))
    }

    /// The event as a spectator may see it: every draw and every dealt tile
    /// hidden (`?`), and no wall seed in `start_game`; discards, calls,
    /// dora indicators and round results as they are (they are public).
    /// What a host sends a client that watches a table where people play.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::{Event, Pai};
    /// let draw = Event::Tsumo { actor: 2, pai: "5mr".parse()? };
    /// assert_eq!(draw.seen_by_spectator(), Event::Tsumo { actor: 2, pai: Pai::HIDDEN });
    /// let discard = Event::Dahai { actor: 2, pai: "5mr".parse()?, tsumogiri: true };
    /// assert_eq!(discard.seen_by_spectator(), discard);
    /// # Ok::<(), tenpai::game::GameError>(())
    /// ```
    pub fn seen_by_spectator(&self) -> Event {
        self.seen(None)
    }

    /// The event as `seat` sees it (`None`: a spectator, who sees no
    /// concealed tile).
    fn seen(&self, seat: Option<u8>) -> Event {
        match self {
            Event::Tsumo { actor, .. } if Some(*actor) != seat => Event::Tsumo {
                actor: *actor,
                pai: Pai::HIDDEN,
            },
            Event::StartGame { names, rules, .. } => {
                Event::start_game(names.clone(), None, rules.clone())
            }
            Event::StartKyoku {
                round_wind,
                kyoku,
                honba,
                kyoutaku,
                dealer,
                dora_marker,
                scores,
                tehais,
            } => Event::StartKyoku {
                round_wind: *round_wind,
                kyoku: *kyoku,
                honba: *honba,
                kyoutaku: *kyoutaku,
                dealer: *dealer,
                dora_marker: *dora_marker,
                scores: *scores,
                tehais: std::array::from_fn(|s| {
                    if Some(s as u8) == seat {
                        tehais[s].clone()
                    } else {
                        vec![Pai::HIDDEN; tehais[s].len()]
                    }
                }),
            },
            e => e.clone(),
        }
    }

    /// The event's mjai `type` (`"dahai"`, `"reach_accepted"`, …).
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai::game::Event;
    /// assert_eq!(Event::EndKyoku.kind(), "end_kyoku");
    /// ```
    pub fn kind(&self) -> &'static str {
        match self {
            Event::StartGame { .. } => "start_game",
            Event::StartKyoku { .. } => "start_kyoku",
            Event::Tsumo { .. } => "tsumo",
            Event::Dahai { .. } => "dahai",
            Event::Chi { .. } => "chi",
            Event::Pon { .. } => "pon",
            Event::Daiminkan { .. } => "daiminkan",
            Event::Kakan { .. } => "kakan",
            Event::Ankan { .. } => "ankan",
            Event::Dora { .. } => "dora",
            Event::Reach { .. } => "reach",
            Event::ReachAccepted { .. } => "reach_accepted",
            Event::Hora { .. } => "hora",
            Event::Ryukyoku { .. } => "ryukyoku",
            Event::EndKyoku => "end_kyoku",
            Event::EndGame { .. } => "end_game",
        }
    }

    /// The event as one line of mjai JSON.
    ///
    /// # Panics
    /// Never.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("events serialize")
    }
}
