//! `tenpai waits`: the waits of a tenpai hand, or the tiles that advance it
//! (ukeire), with the copies of each still unseen; with called melds, the
//! waits that complete the hand without a yaku are marked and not counted.

use super::{check_visible, hand_error, parse_hand_arg, parse_visible, shanten_words};
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use tenpai::score::mark_yakuless_waits;
use tenpai::{Tables, Ukeire};

const LONG_ABOUT: &str = "\
The waits of a 3n+1 hand when it is tenpai, otherwise its ukeire: the tiles
that lower its shanten when drawn, with the copies of each not yet seen. The
hand, its called melds and the --visible tiles count as seen. A tile the hand
already holds four times is never a wait. Called melds written in the hand
are taken into account (their tiles are used up).

A wait that completes the shape but gives no yaku (dora are not yaku) does not
win: it is listed as \"no yaku\" and not counted. Only a hand with called
melds can have one (a closed hand always has menzen tsumo); --seat and
--round say which wind triplets are yakuhai, --rules whether open tanyao
counts.

A hand whose waits all lie in its own melds (12s 444p 666p 88p with a
closed kan of 3s waits on 3s) can win on nothing, so its shanten is 1; it
still counts as ready (tenpai) at an exhaustive draw and for riichi
(karaten), which the line \"ready\" says. A wait held four times in the
concealed tiles makes no ready hand.

A hand of 3n+2 tiles is for tenpai analyze (the waits after each discard).

JSON (--json): {\"hand\": \"<canonical mpsz>\", \"shanten\": n, \"tenpai\": bool,
\"tiles\": [{\"tile\": \"2z\", \"left\": 3, \"yaku\": true}, ...], \"kinds\": n,
\"count\": n}; \"tenpai\" says whether the hand counts as ready (true for a
wait in its own melds, with shanten 1); \"yaku\" is false for a wait without a
yaku and null when the hand is not tenpai; \"kinds\" and \"count\" leave out
the waits without a yaku.";

/// Waits (tenpai) or ukeire of a 3n+1 hand, with copies left.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// A hand of 3n+1 concealed tiles, called melds in brackets.
    #[arg(value_name = "HAND")]
    pub hand: String,

    /// Tiles seen elsewhere (rivers, dora indicators, other players' melds) in
    /// mpsz notation of any length, e.g. 1155z406m; subtracted from the copies left.
    #[arg(long, value_name = "TILES", value_parser = super::tile_counts_text)]
    pub visible: Option<String>,

    /// Which waits have a yaku.
    #[command(flatten)]
    pub yaku: super::YakuCheck,

    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,

    /// Tile display.
    #[command(flatten)]
    pub style: super::Style,
}

/// One useful tile in JSON output.
#[derive(Serialize)]
pub struct TileLeft {
    /// The tile, mpsz.
    pub tile: String,
    /// Copies not yet seen.
    pub left: u8,
    /// A wait: whether it wins with a yaku; `None` (null) for the ukeire of a
    /// hand that is not tenpai.
    pub yaku: Option<bool>,
}

#[derive(Serialize)]
struct Output {
    hand: String,
    shanten: i8,
    tenpai: bool,
    tiles: Vec<TileLeft>,
    kinds: usize,
    count: u32,
}

/// The useful tiles of `u` for JSON output.
pub fn tiles_left(u: &Ukeire) -> Vec<TileLeft> {
    u.iter()
        .map(|(t, left)| TileLeft {
            tile: t.to_string(),
            left,
            yaku: (u.shanten == 0).then(|| !u.no_yaku.contains(t)),
        })
        .collect()
}

/// Kinds of the useful tiles that count (waits without a yaku left out).
pub fn kinds(u: &Ukeire) -> usize {
    u.tiles.len() - u.no_yaku.len()
}

/// Runs `tenpai waits`.
///
/// # Errors
/// A bad hand, `--visible` list or `--rules` (named in the message), or an
/// I/O error.
pub fn run<W: Write>(args: &Args, tables: &Tables<'_>, mut out: W) -> Result<()> {
    let hand = parse_hand_arg("HAND", &args.hand)?;
    let visible = args.visible.as_deref().map(parse_visible).transpose()?;
    if let Some(v) = &visible {
        check_visible(&hand, v)?;
    }
    let (context, rules) = args.yaku.load()?;
    let mut u = tables
        .ukeire_with_melds(&hand, visible.as_ref())
        .map_err(|e| hand_error(e, "waits", &args.hand))?;
    mark_yakuless_waits(&hand, &mut u, &context, &rules);
    if args.json {
        let o = Output {
            hand: hand.to_string(),
            shanten: u.shanten,
            tenpai: tenpai::is_tenpai(hand.concealed()),
            tiles: tiles_left(&u),
            kinds: kinds(&u),
            count: u.count,
        };
        serde_json::to_writer(&mut out, &o)?;
        writeln!(out)?;
    } else {
        writeln!(out, "hand     {}", args.style.hand(&hand))?;
        writeln!(out, "shanten  {} ({})", u.shanten, shanten_words(u.shanten))?;
        let label = if u.shanten == 0 { "waits" } else { "ukeire" };
        if u.tiles.is_empty() {
            writeln!(out, "{label:<7}  none")?;
        } else {
            let tiles: Vec<String> = u
                .iter()
                .map(|(t, _)| format!("{:>2}", args.style.tile(t)))
                .collect();
            let lefts: Vec<String> = u.iter().map(|(_, l)| format!("{l:>2}")).collect();
            writeln!(out, "{label:<7}  {}", tiles.join(" "))?;
            writeln!(out, "left     {}", lefts.join(" "))?;
        }
        if u.shanten != 0 && tenpai::is_tenpai(hand.concealed()) {
            let own = tenpai::waits(hand.concealed(), None)
                .map_err(|e| hand_error(e, "waits", &args.hand))?;
            writeln!(
                out,
                "ready    yes: every copy of {} is in the hand or its melds \
                 (karaten: tenpai at a draw, no win)",
                args.style.tiles(own)
            )?;
        }
        if !u.no_yaku.is_empty() {
            writeln!(
                out,
                "no yaku  {} (complete{} the hand without a yaku: not counted)",
                args.style.tiles(u.no_yaku),
                if u.no_yaku.len() == 1 { "s" } else { "" }
            )?;
        }
        writeln!(
            out,
            "total    {} tile{} of {} kind{}",
            u.count,
            super::plural(u.count as usize),
            kinds(&u),
            super::plural(kinds(&u))
        )?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    #[test]
    fn waits_ok_tanki() {
        let (r, out, _) = tenpai(&["waits", "123m456p789s1112z"], "");
        r.unwrap();
        assert_eq!(
            out,
            "hand     123m456p789s1112z\n\
             shanten  0 (tenpai)\n\
             waits    2z\n\
             left      3\n\
             total    3 tiles of 1 kind\n"
        );
    }

    #[test]
    fn waits_ok_ryanmen_json_with_visible() {
        let (r, out, _) = tenpai(
            &[
                "waits",
                "23m456p789s11122z",
                "--visible",
                "1m4m4m",
                "--json",
            ],
            "",
        );
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"23m456p789s11122z\",\"shanten\":0,\"tenpai\":true,\
             \"tiles\":[{\"tile\":\"1m\",\"left\":3,\"yaku\":true},{\"tile\":\"4m\",\"left\":2,\"yaku\":true}],\
             \"kinds\":2,\"count\":5}\n"
        );
    }

    #[test]
    fn waits_ok_ukeire_when_not_tenpai() {
        let (r, out, _) = tenpai(&["waits", "123m456p789s1z2z3z4z"], "");
        r.unwrap();
        assert_eq!(
            out,
            "hand     123m456p789s1234z\n\
             shanten  2 (2-shanten)\n\
             ukeire   1z 2z 3z 4z\n\
             left      3  3  3  3\n\
             total    12 tiles of 4 kinds\n"
        );
    }

    #[test]
    fn waits_ok_melds_use_up_copies() {
        // 1m tanki, but every 1m is in the hand or the pon.
        let (r, out, _) = tenpai(&["waits", "1m [111m] [234p] [567s] [777z]"], "");
        r.unwrap();
        assert!(
            out.starts_with(
                "hand     1m [111m] [234p] [567s] [777z]\nshanten  1 (1-shanten)\nukeire "
            ),
            "{out}"
        );
        assert!(
            out.contains("\nukeire   2m 3m 4m 5m 6m 7m 8m 9m 1p "),
            "{out}"
        );
        assert!(
            out.ends_with(
                "\nready    yes: every copy of 1m is in the hand or its melds \
                 (karaten: tenpai at a draw, no win)\ntotal    122 tiles of 32 kinds\n"
            ),
            "{out}"
        );
    }

    #[test]
    fn waits_ok_wait_in_its_own_kan_counts_as_ready() {
        // Issue 22: the wait on 3s lies in the closed kan; riichi.wiki "Karaten".
        let (r, out, _) = tenpai(&["waits", "12s444p666p88p (3333s)"], "");
        r.unwrap();
        assert_eq!(
            out,
            "hand     44466688p12s (3333s)\n\
             shanten  1 (1-shanten)\n\
             ukeire   8p 1s 2s\n\
             left      2  3  3\n\
             ready    yes: every copy of 3s is in the hand or its melds \
             (karaten: tenpai at a draw, no win)\n\
             total    8 tiles of 3 kinds\n"
        );
        let (r, out, _) = tenpai(&["waits", "12s444p666p88p (3333s)", "--json"], "");
        r.unwrap();
        assert!(
            out.starts_with("{\"hand\":\"44466688p12s (3333s)\",\"shanten\":1,\"tenpai\":true,"),
            "{out}"
        );
        // Four 1p in the concealed tiles: no fifth, not ready.
        let (r, out, _) = tenpai(&["waits", "123456789m1111p", "--json"], "");
        r.unwrap();
        assert!(out.contains("\"tenpai\":false"), "{out}");
    }

    #[test]
    fn waits_ok_wait_without_yaku_is_marked_and_not_counted() {
        // After three calls 45p waits on 3p and 6p; with 123p 456s 789m
        // and a pair of 1z neither win has a yaku.
        let hand = "45p11z [123p] [456s] [789m]";
        let (r, out, _) = tenpai(&["waits", hand], "");
        r.unwrap();
        assert_eq!(
            out,
            "hand     45p11z [123p] [456s] [789m]\n\
             shanten  0 (tenpai)\n\
             waits    3p 6p\n\
             left      3  4\n\
             no yaku  36p (complete the hand without a yaku: not counted)\n\
             total    0 tiles of 0 kinds\n"
        );
        let (r, out, _) = tenpai(&["waits", "33p11z [345p] [456s] [789m]", "--json"], "");
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"33p11z [345p] [456s] [789m]\",\"shanten\":0,\"tenpai\":true,\
             \"tiles\":[{\"tile\":\"3p\",\"left\":1,\"yaku\":false},{\"tile\":\"1z\",\"left\":2,\"yaku\":true}],\
             \"kinds\":1,\"count\":2}\n"
        );
        // As South in the South round the 1z triplet is no yaku either.
        let (r, out, _) = tenpai(
            &[
                "waits",
                "33p11z [345p] [456s] [789m]",
                "--seat",
                "S",
                "--round",
                "S",
            ],
            "",
        );
        r.unwrap();
        assert!(
            out.ends_with("no yaku  3p1z (complete the hand without a yaku: not counted)\ntotal    0 tiles of 0 kinds\n"),
            "{out}"
        );
    }

    #[test]
    fn waits_err_wrong_size_points_to_analyze() {
        let (r, _, _) = tenpai(&["waits", "123m456p789s11z234p"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"123m456p789s11z234p\": expected 3n+1 tiles (1, 4, 7, 10 or 13), got 14 \
             (a hand of 3n+2 tiles: tenpai analyze HAND gives the waits after each discard)"
        );
    }

    #[test]
    fn waits_err_3n_tiles_names_only_3n_plus_1() {
        let (r, _, _) = tenpai(&["waits", "123m"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"123m\": expected 3n+1 tiles (1, 4, 7, 10 or 13), got 3"
        );
    }

    #[test]
    fn waits_err_visible_too_many() {
        let (r, _, _) = tenpai(&["waits", "123m456p789s1112z", "--visible", "11z"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--visible: tile 1z is 3 times in the hand and 2 times visible (max 4 in all)"
        );
        let (r, _, _) = tenpai(&["waits", "123456789m1234z", "--visible", "4444z"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--visible: tile 4z is 1 time in the hand and 4 times visible (max 4 in all)"
        );
        let (r, _, _) = tenpai(&["waits", "123456789m4444z", "--visible", "4z"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "--visible: tile 4z is 4 times in the hand and 1 time visible (max 4 in all)"
        );
    }
}
