//! How tiles look: mpsz text (`5m`, `0m` for a red five) or Unicode glyphs,
//! always two columns wide so that rows line up, and the colour class of
//! each tile (man, pin, sou, honors, red fives) for the terminal game, the
//! review's text and its web page to paint.

use tenpai::game::Pai;
use tenpai::view::MeldEntry;
use tenpai::{Suit, TileSet};

/// Text tiles (`5m`) or Unicode mahjong glyphs (`🀋`): the `--tiles` option
/// of `play` and `review`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TileMode {
    /// mpsz text: 5m, 0m (red five), 1z-7z.
    #[default]
    Text,
    /// Unicode mahjong glyphs.
    Unicode,
}

/// The colour class of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Characters.
    Man,
    /// Circles.
    Pin,
    /// Bamboo.
    Sou,
    /// Winds and dragons.
    Honor,
    /// A red five.
    Red,
    /// A hidden tile.
    Hidden,
}

impl Paint {
    /// The tile's colour in the 256-colour palette, or `None` for the
    /// terminal's own text colour (honors, drawn bold). Mid-tones, each with
    /// a contrast ratio of 3.9 or more against both black and white, so that
    /// tiles read on dark and light terminals alike: man orange (130,
    /// `#af5f00`), pin blue (31, `#0087af`), sou green (28, `#008700`), red
    /// fives red (196, `#ff0000`), hidden tiles grey (244, `#808080`).
    pub fn colour(self) -> Option<u8> {
        match self {
            Paint::Man => Some(130),
            Paint::Pin => Some(31),
            Paint::Sou => Some(28),
            Paint::Honor => None,
            Paint::Red => Some(196),
            Paint::Hidden => Some(244),
        }
    }

    /// Drawn bold: honors and red fives (which are also underlined, to be
    /// spotted without colour).
    pub fn bold(self) -> bool {
        matches!(self, Paint::Honor | Paint::Red)
    }

    /// The ANSI escape sequence that starts the tile's style (SGR), with or
    /// without colour (`NO_COLOR`): `\x1b[38;5;130m`, `\x1b[1;4;38;5;196m`.
    pub fn sgr(self, colour: bool) -> String {
        let mut codes: Vec<String> = Vec::new();
        if self.bold() {
            codes.push("1".into());
        }
        if self == Paint::Red {
            codes.push("4".into());
        }
        if let Some(c) = self.colour().filter(|_| colour) {
            codes.push(format!("38;5;{c}"));
        }
        if codes.is_empty() {
            String::new()
        } else {
            format!("\x1b[{}m", codes.join(";"))
        }
    }
}

/// The colour class of `p`.
pub fn paint(p: Pai) -> Paint {
    match p.tile() {
        None => Paint::Hidden,
        Some(_) if p.is_red() => Paint::Red,
        Some(t) => match t.suit() {
            Suit::Man => Paint::Man,
            Suit::Pin => Paint::Pin,
            Suit::Sou => Paint::Sou,
            Suit::Honor => Paint::Honor,
        },
    }
}

impl TileMode {
    /// `p` in two columns: `5m`, `0m`; or its glyph and a space (a red five's
    /// glyph is followed by `r` instead, so that it shows without colour; the
    /// red dragon's glyph is wide by itself).
    pub fn pai(self, p: Pai) -> String {
        match (self, p.tile()) {
            (_, None) => "??".into(),
            (TileMode::Text, Some(t)) if p.is_red() => format!("0{}", t.suit().letter()),
            (TileMode::Text, Some(t)) => t.to_string(),
            (TileMode::Unicode, Some(t)) => {
                let g = t.glyph();
                // U+1F004 (red dragon) has an emoji presentation: two columns.
                if g == '\u{1F004}' {
                    g.to_string()
                } else if p.is_red() {
                    format!("{g}r")
                } else {
                    format!("{g} ")
                }
            }
        }
    }

    /// A called meld or closed kan: `[406p]`, `(1111z)`, or glyphs in brackets.
    pub fn meld(self, m: &MeldEntry) -> String {
        match self {
            TileMode::Text => m.meld().to_string(),
            TileMode::Unicode => m.meld().to_unicode(),
        }
    }

    /// A set of tile kinds: `147m36p`, or glyphs.
    pub fn set(self, set: TileSet) -> String {
        match self {
            TileMode::Text => set.to_string(),
            TileMode::Unicode => set.iter().map(|t| self.pai(Pai::from(t))).collect(),
        }
    }

    /// Tiles one after another, separated by `sep`.
    pub fn list(self, tiles: &[Pai], sep: &str) -> String {
        tiles
            .iter()
            .map(|&p| self.pai(p))
            .collect::<Vec<_>>()
            .join(sep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pai(s: &str) -> Pai {
        s.parse().unwrap()
    }

    #[test]
    fn tiles_ok_two_columns_each() {
        assert_eq!(TileMode::Text.pai(pai("5m")), "5m");
        assert_eq!(TileMode::Text.pai(pai("5mr")), "0m");
        assert_eq!(TileMode::Text.pai(pai("C")), "7z");
        assert_eq!(TileMode::Unicode.pai(pai("1m")), "🀇 ");
        assert_eq!(TileMode::Unicode.pai(pai("5pr")), "🀝r");
        assert_eq!(TileMode::Unicode.pai(pai("C")), "🀄");
        assert_eq!(TileMode::Text.list(&[pai("1m"), pai("E")], " "), "1m 1z");
    }

    #[test]
    fn paint_ok_palette_reads_on_black_and_white() {
        // WCAG contrast of each colour against black and against white.
        let rgb = |i: u8| -> [f64; 3] {
            let level = |v: u8| [0.0, 95.0, 135.0, 175.0, 215.0, 255.0][v as usize];
            if i >= 232 {
                let g = 8.0 + 10.0 * f64::from(i - 232);
                [g; 3]
            } else {
                let c = i - 16;
                [level(c / 36), level(c / 6 % 6), level(c % 6)]
            }
        };
        let lum = |c: [f64; 3]| {
            let lin = |v: f64| {
                let v = v / 255.0;
                if v <= 0.03928 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
        };
        for p in [
            Paint::Man,
            Paint::Pin,
            Paint::Sou,
            Paint::Red,
            Paint::Hidden,
        ] {
            let l = lum(rgb(p.colour().unwrap()));
            let (on_black, on_white) = ((l + 0.05) / 0.05, 1.05 / (l + 0.05));
            assert!(
                on_black >= 3.9 && on_white >= 3.9,
                "{p:?}: {on_black:.1} {on_white:.1}"
            );
        }
        assert_eq!(Paint::Honor.colour(), None);
        assert_eq!(Paint::Red.sgr(true), "\x1b[1;4;38;5;196m");
        assert_eq!(Paint::Red.sgr(false), "\x1b[1;4m");
        assert_eq!(Paint::Man.sgr(false), "");
    }

    #[test]
    fn paint_ok_classes() {
        assert_eq!(paint(pai("1m")), Paint::Man);
        assert_eq!(paint(pai("9p")), Paint::Pin);
        assert_eq!(paint(pai("5s")), Paint::Sou);
        assert_eq!(paint(pai("5sr")), Paint::Red);
        assert_eq!(paint(pai("N")), Paint::Honor);
        assert_eq!(paint(Pai::HIDDEN), Paint::Hidden);
    }
}
