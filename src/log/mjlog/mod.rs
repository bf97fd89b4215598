//! Tenhou's XML logs (mjlog, `<mjloggm ver="2.3">`), read with `roxmltree`
//! into an [`ImportedGame`].
//!
//! Elements (see `tests/data/README.md`): `GO type=` (room flags), `UN n0..n3=`
//! (URL-encoded names), `INIT seed="round,honba,sticks,dice,dice,dora"
//! ten="scores in 100s" oya= hai0..3=`, draws `T/U/V/W<id>`, discards
//! `D/E/F/G<id>`, calls `N who= m=` (`meld` bits), `REACH who= step=1|2`,
//! `DORA hai=`, `AGARI` and `RYUUKYOKU` (scores and changes `sc` in 100s;
//! `owari` at the game's end). Tiles are ids 0–135, kind = id / 4; with red
//! fives in the room, ids 16, 52 and 88 are the red 5m, 5p and 5s.
//!
//! The log records the dora of an open or added kan after the replacement
//! draw, as the kan player discards; the engine takes it after that discard,
//! as mjai does. When the player makes a second kan instead, Tenhou writes the
//! first kan's indicator right after the second kan and the second's before
//! the discard; a closed kan's comes at once (see `RoundBuilder::dora`).
//!
//! ```
//! let xml = r#"<mjloggm ver="2.3"><GO type="169"/><UN n0="%41" n1="B" n2="C" n3="D"/>
//! <INIT seed="0,0,0,1,2,130" ten="250,250,250,250" oya="0" hai0="0,4,8,12,16,20,24,28,32,36,40,44,48"
//!  hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" hai2="2,6,10,14,18,22,26,30,34,38,42,46,50"
//!  hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/><T52/><D52/>
//! <RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/></mjloggm>"#;
//! let game = tenpai::log::mjlog::parse(xml)?;
//! assert_eq!(game.names[0], "A");
//! assert_eq!(game.rounds[0].events.len(), 5); // start_kyoku, tsumo, dahai, ryukyoku, end_kyoku
//! assert_eq!(game.rounds[0].events[0].to_json().contains("\"5mr\""), true);
//!
//! let bad = xml.replace("<D52/>", "<D136/>");
//! assert_eq!(
//!     tenpai::log::mjlog::parse(&bad).unwrap_err().to_string(),
//!     "mjlog, <D136> at 4:53 (round E1-0): tile 136 (expected 0 to 135)"
//! );
//! # Ok::<(), tenpai::log::LogError>(())
//! ```

mod meld;
mod round;

use super::{GameEnd, ImportedGame, LogError, LogFormat, Room};
use crate::game::{LoggedRules, Pai};
use crate::tile::Tile;
use round::RoundBuilder;
use roxmltree::Node;
use std::str::FromStr;

/// Reads an mjlog.
///
/// # Errors
/// [`LogError::Mjlog`] naming the element (with its line and column, and the
/// round) and the problem: XML syntax (a truncated file), a root other than
/// `mjloggm`, an unknown element, a missing attribute, text where a number
/// belongs, a tile id of 136 or more or one dealt twice, meld bits that fit no
/// call, an unknown draw type or yaku id, events outside a round.
///
/// A file cut short (a download broken off: no `</mjloggm>`) is read up to
/// its last whole element; its last round is then unfinished or the game's
/// end missing ([`crate::replay::Extent`] says which).
pub fn parse(text: &str) -> Result<ImportedGame, LogError> {
    match roxmltree::Document::parse(text) {
        Ok(doc) => read(&doc),
        Err(e) => match closed_at_cut(text) {
            Some(closed) => match roxmltree::Document::parse(&closed) {
                Ok(doc) => read(&doc),
                Err(_) => Err(xml_error(e)),
            },
            None => Err(xml_error(e)),
        },
    }
}

/// The XML syntax error of a file.
fn xml_error(e: roxmltree::Error) -> LogError {
    LogError::Mjlog {
        place: "the XML".into(),
        problem: e.to_string(),
    }
}

/// A file cut short, cut after its last whole element (or after the root's
/// start tag, when it holds no whole element: an empty game) and closed:
/// `None` when it is closed (its error is elsewhere) or cut before the
/// root's start tag ends.
fn closed_at_cut(text: &str) -> Option<String> {
    if text.contains("</mjloggm>") {
        return None;
    }
    let root = text.find("<mjloggm")?;
    let root_end = root + text[root..].find('>')? + 1;
    let end = text
        .rfind("/>")
        .map(|i| i + 2)
        .filter(|&e| e > root_end)
        .unwrap_or(root_end);
    Some(format!("{}</mjloggm>", &text[..end]))
}

/// Reads a parsed mjlog document.
fn read(doc: &roxmltree::Document) -> Result<ImportedGame, LogError> {
    let root = doc.root_element();
    let mut reader = Reader {
        doc,
        game: ImportedGame {
            format: LogFormat::Mjlog,
            names: Vec::new(),
            rules: None,
            logged: LoggedRules::default(),
            rounds: Vec::new(),
            end: None,
        },
        room: None,
        round: None,
    };
    if root.tag_name().name() != "mjloggm" {
        return Err(reader.error(
            root,
            format!("the root is <{}>, not <mjloggm>", root.tag_name().name()),
        ));
    }
    for node in root.children().filter(Node::is_element) {
        reader.element(node).map_err(|e| reader.error(node, e))?;
    }
    reader
        .close_round(true)
        .map_err(|e| reader.error(root, e))?;
    Ok(reader.game)
}

/// The walk through the elements.
struct Reader<'a, 'input> {
    doc: &'a roxmltree::Document<'input>,
    game: ImportedGame,
    room: Option<Room>,
    round: Option<RoundBuilder>,
}

impl Reader<'_, '_> {
    /// An error at `node`.
    fn error(&self, node: Node, problem: impl Into<String>) -> LogError {
        let pos = self.doc.text_pos_at(node.range().start);
        let round = match &self.round {
            Some(r) => format!(" (round {})", r.name()),
            None => String::new(),
        };
        LogError::Mjlog {
            place: format!(
                "<{}> at {}:{}{round}",
                node.tag_name().name(),
                pos.row,
                pos.col
            ),
            problem: problem.into(),
        }
    }

    /// Reads one element.
    fn element(&mut self, node: Node) -> Result<(), String> {
        match node.tag_name().name() {
            "SHUFFLE" | "TAIKYOKU" | "BYE" => {}
            "GO" => {
                let room = Room::from_go_type(attr(node, "type")?)?;
                self.game.rules = Some(room.rules());
                self.game.logged = LoggedRules::of(&room.rules());
                self.room = Some(room);
            }
            // Later UN elements are reconnections: the first names the seats.
            "UN" if self.game.names.is_empty() => {
                self.game.names = (0..4)
                    .map(|s| {
                        let raw = node.attribute(format!("n{s}").as_str()).unwrap_or("");
                        percent_encoding::percent_decode_str(raw)
                            .decode_utf8()
                            .map(|n| n.into_owned())
                            .map_err(|_| format!("attribute n{s}: not URL-encoded UTF-8"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
            }
            "UN" => {}
            "INIT" => {
                self.close_round(false)?;
                let red = self
                    .room
                    .as_ref()
                    .map(|r| r.red_fives)
                    .ok_or("no <GO> room before the first round")?;
                self.round = Some(RoundBuilder::start(node, red)?);
            }
            _ => {
                let round = self
                    .round
                    .as_mut()
                    .ok_or("outside a round (before the first <INIT>)")?;
                if let Some(scores) = round.element(node)? {
                    self.game.end = Some(GameEnd {
                        scores: Some(scores),
                    });
                }
            }
        }
        Ok(())
    }

    /// Ends the round in progress (before the next `INIT`, or at the end of
    /// the log, `last`, where a round without a result is kept unfinished).
    fn close_round(&mut self, last: bool) -> Result<(), String> {
        if let Some(r) = self.round.take() {
            if !r.ended() && !last {
                return Err(format!("round {} has no <AGARI> or <RYUUKYOKU>", r.name()));
            }
            self.game.rounds.push(r.finish());
        }
        Ok(())
    }
}

/// A required attribute, parsed.
fn attr<T: FromStr>(node: Node, name: &str) -> Result<T, String> {
    let v = node
        .attribute(name)
        .ok_or_else(|| format!("missing attribute {name}"))?;
    v.trim()
        .parse()
        .map_err(|_| format!("attribute {name}={v:?}: not a number"))
}

/// A comma-separated list of numbers (empty when the attribute is missing and
/// `required` is false).
fn numbers<T: FromStr>(node: Node, name: &str, required: bool) -> Result<Vec<T>, String> {
    let Some(v) = node.attribute(name) else {
        return if required {
            Err(format!("missing attribute {name}"))
        } else {
            Ok(Vec::new())
        };
    };
    if v.trim().is_empty() {
        return Ok(Vec::new());
    }
    v.split(',')
        .map(|x| {
            x.trim()
                .parse()
                .map_err(|_| format!("attribute {name}={v:?}: {x:?} is not a number"))
        })
        .collect()
}

/// A tile id 0–135 as a [`Pai`]; ids 16, 52 and 88 are red when the suit has
/// a red five (`red_fives` per suit).
///
/// # Errors
/// A message naming an id of 136 or more.
///
/// ```
/// use tenpai::log::mjlog::id_pai;
/// assert_eq!(id_pai(16, [1, 1, 1])?.to_string(), "5mr");
/// assert_eq!(id_pai(16, [0, 0, 0])?.to_string(), "5m");
/// assert_eq!(id_pai(135, [1, 1, 1])?.to_string(), "C");
/// assert_eq!(id_pai(136, [1, 1, 1]).unwrap_err(), "tile 136 (expected 0 to 135)");
/// # Ok::<(), String>(())
/// ```
pub fn id_pai(id: u32, red_fives: [u8; 3]) -> Result<Pai, String> {
    if id >= 136 {
        return Err(format!("tile {id} (expected 0 to 135)"));
    }
    let tile = Tile::new((id / 4) as u8).ok_or_else(|| format!("tile {id}"))?;
    let red = matches!(id, 16 | 52 | 88) && red_fives[(id / 36) as usize] > 0;
    Ok(Pai::new(tile, red))
}
