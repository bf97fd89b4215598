//! Positions for the play modules' tests: seat 0's view of East 1 built by
//! the engine from a description ([`State::from_observation`]), so that
//! its choices are the rules' own.

use super::menu::Menu;
use super::text::Names;
use crate::render::TileMode;
use tenpai::game::{Action, Observation, Pai, RiverTile, State, TableMeld};
use tenpai::rules::Rules;
use tenpai::view::SeatView;
use tenpai::MeldKind;

pub fn pai(s: &str) -> Pai {
    s.parse().unwrap()
}

pub fn tiles(s: &str) -> Vec<Pai> {
    s.split(' ').map(pai).collect()
}

pub const NAMES: Names = Names {
    me: 0,
    watch: false,
};

fn river(s: &str, tsumogiri: bool) -> Vec<RiverTile> {
    tiles(s)
        .into_iter()
        .map(|pai| RiverTile {
            pai,
            tsumogiri,
            riichi: false,
            called: false,
        })
        .collect()
}

/// Seat 0's description: `hand` (index order), `drawn`, and seat 3's last
/// discard `called` to answer (else seat 3 discarded 9m as drawn).
pub fn obs(hand: &str, drawn: Option<&str>, called: Option<&str>) -> Observation {
    let mut rivers: [Vec<RiverTile>; 4] = Default::default();
    rivers[3] = river(called.unwrap_or("9m"), true);
    let hand = tiles(hand);
    let [s0, _, _, s3] = tenpai::game::SeatIndex::ALL;
    let mut o = Observation::of(&State::new(Rules::tenhou()), s0);
    o.hand_sizes = [hand.len() as u8, 13, 13, 13];
    o.hand = hand;
    o.drawn = drawn.map(pai);
    o.rivers = rivers;
    o.dora_indicators = tiles("1m");
    o.live_left = 60;
    o.last_tile = called.map(|c| (s3, pai(c)));
    o
}

/// The engine's view of the described position.
pub fn view_of(o: &Observation) -> SeatView {
    let state = State::from_observation(Rules::tenhou(), o).expect("a position");
    SeatView::of(&state, o.seat)
}

pub fn menu_of(o: &Observation) -> Menu {
    Menu::new(&view_of(o), NAMES, TileMode::Text)
}

pub fn discard(p: &str, tsumogiri: bool) -> Action {
    Action::Discard {
        pai: pai(p),
        tsumogiri,
    }
}

pub fn riichi(p: &str, tsumogiri: bool) -> Action {
    Action::Riichi {
        pai: pai(p),
        tsumogiri,
    }
}

/// A turn: 123m 4m 0m 6m 11p 567p 88s and the drawn 8s: a closed hand
/// that wins by tsumo, or declares riichi with any of several discards.
pub fn turn_obs() -> Observation {
    obs(
        "1m 2m 3m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 8s 8s",
        Some("8s"),
        None,
    )
}

pub fn turn() -> Menu {
    menu_of(&turn_obs())
}

/// Seat 3 lets 5p go; seat 0 (next) may chi it two ways or pon it.
pub fn call() -> Menu {
    menu_of(&obs(
        "3p 4p 5p 5p 6p 9p 9p 1s 2s 3s 7z 7z 1z",
        None,
        Some("5p"),
    ))
}

/// The turn right after a chi of 3p with 45p from seat 3 (no drawn tile):
/// 3p and 6p may not be discarded (swap-calling).
pub fn after_chi() -> Menu {
    let mut o = obs("1m 2m 3m 3p 6p 9p 9p 1s 2s 3s 7z", None, None);
    o.rivers[3] = river("9m 3p", false);
    o.rivers[3][1].called = true;
    o.melds[0] = vec![TableMeld {
        kind: MeldKind::Chi,
        tiles: tiles("3p 4p 5p"),
        called: Some(pai("3p")),
        from: Some(3),
        added: false,
    }];
    menu_of(&o)
}
