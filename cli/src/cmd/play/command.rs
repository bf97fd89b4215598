//! The person's choices: the menu of what may be done now (built from the
//! legal actions) and the commands that pick from it, shared by the plain
//! line mode (typed commands) and the full-screen view (keys).
//!
//! Commands (one per line in plain mode):
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

use super::tiles::TileMode;
use super::view::{hand_order, Names};
use tenpai::game::{Action, Observation, Pai};
use tenpai::Tile;

/// A kind of choice, as the menu groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Win on one's own draw.
    Tsumo,
    /// Win on a discard (or a robbed kan).
    Ron,
    /// Riichi with one discard.
    Riichi,
    /// Chi with two tiles.
    Chi,
    /// Pon with two tiles.
    Pon,
    /// Any kan.
    Kan,
    /// Nine terminals.
    NineTerminals,
    /// Let the discard go.
    Pass,
}

impl Group {
    /// The command word (or key) that picks it.
    pub fn key(self) -> &'static str {
        match self {
            Group::Tsumo => "t",
            Group::Ron => "r",
            Group::Riichi => "riichi",
            Group::Chi => "c",
            Group::Pon => "p",
            Group::Kan => "k",
            Group::NineTerminals => "9",
            Group::Pass => "n",
        }
    }
}

/// One choice other than a plain discard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// Its group.
    pub group: Group,
    /// The action it takes.
    pub action: Action,
    /// What it does, for people: `chi 5p with 34p`.
    pub label: String,
}

/// What the person may do now.
#[derive(Clone, Debug)]
pub struct Menu {
    /// The hand in display order (the drawn tile last).
    pub hand: Vec<Pai>,
    /// The last tile of [`Menu::hand`] is the drawn tile.
    pub drawn_apart: bool,
    /// The person's own turn (a discard is due), as opposed to a call prompt.
    pub turn: bool,
    /// The tile that may be called or robbed now, and who let it go.
    pub called: Option<(u8, Pai)>,
    /// Every choice but plain discards, in menu order.
    pub offers: Vec<Offer>,
    /// In riichi.
    in_riichi: bool,
    legal: Vec<Action>,
}

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

fn group_of(a: &Action) -> Option<Group> {
    Some(match a {
        Action::Discard { .. } => return None,
        Action::Riichi { .. } => Group::Riichi,
        Action::Tsumo => Group::Tsumo,
        Action::Ron => Group::Ron,
        Action::Chi { .. } => Group::Chi,
        Action::Pon { .. } => Group::Pon,
        Action::Daiminkan | Action::Ankan { .. } | Action::Kakan { .. } => Group::Kan,
        Action::NineTerminals => Group::NineTerminals,
        Action::Pass => Group::Pass,
    })
}

/// Parses a tile name: mpsz (`5m`, `0m` red, `1z`), mjai (`5mr`, `E` … `C`).
pub fn parse_tile(word: &str) -> Option<Pai> {
    let p: Pai = word.parse().ok()?;
    (!p.is_hidden()).then_some(p)
}

impl Menu {
    /// The menu of `legal` for the view `obs`.
    pub fn new(obs: &Observation, legal: &[Action], names: Names, mode: TileMode) -> Menu {
        let (hand, drawn_apart) = hand_order(obs);
        let called = obs.last_tile;
        let from = called.map(|(s, _)| names.of(s)).unwrap_or("");
        let tile = called.map(|(_, p)| mode.pai(p)).unwrap_or_default();
        let pair = |c: &[Pai; 2]| format!("{}{}", mode.pai(c[0]), mode.pai(c[1]));
        let offers = legal
            .iter()
            .filter_map(|a| {
                let group = group_of(a)?;
                let label = match a {
                    Action::Tsumo => "tsumo: win on your draw".to_string(),
                    Action::Ron => format!("ron: win on {tile} from {from}"),
                    Action::Riichi { pai, .. } => format!("riichi, discarding {}", mode.pai(*pai)),
                    Action::Chi { consumed } => format!("chi {tile} with {}", pair(consumed)),
                    Action::Pon { consumed } => format!("pon {tile} with {}", pair(consumed)),
                    Action::Daiminkan => format!("kan: open kan on {tile}"),
                    Action::Ankan { tile } => {
                        format!("kan: closed kan of {}", mode.pai(Pai::from(*tile)))
                    }
                    Action::Kakan { pai } => format!("kan: add {} to your pon", mode.pai(*pai)),
                    Action::NineTerminals => "nine terminals: abort the round".to_string(),
                    Action::Pass => "pass".to_string(),
                    Action::Discard { .. } => unreachable!("filtered"),
                };
                Some(Offer {
                    group,
                    action: a.clone(),
                    label,
                })
            })
            .collect();
        Menu {
            hand,
            drawn_apart,
            turn: legal
                .iter()
                .any(|a| matches!(a, Action::Discard { .. } | Action::Riichi { .. })),
            called,
            offers,
            in_riichi: obs.riichi[obs.seat as usize],
            legal: legal.to_vec(),
        }
    }

    /// The legal actions the menu was built from.
    #[cfg(test)]
    pub fn legal(&self) -> &[Action] {
        &self.legal
    }

    /// The offers of one group.
    pub fn group(&self, g: Group) -> Vec<&Offer> {
        self.offers.iter().filter(|o| o.group == g).collect()
    }

    /// The command that picks `offer`: `t`, `c 2`, `riichi 3s`.
    pub fn key(&self, offer: &Offer, mode: TileMode) -> String {
        let same = self.group(offer.group);
        match &offer.action {
            Action::Riichi { pai, .. } => format!("riichi {}", mode.pai(*pai)),
            _ if same.len() > 1 => {
                let i = same.iter().position(|o| *o == offer).unwrap_or(0);
                format!("{} {}", offer.group.key(), i + 1)
            }
            _ => offer.group.key().to_string(),
        }
    }

    /// `a` for people: `discard 3s`, or its offer's label.
    pub fn label(&self, a: &Action, mode: TileMode) -> String {
        match a {
            Action::Discard { pai, .. } => format!("discard {}", mode.pai(*pai)),
            a => self
                .offers
                .iter()
                .find(|o| o.action == *a)
                .map(|o| o.label.clone())
                .unwrap_or_else(|| tenpai::ai::mc::action_label(a)),
        }
    }

    /// The discard of the tile at `pos` (1-based, as shown).
    ///
    /// # Errors
    /// A short message when there is no such position or that discard is not
    /// allowed now.
    pub fn discard_at(&self, pos: usize, riichi: bool) -> Result<Action, String> {
        let n = self.hand.len();
        if !self.turn {
            return Err("It is not your turn to discard.".into());
        }
        if pos == 0 || pos > n {
            return Err(format!("There is no tile at position {pos} (1-{n})."));
        }
        let pai = self.hand[pos - 1];
        let tsumogiri = self.drawn_apart && pos == n;
        self.discard(pai, tsumogiri, riichi)
    }

    /// The discard of `pai` (the drawn tile when it is the one named).
    ///
    /// # Errors
    /// A short message when it is not held or that discard is not allowed now.
    pub fn discard_tile(&self, pai: Pai, riichi: bool, mode: TileMode) -> Result<Action, String> {
        if !self.turn {
            return Err("It is not your turn to discard.".into());
        }
        // A plain five named while only the red one is held means the red one.
        let pai = if self.hand.contains(&pai) {
            pai
        } else if !pai.is_red() && self.hand.contains(&red_of(pai)) {
            red_of(pai)
        } else {
            return Err(format!("You have no {}.", mode.pai(pai)));
        };
        let drawn = self.drawn_apart && self.hand.last() == Some(&pai);
        let first = self.discard(pai, drawn, riichi);
        if first.is_err() && drawn {
            return self
                .discard(pai, false, riichi)
                .map_err(|_| first.unwrap_err());
        }
        first
    }

    fn discard(&self, pai: Pai, tsumogiri: bool, riichi: bool) -> Result<Action, String> {
        let a = if riichi {
            Action::Riichi { pai, tsumogiri }
        } else {
            Action::Discard { pai, tsumogiri }
        };
        if self.legal.contains(&a) {
            return Ok(a);
        }
        let tile = TileMode::Text.pai(pai);
        Err(if riichi {
            let options: Vec<String> = self
                .group(Group::Riichi)
                .iter()
                .filter_map(|o| match o.action {
                    Action::Riichi { pai, .. } => Some(TileMode::Text.pai(pai)),
                    _ => None,
                })
                .collect();
            format!(
                "Discarding {tile} leaves no wait; riichi is possible with {}.",
                options.join(" ")
            )
        } else if self.in_riichi {
            let d = self
                .hand
                .last()
                .map(|&p| TileMode::Text.pai(p))
                .unwrap_or_default();
            format!("In riichi you can only discard the drawn tile ({d}).")
        } else if !self.drawn_apart {
            format!("You may not discard {tile} right after that call (swap-calling).")
        } else {
            format!("You may not discard {tile} now.")
        })
    }

    /// The one offer of `group` picked by `arg` (none: the only one; a number:
    /// the n-th; a tile or two tiles: the offer using them).
    fn pick(&self, group: Group, arg: Option<&str>, mode: TileMode) -> Result<Action, String> {
        let offers = self.group(group);
        let what = match group {
            Group::Chi => "chi",
            Group::Pon => "pon",
            Group::Kan => "kan",
            Group::Tsumo => "tsumo",
            Group::Ron => "ron",
            Group::NineTerminals => "declare nine terminals",
            Group::Riichi => "riichi",
            Group::Pass => "pass",
        };
        if offers.is_empty() {
            return Err(match group {
                Group::Pass if self.turn => "It is your turn: discard a tile.".to_string(),
                Group::Tsumo => "Tsumo is not possible: your hand does not win.".to_string(),
                Group::Ron => "Ron is not possible now.".to_string(),
                _ => format!("You cannot {what} now."),
            });
        }
        let listing = || {
            offers
                .iter()
                .map(|o| format!("{} ({})", self.key(o, mode), o.label))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some(arg) = arg else {
            return match offers.as_slice() {
                [one] => Ok(one.action.clone()),
                _ => Err(format!("Which {what}? {}", listing())),
            };
        };
        if let Ok(i) = arg.parse::<usize>() {
            return offers
                .get(i.wrapping_sub(1))
                .map(|o| o.action.clone())
                .ok_or_else(|| format!("No {what} {i}: {}", listing()));
        }
        let tiles = parse_tiles(arg).ok_or_else(|| format!("Which {what}? {}", listing()))?;
        let fits = |a: &Action| match a {
            Action::Chi { consumed } | Action::Pon { consumed } => {
                let mut want = tiles.clone();
                let mut have = consumed.to_vec();
                want.sort();
                have.sort();
                want == have || (tiles.len() == 1 && consumed.contains(&tiles[0]))
            }
            Action::Ankan { tile } => tiles.iter().all(|p| p.tile() == Some(*tile)),
            Action::Kakan { pai } => tiles.iter().all(|p| p.tile() == pai.tile()),
            Action::Daiminkan => self
                .called
                .is_some_and(|(_, c)| tiles.iter().all(|p| p.tile() == c.tile())),
            _ => false,
        };
        let found: Vec<&&Offer> = offers.iter().filter(|o| fits(&o.action)).collect();
        match found.as_slice() {
            [one] => Ok(one.action.clone()),
            [] => Err(format!("No such {what}: {}", listing())),
            _ => Err(format!("Which {what}? {}", listing())),
        }
    }

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
            return self.discard_word(first, riichi_next, mode).map(Input::Act);
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
                    return Err(if self.in_riichi {
                        "You are in riichi already.".into()
                    } else {
                        "Riichi is not possible now: it needs a closed tenpai hand, \
                         1,000 points and 4 tiles left in the wall."
                            .into()
                    });
                }
                return match a {
                    Some(a) => self.discard_word(a, true, mode).map(Input::Act),
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
            if !self.drawn_apart {
                return Err("You have no drawn tile: discard by position or name.".into());
            }
            return act(self.discard_at(self.hand.len(), riichi_next));
        }
        if first.parse::<usize>().is_ok() || parse_tile(first).is_some() {
            return self.discard_word(first, riichi_next, mode).map(Input::Act);
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

    fn discard_word(&self, word: &str, riichi: bool, mode: TileMode) -> Result<Action, String> {
        if let Ok(pos) = word.parse::<usize>() {
            return self.discard_at(pos, riichi);
        }
        match parse_tile(word) {
            Some(p) => self.discard_tile(p, riichi, mode),
            None => Err(self
                .not_one_tile(word)
                .unwrap_or_else(|| format!("{word:?} is neither a position nor a tile."))),
        }
    }

    /// The prompt: what may be done now, one line per choice (numbered at a
    /// call prompt, where bare numbers pick them).
    pub fn lines(&self, names: Names, mode: TileMode) -> Vec<String> {
        let mut lines = Vec::new();
        if self.turn {
            let n = self.hand.len();
            lines.push(if self.in_riichi {
                "In riichi: d discards the drawn tile.".to_string()
            } else if self.drawn_apart {
                format!(
                    "Discard: a position (1-{n}), a tile name, or d for the drawn {}.",
                    mode.pai(self.hand[n - 1])
                )
            } else {
                format!("Discard: a position (1-{n}) or a tile name.")
            });
            let riichi: Vec<String> = self
                .group(Group::Riichi)
                .iter()
                .filter_map(|o| match o.action {
                    Action::Riichi { pai, .. } => Some(mode.pai(pai)),
                    _ => None,
                })
                .collect();
            let mut riichi_done = false;
            for o in &self.offers {
                if o.group == Group::Riichi {
                    if !riichi_done {
                        lines.push(format!(
                            "  {:<10} riichi, discarding one of: {}",
                            "riichi X",
                            riichi.join(" ")
                        ));
                        riichi_done = true;
                    }
                    continue;
                }
                let key = self.key(o, mode);
                let key = if o.group == Group::NineTerminals {
                    "9".to_string()
                } else {
                    key
                };
                lines.push(format!("  {key:<10} {}", o.label));
            }
            if !self.group(Group::NineTerminals).is_empty() {
                lines
                    .push("  (9 now means nine terminals: name the 9th tile to discard it)".into());
            }
        } else {
            if let Some((s, p)) = self.called {
                lines.push(format!("{} let go of {}:", names.of(s), mode.pai(p)));
            }
            for (i, o) in self.offers.iter().enumerate() {
                lines.push(format!("  {}  {:<5} {}", i + 1, self.key(o, mode), o.label));
            }
        }
        lines.push("  a = the AI's choice · h = hints · help · q = quit".into());
        lines
    }
}

fn red_of(p: Pai) -> Pai {
    match p.tile() {
        Some(t) if t.is_five() => Pai::new(t, true),
        _ => p,
    }
}

/// One or two tiles: a tile name ([`parse_tile`]), an mpsz list of one or
/// two tiles read by the library's tile-list parser ([`Tile::parse_list`]:
/// `34p` with one suit letter for both, `3p4p`, `0m5m`), or two mjai names
/// (`EE`, `5mr5m`).
fn parse_tiles(word: &str) -> Option<Vec<Pai>> {
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
pub(crate) mod tests {
    use super::*;
    use tenpai::game::RiverTile;

    pub(crate) fn pai(s: &str) -> Pai {
        s.parse().unwrap()
    }

    fn tiles(s: &str) -> Vec<Pai> {
        s.split(' ').map(pai).collect()
    }

    /// Seat 0's view with `hand` (index order), `drawn`, and a discard by
    /// seat 3 that may be called.
    pub(crate) fn view(hand: &str, drawn: Option<&str>, called: Option<&str>) -> Observation {
        let mut river: [Vec<RiverTile>; 4] = Default::default();
        river[3].push(RiverTile {
            pai: pai("9m"),
            tsumogiri: true,
            riichi: false,
            called: false,
        });
        Observation {
            seat: 0,
            bakaze: 0,
            kyoku: 1,
            honba: 0,
            kyotaku: 0,
            oya: 0,
            scores: [25000; 4],
            hand: tiles(hand),
            drawn: drawn.map(pai),
            hand_sizes: [14, 13, 13, 13],
            melds: Default::default(),
            rivers: river,
            riichi: [false; 4],
            dora_indicators: tiles("1m"),
            live_left: 60,
            last_tile: called.map(|c| (3, pai(c))),
        }
    }

    pub(crate) const NAMES: Names = Names {
        me: 0,
        watch: false,
    };

    pub(crate) fn discard(p: &str, tsumogiri: bool) -> Action {
        Action::Discard {
            pai: pai(p),
            tsumogiri,
        }
    }

    pub(crate) fn riichi(p: &str, tsumogiri: bool) -> Action {
        Action::Riichi {
            pai: pai(p),
            tsumogiri,
        }
    }

    /// A turn: 123m 4m 5mr 6m 11p 567p 88s + drawn 4m; riichi on 1p or 4m.
    /// The view of [`turn`].
    pub(crate) fn turn_view() -> Observation {
        view(
            "1m 2m 3m 4m 4m 5mr 6m 1p 1p 5p 6p 7p 8s 8s",
            Some("4m"),
            None,
        )
    }

    pub(crate) fn turn() -> Menu {
        let obs = turn_view();
        let mut legal = vec![Action::Tsumo, riichi("1p", false), riichi("4m", true)];
        for (p, t) in [
            ("4m", true),
            ("1m", false),
            ("2m", false),
            ("3m", false),
            ("4m", false),
            ("5mr", false),
            ("6m", false),
            ("1p", false),
            ("5p", false),
            ("6p", false),
            ("7p", false),
            ("8s", false),
        ] {
            legal.push(discard(p, t));
        }
        Menu::new(&obs, &legal, NAMES, TileMode::Text)
    }

    pub(crate) fn call() -> Menu {
        let obs = view("3p 4p 5p 6p 9p 9p 1s 2s 3s 7z 7z 7z 1z", None, Some("5p"));
        let legal = vec![
            Action::Chi {
                consumed: [pai("3p"), pai("4p")],
            },
            Action::Chi {
                consumed: [pai("4p"), pai("6p")],
            },
            Action::Pon {
                consumed: [pai("5p"), pai("5p")],
            },
            Action::Pass,
        ];
        Menu::new(&obs, &legal, NAMES, TileMode::Text)
    }

    fn act(m: &Menu, line: &str) -> Result<Input, String> {
        m.parse(line, false, TileMode::Text)
    }

    #[test]
    fn menu_ok_hand_sorted_with_the_drawn_tile_last() {
        let m = turn();
        assert_eq!(
            TileMode::Text.list(&m.hand, " "),
            "1m 2m 3m 4m 0m 6m 1p 1p 5p 6p 7p 8s 8s 4m"
        );
        assert!(m.drawn_apart && m.turn);
        assert_eq!(m.key(&m.offers[0], TileMode::Text), "t");
        assert_eq!(m.key(&m.offers[1], TileMode::Text), "riichi 1p");
    }

    #[test]
    fn parse_ok_discards_by_position_name_and_drawn() {
        let m = turn();
        assert_eq!(act(&m, "14"), Ok(Input::Act(discard("4m", true))));
        assert_eq!(act(&m, "4"), Ok(Input::Act(discard("4m", false))));
        assert_eq!(act(&m, "d"), Ok(Input::Act(discard("4m", true))));
        assert_eq!(act(&m, "4m"), Ok(Input::Act(discard("4m", true))));
        assert_eq!(act(&m, "0m"), Ok(Input::Act(discard("5mr", false))));
        // A plain five named while only the red one is held: the red one.
        assert_eq!(act(&m, "5m"), Ok(Input::Act(discard("5mr", false))));
        assert_eq!(act(&m, "  8s  "), Ok(Input::Act(discard("8s", false))));
    }

    #[test]
    fn parse_ok_capital_honor_letters_are_tiles_lower_case_commands() {
        let obs = view("1m 2m 3m 4m 5m 6m 1p 2p 3p E N P C F", Some("F"), None);
        let mut legal: Vec<Action> = ["E", "N", "P", "C"]
            .iter()
            .map(|p| discard(p, false))
            .collect();
        legal.push(discard("F", true));
        let m = Menu::new(&obs, &legal, NAMES, TileMode::Text);
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
        assert_eq!(act(&m, "i 14"), Ok(Input::Act(riichi("4m", true))));
        assert_eq!(act(&m, "riichi"), Ok(Input::RiichiNext));
        assert_eq!(
            m.parse("1p", true, TileMode::Text),
            Ok(Input::Act(riichi("1p", false)))
        );
        assert_eq!(
            m.parse("d", true, TileMode::Text),
            Ok(Input::Act(riichi("4m", true)))
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
        assert_eq!(e("r"), "Ron is not possible now.");
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
        assert_eq!(
            e("riichi 2m"),
            "Discarding 2m leaves no wait; riichi is possible with 1p 4m."
        );
        assert_eq!(e("x y z"), "Too many words in \"x y z\"; type help.");
        assert_eq!(
            m.parse("6m", true, TileMode::Text).unwrap_err(),
            "Discarding 6m leaves no wait; riichi is possible with 1p 4m."
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
        assert_eq!(act(&m, "1"), chi("3p", "4p"));
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
                "  1  c 1   chi 5p with 3p4p",
                "  2  c 2   chi 5p with 4p6p",
                "  3  p     pon 5p with 5p5p",
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
        assert_eq!(e("t"), "Tsumo is not possible: your hand does not win.");
        assert_eq!(e("d"), "Unknown command \"d\"; type help.");
        assert_eq!(e("5p"), "It is not your turn to discard.");
        assert_eq!(e("riichi"), "Riichi is not possible now: it needs a closed tenpai hand, 1,000 points and 4 tiles left in the wall.");
    }

    #[test]
    fn parse_err_in_riichi_only_the_drawn_tile() {
        let mut obs = view(
            "1m 2m 3m 4m 5m 6m 1p 1p 5p 6p 7p 8s 8s 9s",
            Some("9s"),
            None,
        );
        obs.riichi[0] = true;
        let m = Menu::new(&obs, &[discard("9s", true)], NAMES, TileMode::Text);
        assert_eq!(
            act(&m, "1").unwrap_err(),
            "In riichi you can only discard the drawn tile (9s)."
        );
        assert_eq!(act(&m, "riichi").unwrap_err(), "You are in riichi already.");
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

    /// The turn right after a chi of 3p with 45p (no drawn tile): 3p and 6p
    /// may not be discarded (swap-calling).
    pub(crate) fn after_chi() -> Menu {
        let obs = view("1m 2m 3m 3p 6p 9p 9p 1s 2s 3s 7z", None, None);
        let legal: Vec<Action> = ["1m", "2m", "3m", "9p", "1s", "2s", "3s", "7z"]
            .iter()
            .map(|p| discard(p, false))
            .collect();
        Menu::new(&obs, &legal, NAMES, TileMode::Text)
    }

    #[test]
    fn parse_err_swap_calling_after_a_chi() {
        let m = after_chi();
        assert_eq!(
            act(&m, "6p").unwrap_err(),
            "You may not discard 6p right after that call (swap-calling)."
        );
        assert_eq!(
            act(&m, "d").unwrap_err(),
            "You have no drawn tile: discard by position or name."
        );
        assert_eq!(act(&m, "11"), Ok(Input::Act(discard("7z", false))));
    }
}
