//! One mjlog round, element by element, into events and logged results.

use super::meld::{decode, Meld};
use super::{attr, id_pai, numbers};
use crate::game::Pai;
use crate::game::{DrawReason, Event};
use crate::log::{sort_pais, ImportedRound, LoggedDraw, LoggedResult, LoggedWin, TENHOU_YAKU};
use crate::Wind;
use roxmltree::Node;

/// A round being read.
pub(super) struct RoundBuilder {
    red: [u8; 3],
    name: String,
    events: Vec<Event>,
    results: Vec<LoggedResult>,
    /// Tile ids dealt, drawn or turned as indicators so far.
    seen: [bool; 136],
    /// Each seat's last drawn tile id, until it discards or calls.
    drawn: [Option<u32>; 4],
    /// The kans whose dora indicator the log has not shown yet, in the order
    /// they were made: whether each is closed.
    owed: std::collections::VecDeque<bool>,
    /// The seat whose open or added kan awaits its discard, with that kan's
    /// indicator, which the engine turns after the discard.
    deferred: Option<(u8, Pai)>,
    /// The round's result was read.
    ended: bool,
}

/// A seat attribute (`who`, `fromWho`, `oya`, `paoWho`).
fn seat(node: Node, name: &str) -> Result<u8, String> {
    let s: u8 = attr(node, name)?;
    if s > 3 {
        return Err(format!("attribute {name}=\"{s}\": not a seat 0 to 3"));
    }
    Ok(s)
}

/// Four numbers in 100s from the even (`first`) or odd entries of a list of
/// eight (`sc`, `owari`), in points.
fn pairs(node: Node, name: &str, first: bool) -> Result<[i32; 4], String> {
    let v: Vec<f64> = numbers(node, name, true)?;
    if v.len() != 8 {
        return Err(format!(
            "attribute {name}: {} numbers (expected 8)",
            v.len()
        ));
    }
    let k = usize::from(!first);
    Ok(std::array::from_fn(|s| {
        (v[2 * s + k] * 100.0).round() as i32
    }))
}

impl RoundBuilder {
    /// A round from its `INIT` element.
    pub fn start(node: Node, red: [u8; 3]) -> Result<RoundBuilder, String> {
        let seed: Vec<u32> = numbers(node, "seed", true)?;
        let [idx, honba, kyoutaku, _, _, dora] = seed[..] else {
            return Err(format!(
                "attribute seed: {} numbers (expected 6)",
                seed.len()
            ));
        };
        if idx >= 16 {
            return Err(format!(
                "seed: round {idx} (expected 0 = East 1 to 15 = North 4)"
            ));
        }
        let (round_wind, kyoku, dealer) = ((idx / 4) as u8, (idx % 4) as u8 + 1, (idx % 4) as u8);
        if seat(node, "oya")? != dealer {
            return Err(format!(
                "attribute oya: not the dealer of round {idx} (seat {dealer})"
            ));
        }
        let ten: Vec<i32> = numbers(node, "ten", true)?;
        let scores: [i32; 4] = match ten[..] {
            [a, b, c, d] => [a * 100, b * 100, c * 100, d * 100],
            _ => return Err(format!("attribute ten: {} numbers (expected 4)", ten.len())),
        };
        let mut r = RoundBuilder {
            red,
            name: format!(
                "{}{kyoku}-{honba}",
                ["E", "S", "W", "N"][round_wind as usize]
            ),
            events: Vec::new(),
            results: Vec::new(),
            seen: [false; 136],
            drawn: [None; 4],
            owed: std::collections::VecDeque::new(),
            deferred: None,
            ended: false,
        };
        let dora_marker = r.fresh(dora)?;
        let mut tehais: [Vec<Pai>; 4] = Default::default();
        for (s, hand) in tehais.iter_mut().enumerate() {
            let ids: Vec<u32> = numbers(node, &format!("hai{s}"), true)?;
            if ids.len() != 13 {
                return Err(format!(
                    "attribute hai{s}: {} tiles (expected 13)",
                    ids.len()
                ));
            }
            *hand = ids
                .into_iter()
                .map(|id| r.fresh(id))
                .collect::<Result<_, _>>()?;
            sort_pais(hand);
        }
        r.events.push(Event::StartKyoku {
            round_wind: Wind::ALL[usize::from(round_wind)],
            kyoku,
            honba: u8::try_from(honba).map_err(|_| format!("seed: {honba} honba"))?,
            kyoutaku,
            dealer,
            dora_marker,
            scores,
            tehais,
        });
        Ok(r)
    }

    /// The round's name, e.g. `E2-1`.
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The round with `end_kyoku`, or, when it has no result, its recorded
    /// actions only (an unfinished round: a game still running, a download
    /// cut short).
    pub fn finish(mut self) -> ImportedRound {
        self.flush();
        if self.ended {
            self.events.push(Event::EndKyoku);
        }
        ImportedRound {
            events: self.events,
            results: self.results,
        }
    }

    /// The round's result was read.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// A tile id coming out of the wall: valid and not seen before.
    fn fresh(&mut self, id: u32) -> Result<Pai, String> {
        let p = id_pai(id, self.red)?;
        if std::mem::replace(&mut self.seen[id as usize], true) {
            return Err(format!("tile {id} comes out of the wall twice"));
        }
        Ok(p)
    }

    /// Reads one element of the round; the final scores when it ends the game.
    pub fn element(&mut self, node: Node) -> Result<Option<[i32; 4]>, String> {
        let name = node.tag_name().name();
        if self.ended && name != "AGARI" {
            return Err("after the round's end (expected <INIT> or the end of the game)".into());
        }
        match name {
            "N" => self.call(node)?,
            "REACH" => {
                let actor = seat(node, "who")?;
                self.events.push(match attr::<u8>(node, "step")? {
                    1 => Event::Reach { actor },
                    2 => Event::ReachAccepted {
                        actor,
                        deltas: None,
                        scores: None,
                    },
                    s => return Err(format!("attribute step=\"{s}\": expected 1 or 2")),
                });
            }
            "DORA" => {
                let p = self.fresh(attr(node, "hai")?)?;
                self.dora(p);
            }
            "AGARI" => return self.agari(node),
            "RYUUKYOKU" => return self.ryuukyoku(node),
            "UN" | "BYE" => {}
            _ => self.draw_or_discard(name)?,
        }
        Ok(None)
    }

    /// `T/U/V/W<id>` draws and `D/E/F/G<id>` discards.
    fn draw_or_discard(&mut self, name: &str) -> Result<(), String> {
        let mut chars = name.chars();
        let letter = chars.next().unwrap_or(' ');
        let digits = chars.as_str();
        let id: u32 = match digits.parse() {
            Ok(id) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => id,
            _ => return Err("unknown element".into()),
        };
        if let Some(actor) = "TUVW".find(letter) {
            let pai = self.fresh(id)?;
            self.drawn[actor] = Some(id);
            self.events.push(Event::Tsumo {
                actor: actor as u8,
                pai,
            });
        } else if let Some(actor) = "DEFG".find(letter) {
            let pai = id_pai(id, self.red)?;
            let tsumogiri = self.drawn[actor].take() == Some(id);
            self.events.push(Event::Dahai {
                actor: actor as u8,
                pai,
                tsumogiri,
            });
            if matches!(self.deferred, Some((s, _)) if s == actor as u8) {
                self.flush();
            }
        } else {
            return Err("unknown element".into());
        }
        Ok(())
    }

    /// A `DORA` element: the indicator of the earliest kan whose indicator
    /// the log has not shown. Tenhou writes an open or added kan's after the
    /// replacement draw, as the kan player discards (or, when that player
    /// makes another kan first, right after the next kan: `N`, `T`, `N`,
    /// `DORA` for the first, `T`, `DORA` for the second, `D`); a closed kan's
    /// at once. The engine turns an open kan's after its discard, so the
    /// indicator of the last open kan waits for that discard; every other
    /// is turned where the log shows it.
    fn dora(&mut self, p: Pai) {
        let closed = self.owed.pop_front().unwrap_or(true);
        let last_kan = self.owed.is_empty();
        match self.kan_player() {
            Some(seat) if !closed && last_kan => {
                self.flush();
                self.deferred = Some((seat, p));
            }
            _ => self.events.push(Event::Dora { dora_marker: p }),
        }
    }

    /// The seat of the last kan, while its turn goes on (its replacement draw
    /// or discard to come).
    fn kan_player(&self) -> Option<u8> {
        self.events
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Daiminkan { actor, .. }
                | Event::Kakan { actor, .. }
                | Event::Ankan { actor, .. } => Some(*actor),
                Event::Dahai { .. } | Event::Chi { .. } | Event::Pon { .. } => Some(4),
                _ => None,
            })
            .filter(|&s| s < 4)
    }

    /// Turns the deferred kan dora.
    fn flush(&mut self) {
        if let Some((_, p)) = self.deferred.take() {
            self.events.push(Event::Dora { dora_marker: p });
        }
    }

    /// `N who= m=`.
    fn call(&mut self, node: Node) -> Result<(), String> {
        let actor = seat(node, "who")?;
        let meld = decode(attr(node, "m")?)?;
        let pai = |id: u32| id_pai(id, self.red);
        let pais = |ids: &[u32]| -> Result<Vec<Pai>, String> {
            let mut v = ids
                .iter()
                .map(|&id| pai(id))
                .collect::<Result<Vec<_>, _>>()?;
            sort_pais(&mut v);
            Ok(v)
        };
        let target = |from: u8| (actor + from) % 4;
        self.drawn[actor as usize] = None;
        let e = match &meld {
            Meld::Chi { called, hand } => Event::Chi {
                actor,
                target: target(3),
                pai: pai(*called)?,
                consumed: pais(hand)?,
            },
            Meld::Pon { from, called, hand } => Event::Pon {
                actor,
                target: target(*from),
                pai: pai(*called)?,
                consumed: pais(hand)?,
            },
            Meld::Daiminkan { from, called, hand } => Event::Daiminkan {
                actor,
                target: target(*from),
                pai: pai(*called)?,
                consumed: pais(hand)?,
            },
            Meld::Kakan { added, pon } => Event::Kakan {
                actor,
                pai: pai(*added)?,
                consumed: pais(pon)?,
            },
            Meld::Ankan { tiles } => Event::Ankan {
                actor,
                consumed: pais(tiles)?,
            },
        };
        self.events.push(e);
        // An earlier open kan's dora, shown before this kan, is turned by it.
        match meld {
            Meld::Kakan { .. } | Meld::Ankan { .. } | Meld::Daiminkan { .. } => {
                self.flush();
                self.owed.push_back(matches!(meld, Meld::Ankan { .. }));
            }
            Meld::Chi { .. } | Meld::Pon { .. } => {}
        }
        Ok(())
    }

    /// `AGARI`: one win (two in a row for a double ron).
    fn agari(&mut self, node: Node) -> Result<Option<[i32; 4]>, String> {
        let (who, from) = (seat(node, "who")?, seat(node, "fromWho")?);
        let pao = match node.attribute("paoWho") {
            Some(_) => Some(seat(node, "paoWho")?).filter(|&p| p != who),
            None => None,
        };
        let machi = id_pai(attr(node, "machi")?, self.red)?;
        let ura = match node.attribute("doraHaiUra") {
            Some(_) => Some(
                numbers::<u32>(node, "doraHaiUra", true)?
                    .into_iter()
                    .map(|id| id_pai(id, self.red))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            None => None,
        };
        let ten: Vec<u32> = numbers(node, "ten", true)?;
        let [fu, points, _limit] = ten[..] else {
            return Err(format!(
                "attribute ten: {} numbers (expected fu, points, limit)",
                ten.len()
            ));
        };
        let mut yaku = Vec::new();
        let named = |id: u32| {
            TENHOU_YAKU
                .get(id as usize)
                .map(|n| n.to_string())
                .ok_or_else(|| format!("yaku id {id} (expected 0 to 54)"))
        };
        let list: Vec<u32> = numbers(node, "yaku", false)?;
        if list.len() % 2 != 0 {
            return Err("attribute yaku: an odd count (expected id,han pairs)".into());
        }
        for pair in list.chunks(2) {
            // Tenhou's JSON leaves out dora worth nothing ("53,0").
            if pair[1] > 0 {
                yaku.push((named(pair[0])?, pair[1]));
            }
        }
        for id in numbers::<u32>(node, "yakuman", false)? {
            yaku.push((named(id)?, 13));
        }
        // A rinshan win after an open kan ends the round before its dora.
        self.deferred = None;
        self.events.push(Event::Hora {
            actor: who,
            target: from,
            pai: Some(machi),
            ura_markers: ura,
            deltas: None,
            scores: None,
        });
        self.results.push(LoggedResult::Win(LoggedWin {
            seat: who,
            from,
            deltas: Some(pairs(node, "sc", false)?),
            scores: None,
            pao: Some(pao),
            han: (!yaku.is_empty()).then(|| yaku.iter().map(|y| y.1).sum()),
            fu: Some(fu),
            points: Some(points),
            yaku,
        }));
        self.ended = true;
        self.owari(node)
    }

    /// `RYUUKYOKU`: a drawn round.
    fn ryuukyoku(&mut self, node: Node) -> Result<Option<[i32; 4]>, String> {
        let reason = match node.attribute("type") {
            None | Some("nm") => DrawReason::Exhaustive,
            Some("yao9") => DrawReason::NineTerminals,
            Some("reach4") => DrawReason::FourRiichi,
            Some("ron3") => DrawReason::TripleRon,
            Some("kaze4") => DrawReason::FourWinds,
            Some("kan4") => DrawReason::FourKans,
            Some(t) => {
                return Err(format!(
                    "attribute type={t:?}: unknown draw (yao9, reach4, ron3, kaze4, kan4, nm)"
                ))
            }
        };
        self.deferred = None;
        self.events.push(Event::Ryukyoku {
            reason: Some(reason),
            deltas: None,
            scores: None,
        });
        self.results.push(LoggedResult::Draw(LoggedDraw {
            deltas: Some(pairs(node, "sc", false)?),
            scores: None,
        }));
        self.ended = true;
        self.owari(node)
    }

    /// The final scores of `owari`, when the element ends the game.
    fn owari(&self, node: Node) -> Result<Option<[i32; 4]>, String> {
        match node.attribute("owari") {
            Some(_) => pairs(node, "owari", true).map(Some),
            None => Ok(None),
        }
    }
}
