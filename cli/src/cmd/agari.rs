//! `tenpai agari`: whether a 3n+2 hand is complete, and every way to read it.

use super::{parse_hand_arg, shanten_words};
use anyhow::{Context, Result};
use serde::Serialize;
use std::io::Write;
use tenpai::{Decomposition, Tables};

const LONG_ABOUT: &str = "\
Whether the concealed tiles of a 3n+2 hand form a complete hand (melds and a
pair, seven distinct pairs, or thirteen orphans; yaku are not considered), and
every decomposition, one per line: the pair first, then the concealed melds,
then the called melds as written. When it is not complete, its shanten is
shown instead.

JSON (--json): {\"hand\": \"<canonical mpsz>\", \"agari\": bool, \"shanten\": n,
\"called\": [\"[789s]\", ...], \"decompositions\": [{\"form\": \"standard\",
\"pair\": \"1z\", \"melds\": [\"123m\", ...], \"text\": \"11z 123m ...\"} |
{\"form\": \"chiitoitsu\", \"pairs\": [\"1m\", ...], \"text\": ...} |
{\"form\": \"kokushi\", \"pair\": \"1z\", \"text\": ...}, ...]}.";

/// Win detection and decompositions of a 3n+2 hand.
#[derive(Debug, clap::Args)]
#[command(long_about = LONG_ABOUT)]
pub struct Args {
    /// A hand of 3n+2 concealed tiles, called melds in brackets.
    #[arg(value_name = "HAND")]
    pub hand: String,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// Tile display.
    #[command(flatten)]
    pub style: super::Style,
}

#[derive(Serialize)]
#[serde(tag = "form", rename_all = "lowercase")]
enum DecompositionOut {
    Standard {
        pair: String,
        melds: Vec<String>,
        text: String,
    },
    Chiitoitsu {
        pairs: Vec<String>,
        text: String,
    },
    Kokushi {
        pair: String,
        text: String,
    },
}

#[derive(Serialize)]
struct Output {
    hand: String,
    agari: bool,
    shanten: i8,
    called: Vec<String>,
    decompositions: Vec<DecompositionOut>,
}

fn to_out(d: &Decomposition) -> DecompositionOut {
    let text = d.to_string();
    match d {
        Decomposition::Standard { pair, melds } => DecompositionOut::Standard {
            pair: pair.to_string(),
            melds: melds.iter().map(ToString::to_string).collect(),
            text,
        },
        Decomposition::Chiitoitsu { pairs } => DecompositionOut::Chiitoitsu {
            pairs: pairs.iter().map(ToString::to_string).collect(),
            text,
        },
        Decomposition::Kokushi { pair } => DecompositionOut::Kokushi {
            pair: pair.to_string(),
            text,
        },
    }
}

/// Runs `tenpai agari`.
///
/// # Errors
/// A bad hand (named in the message) or an I/O error.
pub fn run<W: Write>(args: &Args, tables: &Tables<'_>, mut out: W) -> Result<()> {
    let hand = parse_hand_arg("HAND", &args.hand)?;
    let context = || format!("HAND {:?}", args.hand);
    let agari = tables.is_agari(hand.concealed()).with_context(context)?;
    let decompositions = tenpai::decompositions(hand.concealed()).with_context(context)?;
    let shanten = if hand.melds().is_empty() {
        tables.shanten_forms(hand.concealed())
    } else {
        tables.shanten_with_melds(&hand)
    }
    .with_context(context)?
    .min();
    let called: Vec<String> = hand.melds().iter().map(ToString::to_string).collect();
    if args.json {
        let o = Output {
            hand: hand.to_string(),
            agari,
            shanten,
            called,
            decompositions: decompositions.iter().map(to_out).collect(),
        };
        serde_json::to_writer(&mut out, &o)?;
        writeln!(out)?;
    } else if agari {
        let n = decompositions.len();
        writeln!(
            out,
            "{}: complete, {n} decomposition{}",
            args.style.hand(&hand),
            if n == 1 { "" } else { "s" }
        )?;
        for d in &decompositions {
            write!(out, "  {}", args.style.decomposition(d))?;
            for m in hand.melds() {
                write!(out, " {}", args.style.meld(m))?;
            }
            writeln!(out)?;
        }
    } else {
        let hand = args.style.hand(&hand);
        writeln!(out, "{hand}: not complete ({})", shanten_words(shanten))?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tests::tenpai;

    #[test]
    fn agari_ok_two_readings() {
        let (r, out, _) = tenpai(&["agari", "111222333m11p"], "");
        r.unwrap();
        assert_eq!(out, "111222333m11p: complete, 2 decompositions\n  11p 111m 222m 333m\n  11p 123m 123m 123m\n");
        let (r, out, _) = tenpai(&["agari", "112233m445566p77s"], "");
        r.unwrap();
        assert_eq!(
            out,
            "112233m445566p77s: complete, 2 decompositions\n  77s 123m 123m 456p 456p\n  chiitoitsu 11m 22m 33m 44p 55p 66p 77s\n"
        );
        let (r, out, _) = tenpai(&["agari", "11z [123m] [456p] [789s] (1111p)"], "");
        r.unwrap();
        assert_eq!(out, "11z [123m] [456p] [789s] (1111p): complete, 1 decomposition\n  11z [123m] [456p] [789s] (1111p)\n");
    }

    #[test]
    fn agari_ok_not_complete() {
        let (r, out, _) = tenpai(&["agari", "123m456p789s11z235p"], "");
        r.unwrap();
        assert_eq!(out, "123m234556p789s11z: not complete (tenpai)\n");
    }

    #[test]
    fn agari_ok_json() {
        let (r, out, _) = tenpai(&["agari", "--json", "11z [123m] [456p] [789s] (1111p)"], "");
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"11z [123m] [456p] [789s] (1111p)\",\"agari\":true,\"shanten\":-1,\
             \"called\":[\"[123m]\",\"[456p]\",\"[789s]\",\"(1111p)\"],\
             \"decompositions\":[{\"form\":\"standard\",\"pair\":\"1z\",\"melds\":[],\"text\":\"11z\"}]}\n"
        );
        let (r, out, _) = tenpai(&["agari", "--json", "19m19p19s12345677z"], "");
        r.unwrap();
        assert_eq!(
            out,
            "{\"hand\":\"19m19p19s12345677z\",\"agari\":true,\"shanten\":-1,\"called\":[],\
             \"decompositions\":[{\"form\":\"kokushi\",\"pair\":\"7z\",\"text\":\"kokushi (pair 7z)\"}]}\n"
        );
    }

    #[test]
    fn agari_err_wrong_size() {
        let (r, _, _) = tenpai(&["agari", "1234m"], "");
        assert_eq!(
            format!("{:#}", r.unwrap_err()),
            "HAND \"1234m\": expected 3n+2 tiles (2, 5, 8, 11 or 14), got 4"
        );
    }
}
