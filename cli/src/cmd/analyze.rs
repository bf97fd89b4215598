//! `tenpai analyze`: what each discard of a 3n+2 hand leaves, best first, like
//! Tenhou's tile-efficiency tool.

use super::waits::{kinds, tiles_left, TileLeft};
use super::{check_visible, hand_error, parse_hand_arg, parse_visible, shanten_words};
use anyhow::Result;
use serde::Serialize;
use std::io::Write;
use tenpai::score::mark_yakuless_discards;
use tenpai::Tables;

const LONG_ABOUT: &str = "\
For each distinct tile of a 3n+2 hand: the shanten after discarding it and the
ukeire of what remains (the tiles that lower its shanten, or its waits when it
is tenpai) with their copies left, best first: lower shanten, then more copies,
then more kinds. Copies left count the whole hand (the discard included), its
called melds and the --visible tiles as seen. Called melds written in the hand
are taken into account (their tiles are used up). A red five is named 0m, 0p or
0s when every copy of it in the hand is red (a plain five goes first).

With called melds, a wait that completes the hand without a yaku does not win:
it is shown after \"no yaku\" and not counted (nor in the order); --seat and
--round say which wind triplets are yakuhai, --rules whether open tanyao counts.

A hand of 3n+1 tiles is for tenpai waits.

JSON (--json): one object {\"hand\": \"<canonical mpsz>\", \"shanten\": n,
\"discards\": [{\"discard\": \"0p\", \"shanten\": n, \"ukeire\": \"<mpsz>\",
\"no_yaku\": \"<mpsz>\" or null, \"kinds\": n, \"count\": n, \"tiles\": [{\"tile\":
\"1m\", \"left\": 3, \"yaku\": true or false (null when not tenpai)}, ...]}, ...]},
best first; \"ukeire\", \"kinds\" and \"count\" leave out the waits without a yaku.";

/// Per-discard tile efficiency of a 3n+2 hand.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// A hand of 3n+2 concealed tiles, called melds in brackets.
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

#[derive(Serialize)]
struct DiscardOut {
    discard: String,
    shanten: i8,
    ukeire: String,
    no_yaku: Option<String>,
    kinds: usize,
    count: u32,
    tiles: Vec<TileLeft>,
}

#[derive(Serialize)]
struct Output {
    hand: String,
    shanten: i8,
    discards: Vec<DiscardOut>,
}

/// The tiles of `set` less `no_yaku`, as a set.
fn counted(set: tenpai::TileSet, no_yaku: tenpai::TileSet) -> tenpai::TileSet {
    tenpai::TileSet::from_bits(set.bits() & !no_yaku.bits())
}

/// Runs `tenpai analyze`.
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
    let error = |e| hand_error(e, "analyze", &args.hand);
    let mut rows = tables
        .analyze_with_melds(&hand, visible.as_ref())
        .map_err(error)?;
    mark_yakuless_discards(&hand, &mut rows, &context, &rules);
    let shanten = tables.shanten_with_melds(&hand).map_err(error)?.min();
    if args.json {
        let o = Output {
            hand: hand.to_string(),
            shanten,
            discards: rows
                .iter()
                .map(|d| DiscardOut {
                    discard: d.notation(),
                    shanten: d.ukeire.shanten,
                    ukeire: counted(d.ukeire.tiles, d.ukeire.no_yaku).to_string(),
                    no_yaku: (!d.ukeire.no_yaku.is_empty()).then(|| d.ukeire.no_yaku.to_string()),
                    kinds: kinds(&d.ukeire),
                    count: d.ukeire.count,
                    tiles: tiles_left(&d.ukeire),
                })
                .collect(),
        };
        serde_json::to_writer(&mut out, &o)?;
        writeln!(out)?;
    } else {
        writeln!(out, "hand     {}", args.style.hand(&hand))?;
        writeln!(out, "shanten  {shanten} ({})", shanten_words(shanten))?;
        writeln!(out)?;
        let sets: Vec<String> = rows
            .iter()
            .map(|d| {
                let set = args.style.tiles(counted(d.ukeire.tiles, d.ukeire.no_yaku));
                let set = if set.is_empty() { "-".to_string() } else { set };
                if d.ukeire.no_yaku.is_empty() {
                    set
                } else {
                    format!("{set} (no yaku: {})", args.style.tiles(d.ukeire.no_yaku))
                }
            })
            .collect();
        let w = sets
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
            .max("ukeire".len());
        writeln!(out, "discard  shanten  {:<w$}  kinds  count", "ukeire")?;
        for (d, set) in rows.iter().zip(&sets) {
            let tile = if args.style.unicode {
                args.style.tile(d.tile)
            } else {
                d.notation()
            };
            writeln!(
                out,
                "{tile:<7}  {:>7}  {set:<w$}  {:>5}  {:>5}",
                d.ukeire.shanten,
                kinds(&d.ukeire),
                d.ukeire.count
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    #[test]
    fn analyze_ok_complete_hand() {
        let (r, out, _) = tenpai(&["analyze", "123m456p789s11z234p"], "");
        r.unwrap();
        assert_eq!(
            out,
            "hand     123m234456p789s11z\n\
             shanten  -1 (complete)\n\
             \n\
             discard  shanten  ukeire  kinds  count\n\
             4p             0  147p        3     10\n\
             1m             0  14m         2      7\n\
             9s             0  69s         2      7\n\
             2p             0  25p         2      6\n\
             6p             0  36p         2      6\n\
             2m             0  2m          1      3\n\
             3m             0  3m          1      3\n\
             3p             0  3p          1      3\n\
             5p             0  5p          1      3\n\
             7s             0  7s          1      3\n\
             8s             0  8s          1      3\n\
             1z             0  1z          1      2\n"
        );
    }

    #[test]
    fn analyze_ok_json_shape() {
        let (r, out, _) = tenpai(&["analyze", "--json", "11m"], "");
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"11m\",\"shanten\":-1,\"discards\":[{\"discard\":\"1m\",\"shanten\":0,\"ukeire\":\"1m\",\
             \"no_yaku\":null,\"kinds\":1,\"count\":2,\"tiles\":[{\"tile\":\"1m\",\"left\":2,\"yaku\":true}]}]}\n"
        );
    }

    #[test]
    fn analyze_ok_meld_equals_visible_when_it_does_not_interact() {
        // A meld of tiles the concealed part never needs changes nothing but
        // the copies left of those tiles.
        let (r1, plain, _) = tenpai(&["analyze", "23m456p11z9s", "--visible", "678s"], "");
        let (r2, melded, _) = tenpai(&["analyze", "23m456p11z9s [678s]"], "");
        r1.unwrap();
        r2.unwrap();
        assert_eq!(
            plain.replacen("hand     23m456p9s11z\n", "", 1),
            melded.replacen("hand     23m456p9s11z [678s]\n", "", 1)
        );
        assert!(
            melded.contains("\n9s             0  14m               2      8\n"),
            "{melded}"
        );
    }

    #[test]
    fn analyze_ok_melds_use_up_copies() {
        // Keeping 1m would wait on a 1m that is all in the hand and the pon.
        let (r, out, _) = tenpai(&["analyze", "1m2m [111m] [234p] [567s] [777z]"], "");
        r.unwrap();
        let rows: Vec<&str> = out.lines().skip(4).map(|l| &l[..16]).collect();
        assert_eq!(rows, ["1m             0", "2m             1"]);
    }

    #[test]
    fn analyze_err_wrong_size_points_to_waits() {
        let (r, _, _) = tenpai(&["analyze", "123m456p789s1112z"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"123m456p789s1112z\": expected 3n+2 tiles (2, 5, 8, 11 or 14), got 13 \
             (a hand of 3n+1 tiles: tenpai waits HAND gives its waits)"
        );
    }

    #[test]
    fn analyze_err_3n_tiles_names_only_3n_plus_2() {
        let (r, _, _) = tenpai(&["analyze", "123m"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"123m\": expected 3n+2 tiles (2, 5, 8, 11 or 14), got 3"
        );
        let (r, _, _) = tenpai(&["analyze", "123m [456p] [789s] [111z]"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"123m [456p] [789s] [111z]\": expected 3n+2 tiles (2, 5, 8, 11 or 14), got 3"
        );
    }

    #[test]
    fn analyze_ok_the_only_red_five_is_discarded_as_0p() {
        let (r, out, _) = tenpai(&["analyze", "12345m0677889p66z"], "");
        r.unwrap();
        assert!(out.lines().any(|l| l.starts_with("0p ")), "{out}");
        assert!(!out.lines().any(|l| l.starts_with("5p ")), "{out}");
        // With a plain 5p beside it, the plain one goes first.
        let (r, out, _) = tenpai(&["analyze", "12345m0577889p66z"], "");
        r.unwrap();
        assert!(out.lines().any(|l| l.starts_with("5p ")), "{out}");
        assert!(!out.lines().any(|l| l.starts_with("0p ")), "{out}");
        let (r, out, _) = tenpai(&["analyze", "--json", "12345m0677889p66z"], "");
        r.unwrap();
        assert!(out.contains("{\"discard\":\"0p\","), "{out}");
    }

    #[test]
    fn analyze_ok_waits_without_yaku_are_not_counted() {
        // Discarding 3p waits on 1p/4p with no yaku; discarding 2p on 3p/1z,
        // of which only the 1z triplet (East) has one.
        let (r, out, _) = tenpai(&["analyze", "233p11z [345p] [456s] [789m]"], "");
        r.unwrap();
        let rows: Vec<&str> = out.lines().skip(4).collect();
        assert_eq!(
            rows[..2],
            [
                "2p             0  1z (no yaku: 3p)      1      2",
                "3p             0  - (no yaku: 14p)      0      0",
            ]
        );
        let (r, out, _) = tenpai(&["analyze", "--json", "233p11z [345p] [456s] [789m]"], "");
        r.unwrap();
        assert!(
            out.contains("{\"discard\":\"2p\",\"shanten\":0,\"ukeire\":\"1z\",\"no_yaku\":\"3p\",\"kinds\":1,\"count\":2,\
                \"tiles\":[{\"tile\":\"3p\",\"left\":1,\"yaku\":false},{\"tile\":\"1z\",\"left\":2,\"yaku\":true}]}"),
            "{out}"
        );
    }
}
