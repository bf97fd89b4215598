//! The plain line mode: prints the table at each decision and every other
//! player's move as it happens, and reads one command per line. Used with
//! `--plain` and whenever standard input or output is not a terminal, so a
//! game can be scripted.

use super::hint;
use super::menu::Menu;
use super::parse::{Input, HELP};
use super::session::{Choice, Frontend, Leave, Update};
use super::text::{event_line, final_ranking, round_end, Names};
use crate::cmd::advice::{Advice, Advisor};
use crate::render::table::{river_tile, status};
use crate::render::{paint, score, TileMode};
use anyhow::Result;
use std::io::{BufRead, Write};
use std::time::Duration;
use tenpai::game::{Event, GameRecord, Observation, Pai};
use tenpai::rules::Rules;
use tenpai::view::SeatView;

/// The plain front end over a line reader and a writer.
pub struct Plain<R, W> {
    /// Where commands come from, one per line.
    pub input: R,
    /// Where the table and the moves go.
    pub out: W,
    /// The rules (for the hints and the AI's choice).
    pub rules: Rules,
    /// Seat names.
    pub names: Names,
    /// Tile text or glyphs.
    pub mode: TileMode,
    /// Style tiles with ANSI escapes (the output is a terminal).
    pub styled: bool,
    /// With colours (`NO_COLOR` unset).
    pub colour: bool,
    /// Show hints at each decision.
    pub hints: bool,
    /// The AI behind the hints and `a`.
    pub advisor: Advisor,
    /// Pause after each move of an AI player.
    pub delay: Duration,
    /// Repeat each command read after the prompt (when the input is not typed
    /// on a terminal, so that a transcript shows it).
    pub echo: bool,
}

impl<R: BufRead, W: Write> Plain<R, W> {
    /// A tile (or river cell) `text`, painted as `p` when colour is on
    /// (`NO_COLOR` keeps bold and underline).
    fn cell(&self, text: String, p: Pai) -> String {
        if !self.styled {
            return text;
        }
        let sgr = paint(p).sgr(self.colour);
        if sgr.is_empty() {
            text
        } else {
            format!("{sgr}{text}\x1b[0m")
        }
    }

    /// The table: status, each seat (wind, score, riichi, river, melds), the
    /// person's hand with positions.
    fn table(&mut self, view: &SeatView) -> Result<()> {
        let mode = self.mode;
        writeln!(self.out, "{}", status(view, mode))?;
        for s in self.names.order() {
            let seat = &view.seats()[s as usize];
            let mut flags = Vec::new();
            if seat.dealer {
                flags.push("dealer");
            }
            if seat.riichi.is_some_and(|r| r.accepted) {
                flags.push("riichi");
            }
            let river: Vec<String> = seat
                .river
                .iter()
                .map(|r| self.cell(river_tile(r, mode), r.pai))
                .collect();
            writeln!(
                self.out,
                "  {:<6} {} {:>7}  {:<13} {}",
                self.names.of(s),
                seat.wind,
                score(seat.score),
                flags.join(" "),
                if river.is_empty() {
                    "-".to_string()
                } else {
                    river.join(" ")
                }
            )?;
            if !seat.melds.is_empty() {
                let m: Vec<String> = seat
                    .melds
                    .iter()
                    .map(|m| match m.from {
                        Some(f) => format!("{} from {}", mode.meld(m), self.names.of(f)),
                        None => mode.meld(m),
                    })
                    .collect();
                writeln!(self.out, "  {:<6} melds {}", "", m.join(", "))?;
            }
        }
        Ok(())
    }

    /// The hand: positions above the tiles, the drawn tile set apart.
    fn hand(&mut self, menu: &Menu) -> Result<()> {
        let n = menu.hand.len();
        let gap = |i: usize| {
            if menu.drawn_apart && i + 1 == n {
                "  "
            } else {
                ""
            }
        };
        let mut top = String::from("Hand  ");
        let mut bottom = String::from("      ");
        for (i, &p) in menu.hand.iter().enumerate() {
            top.push_str(&format!("{}{:>2} ", gap(i), i + 1));
            bottom.push_str(&format!("{}{} ", gap(i), self.cell(self.mode.pai(p), p)));
        }
        writeln!(self.out, "{}", top.trim_end())?;
        writeln!(self.out, "{}", bottom.trim_end())?;
        Ok(())
    }

    /// The advice for this decision, asked once and kept in `advice`.
    fn advice<'a>(
        &mut self,
        advice: &'a mut Option<Advice>,
        obs: &Observation,
        menu: &Menu,
    ) -> &'a Advice {
        advice.get_or_insert_with(|| self.advisor.advise(&self.rules, obs, menu.legal()))
    }

    fn hints(&mut self, menu: &Menu, advice: &Advice) -> Result<()> {
        for l in hint::lines(&self.rules, menu.view(), menu, self.mode, advice) {
            writeln!(self.out, "hint: {l}")?;
        }
        Ok(())
    }

    fn prompt(&mut self, menu: &Menu) -> Result<()> {
        for l in menu.lines(self.names, self.mode) {
            writeln!(self.out, "{l}")?;
        }
        Ok(())
    }
}

impl<R: BufRead, W: Write> Frontend for Plain<R, W> {
    fn show(&mut self, u: &Update) -> Result<Option<Leave>> {
        // A draw is said once, by the round's result that follows it at
        // `end_kyoku` (`--- Draw: … ---`, with the hands and payments); the
        // full screen keeps the line, its result being a dialog that goes.
        let told_by_result = matches!(u.event, Event::Ryukyoku { .. });
        let line = event_line(&u.event, &u.view, self.names, self.mode);
        if let Some(line) = line.filter(|_| !told_by_result) {
            writeln!(self.out, "{line}")?;
        }
        if self.names.watch && matches!(u.event, Event::StartKyoku { .. }) {
            self.table(&u.view)?;
            let menu = Menu::new(&u.view.clone().without_choices(), self.names, self.mode);
            self.hand(&menu)?;
        }
        if let (Event::EndKyoku, Some(re)) = (&u.event, u.view.result()) {
            for l in round_end(re, self.names, self.mode) {
                writeln!(self.out, "{l}")?;
            }
        }
        let ai_move =
            super::text::mover(&u.event).is_some_and(|s| self.names.watch || s != self.names.me);
        if ai_move && !self.delay.is_zero() {
            self.out.flush()?;
            std::thread::sleep(self.delay);
        }
        Ok(None)
    }

    fn decide(&mut self, obs: &Observation, view: &SeatView) -> Result<Choice> {
        let menu = Menu::new(view, self.names, self.mode);
        writeln!(self.out)?;
        self.table(view)?;
        self.hand(&menu)?;
        let own = view.me().map_or(&[][..], |m| &m.melds[..]);
        if !own.is_empty() {
            let m: Vec<String> = own.iter().map(|m| self.mode.meld(m)).collect();
            writeln!(self.out, "      melds {}", m.join(" "))?;
        }
        let mut advice = None;
        if self.hints {
            let a = self.advice(&mut advice, obs, &menu).clone();
            self.hints(&menu, &a)?;
        }
        self.prompt(&menu)?;
        let mut riichi_next = false;
        let mut bytes = Vec::new();
        loop {
            // The prompt says when the riichi discard is due.
            write!(self.out, "{}", if riichi_next { "riichi> " } else { "> " })?;
            self.out.flush()?;
            bytes.clear();
            if self.input.read_until(b'\n', &mut bytes)? == 0 {
                writeln!(self.out)?;
                return Ok(Choice::Leave(Leave::InputEnded));
            }
            // Bytes that are not UTF-8 are garbage like any other: a message.
            let line = String::from_utf8_lossy(&bytes);
            if self.echo {
                writeln!(self.out, "{}", line.trim_end())?;
            }
            match menu.parse(&line, riichi_next, self.mode) {
                Ok(Input::Act(a)) => return Ok(Choice::Act(a)),
                Ok(Input::Auto) => {
                    let a = self.advice(&mut advice, obs, &menu);
                    return Ok(Choice::Act(a.chosen.clone()));
                }
                Ok(Input::Quit) => return Ok(Choice::Leave(Leave::Quit)),
                Ok(Input::Hint) => {
                    self.hints = !self.hints;
                    if self.hints {
                        let a = self.advice(&mut advice, obs, &menu).clone();
                        self.hints(&menu, &a)?;
                    } else {
                        writeln!(self.out, "Hints off.")?;
                    }
                }
                Ok(Input::Help) => writeln!(self.out, "{HELP}")?,
                Ok(Input::Nothing) => self.prompt(&menu)?,
                Ok(Input::RiichiNext) => {
                    riichi_next = true;
                    writeln!(
                        self.out,
                        "Riichi: which discard? (an empty line, n or cancel cancels)"
                    )?;
                }
                Ok(Input::CancelRiichi) => {
                    riichi_next = false;
                    writeln!(self.out, "Riichi cancelled.")?;
                    self.prompt(&menu)?;
                }
                Err(message) => writeln!(self.out, "{message}")?,
            }
        }
    }

    fn game_over(&mut self, record: &GameRecord, final_points: &[i32; 4]) -> Result<()> {
        for l in final_ranking(record, final_points, self.names) {
            writeln!(self.out, "{l}")?;
        }
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cmd::play::opponents::Opponents;
    use crate::cmd::play::session::{play, Ending, Setup};

    /// Plays seed 7 (east only) in line mode with `input`; the output and
    /// the final scores.
    fn game(input: &[u8]) -> (String, Option<[i32; 4]>) {
        let setup = Setup {
            rules: crate::cmd::load_rules("tenhou", Some("east")).unwrap(),
            seed: 7,
            seat: tenpai::game::SeatIndex::ALL[0],
            watch: false,
            opponents: Opponents::seat(&[tenpai::arena::PlayerKind::Baseline], Some(0)).unwrap(),
            budget: tenpai::ai::mc::Budget::Samples(100),
            threads: 1,
            decisions: None,
        };
        let mut out = Vec::new();
        let mut front = Plain {
            input,
            out: &mut out,
            rules: setup.rules.clone(),
            names: Names {
                me: 0,
                watch: false,
            },
            mode: TileMode::Text,
            styled: false,
            colour: false,
            hints: false,
            advisor: Advisor::Baseline,
            delay: Duration::ZERO,
            echo: true,
        };
        let (ending, _) = play(&setup, &mut front).unwrap();
        let scores = match ending {
            Ending::Finished(r) => Some(r.scores),
            Ending::Left { .. } => None,
        };
        (String::from_utf8(out).unwrap(), scores)
    }

    #[test]
    fn plain_ok_bytes_that_are_not_utf8_are_garbage() {
        let clean = "a\n".repeat(2000);
        let mut noisy = b"\xff\xfe riichi\r\n".to_vec();
        noisy.extend_from_slice(clean.as_bytes());
        let (out, scores) = game(&noisy);
        assert!(out.contains("> \u{FFFD}\u{FFFD} riichi\nUnknown command \"\u{FFFD}\u{FFFD} riichi\"; type help.\n> a\n"), "{out}");
        assert_eq!(scores, Some([32800, 27800, 27500, 11900]));
        assert_eq!(game(clean.as_bytes()).1, scores);
    }

    #[test]
    fn plain_ok_colour_paints_tiles() {
        let (out, _) = game(b"q\n");
        assert!(!out.contains('\x1b'));
        let front = Plain {
            input: &b""[..],
            out: Vec::new(),
            rules: crate::cmd::load_rules("tenhou", None).unwrap(),
            names: Names {
                me: 0,
                watch: false,
            },
            mode: TileMode::Text,
            styled: true,
            colour: true,
            hints: false,
            advisor: Advisor::Baseline,
            delay: Duration::ZERO,
            echo: false,
        };
        assert_eq!(
            front.cell("0m".into(), "5mr".parse().unwrap()),
            "\x1b[1;4;38;5;196m0m\x1b[0m"
        );
        assert_eq!(
            front.cell("1z".into(), "E".parse().unwrap()),
            "\x1b[1m1z\x1b[0m"
        );
        assert_eq!(
            front.cell("3p".into(), "3p".parse().unwrap()),
            "\x1b[38;5;31m3p\x1b[0m"
        );
        // NO_COLOR: red fives stay bold and underlined, the rest plain.
        let front = Plain {
            colour: false,
            ..front
        };
        assert_eq!(
            front.cell("0m".into(), "5mr".parse().unwrap()),
            "\x1b[1;4m0m\x1b[0m"
        );
        assert_eq!(front.cell("3p".into(), "3p".parse().unwrap()), "3p");
    }
}
