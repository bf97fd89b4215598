//! The table's words, the same in every command: round names, the status
//! line, river marks, melds with their callers, shown hands.

use super::tiles::TileMode;
use tenpai::game::Pai;
use tenpai::view::{HandTiles, RiverEntry, RoundInfo, SeatView, ShownHand};

/// `East 1` … `North 4`.
pub fn round_name(round: RoundInfo) -> String {
    format!("{} {}", round.round_wind.name(), round.number)
}

/// `East 1 · 0 honba · 0 sticks · dora indicator 3m · wall 69` (the
/// indicator, not the dora: 3m makes 4m the dora).
pub fn status(view: &SeatView, mode: TileMode) -> String {
    let round = view.round();
    let indicators = view.dora_indicators();
    format!(
        "{} · {} honba · {} stick{} · dora indicator{} {} · wall {}",
        round_name(round),
        round.honba,
        round.kyoutaku,
        if round.kyoutaku == 1 { "" } else { "s" },
        if indicators.len() == 1 { "" } else { "s" },
        mode.list(indicators, " "),
        view.tiles_left()
    )
}

/// One river tile as shown: `R` before the riichi declaration tile, `*`
/// after a tile discarded as drawn, in parentheses when another player
/// called it.
pub fn river_tile(r: &RiverEntry, mode: TileMode) -> String {
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

/// A shown hand: concealed tiles and melds as hands are written (`123m0p
/// [777z]`, or glyphs), `+ 5p` for the winning tile.
pub fn shown_hand(s: &ShownHand, mode: TileMode) -> String {
    let mut out = match s.hand() {
        Some(h) if mode == TileMode::Text => h.to_string(),
        Some(h) => h.to_unicode(),
        None => mode.list(&s.tiles, ""),
    };
    if let Some(w) = s.win_tile {
        out.push_str(" + ");
        out.push_str(&mode.pai(w));
    }
    out
}

/// A seat's name and `verb` agreeing with it: `You win`, `Right wins`,
/// `mc (South) wins`.
pub fn with_verb(name: &str, verb: &str) -> String {
    if name == "You" {
        format!("{name} {verb}")
    } else {
        format!("{name} {verb}s")
    }
}

/// A hand in display order, the drawn tile last, and whether it is apart.
pub fn hand_order(hand: &HandTiles) -> (Vec<Pai>, bool) {
    (hand.all(), hand.drawn.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenpai::game::Game;

    #[test]
    fn table_ok_status_and_river_marks() {
        let g = Game::new(&tenpai::rules::Rules::tenhou(), 7, false).unwrap();
        let v = SeatView::of(g.state(), tenpai::game::SeatIndex::ALL[0]);
        assert_eq!(
            status(&v, TileMode::Text),
            "East 1 · 0 honba · 0 sticks · dora indicator 2p · wall 69"
        );
        let hand = v.hand().unwrap();
        let (order, apart) = hand_order(hand);
        assert!(apart && order.last() == hand.drawn.as_ref());
        // Seed 7, the first legal action each time: seat 1 chis seat 0's
        // first two discards (both discarded as drawn).
        let mut g = g;
        for _ in 0..30 {
            let a = g.legal()[0].clone();
            g.step(&a).unwrap();
        }
        let v = SeatView::spectator(g.state());
        let river: Vec<String> = v.seats()[0]
            .river
            .iter()
            .map(|r| river_tile(r, TileMode::Text))
            .collect();
        assert_eq!(river[..3], ["(2s*)", "(8p*)", "7z*"]);
    }

    #[test]
    fn with_verb_ok_you_win_others_win_s() {
        assert_eq!(with_verb("You", "win"), "You win");
        assert_eq!(with_verb("mc (South)", "win"), "mc (South) wins");
    }
}
