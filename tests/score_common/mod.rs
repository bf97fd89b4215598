//! Fixtures for the scoring tests: a situation builder in the words of the rule
//! book. Defaults: the South seat (non-dealer) in the East round, ron, no riichi.
#![allow(dead_code)]

use tenpai::rules::Rules;
use tenpai::score::{score, Indicator, Riichi, Score, ScoreError, Situation, Timing, Yaku};
use tenpai::Wind;

pub struct Win(pub Situation);

pub fn win(hand: &str, tile: &str) -> Win {
    let hand = hand.parse().unwrap_or_else(|e| panic!("{hand}: {e}"));
    let (t, red) = tenpai::Tile::parse_with_red(tile).unwrap();
    let mut s = Situation::new(hand, t);
    s.win_tile_red = red;
    s.seat_wind = Wind::South;
    Win(s)
}

fn indicators(s: &str) -> Vec<Indicator> {
    let list = tenpai::Tile::parse_list(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    list.into_iter()
        .map(|(tile, red)| Indicator { tile, red })
        .collect()
}

impl Win {
    pub fn tsumo(mut self) -> Win {
        self.0.tsumo = true;
        self
    }
    pub fn riichi(mut self) -> Win {
        self.0.riichi = Riichi::Declared;
        self
    }
    pub fn double_riichi(mut self) -> Win {
        self.0.riichi = Riichi::Double;
        self
    }
    pub fn ippatsu(mut self) -> Win {
        self.0.ippatsu = true;
        self
    }
    pub fn timing(mut self, t: Timing) -> Win {
        self.0.timing = t;
        self
    }
    pub fn seat(mut self, w: Wind) -> Win {
        self.0.seat_wind = w;
        self
    }
    pub fn dealer(self) -> Win {
        self.seat(Wind::East)
    }
    pub fn round(mut self, w: Wind) -> Win {
        self.0.round_wind = w;
        self
    }
    pub fn dora(mut self, s: &str) -> Win {
        self.0.dora_indicators = indicators(s);
        self
    }
    pub fn ura(mut self, s: &str) -> Win {
        self.0.ura_indicators = indicators(s);
        self
    }
    pub fn honba(mut self, n: u32) -> Win {
        self.0.honba = n;
        self
    }
    pub fn kyoutaku(mut self, n: u32) -> Win {
        self.0.kyoutaku = n;
        self
    }
    pub fn result(&self, rules: &Rules) -> Result<Score, ScoreError> {
        score(&self.0, rules)
    }
    /// Scored with Tenhou's rules; panics on an error.
    pub fn tenhou(&self) -> Score {
        self.with(&Rules::tenhou())
    }
    /// Scored with Mahjong Soul's rules; panics on an error.
    pub fn mahjongsoul(&self) -> Score {
        self.with(&Rules::mahjongsoul())
    }
    pub fn with(&self, rules: &Rules) -> Score {
        score(&self.0, rules).unwrap_or_else(|e| panic!("{}: {e}", self.0.hand))
    }
    pub fn error(&self) -> ScoreError {
        score(&self.0, &Rules::tenhou()).expect_err("should not score")
    }
}

/// The yaku as (name, han) pairs in the standard order.
pub fn yaku(s: &Score) -> Vec<(&'static str, u8)> {
    s.yaku.iter().map(|(y, h)| (y.name(), h)).collect()
}

/// Checks yaku, han, fu and the total paid (riichi sticks excluded).
#[track_caller]
pub fn check(s: &Score, expected_yaku: &[(&str, u8)], han: u32, fu: u32, total: u32) {
    assert_eq!(yaku(s), expected_yaku, "yaku");
    assert_eq!((s.han, s.fu, s.total), (han, fu, total), "han, fu, total");
}

/// The fu breakdown as (description, fu) pairs.
pub fn fu_lines(s: &Score) -> Vec<(String, u8)> {
    s.fu_breakdown
        .iter()
        .map(|i| (i.source.to_string(), i.fu))
        .collect()
}

pub fn has(s: &Score, y: Yaku) -> bool {
    s.yaku.contains(y)
}
