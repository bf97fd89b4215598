//! The one set of tile pictures (SVG), drawn by the browser table, the log
//! viewer and `tenpai review`'s web page alike: each face is an SVG
//! `<symbol>` (view box 30 × 40) that a page defines once and places with
//! `<use href="#t5m">`.
//!
//! The faces follow the printed tiles: characters (man) a numeral over a red
//! 萬, circles (pin) their dots, bamboo (sou) their sticks (the one of sou a
//! bird), winds and dragons their characters (白 an empty blue frame); a red
//! five is drawn in red. Text is set in the page's CJK font (Noto Sans CJK
//! where installed, else the system's).
//!
//! ```
//! use tenpai::game::Pai;
//! use tenpai_web::tiles;
//! let five: Pai = "5mr".parse()?;
//! assert_eq!(tiles::symbol_id(five), "t0m");
//! let sprite = tiles::sprite(tiles::faces()).into_string();
//! assert!(sprite.contains(r#"<symbol id="t0m""#) && sprite.contains(r#"id="tback""#));
//! # Ok::<(), tenpai::game::GameError>(())
//! ```

use maud::{html, Markup, PreEscaped};
use tenpai::game::Pai;
use tenpai::Tile;

/// The symbol id of the back of a tile (a hidden tile).
pub const BACK: &str = "tback";

/// The symbol id of a tile: `t5m`, `t0m` (red five), `t7z`; [`BACK`] for a
/// hidden tile (`?`).
pub fn symbol_id(p: Pai) -> String {
    if p.tile().is_none() {
        return BACK.to_string();
    }
    format!("t{}", p.mpsz())
}

/// Every face: the 34 kinds and the three red fives, in index order (reds
/// after their suit's nine).
pub fn faces() -> Vec<Pai> {
    let mut out = Vec::with_capacity(37);
    for i in 0..34u8 {
        let t = Tile::new(i).expect("0..34 are tiles");
        out.push(Pai::new(t, false));
        if matches!(i, 4 | 13 | 22) {
            out.push(Pai::new(t, true));
        }
    }
    out
}

/// One hidden SVG that defines the symbols of `tiles` (each once, in the
/// order given) and the back.
pub fn sprite(tiles: impl IntoIterator<Item = Pai>) -> Markup {
    let mut seen = std::collections::BTreeSet::new();
    let faces: Vec<Pai> = tiles
        .into_iter()
        .filter(|p| p.tile().is_some() && seen.insert(symbol_id(*p)))
        .collect();
    html! {
        svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true" {
            defs {
                @for p in &faces { (symbol(*p)) }
                (back())
            }
        }
    }
}

/// Dark blue, red and green of the printed tiles.
const BLUE: &str = "#1d4f91";
const RED: &str = "#c62f2a";
const GREEN: &str = "#17804a";
const INK: &str = "#1b2233";
/// The face and its edge.
const FACE: &str = "#fbf8ee";
const EDGE: &str = "#9a9486";
/// The font of the characters on the faces.
const CJK: &str = "'Noto Sans CJK SC','Noto Sans SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

/// The face of one tile as a `<symbol>`.
pub fn symbol(p: Pai) -> Markup {
    let Some(t) = p.tile() else {
        return back();
    };
    let i = t.index();
    let red = p.is_red();
    let body = match i / 9 {
        0 => man(i % 9 + 1, red),
        1 => pin(i % 9 + 1, red),
        2 => sou(i % 9 + 1, red),
        _ => honor(i - 27),
    };
    html! {
        symbol id=(symbol_id(p)) viewBox="0 0 30 40" {
            rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill=(FACE) stroke=(EDGE) stroke-width="1.5" {}
            (body)
        }
    }
}

/// The back: a hidden tile.
fn back() -> Markup {
    html! {
        symbol id=(BACK) viewBox="0 0 30 40" {
            rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#e39a2d" stroke="#9c6417" stroke-width="1.5" {}
            rect x="4" y="4" width="22" height="32" rx="2" fill="none" stroke="#f5c56f" stroke-width="1" {}
        }
    }
}

/// Text on a face.
fn text(x: f64, y: f64, size: f64, fill: &str, s: &str) -> Markup {
    html! {
        text x=(x) y=(y) text-anchor="middle" font-size=(size) font-family=(PreEscaped(CJK))
            font-weight="bold" fill=(fill) { (s) }
    }
}

/// Characters: the numeral over 萬.
fn man(n: usize, red: bool) -> Markup {
    let numeral = ["一", "二", "三", "四", "五", "六", "七", "八", "九"][n - 1];
    html! {
        (text(15.0, 17.5, 14.0, if red { RED } else { INK }, numeral))
        (text(15.0, 34.5, 14.0, RED, "萬"))
    }
}

/// One dot of a circles tile: a ring with a centre.
fn dot(x: f64, y: f64, r: f64, colour: &str) -> Markup {
    html! {
        circle cx=(x) cy=(y) r=(r) fill="none" stroke=(colour) stroke-width=(r * 0.42) {}
        circle cx=(x) cy=(y) r=(r * 0.35) fill=(colour) {}
    }
}

/// Circles: the dots as printed (1 large; 7 three slanted over four).
fn pin(n: usize, red: bool) -> Markup {
    let (b, r, g) = if red {
        (RED, RED, RED)
    } else {
        (BLUE, RED, GREEN)
    };
    let dots: Vec<(f64, f64, f64, &str)> = match n {
        1 => vec![(15.0, 20.0, 9.5, r)],
        2 => vec![(15.0, 11.0, 5.2, g), (15.0, 29.0, 5.2, b)],
        3 => vec![
            (8.0, 9.0, 4.3, b),
            (15.0, 20.0, 4.3, r),
            (22.0, 31.0, 4.3, g),
        ],
        4 => vec![
            (9.0, 11.5, 4.8, b),
            (21.0, 11.5, 4.8, g),
            (9.0, 28.5, 4.8, g),
            (21.0, 28.5, 4.8, b),
        ],
        5 => vec![
            (8.5, 9.5, 4.2, b),
            (21.5, 9.5, 4.2, g),
            (15.0, 20.0, 4.2, r),
            (8.5, 30.5, 4.2, g),
            (21.5, 30.5, 4.2, b),
        ],
        6 => [9.0, 20.0, 31.0]
            .iter()
            .enumerate()
            .flat_map(|(k, &y)| {
                let c = if k == 0 { g } else { r };
                [(9.5, y, 4.1, c), (20.5, y, 4.1, c)]
            })
            .collect(),
        7 => {
            let mut v = vec![
                (7.5, 7.5, 3.4, g),
                (15.0, 10.5, 3.4, g),
                (22.5, 13.5, 3.4, g),
            ];
            for y in [23.0, 32.0] {
                v.push((10.0, y, 3.8, r));
                v.push((20.0, y, 3.8, r));
            }
            v
        }
        8 => [7.0, 15.5, 24.5, 33.0]
            .iter()
            .flat_map(|&y| [(10.0, y, 3.7, b), (20.0, y, 3.7, b)])
            .collect(),
        _ => [(9.0, g), (20.0, r), (31.0, b)]
            .iter()
            .flat_map(|&(y, c)| [(7.5, y, 3.4, c), (15.0, y, 3.4, c), (22.5, y, 3.4, c)])
            .collect(),
    };
    html! { @for (x, y, rad, c) in dots { (dot(x, y, rad, c)) } }
}

/// One bamboo stick centred at (x, y), 9.5 tall.
fn stick(x: f64, y: f64, colour: &str) -> Markup {
    html! {
        rect x=(x - 1.7) y=(y - 4.8) width="3.4" height="9.6" rx="1.6" fill=(colour) {}
        line x1=(x - 1.7) y1=(y) x2=(x + 1.7) y2=(y) stroke=(FACE) stroke-width="0.8" {}
    }
}

/// Bamboo: the sticks as printed; the one a bird.
fn sou(n: usize, red: bool) -> Markup {
    let (g, r) = if red { (RED, RED) } else { (GREEN, RED) };
    if n == 1 {
        return html! {
            ellipse cx="14" cy="24" rx="7.5" ry="9" fill=(GREEN) {}
            circle cx="17" cy="12" r="4.2" fill=(GREEN) {}
            path d="M17 8 L19 4 L21 8 Z" fill=(RED) {}
            path d="M20.6 12 L25 13.2 L20.6 14.4 Z" fill="#d9a021" {}
            circle cx="18" cy="11.5" r="0.9" fill=(FACE) {}
            path d="M9 30 L5 36 M13 32 L12 37 M17 31 L19 36" stroke=(BLUE) stroke-width="1.6" {}
            path d="M9 21 Q14 27 19 22" fill="none" stroke=(RED) stroke-width="1.4" {}
        };
    }
    let rows3 = |ys: &[f64], c: &[&'static str]| -> Vec<(f64, f64, &'static str)> {
        ys.iter()
            .flat_map(|&y| [(8.0, y, c[0]), (15.0, y, c[1]), (22.0, y, c[2])])
            .collect()
    };
    let sticks: Vec<(f64, f64, &str)> = match n {
        2 => vec![(15.0, 10.5, g), (15.0, 29.5, g)],
        3 => vec![(15.0, 10.5, g), (9.5, 29.5, g), (20.5, 29.5, g)],
        4 => vec![
            (9.5, 10.5, g),
            (20.5, 10.5, g),
            (9.5, 29.5, g),
            (20.5, 29.5, g),
        ],
        5 => vec![
            (8.0, 10.5, g),
            (22.0, 10.5, g),
            (15.0, 20.0, r),
            (8.0, 29.5, g),
            (22.0, 29.5, g),
        ],
        6 => rows3(&[10.5, 29.5], &[g, g, g]),
        7 => {
            let mut v = vec![(15.0, 7.0, r)];
            v.extend(rows3(&[20.0, 32.0], &[g, g, g]));
            v
        }
        8 => [10.5, 29.5]
            .iter()
            .flat_map(|&y| [(6.0, y, g), (12.0, y, g), (18.0, y, g), (24.0, y, g)])
            .collect(),
        _ => rows3(&[8.0, 20.0, 32.0], &[g, r, g]),
    };
    html! { @for (x, y, c) in sticks { (stick(x, y, c)) } }
}

/// Winds and dragons: 東 南 西 北, 白 (an empty frame), 發, 中.
fn honor(k: usize) -> Markup {
    if k == 4 {
        return html! {
            rect x="7" y="8" width="16" height="24" rx="1.5" fill="none" stroke=(BLUE) stroke-width="2" {}
        };
    }
    let (ch, colour) = match k {
        0 => ("東", INK),
        1 => ("南", INK),
        2 => ("西", INK),
        3 => ("北", INK),
        5 => ("發", GREEN),
        _ => ("中", RED),
    };
    text(15.0, 27.5, 20.0, colour, ch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_ok_every_kind_and_red_five_once() {
        let f = faces();
        assert_eq!(f.len(), 37);
        let ids: std::collections::BTreeSet<String> = f.iter().map(|p| symbol_id(*p)).collect();
        assert_eq!(ids.len(), 37);
        assert!(ids.contains("t0p") && ids.contains("t7z") && ids.contains("t1m"));
    }

    #[test]
    fn sprite_ok_defines_each_tile_once_and_the_back() {
        let five: Pai = "5p".parse().unwrap();
        let s = sprite([five, five, Pai::HIDDEN]).into_string();
        assert_eq!(s.matches("<symbol").count(), 2, "{s}");
        assert_eq!(s.matches(r#"id="t5p""#).count(), 1);
        assert!(s.contains(r#"id="tback""#));
    }

    #[test]
    fn symbol_ok_red_five_is_red() {
        let red = symbol("5sr".parse().unwrap()).into_string();
        assert!(red.contains(RED) && !red.contains(GREEN), "{red}");
        let plain = symbol("5s".parse().unwrap()).into_string();
        assert!(plain.contains(GREEN));
    }
}
