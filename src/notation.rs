//! mpsz and Chinese hand notation: parsing and printing.
//!
//! Grammar (whitespace and commas between groups are ignored):
//! - concealed tiles: digits followed by a suit letter, `123m456p789s1122z`; `0` is
//!   a red five (`0m`, `0p`, `0s`); honors `1z`–`7z` = East South West North White
//!   Green Red;
//! - Chinese: a digit or numeral (一…九) followed by 万/萬 (man), 饼/餅/筒 (pin) or
//!   条/條/索 (sou), e.g. `一二三万`, `123条`; honors 东/東 南 西 北 白 发/發 中;
//! - called melds after (or among) the concealed tiles: `[345m]` chi, `[555p]` pon,
//!   `[5555p]` open kan, `(1111z)` closed kan; red fives as `0`, e.g. `[406m]`.

use crate::error::HandError;
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::tile::{Suit, Tile, TileCounts, KINDS};

struct Digit {
    ch: char,
    value: u8,
    pos: usize,
}

struct Group {
    open: bool,
    pos: usize,
    tiles: Vec<(Tile, bool)>,
}

fn suit_of(c: char) -> Option<Suit> {
    match c {
        'm' | '万' | '萬' => Some(Suit::Man),
        'p' | '饼' | '餅' | '筒' => Some(Suit::Pin),
        's' | '条' | '條' | '索' => Some(Suit::Sou),
        'z' => Some(Suit::Honor),
        _ => None,
    }
}

fn honor_of(c: char) -> Option<u8> {
    Some(match c {
        '东' | '東' => 1,
        '南' => 2,
        '西' => 3,
        '北' => 4,
        '白' => 5,
        '发' | '發' => 6,
        '中' => 7,
        _ => return None,
    })
}

fn numeral_of(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        _ => "一二三四五六七八九".chars().position(|n| n == c).map(|i| i as u8 + 1),
    }
}

fn tile_of(d: &Digit, suit: Suit, suit_ch: char) -> Result<(Tile, bool), HandError> {
    let no_such = || HandError::NoSuchTile { number: d.ch, suit: suit_ch, pos: d.pos };
    if d.value == 0 {
        if suit == Suit::Honor {
            return Err(no_such());
        }
        return Ok((Tile::from_suit_number(suit, 5).expect("five exists"), true));
    }
    Tile::from_suit_number(suit, d.value).map(|t| (t, false)).ok_or_else(no_such)
}

fn meld_of(g: &Group) -> Result<Meld, HandError> {
    let bad = |reason| HandError::BadMeld { pos: g.pos, reason };
    let mut tiles: Vec<Tile> = g.tiles.iter().map(|&(t, _)| t).collect();
    tiles.sort();
    let red = g.tiles.iter().filter(|&&(_, r)| r).count() as u8;
    let same = tiles.windows(2).all(|w| w[0] == w[1]);
    let kind = match (tiles.len(), g.open) {
        (4, open) if same => {
            if open {
                MeldKind::Kan
            } else {
                MeldKind::ClosedKan
            }
        }
        (4, _) => return Err(bad("four tiles must be four of a kind")),
        (3, true) if same => MeldKind::Pon,
        (3, true) => {
            let run = tiles.windows(2).all(|w| w[1].index() == w[0].index() + 1)
                && tiles[0].suit() == tiles[2].suit()
                && !tiles[0].is_honor();
            if !run {
                return Err(bad("three tiles must be a sequence or a triplet"));
            }
            MeldKind::Chi
        }
        (3, false) => return Err(bad("only a kan can be closed: write (5555p)")),
        _ => return Err(bad("a meld has 3 tiles, or 4 for a kan")),
    };
    Meld::new(kind, tiles[0], red).map_err(|e| match e {
        HandError::BadMeld { reason, .. } => bad(reason),
        other => other,
    })
}

/// Parses a hand: concealed tiles and called melds (see the module docs).
pub(crate) fn parse_hand(s: &str) -> Result<Hand, HandError> {
    let mut concealed: TileCounts = [0; KINDS];
    let mut red = [0u8; 3];
    let mut melds = Vec::new();
    let mut pending: Vec<Digit> = Vec::new();
    let mut group: Option<Group> = None;
    let no_suit = |pending: &[Digit]| {
        let d = &pending[0];
        HandError::DigitWithoutSuit { digit: d.ch, pos: d.pos }
    };
    for (i, ch) in s.chars().enumerate() {
        let pos = i + 1;
        let mut placed: Vec<(Tile, bool)> = Vec::new();
        let known = numeral_of(ch).is_some()
            || suit_of(ch).is_some()
            || honor_of(ch).is_some()
            || "[]() ,".contains(ch)
            || ch.is_whitespace();
        if !known {
            return Err(HandError::UnknownChar { ch, pos });
        }
        if let Some(value) = numeral_of(ch) {
            pending.push(Digit { ch, value, pos });
            continue;
        } else if let Some(suit) = suit_of(ch) {
            if pending.is_empty() {
                return Err(HandError::SuitWithoutDigits { suit: ch, pos });
            }
            for d in pending.drain(..) {
                placed.push(tile_of(&d, suit, suit.letter())?);
            }
        } else if let Some(n) = honor_of(ch) {
            if !pending.is_empty() {
                return Err(no_suit(&pending));
            }
            placed.push((Tile::from_suit_number(Suit::Honor, n).expect("honor exists"), false));
        } else if !pending.is_empty() {
            return Err(no_suit(&pending));
        } else if ch == '[' || ch == '(' {
            if let Some(g) = &group {
                return Err(HandError::Unclosed { pos: g.pos });
            }
            group = Some(Group { open: ch == '[', pos, tiles: Vec::new() });
            continue;
        } else if ch == ']' || ch == ')' {
            match group.take() {
                Some(g) if g.open == (ch == ']') => melds.push(meld_of(&g)?),
                Some(g) => return Err(HandError::Unclosed { pos: g.pos }),
                None => return Err(HandError::UnknownChar { ch, pos }),
            }
            continue;
        } else {
            // Whitespace or a comma between groups.
            continue;
        }
        match &mut group {
            Some(g) => g.tiles.extend(placed),
            None => {
                for (t, r) in placed {
                    concealed[t.index()] += 1;
                    if r {
                        red[t.index() / 9] += 1;
                    }
                }
            }
        }
    }
    if !pending.is_empty() {
        return Err(no_suit(&pending));
    }
    if let Some(g) = group {
        return Err(HandError::Unclosed { pos: g.pos });
    }
    Hand::new(concealed, red, melds)
}

/// Parses exactly one tile, returning whether it was written red (`0m`).
pub(crate) fn parse_single(s: &str) -> Result<(Tile, bool), HandError> {
    let hand = parse_hand(s)?;
    let count = hand.len();
    if count != 1 || !hand.melds().is_empty() {
        return Err(HandError::WrongTileCount { expected: "exactly one tile", count });
    }
    let t = Tile::all().find(|t| hand.concealed()[t.index()] == 1).expect("one tile present");
    Ok((t, hand.red_fives().iter().any(|&r| r > 0)))
}

/// Prints counts in mpsz notation, `red[s]` of suit `s`'s fives as `0`.
pub(crate) fn counts_to_mpsz(counts: &TileCounts, red: [u8; 3]) -> String {
    let mut out = String::new();
    for suit in Suit::ALL {
        let start = out.len();
        for n in 1..=suit.len() as u8 {
            let t = Tile::from_suit_number(suit, n).expect("in range");
            let mut c = counts[t.index()];
            if t.is_five() {
                let r = red[suit as usize].min(c);
                c -= r;
                out.extend(std::iter::repeat_n('0', r as usize));
            }
            out.extend(std::iter::repeat_n(char::from(b'0' + n), c as usize));
        }
        if out.len() > start {
            out.push(suit.letter());
        }
    }
    out
}
