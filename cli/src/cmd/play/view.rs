//! What the person is told, as text shared by both front ends: seat names,
//! the status line, rivers with their marks, one line per event, the result
//! of a round and the final ranking.

use super::session::{RoundEnd, Shown};
use super::tiles::TileMode;
use crate::cmd::score::{points, print_text};
use tenpai::game::{
    hand_of, DrawReason, Event, GameRecord, Observation, Pai, RiverTile, RoundOutcome,
};

/// Names the seats relative to the person's (or the watched) seat, the
/// same words in every mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The person's seat (the watched seat when watching).
    pub me: u8,
    /// Four AI players: "You" is the seat watched from, played by the AI.
    pub watch: bool,
}

impl Names {
    /// `You`, `Right`, `Across` or `Left`.
    pub fn of(self, seat: u8) -> &'static str {
        match (seat + 4 - self.me % 4) % 4 {
            0 => "You",
            1 => "Right",
            2 => "Across",
            _ => "Left",
        }
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

/// `East 1` … `North 4`.
pub fn round_name(bakaze: u8, kyoku: u8) -> String {
    format!("{} {kyoku}", wind_name(bakaze))
}

/// `East` … `North` for 0–3.
pub fn wind_name(w: u8) -> &'static str {
    ["East", "South", "West", "North"][(w % 4) as usize]
}

/// The seat wind letter of `seat`: `E`, `S`, `W` or `N`.
pub fn seat_wind(obs: &Observation, seat: u8) -> char {
    ['E', 'S', 'W', 'N'][((seat + 4 - obs.oya) % 4) as usize]
}

/// Points with thousands separators and a sign: `+1,500`, `-8,000`, `0`.
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{}", points(n as u32)),
        n => format!("-{}", points(n.unsigned_abs())),
    }
}

/// Points with thousands separators: `25,000`, `-1,200`.
pub fn score(n: i32) -> String {
    if n < 0 {
        format!("-{}", points(n.unsigned_abs()))
    } else {
        points(n as u32)
    }
}

/// `East 1 · 0 honba · 0 sticks · dora indicator 3m · wall 69` (the
/// indicator, not the dora: 3m makes 4m the dora).
pub fn status(obs: &Observation, mode: TileMode) -> String {
    format!(
        "{} · {} honba · {} stick{} · dora indicator{} {} · wall {}",
        round_name(obs.bakaze, obs.kyoku),
        obs.honba,
        obs.kyotaku,
        if obs.kyotaku == 1 { "" } else { "s" },
        if obs.dora_indicators.len() == 1 {
            ""
        } else {
            "s"
        },
        mode.list(&obs.dora_indicators, " "),
        obs.live_left
    )
}

/// One river tile as shown: `R` before the riichi declaration tile, `*`
/// after a tile discarded as drawn, in parentheses when another player
/// called it.
pub fn river_tile(r: &RiverTile, mode: TileMode) -> String {
    let t = format!(
        "{}{}{}",
        if r.riichi { "R" } else { "" },
        mode.pai(r.pai),
        if r.tsumogiri { "*" } else { "" }
    );
    if r.called {
        format!("({t})")
    } else {
        t
    }
}

/// The legend of the river marks.
pub const RIVER_LEGEND: &str = "River marks: 5m* discarded as drawn, R5m riichi declaration,
(5m) called by another player.";

/// `Right: chi 5p from Across [345p]`-style line for an event, or `None` for
/// events the person need not read (hidden draws, the end of a round, which
/// [`round_end`] tells).
pub fn event_line(e: &Event, obs: &Observation, names: Names, mode: TileMode) -> Option<String> {
    let n = |s: u8| names.of(s);
    let last_meld = |s: u8| {
        obs.melds[s as usize]
            .last()
            .map(|m| mode.meld(m))
            .unwrap_or_default()
    };
    Some(match e {
        Event::StartKyoku {
            bakaze,
            kyoku,
            honba,
            kyotaku,
            oya,
            ..
        } => format!(
            "=== {} · {honba} honba · {kyotaku} stick{} · dealer {} · your seat wind {} ===",
            round_name(bakaze.tile().map_or(0, |t| t.number() - 1), *kyoku),
            if *kyotaku == 1 { "" } else { "s" },
            n(*oya),
            wind_name((names.me + 4 - oya) % 4),
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

/// A shown hand: concealed tiles, melds, `+ 5p` for the winning tile.
pub fn shown_hand(s: &Shown, mode: TileMode) -> String {
    let mut out = match hand_of(&s.concealed, &s.melds).ok() {
        Some(h) if mode == TileMode::Text => h.to_string(),
        Some(h) => h.to_unicode(),
        None => mode.list(&s.concealed, ""),
    };
    if let Some(w) = s.win_tile {
        out.push_str(" + ");
        out.push_str(&mode.pai(w));
    }
    out
}

/// The result of a round: each win (hand, yaku with han, fu, points) or the
/// draw (reason, tenpai hands, payments), then every seat's score change and
/// score.
pub fn round_end(re: &RoundEnd, names: Names, mode: TileMode) -> Vec<String> {
    let n = |s: u8| names.of(s);
    let mut lines = Vec::new();
    let hand_of = |seat: u8| re.shown.iter().find(|s| s.seat == seat);
    let mut deltas = [0i32; 4];
    match &re.outcome {
        RoundOutcome::Wins(wins) => {
            for w in wins {
                let how = if w.seat == w.from {
                    "tsumo".to_string()
                } else {
                    format!("ron from {}", n(w.from))
                };
                let verb = if n(w.seat) == "You" { "win" } else { "wins" };
                lines.push(format!("--- {} {verb} by {how} ---", n(w.seat)));
                let hand = hand_of(w.seat)
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
                    lines.push(format!("  Liability (pao): {} pays", n(p)));
                }
                for (d, x) in deltas.iter_mut().zip(w.deltas) {
                    *d += x;
                }
            }
            if !re.ura.is_empty() {
                lines.push(format!(
                    "  Ura dora indicators: {}",
                    mode.list(&re.ura, " ")
                ));
            }
        }
        RoundOutcome::Draw {
            reason,
            tenpai,
            nagashi,
            deltas: d,
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
                    lines.push(format!("  {:<6} {}", n(s.seat), shown_hand(s, mode)));
                }
            }
            for s in names.order().into_iter().filter(|&s| nagashi[s as usize]) {
                lines.push(format!("  Nagashi mangan: {}", n(s)));
            }
            deltas = *d;
        }
    }
    lines.push("  Points:".to_string());
    for s in names.you_first() {
        let s = s as usize;
        // What the scores leave unexplained is the riichi deposit.
        let deposit = re.before[s] + deltas[s] - re.scores[s];
        let riichi = if deposit > 0 {
            format!(" (riichi {})", signed(-deposit))
        } else {
            String::new()
        };
        lines.push(format!(
            "    {:<6} {:>7}{riichi} → {}",
            n(s as u8),
            signed(deltas[s]),
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

/// Tiles of the person's hand in display order: sorted, the drawn tile (if
/// still held) set apart at the end; and whether the last one is that tile.
pub fn hand_order(obs: &Observation) -> (Vec<Pai>, bool) {
    let mut hand = obs.hand.clone();
    if let Some(d) = obs.drawn {
        if let Some(i) = hand.iter().rposition(|&p| p == d) {
            hand.remove(i);
            hand.push(d);
            return (hand, true);
        }
    }
    (hand, false)
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
        let w = Names { me: 0, watch: true };
        assert_eq!([w.of(0), w.of(2)], ["You", "Across"]);
        assert_eq!(n.you_first(), [2, 3, 0, 1]);
    }

    #[test]
    fn points_ok_signs_and_separators() {
        assert_eq!(signed(12000), "+12,000");
        assert_eq!(signed(-1500), "-1,500");
        assert_eq!(signed(0), "0");
        assert_eq!(score(-300), "-300");
        assert_eq!(score(25000), "25,000");
    }

    #[test]
    fn river_marks_ok() {
        let p = "5mr".parse().unwrap();
        let r = RiverTile {
            pai: p,
            tsumogiri: true,
            riichi: true,
            called: true,
        };
        assert_eq!(river_tile(&r, TileMode::Text), "(R0m*)");
    }
}
