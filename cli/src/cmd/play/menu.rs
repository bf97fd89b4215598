//! The person's choices: the menu of what may be done now, built from the
//! choices of the library's [`SeatView`] (its legal actions), shared by the
//! plain line mode (typed commands, [`super::parse`]) and the full-screen
//! view (keys, [`super::keys`]). Whatever the person asks is looked up in
//! the view ([`SeatView::discard`], [`SeatView::riichi`], …), which answers
//! a legal action or why not ([`Refusal`]); the menu only words it.

use super::text::Names;
use crate::render::TileMode;
use tenpai::game::{Action, Pai};
use tenpai::view::{Refusal, SeatView};

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

    /// The word for it in messages: `chi`, `declare nine terminals`.
    pub fn word(self) -> &'static str {
        match self {
            Group::Chi => "chi",
            Group::Pon => "pon",
            Group::Kan => "kan",
            Group::Tsumo => "tsumo",
            Group::Ron => "ron",
            Group::NineTerminals => "declare nine terminals",
            Group::Riichi => "riichi",
            Group::Pass => "pass",
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
    pub in_riichi: bool,
    /// The view the menu was made from (its choices are the legal actions).
    view: SeatView,
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

/// A refusal as a sentence: `You have no 7z.`
pub fn sentence(r: &Refusal) -> String {
    let text = r.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => format!("{}{}.", c.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

impl Menu {
    /// The menu of the view's choices (none when it has no decision: the
    /// hand is still shown).
    pub fn new(view: &SeatView, names: Names, mode: TileMode) -> Menu {
        let (hand, drawn_apart) = match view.hand() {
            Some(h) => (h.all(), h.drawn.is_some()),
            None => (Vec::new(), false),
        };
        let called = view
            .claimable()
            .filter(|c| Some(c.seat) != view.seat())
            .map(|c| (c.seat.get(), c.pai));
        let from = called.map(|(s, _)| names.of(s)).unwrap_or("");
        let tile = called.map(|(_, p)| mode.pai(p)).unwrap_or_default();
        let pair = |c: &[Pai; 2]| format!("{}{}", mode.pai(c[0]), mode.pai(c[1]));
        let legal = view.choices().map_or(&[][..], |c| &c.actions[..]);
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
            turn: view.choices().is_some_and(|c| c.discard_due),
            called,
            offers,
            in_riichi: view.me().and_then(|m| m.riichi).is_some_and(|r| r.accepted),
            view: view.clone(),
        }
    }

    /// The view the menu was made from.
    pub fn view(&self) -> &SeatView {
        &self.view
    }

    /// The legal actions the menu was built from.
    pub fn legal(&self) -> &[Action] {
        self.view.choices().map_or(&[], |c| &c.actions[..])
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

    /// The discard (a riichi discard with `riichi`) of the tile at `pos`
    /// (1-based, as shown).
    ///
    /// # Errors
    /// A short message when there is no such position, or the library's
    /// reason that discard is not allowed now.
    pub fn discard_at(&self, pos: usize, riichi: bool) -> Result<Action, String> {
        let n = self.hand.len();
        if !self.turn {
            return Err(sentence(&Refusal::NoDiscardDue));
        }
        if pos == 0 || pos > n {
            return Err(format!("There is no tile at position {pos} (1-{n})."));
        }
        let from_drawn = self.drawn_apart && pos == n;
        self.view
            .discard(self.hand[pos - 1], Some(from_drawn), riichi)
            .map_err(|r| sentence(&r))
    }

    /// The discard of `pai` (the drawn tile when it is the one named; a
    /// plain five where only the red one is held means the red one).
    ///
    /// # Errors
    /// The library's reason that discard is not allowed now.
    pub fn discard_tile(&self, pai: Pai, riichi: bool) -> Result<Action, String> {
        self.view
            .discard(pai, None, riichi)
            .map_err(|r| sentence(&r))
    }

    /// The drawn tile's discard (a riichi discard with `riichi`).
    ///
    /// # Errors
    /// No drawn tile (right after a call), or why the discard is refused.
    pub fn discard_drawn(&self, riichi: bool) -> Result<Action, String> {
        if !self.turn {
            return Err(sentence(&Refusal::NoDiscardDue));
        }
        if !self.drawn_apart {
            return Err("You have no drawn tile: discard by position or name.".into());
        }
        self.discard_at(self.hand.len(), riichi)
    }

    /// The one offer of `group` picked by `arg` (none: the only one; a number:
    /// the n-th; a tile or two tiles: the offer using them).
    ///
    /// # Errors
    /// Why the group has no offer (the library's reason for wins and
    /// riichi), or which offers there are when `arg` picks none or several.
    pub fn pick(&self, group: Group, arg: Option<&str>, mode: TileMode) -> Result<Action, String> {
        let offers = self.group(group);
        let what = group.word();
        if offers.is_empty() {
            return Err(match group {
                Group::Pass if self.turn => "It is your turn: discard a tile.".to_string(),
                Group::Tsumo => self.refused("Tsumo", self.view.tsumo()),
                Group::Ron => self.refused("Ron", self.view.ron()),
                Group::Riichi => match self.view.riichi() {
                    Err(r) => sentence(&r),
                    Ok(_) => "Riichi is possible.".to_string(),
                },
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
        let tiles =
            super::parse::parse_tiles(arg).ok_or_else(|| format!("Which {what}? {}", listing()))?;
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

    /// `What is not possible: why.` for a win or riichi the view refuses.
    fn refused(&self, what: &str, r: Result<Action, Refusal>) -> String {
        match r {
            Ok(_) => format!("{what} is possible."),
            Err(r) => format!("{what} is not possible: {r}."),
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
                .view
                .riichi()
                .unwrap_or_default()
                .iter()
                .map(|&p| mode.pai(p))
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
                let key = match o.group {
                    Group::NineTerminals => "9".to_string(),
                    _ => self.key(o, mode),
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
