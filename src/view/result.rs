//! How a round ended, as everybody at the table sees it: each win with its
//! yaku, han, fu and points, or the draw (exhaustive or abortive, named);
//! the hands shown and why; every seat's score change.

use super::seat::MeldEntry;
use crate::game::{DrawReason, Pai, RiichiState, RoundOutcome, SeatIndex, State};
use crate::score::{Payment, Score, RIICHI_STICK};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// The end of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct RoundResult {
    /// The wins, or the draw.
    #[serde(flatten)]
    pub kind: ResultKind,
    /// The hands shown, and why: every winner's, and at an exhaustive draw
    /// every ready hand (a hand the view's state cannot know, another
    /// seat's in a seat's own [`State::for_seat`], is left out).
    pub shown: Vec<ShownHand>,
    /// Every seat's score change from the result, in points (the wins'
    /// payments with honba and sticks, or the draw's tenpai or nagashi
    /// payments); the riichi sticks put on the table this round are apart.
    pub deltas: [i32; 4],
    /// The riichi sticks each seat put on the table this round, in points
    /// (−1,000 per stick, 0 without).
    pub riichi_deposits: [i32; 4],
    /// The scores after the round, in points.
    pub scores: [i32; 4],
    /// The scores are the game's (`false` in a seat's own state that was not
    /// told the payments of a hidden hand's result).
    pub scores_known: bool,
}

/// Wins or a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ResultKind {
    /// One win, or several on one discard (in turn order from the discarder).
    Wins {
        /// Each win.
        wins: Vec<WinResult>,
    },
    /// A draw.
    Draw {
        /// Why: `exhaustive`, or the abortive draw's name (`nine_terminals`,
        /// `four_winds`, `four_riichi`, `four_kans`, `triple_ron`).
        reason: DrawReason,
        /// The draw is abortive (everything but the exhaustive draw).
        abortive: bool,
        /// The seats ready at an exhaustive draw (all `false` otherwise).
        tenpai: [bool; 4],
        /// The seats paid nagashi mangan.
        nagashi: [bool; 4],
    },
}

/// One win.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct WinResult {
    /// The winner.
    pub seat: SeatIndex,
    /// Who dealt in; the winner for a tsumo.
    pub from: SeatIndex,
    /// Won on its own draw.
    pub tsumo: bool,
    /// The winning tile (`null` when the view's state does not know it).
    pub pai: Option<Pai>,
    /// The seat liable (pao) that paid part of it, if any.
    pub pao: Option<SeatIndex>,
    /// Every seat's score change from this win, in points (honba and the
    /// sticks it took included).
    pub deltas: [i32; 4],
    /// The ura-dora indicators turned for it (a winner in riichi).
    pub ura_indicators: Vec<Pai>,
    /// The scored hand: yaku with their han, han, fu with their
    /// breakdown, limit, reading, payment; `null` when the view's state
    /// does not know the hand (another seat's in a seat's own state).
    #[serde(serialize_with = "score_json")]
    pub score: Option<Score>,
}

/// Why a hand is shown at the end of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ShowReason {
    /// It won.
    Win,
    /// It was ready at the exhaustive draw (and so paid tenpai).
    Tenpai,
}

/// A hand shown at the end of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct ShownHand {
    /// Whose.
    pub seat: SeatIndex,
    /// Why it is shown.
    pub why: ShowReason,
    /// The concealed tiles, in tile order (a winner's winning tile apart).
    pub tiles: Vec<Pai>,
    /// The melds.
    pub melds: Vec<MeldEntry>,
    /// The winning tile (winners only).
    pub win_tile: Option<Pai>,
}

impl ShownHand {
    /// Its concealed tiles (the winning tile apart) and melds as a
    /// [`crate::Hand`], for text (`123m0p [777z]`); `None` if they make none.
    pub fn hand(&self) -> Option<crate::Hand> {
        super::hints::hand_of(&self.tiles, self.melds.iter().map(MeldEntry::meld))
    }
}

/// The score of a win in JSON: `{"han", "fu", "yakuman", "limit", "yaku":
/// [{"yaku", "name", "han", "dora"}], "fu_items": [{"source", "fu"}],
/// "reading", "payment", "points", "kyoutaku_points"}`, or `null`.
fn score_json<S: Serializer>(score: &Option<Score>, s: S) -> Result<S::Ok, S::Error> {
    let Some(sc) = score else {
        return s.serialize_none();
    };
    #[derive(Serialize)]
    struct YakuJson {
        yaku: &'static str,
        name: &'static str,
        han: u8,
        dora: bool,
    }
    #[derive(Serialize)]
    struct FuJson {
        source: String,
        fu: u8,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum PaymentJson {
        Ron { discarder: u32 },
        Tsumo { dealer: u32, non_dealer: u32 },
    }
    let yaku: Vec<YakuJson> = sc
        .yaku
        .iter()
        .map(|(y, han)| YakuJson {
            yaku: y.name(),
            name: y.display_name(),
            han,
            dora: y.is_dora(),
        })
        .collect();
    let fu: Vec<FuJson> = sc
        .fu_breakdown
        .iter()
        .map(|i| FuJson {
            source: i.source.to_string(),
            fu: i.fu,
        })
        .collect();
    let payment = match sc.payment {
        Payment::Ron { discarder } => PaymentJson::Ron { discarder },
        Payment::Tsumo { dealer, non_dealer } => PaymentJson::Tsumo { dealer, non_dealer },
    };
    let limit = sc.limit.name();
    let mut st = s.serialize_struct("Score", 10)?;
    st.serialize_field("han", &sc.han)?;
    st.serialize_field("fu", &sc.fu)?;
    st.serialize_field("yakuman", &sc.yakuman)?;
    st.serialize_field("limit", &(!limit.is_empty()).then_some(limit))?;
    st.serialize_field("yaku", &yaku)?;
    st.serialize_field("fu_items", &fu)?;
    st.serialize_field("reading", &sc.reading.to_string())?;
    st.serialize_field("payment", &payment)?;
    st.serialize_field("points", &sc.total)?;
    st.serialize_field("kyoutaku_points", &sc.kyoutaku_points)?;
    st.end()
}

impl RoundResult {
    /// The result of the round `state` has ended with `outcome`.
    pub(super) fn of(state: &State, outcome: &RoundOutcome) -> RoundResult {
        let riichi_deposits = std::array::from_fn(|s| match state.seats()[s].riichi() {
            RiichiState::Accepted { .. } => -(RIICHI_STICK as i32),
            _ => 0,
        });
        let known = |seat: u8| !state.seat_at(seat).is_hidden();
        let shown_hand = |seat: u8, why, win_tile: Option<Pai>, tsumo: bool| {
            let s = state.seat_at(seat);
            let mut tiles = s.tiles();
            if let (true, Some(w)) = (tsumo, win_tile) {
                if let Some(i) = tiles.iter().position(|&p| p == w) {
                    tiles.remove(i);
                }
            }
            ShownHand {
                seat: SeatIndex::engine(seat),
                why,
                tiles,
                melds: s.melds().iter().map(MeldEntry::of).collect(),
                win_tile,
            }
        };
        let (kind, shown, deltas) = match outcome {
            RoundOutcome::Wins(wins) => {
                let mut deltas = [0; 4];
                for w in wins {
                    for (d, x) in deltas.iter_mut().zip(w.deltas) {
                        *d += x;
                    }
                }
                let shown = wins
                    .iter()
                    .filter(|w| known(w.seat))
                    .map(|w| shown_hand(w.seat, ShowReason::Win, w.pai, w.seat == w.from))
                    .collect();
                let wins = wins
                    .iter()
                    .map(|w| WinResult {
                        seat: SeatIndex::engine(w.seat),
                        from: SeatIndex::engine(w.from),
                        tsumo: w.seat == w.from,
                        pai: w.pai,
                        pao: w.pao.map(SeatIndex::engine),
                        deltas: w.deltas,
                        ura_indicators: w.ura.clone(),
                        score: w.score,
                    })
                    .collect();
                (ResultKind::Wins { wins }, shown, deltas)
            }
            RoundOutcome::Draw {
                reason,
                tenpai,
                nagashi,
                deltas,
            } => {
                let exhaustive = *reason == DrawReason::Exhaustive;
                let shown = (0..4u8)
                    .filter(|&s| exhaustive && tenpai[s as usize] && known(s))
                    .map(|s| shown_hand(s, ShowReason::Tenpai, None, false))
                    .collect();
                let kind = ResultKind::Draw {
                    reason: *reason,
                    abortive: !exhaustive,
                    tenpai: if exhaustive { *tenpai } else { [false; 4] },
                    nagashi: *nagashi,
                };
                (kind, shown, *deltas)
            }
        };
        RoundResult {
            kind,
            shown,
            deltas,
            riichi_deposits,
            scores: state.scores(),
            scores_known: state.scores_known(),
        }
    }
}
