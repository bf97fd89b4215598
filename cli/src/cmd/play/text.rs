//! What the person is told, as text shared by both front ends: seat names,
//! one line per event, the result of a round and the final ranking — all
//! from the person's [`SeatView`].

use crate::cmd::score::print_text;
use crate::render::table::{round_name, shown_hand};
use crate::render::{score, signed, TileMode};
use tenpai::game::{DrawReason, Event, GameRecord, Pai, SeatIndex};
use tenpai::view::{ResultKind, RoundResult, SeatView};
use tenpai::Wind;

/// Names the seats relative to the person's (or the watched) seat, the
/// same words in every mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The person's seat (the watched seat when watching).
    pub me: u8,
    /// Four AI players, the person only watching: no seat is "You", each
    /// is named by its seat number (`Seat 0` to `Seat 3`, as `--seat`
    /// takes it), a name that stays true all game: a wind would name
    /// another player once the dealer moves on (the seat winds are on the
    /// table's rows, from the view).
    pub watch: bool,
}

/// The seats' names while watching ([`Names::watch`]).
const SEAT_NAMES: [&str; 4] = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"];

impl Names {
    /// `You`, `Right`, `Across` or `Left`; when watching, the seat's
    /// number (`Seat 0` to `Seat 3`, seat 0 the first dealer).
    pub fn of(self, seat: impl Into<u8>) -> &'static str {
        let seat = seat.into();
        if self.watch {
            return SEAT_NAMES[seat as usize % 4];
        }
        match (seat + 4 - self.me % 4) % 4 {
            0 => "You",
            1 => "Right",
            2 => "Across",
            _ => "Left",
        }
    }

    /// `your` or, when watching, the watched seat's (`Seat 0's`).
    pub fn yours(self) -> String {
        if self.watch {
            format!("{}'s", self.of(self.me))
        } else {
            "your".to_string()
        }
    }

    /// `You win` or `Right wins`: the name and the verb agreeing with it.
    pub fn with_verb(self, seat: impl Into<u8>, verb: &str) -> String {
        crate::render::table::with_verb(self.of(seat), verb)
    }

    /// Seats in turn order starting after the person's, the person's last.
    pub fn order(self) -> [u8; 4] {
        std::array::from_fn(|k| (self.me + 1 + k as u8) % 4)
    }

    /// The person's seat first, then Right, Across and Left.
    pub fn you_first(self) -> [u8; 4] {
        std::array::from_fn(|k| (self.me + k as u8) % 4)
    }
}

/// `Right: chi 5p from Across [345p]`-style line for an event (the view
/// after it), or `None` for events the person need not read (hidden draws,
/// the end of a round, which [`round_end`] tells).
pub fn event_line(e: &Event, view: &SeatView, names: Names, mode: TileMode) -> Option<String> {
    let n = |s: u8| names.of(s);
    let last_meld = |s: u8| {
        view.seats()[s as usize % 4]
            .melds
            .last()
            .map(|m| mode.meld(m))
            .unwrap_or_default()
    };
    Some(match e {
        Event::StartKyoku {
            honba,
            kyoutaku,
            dealer,
            ..
        } => format!(
            "=== {} · {honba} honba · {kyoutaku} stick{} · dealer {} · {} seat wind {} ===",
            round_name(view.round()),
            if *kyoutaku == 1 { "" } else { "s" },
            n(*dealer),
            names.yours(),
            Wind::of_seat(names.me, *dealer).name(),
        ),
        Event::Dahai {
            actor,
            pai,
            tsumogiri,
        } => format!(
            "{}: discard {}{}",
            n(*actor),
            mode.pai(*pai),
            if *tsumogiri { " (as drawn)" } else { "" }
        ),
        Event::Chi {
            actor, target, pai, ..
        }
        | Event::Pon {
            actor, target, pai, ..
        }
        | Event::Daiminkan {
            actor, target, pai, ..
        } => {
            let what = match e {
                Event::Chi { .. } => "chi",
                Event::Pon { .. } => "pon",
                _ => "kan",
            };
            format!(
                "{}: {what} {} from {} {}",
                n(*actor),
                mode.pai(*pai),
                n(*target),
                last_meld(*actor)
            )
        }
        Event::Kakan { actor, .. } => format!("{}: added kan {}", n(*actor), last_meld(*actor)),
        Event::Ankan { actor, .. } => format!("{}: closed kan {}", n(*actor), last_meld(*actor)),
        Event::Dora { dora_marker } => format!("New dora indicator: {}", mode.pai(*dora_marker)),
        Event::Reach { actor } => format!("{}: riichi!", n(*actor)),
        Event::Hora {
            actor, target, pai, ..
        } => {
            let tile = pai
                .map(|p| format!(" on {}", mode.pai(p)))
                .unwrap_or_default();
            if actor == target {
                format!("{}: tsumo{tile}!", n(*actor))
            } else {
                format!("{}: ron{tile} from {}!", n(*actor), n(*target))
            }
        }
        Event::Ryukyoku { reason, .. } => {
            format!("Draw: {}", reason.map_or("the round ends", draw_reason))
        }
        Event::StartGame { .. }
        | Event::Tsumo { .. }
        | Event::ReachAccepted { .. }
        | Event::EndKyoku
        | Event::EndGame { .. } => return None,
    })
}

/// The Moves panel's line for the start of a round, short enough for the
/// narrowest panel (32 columns at 80×24) so that it never wraps: `=== E1-0
/// · dealer You ===` (round wind and number, honba; the sticks and the seat
/// wind are on the status line and the seat panels). The longest,
/// `=== S4-99 · dealer Across ===`, is 29 columns.
///
/// # Panics
/// Never.
pub fn round_header(view: &SeatView, names: Names) -> String {
    let r = view.round();
    format!(
        "=== {}{}-{} · dealer {} ===",
        r.round_wind.letter(),
        r.number,
        r.honba,
        names.of(r.dealer)
    )
}

/// The seat that made a move others see (discard, call, kan, win), if any.
pub fn mover(e: &Event) -> Option<u8> {
    match *e {
        Event::Dahai { actor, .. }
        | Event::Chi { actor, .. }
        | Event::Pon { actor, .. }
        | Event::Daiminkan { actor, .. }
        | Event::Kakan { actor, .. }
        | Event::Ankan { actor, .. }
        | Event::Hora { actor, .. } => Some(actor),
        _ => None,
    }
}

/// `exhaustive draw`, `nine terminals`, ….
pub fn draw_reason(r: DrawReason) -> &'static str {
    match r {
        DrawReason::Exhaustive => "exhaustive draw (the wall is empty)",
        DrawReason::NineTerminals => "nine terminals (abortive)",
        DrawReason::FourWinds => "four winds (abortive)",
        DrawReason::FourRiichi => "four riichi (abortive)",
        DrawReason::FourKans => "four kans (abortive)",
        DrawReason::TripleRon => "triple ron (abortive)",
    }
}

/// The result of a round: each win (hand, yaku with han, fu, points) or the
/// draw (reason, tenpai hands, payments), then every seat's score change and
/// score.
pub fn round_end(re: &RoundResult, names: Names, mode: TileMode) -> Vec<String> {
    let n = |s: u8| names.of(s);
    let mut lines = Vec::new();
    let shown_of = |seat: SeatIndex| re.shown.iter().find(|s| s.seat == seat);
    match &re.kind {
        ResultKind::Wins { wins } => {
            let mut ura: Vec<Pai> = Vec::new();
            for w in wins {
                let how = if w.tsumo {
                    "tsumo".to_string()
                } else {
                    format!("ron from {}", names.of(w.from))
                };
                lines.push(format!(
                    "--- {} by {how} ---",
                    names.with_verb(w.seat, "win")
                ));
                let hand = shown_of(w.seat)
                    .map(|s| shown_hand(s, mode))
                    .unwrap_or_default();
                let mut text = Vec::new();
                // Writing to a Vec cannot fail.
                if let Some(score) = &w.score {
                    let _ = print_text(&mut text, &hand, score);
                }
                lines.extend(
                    String::from_utf8_lossy(&text)
                        .lines()
                        .map(|l| format!("  {l}")),
                );
                if let Some(p) = w.pao {
                    lines.push(format!("  Liability (pao): {} pays", names.of(p)));
                }
                if ura.is_empty() {
                    ura.clone_from(&w.ura_indicators);
                }
            }
            if !ura.is_empty() {
                lines.push(format!("  Ura dora indicators: {}", mode.list(&ura, " ")));
            }
        }
        ResultKind::Draw {
            reason,
            tenpai,
            nagashi,
            ..
        } => {
            lines.push(format!("--- Draw: {} ---", draw_reason(*reason)));
            if *reason == DrawReason::Exhaustive {
                let who = |want: bool| {
                    let v: Vec<&str> = names
                        .order()
                        .into_iter()
                        .filter(|&s| tenpai[s as usize] == want)
                        .map(n)
                        .collect();
                    if v.is_empty() {
                        "nobody".to_string()
                    } else {
                        v.join(", ")
                    }
                };
                lines.push(format!("  Tenpai: {}; noten: {}", who(true), who(false)));
                for s in &re.shown {
                    lines.push(format!("  {:<6} {}", names.of(s.seat), shown_hand(s, mode)));
                }
            }
            for s in names.order().into_iter().filter(|&s| nagashi[s as usize]) {
                lines.push(format!("  Nagashi mangan: {}", n(s)));
            }
        }
        _ => {}
    }
    lines.push("  Points:".to_string());
    for s in names.you_first() {
        let s = s as usize;
        let deposit = re.riichi_deposits[s];
        let riichi = if deposit != 0 {
            format!(" (riichi {})", signed(deposit))
        } else {
            String::new()
        };
        lines.push(format!(
            "    {:<6} {:>7}{riichi} → {}",
            n(s as u8),
            signed(re.deltas[s]),
            score(re.scores[s])
        ));
    }
    lines
}

/// The final ranking: place, name, points, and the final score (the points
/// after uma and oka, in thousands: `+48.2`), then a line saying so.
pub fn final_ranking(record: &GameRecord, final_points: &[i32; 4], names: Names) -> Vec<String> {
    let rounds = record.rounds as usize;
    let mut lines = vec![format!(
        "=== Game over after {rounds} round{} ===",
        crate::cmd::plural(rounds)
    )];
    for (place, &s) in record.ranking.iter().enumerate() {
        let f = final_points[s as usize];
        lines.push(format!(
            "  {}. {:<6} {:>7} points   final score {}{}.{}",
            place + 1,
            names.of(s),
            score(record.scores[s as usize]),
            if f < 0 { "-" } else { "+" },
            f.unsigned_abs() / 1000,
            f.unsigned_abs() % 1000 / 100
        ));
    }
    lines.push("Final score: the points after uma and oka, in thousands.".into());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_ok_relative_to_the_person() {
        let n = Names {
            me: 2,
            watch: false,
        };
        assert_eq!(
            [n.of(2), n.of(3), n.of(0), n.of(1)],
            ["You", "Right", "Across", "Left"]
        );
        assert_eq!(n.order(), [3, 0, 1, 2]);
        // Watching, no seat is "You": each is named by its number, which
        // stays true when the winds turn.
        let w = Names { me: 1, watch: true };
        assert_eq!(
            [w.of(0), w.of(1), w.of(2), w.of(3)],
            ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
        );
        assert_eq!(w.with_verb(1, "win"), "Seat 1 wins");
        assert_eq!(
            (n.yours().as_str(), w.yours().as_str()),
            ("your", "Seat 1's")
        );
        assert_eq!(n.you_first(), [2, 3, 0, 1]);
        assert_eq!(
            [n.with_verb(2, "win"), n.with_verb(1, "win")],
            ["You win", "Left wins"]
        );
    }
}
