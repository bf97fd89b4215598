//! mpsz and Chinese hand notation: parsing and printing.
//!
//! Grammar (whitespace and commas between groups are ignored):
//! - concealed tiles: digits followed by a suit letter, `123m456p789s1122z`
//!   (capitals too: `123M`); `0` is a red five (`0m`, `0p`, `0s`); honors
//!   `1z`–`7z` = East South West North White Green Red;
//! - Chinese: a digit or numeral (一…九) followed by 万/萬 (man), 饼/餅/筒 (pin) or
//!   条/條/索 (sou), e.g. `一二三万`, `123条`; honors 东/東 南 西 北 白 发/發 中,
//!   or by their full names 东风 南风 西风 北风 (风/風), 白板, 发财/發財, 红中/紅中;
//! - called melds after (or among) the concealed tiles: `[345m]` chi, `[555p]` pon,
//!   `[5555p]` open kan, `(1111z)` closed kan; red fives as `0`, e.g. `[406m]`.

use crate::error::HandError;
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind};
use crate::tile::{Suit, Tile, TileCounts, KINDS};

/// A run of digits waiting for its suit: where it starts in the text.
#[derive(Clone, Copy)]
struct Run {
    byte: usize,
    pos: usize,
}

/// Tiles of a bracketed meld being read (at most 4; more is an error).
struct Group {
    open: bool,
    pos: usize,
    tiles: [(Tile, bool); 4],
    len: usize,
}

fn suit_of(c: char) -> Option<Suit> {
    match c {
        'm' | 'M' | '万' | '萬' => Some(Suit::Man),
        'p' | 'P' | '饼' | '餅' | '筒' => Some(Suit::Pin),
        's' | 'S' | '条' | '條' | '索' => Some(Suit::Sou),
        'z' | 'Z' => Some(Suit::Honor),
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

/// Whether `ch` is the other character of an honor's two-character Chinese
/// name whose main character is `prev` (the one before, for 风 板 财) or
/// `next` (the one after, for 红中's 红): it is then skipped.
fn name_part(ch: char, prev: Option<char>, next: Option<char>) -> bool {
    match ch {
        '风' | '風' => matches!(prev, Some('东' | '東' | '南' | '西' | '北')),
        '板' => prev == Some('白'),
        '财' | '財' => matches!(prev, Some('发' | '發')),
        '红' | '紅' => next == Some('中'),
        _ => false,
    }
}

fn numeral_of(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        _ => "一二三四五六七八九"
            .chars()
            .position(|n| n == c)
            .map(|i| i as u8 + 1),
    }
}

fn tile_of(ch: char, value: u8, pos: usize, suit: Suit) -> Result<(Tile, bool), HandError> {
    let no_such = || HandError::NoSuchTile {
        number: ch,
        suit: suit.letter(),
        pos,
    };
    if value == 0 {
        if suit == Suit::Honor {
            return Err(no_such());
        }
        return Ok((Tile::from_suit_number(suit, 5).expect("five exists"), true));
    }
    Tile::from_suit_number(suit, value)
        .map(|t| (t, false))
        .ok_or_else(no_such)
}

fn meld_of(g: &Group) -> Result<Meld, HandError> {
    let bad = |reason| HandError::BadMeld { pos: g.pos, reason };
    let mut tiles = [g.tiles[0].0; 4];
    for (i, &(t, _)) in g.tiles[..g.len].iter().enumerate() {
        tiles[i] = t;
    }
    let tiles = &mut tiles[..g.len];
    tiles.sort();
    let red = g.tiles[..g.len].iter().filter(|&&(_, r)| r).count() as u8;
    let same = tiles.windows(2).all(|w| w[0] == w[1]);
    let kind = match (tiles.len(), g.open) {
        (4, true) if same => MeldKind::Kan,
        (4, false) if same => MeldKind::ClosedKan,
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
        _ => return Err(bad(TILES_IN_A_MELD)),
    };
    Meld::new(kind, tiles[0], red).map_err(|e| match e {
        HandError::BadMeld { reason, .. } => bad(reason),
        other => other,
    })
}

const TILES_IN_A_MELD: &str = "a meld has 3 tiles, or 4 for a kan";

/// One item of the notation as [`scan`] reads it.
enum Item {
    /// A tile, and whether it was written red (`0m`).
    Tile(Tile, bool),
    /// A bracket (`[`, `]`, `(` or `)`) at a 1-based position.
    Bracket(char, usize),
}

/// Reads `s` (see the module docs) item by item, in the order written,
/// calling `visit` for each tile and bracket; whitespace and commas between
/// groups are skipped. The one reader of the notation: hands
/// ([`parse_hand`]) and tile lists ([`parse_list`]) both go through it.
fn scan(s: &str, mut visit: impl FnMut(Item) -> Result<(), HandError>) -> Result<(), HandError> {
    let mut run: Option<Run> = None;
    let no_suit = |r: Run| HandError::DigitWithoutSuit {
        digit: s[r.byte..].chars().next().unwrap_or('?'),
        pos: r.pos,
    };
    let mut prev = None;
    let mut chars = s.char_indices().enumerate().peekable();
    while let Some((i, (byte, ch))) = chars.next() {
        let pos = i + 1;
        let next = chars.peek().map(|&(_, (_, c))| c);
        let before = prev.replace(ch);
        if run.is_none() && name_part(ch, before, next) {
            continue;
        }
        if numeral_of(ch).is_some() {
            run.get_or_insert(Run { byte, pos });
            continue;
        }
        if let Some(suit) = suit_of(ch) {
            let Some(r) = run.take() else {
                return Err(HandError::SuitWithoutDigits { suit: ch, pos });
            };
            for (j, d) in s[r.byte..byte].chars().enumerate() {
                let (t, is_red) = tile_of(d, numeral_of(d).expect("a numeral"), r.pos + j, suit)?;
                visit(Item::Tile(t, is_red))?;
            }
            continue;
        }
        let honor = honor_of(ch);
        let known = honor.is_some() || "[]() ,".contains(ch) || ch.is_whitespace();
        if !known {
            return Err(HandError::UnknownChar { ch, pos });
        }
        if let Some(r) = run {
            return Err(no_suit(r));
        }
        if let Some(n) = honor {
            let t = Tile::from_suit_number(Suit::Honor, n).expect("honor exists");
            visit(Item::Tile(t, false))?;
        } else if "[]()".contains(ch) {
            visit(Item::Bracket(ch, pos))?;
        }
        // Otherwise whitespace or a comma between groups.
    }
    match run {
        Some(r) => Err(no_suit(r)),
        None => Ok(()),
    }
}

/// Parses a hand: concealed tiles and called melds (see the module docs).
/// Allocates only for called melds.
pub(crate) fn parse_hand(s: &str) -> Result<Hand, HandError> {
    // Counted wide so that a fifth (or 300th) copy is reported exactly.
    let mut concealed = [0u32; KINDS];
    let mut red = [0u32; 3];
    let mut melds = Vec::new();
    let mut group: Option<Group> = None;
    scan(s, |item| match item {
        Item::Tile(t, is_red) => place(&mut group, &mut concealed, &mut red, t, is_red),
        Item::Bracket(ch @ ('[' | '('), pos) => match &group {
            Some(g) => Err(HandError::Unclosed { pos: g.pos }),
            None => {
                group = Some(Group {
                    open: ch == '[',
                    pos,
                    tiles: [(Tile::new(0).expect("1m"), false); 4],
                    len: 0,
                });
                Ok(())
            }
        },
        Item::Bracket(ch, pos) => match group.take() {
            Some(g) if g.open == (ch == ']') => meld_of(&g).map(|m| melds.push(m)),
            Some(g) => Err(HandError::Unclosed { pos: g.pos }),
            None => Err(HandError::UnknownChar { ch, pos }),
        },
    })?;
    if let Some(g) = group {
        return Err(HandError::Unclosed { pos: g.pos });
    }
    let mut all = concealed;
    for m in &melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
    }
    if let Some(tile) = Tile::all().find(|t| all[t.index()] > 4) {
        let count = all[tile.index()] as usize;
        return Err(HandError::TooManyCopies { tile, count });
    }
    Hand::new(concealed.map(|c| c as u8), red.map(|r| r as u8), melds)
}

/// Parses a list of tiles (no melds) in the order written, each with
/// whether it was written red; see [`Tile::parse_list`].
pub(crate) fn parse_list(s: &str) -> Result<Vec<(Tile, bool)>, HandError> {
    let mut out = Vec::new();
    scan(s, |item| match item {
        Item::Tile(t, red) => {
            out.push((t, red));
            Ok(())
        }
        Item::Bracket(ch, pos) => Err(HandError::UnknownChar { ch, pos }),
    })?;
    Ok(out)
}

/// Parses a list of tiles (no melds) into `[u8; 34]` counts, at most four
/// of a kind; see [`Tile::parse_counts`].
pub(crate) fn parse_counts(s: &str) -> Result<TileCounts, HandError> {
    let mut counts = [0usize; KINDS];
    for (t, _) in parse_list(s)? {
        counts[t.index()] += 1;
    }
    if let Some(tile) = Tile::all().find(|t| counts[t.index()] > 4) {
        let count = counts[tile.index()];
        return Err(HandError::TooManyCopies { tile, count });
    }
    Ok(counts.map(|c| c as u8))
}

/// Adds a tile to the open bracket, or to the concealed tiles.
fn place(
    group: &mut Option<Group>,
    concealed: &mut [u32; KINDS],
    red: &mut [u32; 3],
    t: Tile,
    is_red: bool,
) -> Result<(), HandError> {
    match group {
        Some(g) => {
            if g.len == 4 {
                return Err(HandError::BadMeld {
                    pos: g.pos,
                    reason: TILES_IN_A_MELD,
                });
            }
            g.tiles[g.len] = (t, is_red);
            g.len += 1;
        }
        None => {
            concealed[t.index()] += 1;
            if is_red {
                red[t.index() / 9] += 1;
            }
        }
    }
    Ok(())
}

/// Parses exactly one tile, returning whether it was written red (`0m`).
pub(crate) fn parse_single(s: &str) -> Result<(Tile, bool), HandError> {
    let hand = parse_hand(s)?;
    let count = hand.len();
    if count != 1 || !hand.melds().is_empty() {
        return Err(HandError::WrongTileCount {
            expected: "exactly one tile",
            count,
        });
    }
    let t = Tile::all()
        .find(|t| hand.concealed()[t.index()] == 1)
        .expect("one tile present");
    Ok((t, hand.red_fives().iter().any(|&r| r > 0)))
}

/// Prints counts in mpsz notation, `red[s]` of suit `s`'s fives as `0`.
pub(crate) fn counts_to_mpsz(counts: &TileCounts, red: [u8; 3]) -> String {
    let mut out = String::new();
    write_mpsz(&mut out, counts, red).expect("writing to a String cannot fail");
    out
}

/// Writes counts in mpsz notation (red fives as `0`) without allocating.
pub(crate) fn write_mpsz(
    out: &mut impl std::fmt::Write,
    counts: &TileCounts,
    red: [u8; 3],
) -> std::fmt::Result {
    for suit in Suit::ALL {
        let mut any = false;
        for n in 1..=suit.kinds() as u8 {
            let t = Tile::from_suit_number(suit, n).expect("in range");
            let mut c = counts[t.index()];
            if t.is_five() {
                let r = red[suit as usize].min(c);
                c -= r;
                for _ in 0..r {
                    out.write_char('0')?;
                }
            }
            for _ in 0..c {
                out.write_char(char::from(b'0' + n))?;
            }
            any |= counts[t.index()] > 0;
        }
        if any {
            out.write_char(suit.letter())?;
        }
    }
    Ok(())
}
