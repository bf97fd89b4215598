//! What a client gets of the table: the seat views the library builds
//! ([`Observation::of`] for what the seat sees, [`legal_actions`] for what
//! it may do, the round's outcome with the hands the table shows) in the
//! page's serializable shape. A client's views come only from here, made for
//! its own seat (or every seat for a watcher of four AI players and the log
//! viewer, who may see all hands).
//!
//! This module only copies what the library computed; it decides nothing.
//! It is the one place to change when the library's serializable seat view
//! (`tenpai::view`) replaces it.

use serde::Serialize;
use tenpai::game::{
    Action, DrawReason, Observation, Pai, RiverTile, RoundOutcome, State, TableMeld,
};
use tenpai::MeldKind;

/// The table as one client sees it.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The seat drawn at the bottom.
    pub bottom: u8,
    /// The views of the seats whose hands the client sees: its own, or all
    /// four (watching, or in the viewer with every hand open), by seat.
    pub seats: Vec<SeatView>,
    /// The decision the client may answer now ([`crate::protocol::ClientMsg::Act`]),
    /// with the choices in `seats`' view of the bottom seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<u64>,
    /// The seat whose turn it is (who drew last or must discard), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u8>,
    /// The seat asked now (to discard, call or pass), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asked: Option<u8>,
    /// How the round ended, once it has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_end: Option<RoundEndView>,
}

/// One seat's view.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// Whose view.
    pub seat: u8,
    /// Round wind (`E`, `S`, `W`, `N`), dealer number 1–4, honba, sticks.
    pub round: RoundView,
    /// The dealer's seat.
    pub dealer: u8,
    /// Each seat's wind, by seat.
    pub winds: [Pai; 4],
    /// Scores, in points, by seat.
    pub scores: [i32; 4],
    /// The seat's concealed tiles without the drawn tile, in order.
    pub hand: Vec<Pai>,
    /// The tile just drawn, set apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawn: Option<Pai>,
    /// Concealed tiles of each seat.
    pub hand_sizes: [u8; 4],
    /// Each seat's river.
    pub rivers: [Vec<RiverView>; 4],
    /// Each seat's melds.
    pub melds: [Vec<MeldView>; 4],
    /// Seats in riichi.
    pub riichi: [bool; 4],
    /// Dora indicators turned.
    pub dora_indicators: Vec<Pai>,
    /// Tiles left in the live wall.
    pub tiles_left: u8,
    /// The discard (or kan tile) that may be called or robbed now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_tile: Option<LastTile>,
    /// What the seat may do now (empty when not asked).
    pub choices: Vec<ChoiceView>,
}

/// The round.
#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    /// Round wind.
    pub wind: Pai,
    /// Dealer number within the wind, 1–4.
    pub number: u8,
    /// Honba.
    pub honba: u8,
    /// Riichi sticks on the table.
    pub sticks: u8,
}

/// A river tile.
#[derive(Clone, Debug, Serialize)]
pub struct RiverView {
    /// The tile.
    pub pai: Pai,
    /// Discarded as drawn.
    pub tsumogiri: bool,
    /// The riichi declaration tile (laid sideways).
    pub riichi: bool,
    /// Called by another seat.
    pub called: bool,
}

/// A meld.
#[derive(Clone, Debug, Serialize)]
pub struct MeldView {
    /// `chi`, `pon`, `daiminkan`, `kakan` or `ankan`.
    pub kind: &'static str,
    /// Its tiles, the called one included.
    pub tiles: Vec<Pai>,
    /// The called tile (turned sideways).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called: Option<Pai>,
    /// The seat it was called from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<u8>,
}

/// The tile on offer.
#[derive(Clone, Debug, Serialize)]
pub struct LastTile {
    /// Who discarded (or added) it.
    pub seat: u8,
    /// The tile.
    pub pai: Pai,
}

/// One choice: a legal action.
#[derive(Clone, Debug, Serialize)]
pub struct ChoiceView {
    /// `discard`, `riichi`, `tsumo`, `ron`, `chi`, `pon`, `daiminkan`,
    /// `ankan`, `kakan`, `nine_terminals` or `pass`.
    pub kind: &'static str,
    /// The tile discarded (discard, riichi), added (kakan) or of the kan
    /// (ankan; daiminkan: the discard).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pai: Option<Pai>,
    /// The discard is the drawn tile.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tsumogiri: bool,
    /// The tiles from the hand (chi, pon).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub consumed: Vec<Pai>,
}

/// How a round ended, as the table shows it.
#[derive(Clone, Debug, Serialize)]
pub struct RoundEndView {
    /// The wins, in order (several in a multiple ron).
    pub wins: Vec<WinView>,
    /// A draw's kind: `exhaustive`, `nine_terminals`, `four_winds`,
    /// `four_riichi`, `four_kans`, `triple_ron`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<&'static str>,
    /// At an exhaustive draw: the ready seats.
    pub tenpai: [bool; 4],
    /// Nagashi mangan, by seat.
    pub nagashi: [bool; 4],
    /// Hands shown: winners', or the ready hands at an exhaustive draw.
    pub shown: Vec<ShownHand>,
    /// Ura dora indicators (a winner in riichi).
    pub ura_indicators: Vec<Pai>,
    /// Score change of each seat over the round, riichi sticks included.
    pub deltas: [i32; 4],
    /// Scores after the round.
    pub scores: [i32; 4],
    /// The game ends with this round.
    pub game_over: bool,
}

/// One win.
#[derive(Clone, Debug, Serialize)]
pub struct WinView {
    /// The winner.
    pub seat: u8,
    /// Who dealt in (the winner for tsumo).
    pub from: u8,
    /// The winning tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pai: Option<Pai>,
    /// Han (dora included), fu, the limit's name (`mangan`…; empty when none).
    pub han: u32,
    /// Fu (0 for a yakuman).
    pub fu: u32,
    /// `mangan`, `haneman`, … or empty.
    pub limit: String,
    /// Yakuman multiple (0 when none).
    pub yakuman: u32,
    /// The yaku (and dora) with their han, by the library's names.
    pub yaku: Vec<(String, u8)>,
    /// The winner's gain, riichi sticks included.
    pub points: i32,
    /// The liable seat (pao), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pao: Option<u8>,
}

/// A hand shown at the end of a round.
#[derive(Clone, Debug, Serialize)]
pub struct ShownHand {
    /// Whose.
    pub seat: u8,
    /// The concealed tiles, the winning tile left out.
    pub hand: Vec<Pai>,
    /// The melds.
    pub melds: Vec<MeldView>,
    /// The winning tile (winners).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win_tile: Option<Pai>,
}

/// A seat's wind in a round whose dealer is `dealer`, as a tile.
fn wind_of(seat: u8, dealer: u8) -> Pai {
    let k = (seat + 4 - dealer) % 4;
    ["E", "S", "W", "N"][k as usize]
        .parse()
        .expect("winds parse")
}

fn meld(m: &TableMeld) -> MeldView {
    MeldView {
        kind: match m.kind {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Kan if m.added => "kakan",
            MeldKind::Kan => "daiminkan",
            MeldKind::ClosedKan => "ankan",
        },
        tiles: m.tiles.clone(),
        called: m.called,
        from: m.from,
    }
}

fn river(r: &RiverTile) -> RiverView {
    RiverView {
        pai: r.pai,
        tsumogiri: r.tsumogiri,
        riichi: r.riichi,
        called: r.called,
    }
}

/// A legal action as a choice.
pub fn choice(a: &Action, last: Option<Pai>) -> ChoiceView {
    let c = |kind, pai, tsumogiri, consumed: &[Pai]| ChoiceView {
        kind,
        pai,
        tsumogiri,
        consumed: consumed.to_vec(),
    };
    match a {
        Action::Discard { pai, tsumogiri } => c("discard", Some(*pai), *tsumogiri, &[]),
        Action::Riichi { pai, tsumogiri } => c("riichi", Some(*pai), *tsumogiri, &[]),
        Action::Tsumo => c("tsumo", None, false, &[]),
        Action::Ron => c("ron", last, false, &[]),
        Action::Chi { consumed } => c("chi", last, false, consumed),
        Action::Pon { consumed } => c("pon", last, false, consumed),
        Action::Daiminkan => c("daiminkan", last, false, &[]),
        Action::Ankan { tile } => c("ankan", Some(Pai::new(*tile, false)), false, &[]),
        Action::Kakan { pai } => c("kakan", Some(*pai), false, &[]),
        Action::NineTerminals => c("nine_terminals", None, false, &[]),
        Action::Pass => c("pass", None, false, &[]),
    }
}

/// The view of `seat` of `state`, with `legal` its choices now (empty when
/// it is not asked).
pub fn seat_view(state: &State, seat: u8, legal: &[Action]) -> SeatView {
    let o = Observation::of(state, seat);
    let mut hand = o.hand.clone();
    if let Some(d) = o.drawn {
        if let Some(i) = hand.iter().rposition(|&p| p == d) {
            hand.remove(i);
        }
    }
    let last = o.last_tile.map(|(_, p)| p);
    SeatView {
        seat,
        round: RoundView {
            wind: ["E", "S", "W", "N"][o.bakaze as usize % 4]
                .parse()
                .expect("winds parse"),
            number: o.kyoku,
            honba: o.honba,
            sticks: o.kyotaku,
        },
        dealer: o.oya,
        winds: std::array::from_fn(|s| wind_of(s as u8, o.oya)),
        scores: o.scores,
        hand,
        drawn: o.drawn,
        hand_sizes: o.hand_sizes,
        rivers: std::array::from_fn(|s| o.rivers[s].iter().map(river).collect()),
        melds: std::array::from_fn(|s| o.melds[s].iter().map(meld).collect()),
        riichi: o.riichi,
        dora_indicators: o.dora_indicators.clone(),
        tiles_left: o.live_left,
        last_tile: o.last_tile.map(|(seat, pai)| LastTile { seat, pai }),
        choices: legal.iter().map(|a| choice(a, last)).collect(),
    }
}

/// The seat whose turn it is in `phase` (who draws, acts or just
/// discarded).
pub fn turn(phase: &tenpai::game::Phase) -> Option<u8> {
    use tenpai::game::Phase;
    match *phase {
        Phase::Draw { seat, .. }
        | Phase::Turn { seat, .. }
        | Phase::RiichiDiscard { seat }
        | Phase::Discarded { seat, .. }
        | Phase::Kan { seat, .. } => Some(seat),
        _ => None,
    }
}

/// What the table keeps of a round for its end: the winning tiles and ura
/// indicators (from the `hora` events) and the scores at its start.
#[derive(Clone, Debug, Default)]
pub struct RoundLog {
    /// (winner, winning tile) of each `hora`.
    pub wins: Vec<(u8, Option<Pai>)>,
    /// Ura indicators of the last `hora` that had them.
    pub ura: Vec<Pai>,
    /// Scores at the round's start.
    pub before: [i32; 4],
}

impl RoundLog {
    /// Notes `e` (just applied).
    pub fn note(&mut self, e: &tenpai::game::Event) {
        use tenpai::game::Event;
        match e {
            Event::StartKyoku { scores, .. } => {
                *self = RoundLog {
                    before: *scores,
                    ..RoundLog::default()
                };
            }
            Event::Hora {
                actor,
                pai,
                ura_markers,
                ..
            } => {
                self.wins.push((*actor, *pai));
                if let Some(u) = ura_markers {
                    self.ura.clone_from(u);
                }
            }
            _ => {}
        }
    }
}

fn draw_name(r: DrawReason) -> &'static str {
    match r {
        DrawReason::Exhaustive => "exhaustive",
        DrawReason::NineTerminals => "nine_terminals",
        DrawReason::FourWinds => "four_winds",
        DrawReason::FourRiichi => "four_riichi",
        DrawReason::FourKans => "four_kans",
        DrawReason::TripleRon => "triple_ron",
    }
}

/// The end of the round `state` has just ended (after `end_kyoku`), as the
/// whole table sees it; `None` while the round goes on.
pub fn round_end(state: &State, log: &RoundLog) -> Option<RoundEndView> {
    let outcome = state.outcome()?;
    let shown_hand = |seat: u8, win_tile: Option<Pai>, tsumo: bool| {
        let s = state.seat(seat);
        let mut hand = s.tiles();
        if let (true, Some(w)) = (tsumo, win_tile) {
            if let Some(i) = hand.iter().position(|&p| p == w) {
                hand.remove(i);
            }
        }
        ShownHand {
            seat,
            hand,
            melds: s.melds().iter().map(meld).collect(),
            win_tile,
        }
    };
    let scores = state.scores();
    let deltas = std::array::from_fn(|s| scores[s] - log.before[s]);
    let mut v = RoundEndView {
        wins: Vec::new(),
        draw: None,
        tenpai: [false; 4],
        nagashi: [false; 4],
        shown: Vec::new(),
        ura_indicators: log.ura.clone(),
        deltas,
        scores,
        game_over: state.game_over(),
    };
    match outcome {
        RoundOutcome::Wins(ws) => {
            for w in ws {
                let pai = log.wins.iter().find(|(s, _)| *s == w.seat).and_then(|x| x.1);
                v.shown.push(shown_hand(w.seat, pai, w.seat == w.from));
                let score = w.score.as_ref();
                v.wins.push(WinView {
                    seat: w.seat,
                    from: w.from,
                    pai,
                    han: score.map_or(0, |s| s.han),
                    fu: score.map_or(0, |s| s.fu),
                    limit: score.map_or(String::new(), |s| s.limit.name()),
                    yakuman: score.map_or(0, |s| s.yakuman),
                    yaku: score
                        .map(|s| s.yaku.iter().map(|(y, h)| (y.name().to_string(), h)).collect())
                        .unwrap_or_default(),
                    points: w.deltas[w.seat as usize],
                    pao: w.pao,
                });
            }
        }
        RoundOutcome::Draw {
            reason,
            tenpai,
            nagashi,
            ..
        } => {
            v.draw = Some(draw_name(*reason));
            v.tenpai = *tenpai;
            v.nagashi = *nagashi;
            if *reason == DrawReason::Exhaustive {
                v.shown = (0..4u8)
                    .filter(|&s| tenpai[s as usize])
                    .map(|s| shown_hand(s, None, false))
                    .collect();
            }
        }
    }
    Some(v)
}
