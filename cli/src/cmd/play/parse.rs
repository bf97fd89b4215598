//! The plain line mode's commands, read against the [`Menu`]: one per line.
//!
//! | command | does |
//! |---|---|
//! | `3`, `5m`, `0m`, `E`, `d` | discard by position in the hand (1-based as shown), by tile (`0m` = red five; capital `E S W N P F C` are honors, so `N` is North and `n` pass), or the drawn tile |
//! | `riichi 5m`, `i 3`, `riichi` | riichi with that discard (alone: the discard comes next; an empty line, `n` or `cancel` then cancels) |
//! | `t` / `tsumo`, `r` / `ron` | win |
//! | `c` / `chi`, `p` / `pon`, `k` / `kan` | call; `c 2` or `c 46p` picks one of several |
//! | `1`, `2`, … at a call prompt | the numbered option |
//! | `n` / `pass` | let a discard go |
//! | `9` / `kyuushu` | nine terminals (abort the round), when offered |
//! | `a` / `auto` | play the recommended move (the hints' first line) |
//! | `h` / `hint`, `help`, `q` / `quit` | hints on/off, help, leave |

use super::menu::{Group, Menu};
use crate::render::TileMode;
use tenpai::game::{Action, Pai};
use tenpai::Tile;

/// What a command asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Take this (legal) action.
    Act(Action),
    /// Riichi declared; the discard comes next.
    RiichiNext,
    /// Play the advisor's recommended move.
    Auto,
    /// Hints on or off.
    Hint,
    /// Show the commands.
    Help,
    /// Leave the game.
    Quit,
    /// An empty line: show the prompt again.
    Nothing,
    /// An empty line, `n` or `cancel` while the riichi discard is due: no
    /// riichi after all.
    CancelRiichi,
}

/// Parses a tile name: mpsz (`5m`, `0m` red, `1z`), mjai (`5mr`, `E` … `C`).
pub fn parse_tile(word: &str) -> Option<Pai> {
    let p: Pai = word.parse().ok()?;
    (!p.is_hidden()).then_some(p)
}

impl Menu {
    /// Reads one command. `riichi_next`: riichi was declared by the previous
    /// command and a discard is due.
    ///
    /// # Errors
    /// A short message saying why the command cannot be taken; nothing changes.
    pub fn parse(&self, line: &str, riichi_next: bool, mode: TileMode) -> Result<Input, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if riichi_next && matches!(words.as_slice(), [] | ["n"])
            || words.len() == 1 && words[0].eq_ignore_ascii_case("cancel")
        {
            return Ok(if riichi_next {
                Input::CancelRiichi
            } else {
                Input::Nothing
            });
        }
        let Some(&first) = words.first() else {
            return Ok(Input::Nothing);
        };
        let arg = words.get(1).copied();
        if words.len() > 2 {
            return Err(format!("Too many words in {:?}; type help.", line.trim()));
        }
        let act = |r: Result<Action, String>| r.map(Input::Act);
        // A capital honor letter is the tile (N North, P White, C Red); the
        // commands n, p and c are lower case.
        if arg.is_none() && matches!(first, "E" | "S" | "W" | "N" | "P" | "F" | "C") {
            return self.discard_word(first, riichi_next).map(Input::Act);
        }
        let lower = first.to_ascii_lowercase();
        match (lower.as_str(), arg) {
            ("q" | "quit" | "exit", None) => return Ok(Input::Quit),
            ("h" | "hint" | "hints", None) => return Ok(Input::Hint),
            ("help" | "?", None) => return Ok(Input::Help),
            ("a" | "auto", None) => return Ok(Input::Auto),
            ("t" | "tsumo", None) => return act(self.pick(Group::Tsumo, None, mode)),
            ("r" | "ron", None) => return act(self.pick(Group::Ron, None, mode)),
            ("n" | "pass", None) => return act(self.pick(Group::Pass, None, mode)),
            ("c" | "chi", a) => return act(self.pick(Group::Chi, a, mode)),
            ("p" | "pon", a) => return act(self.pick(Group::Pon, a, mode)),
            ("k" | "kan", a) => return act(self.pick(Group::Kan, a, mode)),
            ("kyuushu" | "kyushu" | "nine", None) => {
                return act(self.pick(Group::NineTerminals, None, mode))
            }
            ("9", None) if !self.group(Group::NineTerminals).is_empty() => {
                return act(self.pick(Group::NineTerminals, None, mode))
            }
            ("i" | "riichi" | "reach", a) => {
                if self.group(Group::Riichi).is_empty() {
                    return self.pick(Group::Riichi, None, mode).map(Input::Act);
                }
                return match a {
                    Some(a) => self.discard_word(a, true).map(Input::Act),
                    None => match self.group(Group::Riichi).as_slice() {
                        [one] => Ok(Input::Act(one.action.clone())),
                        _ => Ok(Input::RiichiNext),
                    },
                };
            }
            _ => {}
        }
        if arg.is_some() {
            return Err(format!("Unknown command {:?}; type help.", line.trim()));
        }
        if !self.turn {
            if let Ok(i) = first.parse::<usize>() {
                return self
                    .offers
                    .get(i.wrapping_sub(1))
                    .map(|o| Input::Act(o.action.clone()))
                    .ok_or_else(|| format!("No option {i} (1-{}).", self.offers.len()));
            }
        }
        if self.turn && (lower == "d" || lower == "drawn") {
            return act(self.discard_drawn(riichi_next));
        }
        if first.parse::<usize>().is_ok() || parse_tile(first).is_some() {
            return self.discard_word(first, riichi_next).map(Input::Act);
        }
        Err(self
            .not_one_tile(first)
            .unwrap_or_else(|| format!("Unknown command {:?}; type help.", line.trim())))
    }

    /// What is wrong with `word` when it is written like tiles but is not
    /// one tile (`10m` is two tiles, `8z` none), or `None` when it does not
    /// look like tiles at all.
    fn not_one_tile(&self, word: &str) -> Option<String> {
        let mut chars = word.chars();
        let suit = chars.next_back()?;
        let digits = chars.as_str();
        if !"mpszMPSZ".contains(suit)
            || digits.is_empty()
            || !digits.chars().all(|c| c.is_ascii_digit())
        {
            return None;
        }
        Some(match word.parse::<tenpai::Hand>() {
            Ok(h) => format!(
                "{word:?} names {} tiles; name one (such as 5m, or 0m for the red five) \
                 or a position (1-{}).",
                h.len(),
                self.hand.len()
            ),
            Err(e) => format!("{word:?} is not a tile: {e}."),
        })
    }

    fn discard_word(&self, word: &str, riichi: bool) -> Result<Action, String> {
        if let Ok(pos) = word.parse::<usize>() {
            return self.discard_at(pos, riichi);
        }
        match parse_tile(word) {
            Some(p) => self.discard_tile(p, riichi),
            None => Err(self
                .not_one_tile(word)
                .unwrap_or_else(|| format!("{word:?} is neither a position nor a tile."))),
        }
    }
}

/// One or two tiles: a tile name ([`parse_tile`]), an mpsz list of one or
/// two tiles read by the library's tile-list parser ([`Tile::parse_list`]:
/// `34p` with one suit letter for both, `3p4p`, `0m5m`), or two mjai names
/// (`EE`, `5mr5m`).
pub fn parse_tiles(word: &str) -> Option<Vec<Pai>> {
    if let Some(p) = parse_tile(word) {
        return Some(vec![p]);
    }
    if let Ok(list) = Tile::parse_list(word) {
        let pais = list.into_iter().map(|(t, red)| Pai::new(t, red));
        return (1..=2).contains(&pais.len()).then(|| pais.collect());
    }
    let mid = word.len() / 2;
    if word.is_char_boundary(mid) {
        let (a, b) = word.split_at(mid);
        return Some(vec![parse_tile(a)?, parse_tile(b)?]);
    }
    None
}

/// The help text (plain mode).
pub const HELP: &str = "\
Commands (one per line):
  3, 5m, 0m, E, d   discard by position in your hand (as numbered), by tile
                    name (0m = red five, 1z-7z or E S W N P F C for honors:
                    capitals are tiles, so N is North but n is pass), or d
                    for the drawn tile
  riichi 5m         riichi with that discard (riichi alone: the discard next,
                    or an empty line, n or cancel to cancel); i is short for
                    riichi
  t / tsumo         win on your draw        r / ron    win on the discard
  c / chi           chi (c 2 or c 46p picks one of several)
  p / pon           pon                     k / kan    kan (k 2 or k 5m picks)
  n / pass          let the discard go
  9 / kyuushu       nine terminals, when offered (otherwise 9 is position 9)
  1, 2, ...         at a call prompt: the numbered option
  a / auto          play the recommended move (the hints' first line)
  h / hint          hints on or off: the recommended move, shanten, best
                    discards and waits, the Monte Carlo ranking
  help              this text               q / quit   leave the game
River marks: 5m* discarded as drawn, R5m riichi declaration, (5m) called.";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::fixtures::{
        after_chi, call, discard, menu_of, obs, pai, riichi, turn, NAMES,
    };

    fn act(m: &Menu, line: &str) -> Result<Input, String> {
        m.parse(line, false, TileMode::Text)
    }

    #[test]
    fn menu_ok_hand_sorted_with_the_drawn_tile_last() {
        let m = turn();
        assert_eq!(
            TileMode::Text.list(&m.hand, " "),
            "1m 2m 3m 4m 0m 6m 1p 1p 5p 6p 7p 8s 8s 8s"
        );
        assert!(m.drawn_apart && m.turn);
        assert_eq!(m.key(&m.offers[0], TileMode::Text), "t");
        assert_eq!(m.key(&m.offers[1], TileMode::Text), "riichi 8s");
    }

    #[test]
    fn parse_ok_discards_by_position_name_and_drawn() {
        let m = turn();
        assert_eq!(act(&m, "14"), Ok(Input::Act(discard("8s", true))));
        assert_eq!(act(&m, "4"), Ok(Input::Act(discard("4m", false))));
        assert_eq!(act(&m, "d"), Ok(Input::Act(discard("8s", true))));
        assert_eq!(act(&m, "4m"), Ok(Input::Act(discard("4m", false))));
        assert_eq!(act(&m, "8s"), Ok(Input::Act(discard("8s", true))));
        assert_eq!(act(&m, "0m"), Ok(Input::Act(discard("5mr", false))));
        // A plain five named while only the red one is held: the red one.
        assert_eq!(act(&m, "5m"), Ok(Input::Act(discard("5mr", false))));
        assert_eq!(act(&m, "  1p  "), Ok(Input::Act(discard("1p", false))));
    }

    #[test]
    fn parse_ok_capital_honor_letters_are_tiles_lower_case_commands() {
        let m = menu_of(&obs(
            "1m 2m 3m 4m 5m 6m 1p 2p 3p E N P C F",
            Some("F"),
            None,
        ));
        for t in ["E", "N", "P", "C"] {
            assert_eq!(act(&m, t), Ok(Input::Act(discard(t, false))), "{t}");
        }
        assert_eq!(act(&m, "F"), Ok(Input::Act(discard("F", true))));
        assert_eq!(act(&m, "S").unwrap_err(), "You have no 2z.");
        assert_eq!(
            act(&m, "n").unwrap_err(),
            "It is your turn: discard a tile."
        );
        assert_eq!(act(&m, "p").unwrap_err(), "You cannot pon now.");
        assert_eq!(act(&m, "c").unwrap_err(), "You cannot chi now.");
        // At a call prompt the lower-case letters call; capitals are tiles.
        let m = call();
        assert_eq!(act(&m, "n"), Ok(Input::Act(Action::Pass)));
        assert_eq!(act(&m, "N").unwrap_err(), "It is not your turn to discard.");
        assert_eq!(act(&m, "PASS"), Ok(Input::Act(Action::Pass)));
    }

    #[test]
    fn parse_ok_wins_riichi_and_meta_commands() {
        let m = turn();
        assert_eq!(act(&m, "t"), Ok(Input::Act(Action::Tsumo)));
        assert_eq!(act(&m, "TSUMO"), Ok(Input::Act(Action::Tsumo)));
        assert_eq!(act(&m, "riichi 1p"), Ok(Input::Act(riichi("1p", false))));
        assert_eq!(act(&m, "i 14"), Ok(Input::Act(riichi("8s", true))));
        assert_eq!(act(&m, "riichi"), Ok(Input::RiichiNext));
        assert_eq!(
            m.parse("1p", true, TileMode::Text),
            Ok(Input::Act(riichi("1p", false)))
        );
        assert_eq!(
            m.parse("d", true, TileMode::Text),
            Ok(Input::Act(riichi("8s", true)))
        );
        // While the riichi discard is due: an empty line, n or cancel cancel.
        for line in ["", "n", " cancel ", "CANCEL"] {
            assert_eq!(
                m.parse(line, true, TileMode::Text),
                Ok(Input::CancelRiichi),
                "{line:?}"
            );
        }
        assert_eq!(act(&m, "cancel"), Ok(Input::Nothing));
        for (line, input) in [
            ("a", Input::Auto),
            ("h", Input::Hint),
            ("help", Input::Help),
            ("q", Input::Quit),
            ("", Input::Nothing),
        ] {
            assert_eq!(act(&m, line), Ok(input));
        }
    }

    #[test]
    fn parse_err_turn_commands_that_are_not_allowed() {
        let m = turn();
        let e = |line: &str| act(&m, line).unwrap_err();
        assert_eq!(e("7z"), "You have no 7z.");
        assert_eq!(e("15"), "There is no tile at position 15 (1-14).");
        assert_eq!(e("p"), "You cannot pon now.");
        assert_eq!(
            e("r"),
            "Ron is not possible: there is no tile to win on now."
        );
        assert_eq!(e("n"), "It is your turn: discard a tile.");
        assert_eq!(e("9z"), "\"9z\" is not a tile: no tile 9z (at position 1).");
        assert_eq!(
            e("10m"),
            "\"10m\" names 2 tiles; name one (such as 5m, or 0m for the red five) or a position (1-14)."
        );
        assert_eq!(
            e("riichi 10m"),
            "\"10m\" names 2 tiles; name one (such as 5m, or 0m for the red five) or a position (1-14)."
        );
        assert_eq!(e("xyz"), "Unknown command \"xyz\"; type help.");
        assert_eq!(e("x y z"), "Too many words in \"x y z\"; type help.");
        // One discard from ready: riichi by discarding a 4m or the 1m.
        let mut o = obs(
            "1m 2m 3m 4m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 8s",
            Some("4m"),
            None,
        );
        let m = menu_of(&o);
        assert_eq!(
            act(&m, "riichi 2m").unwrap_err(),
            "Discarding 2m leaves no wait; riichi is possible with 4m 1m."
        );
        assert_eq!(
            m.parse("6m", true, TileMode::Text).unwrap_err(),
            "Discarding 6m leaves no wait; riichi is possible with 4m 1m."
        );
        // The preset's cost, as the library says it.
        o.scores[0] = 900;
        assert_eq!(
            act(&menu_of(&o), "riichi").unwrap_err(),
            "Riichi is not possible: 900 points, fewer than 1000."
        );
    }

    #[test]
    fn parse_ok_call_prompt_by_number_key_and_tiles() {
        let m = call();
        let chi = |a: &str, b: &str| {
            Ok(Input::Act(Action::Chi {
                consumed: [pai(a), pai(b)],
            }))
        };
        assert!(!m.turn);
        assert_eq!(
            act(&m, "1"),
            Ok(Input::Act(Action::Pon {
                consumed: [pai("5p"), pai("5p")]
            }))
        );
        assert_eq!(act(&m, "2"), chi("3p", "4p"));
        assert_eq!(act(&m, "c 2"), chi("4p", "6p"));
        assert_eq!(act(&m, "chi 46p"), chi("4p", "6p"));
        assert_eq!(act(&m, "c 6p4p"), chi("4p", "6p"));
        assert_eq!(act(&m, "c 3p"), chi("3p", "4p"));
        assert_eq!(
            act(&m, "p"),
            Ok(Input::Act(Action::Pon {
                consumed: [pai("5p"), pai("5p")]
            }))
        );
        assert_eq!(act(&m, "n"), Ok(Input::Act(Action::Pass)));
        assert_eq!(act(&m, "4"), Ok(Input::Act(Action::Pass)));
        assert_eq!(
            m.lines(NAMES, TileMode::Text),
            [
                "Left let go of 5p:",
                "  1  p     pon 5p with 5p5p",
                "  2  c 1   chi 5p with 3p4p",
                "  3  c 2   chi 5p with 4p6p",
                "  4  n     pass",
                "  a = the AI's choice · h = hints · help · q = quit",
            ]
        );
    }

    #[test]
    fn parse_err_call_prompt_commands_that_are_not_allowed() {
        let m = call();
        let e = |line: &str| act(&m, line).unwrap_err();
        assert_eq!(
            e("c"),
            "Which chi? c 1 (chi 5p with 3p4p), c 2 (chi 5p with 4p6p)"
        );
        assert_eq!(
            e("c 4p"),
            "Which chi? c 1 (chi 5p with 3p4p), c 2 (chi 5p with 4p6p)"
        );
        assert_eq!(
            e("c 3"),
            "No chi 3: c 1 (chi 5p with 3p4p), c 2 (chi 5p with 4p6p)"
        );
        assert_eq!(
            e("c 78p"),
            "No such chi: c 1 (chi 5p with 3p4p), c 2 (chi 5p with 4p6p)"
        );
        assert_eq!(e("5"), "No option 5 (1-4).");
        assert_eq!(e("k"), "You cannot kan now.");
        assert_eq!(
            e("t"),
            "Tsumo is not possible: there is no tile to win on now."
        );
        assert_eq!(e("r"), "Ron is not possible: your hand does not win.");
        assert_eq!(e("d"), "Unknown command \"d\"; type help.");
        assert_eq!(e("5p"), "It is not your turn to discard.");
        assert_eq!(e("riichi"), "It is not your turn to discard.");
    }

    #[test]
    fn parse_err_in_riichi_only_the_drawn_tile() {
        let mut o = obs(
            "1m 2m 3m 4m 5m 6m 1p 1p 5p 6p 7p 8s 8s 9s",
            Some("9s"),
            None,
        );
        o.riichi[0] = true;
        o.rivers[0] = vec![tenpai::game::RiverTile {
            pai: pai("N"),
            tsumogiri: false,
            riichi: true,
            called: false,
        }];
        o.kyoutaku = 1;
        let m = menu_of(&o);
        assert_eq!(m.legal(), [discard("9s", true)]);
        assert_eq!(
            act(&m, "1").unwrap_err(),
            "In riichi you can only discard the drawn tile (9s)."
        );
        assert_eq!(
            act(&m, "riichi").unwrap_err(),
            "Riichi is not possible: already in riichi."
        );
        assert_eq!(act(&m, "9s"), Ok(Input::Act(discard("9s", true))));
        assert_eq!(
            m.lines(NAMES, TileMode::Text)[0],
            "In riichi: d discards the drawn tile."
        );
    }

    #[test]
    fn parse_never_panics_on_any_short_input() {
        let alphabet = [
            "", "c", "p", "k", "r", "i", " ", "0", "1", "5", "9", "m", "z", "s", "r", "🀀", "é",
            "14", "riichi", "-", "ｐ", "\t",
        ];
        let menus = [turn(), call()];
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    for d in ["", " ", " 1", " 46p", " 5🀀", " 🀀🀀"] {
                        let line = format!("{a}{b}{c}{d}");
                        for m in &menus {
                            let _ = m.parse(&line, false, TileMode::Text);
                            let _ = m.parse(&line, true, TileMode::Unicode);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn parse_err_swap_calling_after_a_chi() {
        let m = after_chi();
        assert_eq!(
            act(&m, "6p").unwrap_err(),
            "6p may not be discarded right after that call (swap-calling forbids 3p 6p)."
        );
        assert_eq!(
            act(&m, "d").unwrap_err(),
            "You have no drawn tile: discard by position or name."
        );
        assert_eq!(act(&m, "11"), Ok(Input::Act(discard("7z", false))));
    }
}
