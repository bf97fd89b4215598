//! The turn time limit (Tenhou-style, off by default): each decision of a
//! person has a base time ([`TurnLimit::base`]); past it, the seat's bank
//! ([`TurnLimit::bank`], given once per game, never refilled) drains; when
//! both are gone the table plays the library's
//! [`tenpai::game::timeout_action`] for the seat (tsumogiri, pass, or the
//! hand's rightmost tile) and tells every client
//! ([`NoticeKind::TimedOut`]). A person who answers in time keeps their
//! bank minus what they overran the base.
//!
//! Only people's seats are timed: an AI's seat and a seat an AI covers
//! while its person is away decide without a clock. A decision's clock
//! runs only while its person has a connection: someone who left is
//! covered by the grace period ([`super::TableSpec::grace`]), not charged
//! their bank (after a server restart, too, no one's clock runs until they
//! are back), and coming back resumes the clock where it stopped (leaving
//! does not buy a new base). After a round's result, no clock runs for
//! [`RESULT_PAUSE`]: the page shows the result until the person closes
//! it, and reading it does not cost their bank. The clock is tokio's (`tokio::time::Instant`):
//! the tests pause it and move it by hand.

use super::{Stage, Table};
use crate::protocol::{NoticeKind, TurnClock};
use std::time::Duration;
use tenpai::game::SeatIndex;
use tokio::time::Instant;

/// The time after a round's result in which no turn clock runs (the
/// person reads the result; Tenhou shows it for some seconds too).
pub const RESULT_PAUSE: Duration = Duration::from_secs(10);

/// A turn time limit: whole seconds, never 0 + 0 (that is no limit:
/// [`TurnLimit::seconds`] gives `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnLimit {
    base: Duration,
    bank: Duration,
}

/// A turn time limit out of range: which part (`"base"` or `"bank"`), the
/// seconds asked and the most allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{part} {seconds} s: expected 0 to {max}")]
pub struct TurnLimitError {
    /// `"base"` or `"bank"`.
    pub part: &'static str,
    /// The seconds asked.
    pub seconds: u64,
    /// The most seconds allowed ([`TurnLimit::MAX_BASE_S`],
    /// [`TurnLimit::MAX_BANK_S`]).
    pub max: u64,
}

impl TurnLimit {
    /// The longest base time of a decision, in seconds.
    pub const MAX_BASE_S: u64 = 300;
    /// The longest bank of a game, in seconds.
    pub const MAX_BANK_S: u64 = 3600;

    /// The limit of `base` and `bank` seconds; `None` (no limit) when both
    /// are 0.
    ///
    /// # Errors
    /// [`TurnLimitError`] for a base over [`TurnLimit::MAX_BASE_S`] or a
    /// bank over [`TurnLimit::MAX_BANK_S`].
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use std::time::Duration;
    /// use tenpai_web::table::TurnLimit;
    /// let t = TurnLimit::seconds(5, 10)?.unwrap();
    /// assert_eq!((t.base(), t.bank()), (Duration::from_secs(5), Duration::from_secs(10)));
    /// assert_eq!(TurnLimit::seconds(0, 0)?, None);
    /// assert_eq!(TurnLimit::seconds(5, 4000).unwrap_err().to_string(), "bank 4000 s: expected 0 to 3600");
    /// # Ok::<(), tenpai_web::table::TurnLimitError>(())
    /// ```
    pub fn seconds(base: u64, bank: u64) -> Result<Option<TurnLimit>, TurnLimitError> {
        for (part, seconds, max) in [
            ("base", base, Self::MAX_BASE_S),
            ("bank", bank, Self::MAX_BANK_S),
        ] {
            if seconds > max {
                return Err(TurnLimitError { part, seconds, max });
            }
        }
        Ok((base > 0 || bank > 0).then(|| TurnLimit {
            base: Duration::from_secs(base),
            bank: Duration::from_secs(bank),
        }))
    }

    /// The time each decision has before the bank drains.
    pub fn base(&self) -> Duration {
        self.base
    }

    /// The time each person's seat may overrun its decisions' base times
    /// in all, for the whole game.
    pub fn bank(&self) -> Duration {
        self.bank
    }
}

/// The clock of a person's open decision.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    seat: SeatIndex,
    decision: u64,
    /// Time spent on the decision before the clock last stopped (the
    /// person left).
    before: Duration,
    /// When the clock last started; `None` while the person is away.
    running_since: Option<Instant>,
}

impl Clock {
    /// Time spent on the decision so far.
    fn spent(&self) -> Duration {
        self.before
            + self.running_since.map_or(Duration::ZERO, |t| {
                Instant::now().saturating_duration_since(t)
            })
    }
}

impl Table {
    /// A person's decision opened at `seat`: its clock starts (at a table
    /// with a limit; at the end of the [`RESULT_PAUSE`] when a round's
    /// result was published less than that ago), or waits for the person
    /// if they have no connection.
    pub(super) fn start_clock(&mut self, seat: SeatIndex, decision: u64) {
        let here = self.connected(seat);
        let start = self.clock_start();
        self.clock = self.spec.turn_limit.map(|_| Clock {
            seat,
            decision,
            before: Duration::ZERO,
            running_since: here.then_some(start),
        });
    }

    /// When a clock started now runs: now, or the end of the result pause.
    fn clock_start(&self) -> Instant {
        let now = Instant::now();
        self.round_ended
            .map_or(now, |ended| (ended + RESULT_PAUSE).max(now))
    }

    /// After a person left or came: the open decision's clock runs only
    /// while its person has a connection.
    pub(super) fn sync_clock(&mut self) {
        let Some((clock, _)) = self.open_clock() else {
            return;
        };
        let here = self.connected(clock.seat);
        let clock = match (here, clock.running_since) {
            (false, Some(_)) => Clock {
                before: clock.spent(),
                running_since: None,
                ..clock
            },
            (true, None) => Clock {
                running_since: Some(self.clock_start()),
                ..clock
            },
            _ => return,
        };
        self.clock = Some(clock);
    }

    /// The clock of the decision open now, if it is timed.
    fn open_clock(&self) -> Option<(Clock, TurnLimit)> {
        let clock = self.clock?;
        let limit = self.spec.turn_limit?;
        match self.stage {
            Stage::Person { seat, decision }
                if seat == clock.seat && decision == clock.decision =>
            {
                Some((clock, limit))
            }
            _ => None,
        }
    }

    /// When the open decision's time runs out (base and bank), if it is
    /// timed and its clock runs.
    pub(super) fn turn_deadline(&self) -> Option<Instant> {
        let (clock, limit) = self.open_clock()?;
        let allowed = limit.base + self.banks[clock.seat.index()];
        Some(clock.running_since? + allowed.saturating_sub(clock.before))
    }

    /// What `clock`'s seat has spent of its open decision so far, and what
    /// would be left of its bank if it answered now.
    fn spent_and_bank(&self, clock: Clock, limit: TurnLimit) -> (Duration, Duration) {
        let spent = clock.spent();
        let bank = self.banks[clock.seat.index()].saturating_sub(spent.saturating_sub(limit.base));
        (spent, bank)
    }

    /// The time `seat` has left to answer its open decision, as it is told
    /// ([`crate::view::TableView::clock`]).
    pub(super) fn clock_left(&self, seat: SeatIndex) -> Option<TurnClock> {
        let (clock, limit) = self.open_clock().filter(|(c, _)| c.seat == seat)?;
        let (spent, bank) = self.spent_and_bank(clock, limit);
        let now = Instant::now();
        let starts_in = clock
            .running_since
            .map_or(Duration::ZERO, |t| t.saturating_duration_since(now));
        Some(TurnClock {
            base_ms: limit.base.saturating_sub(spent).as_millis() as u64,
            bank_ms: bank.as_millis() as u64,
            starts_in_ms: starts_in.as_millis() as u64,
        })
    }

    /// The person answered the open decision in time: their bank loses
    /// what they took past the base.
    pub(super) fn stop_clock(&mut self) {
        if let Some((clock, limit)) = self.open_clock() {
            self.banks[clock.seat.index()] = self.spent_and_bank(clock, limit).1;
        }
        self.clock = None;
    }

    /// A new game: every seat's bank full.
    pub(super) fn fill_banks(&mut self) {
        let bank = self.spec.turn_limit.map_or(Duration::ZERO, |l| l.bank);
        self.banks = [bank; 4];
    }

    /// The open decision's time ran out: its seat's bank is empty, every
    /// client is told, and the library's time-out action is played for
    /// it. Nothing when no timed decision is open or its time is not up.
    pub(super) fn time_out(&mut self) {
        let Some(deadline) = self.turn_deadline() else {
            return;
        };
        if Instant::now() < deadline {
            return;
        }
        let Some((clock, _)) = self.open_clock() else {
            return;
        };
        let seat = clock.seat;
        self.clock = None;
        self.banks[seat.index()] = Duration::ZERO;
        let Some(action) = tenpai::game::timeout_action(self.game.legal()) else {
            return self.fail(&format!("seat {seat}: no action to play on a time-out"));
        };
        let message = format!(
            "{} ran out of time: their turn was played for them",
            tenpai::Wind::ALL[seat.index()].name()
        );
        self.notice(seat, NoticeKind::TimedOut, None, message);
        self.stage = Stage::Thinking;
        self.thinking = None;
        self.step(&action);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Advisor, Out, Role, Stage, Table, TableMsg, TableSpec, OUT_QUEUE};
    use super::TurnLimit;
    use crate::protocol::ClientMsg;
    use serde_json::Value;
    use std::time::Duration;
    use tenpai::arena::PlayerKind;
    use tenpai::game::SeatIndex;
    use tenpai::rules::{GameLength, Rules};
    use tokio::sync::mpsc;
    use tokio::time::{advance, Instant};

    const EAST: SeatIndex = SeatIndex::ALL[0];
    const SECOND: Duration = Duration::from_secs(1);

    /// East a person, three baseline AI players, east only, seed 3; each
    /// decision 5 s, a bank of 10 s.
    fn spec(log_dir: Option<std::path::PathBuf>) -> TableSpec {
        let mut rules = Rules::tenhou();
        rules.game.length = GameLength::East;
        TableSpec {
            rules,
            seed: 3,
            players: [
                None,
                Some(PlayerKind::Baseline),
                Some(PlayerKind::Baseline),
                Some(PlayerKind::Baseline),
            ],
            ai_delay: Duration::ZERO,
            advisor: Advisor::Baseline,
            log_dir,
            spectators_see_hands: false,
            grace: Some(Duration::from_secs(20)),
            turn_limit: TurnLimit::seconds(5, 10).unwrap(),
            saved: None,
        }
    }

    type Inbox = mpsc::Receiver<tungstenite::Utf8Bytes>;

    /// The table with East seated (the game started, East's first
    /// decision open) and a spectator.
    fn seated() -> (Table, Inbox, Inbox) {
        seated_at(spec(None), OUT_QUEUE)
    }

    /// [`seated`] at the table of `spec`, the spectator's queue `watch`
    /// messages long.
    fn seated_at(spec: TableSpec, watch: usize) -> (Table, Inbox, Inbox) {
        let mut t = Table::new(1, spec, crate::logs::Logs::default()).unwrap();
        let (east, to_east) = Out::channel(OUT_QUEUE);
        let (watch, to_watch) = Out::channel(watch);
        for (client, out, role) in [(1, east, Role::Seat(EAST)), (2, watch, Role::Spectator)] {
            t.handle(TableMsg::Join { client, out, role });
        }
        assert!(matches!(t.stage, Stage::Person { seat: EAST, .. }));
        (t, to_east, to_watch)
    }

    fn read(inbox: &mut Inbox) -> Vec<Value> {
        std::iter::from_fn(|| inbox.try_recv().ok())
            .map(|m| serde_json::from_str(&m).unwrap())
            .collect()
    }

    /// The clock of the last decision among `msgs`.
    fn last_clock(msgs: &[Value]) -> Value {
        let last = msgs
            .iter()
            .rev()
            .find(|m| m["type"] == "table" && m["view"]["decision"].is_u64())
            .expect("a decision");
        last["view"]["clock"].clone()
    }

    fn clock(base_ms: u64, bank_ms: u64) -> Value {
        serde_json::json!({ "base_ms": base_ms, "bank_ms": bank_ms })
    }

    /// East answers its open decision in time (the move a time-out
    /// would make).
    fn act(t: &mut Table) {
        act_as(t, 1)
    }

    /// [`act`] from the connection `client`.
    fn act_as(t: &mut Table, client: u64) {
        let legal = t.game.legal();
        let played = tenpai::game::timeout_action(legal).unwrap();
        let msg = ClientMsg::Act {
            decision: t.decision,
            choice: legal.iter().position(|a| *a == played).unwrap(),
        };
        t.handle(TableMsg::Intent { client, msg });
    }

    /// East is asked now.
    fn east_asked(t: &Table) -> bool {
        matches!(t.stage, Stage::Person { seat: EAST, .. })
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_the_decision_carries_its_deadline() {
        let (t, mut to_east, mut to_watch) = seated();
        assert_eq!(last_clock(&read(&mut to_east)), clock(5000, 10_000));
        assert_eq!(t.turn_deadline(), Some(Instant::now() + 15 * SECOND));
        // The spectator sees who is asked, not their clock.
        let watched = read(&mut to_watch);
        assert!(watched.iter().all(|m| m["view"]["clock"].is_null()));
        // East comes back mid-decision: what is left then.
        advance(Duration::from_millis(6500)).await;
        assert_eq!(
            serde_json::to_value(t.clock_left(EAST)).unwrap(),
            clock(0, 8500)
        );
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_acting_in_the_base_time_keeps_the_bank() {
        let (mut t, mut to_east, _w) = seated();
        advance(5 * SECOND).await;
        act(&mut t);
        assert!(east_asked(&t), "East is asked again (a baseline table)");
        assert_eq!(last_clock(&read(&mut to_east)), clock(5000, 10_000));
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_the_base_time_gone_draws_the_bank() {
        let (mut t, mut to_east, _w) = seated();
        advance(7 * SECOND).await;
        t.time_out();
        act(&mut t);
        let msgs = read(&mut to_east);
        assert!(msgs.iter().all(|m| m["type"] != "notice"), "no time-out");
        assert_eq!(last_clock(&msgs), clock(5000, 8000));
        assert_eq!(t.turn_deadline(), Some(Instant::now() + 13 * SECOND));
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_the_bank_gone_plays_tsumogiri_and_tells_everyone() {
        let (mut t, mut to_east, mut to_watch) = seated();
        read(&mut to_east);
        read(&mut to_watch);
        let legal = t.game.legal().to_vec();
        advance(15 * SECOND - Duration::from_millis(1)).await;
        t.time_out();
        assert!(read(&mut to_east).is_empty(), "1 ms left: nothing played");
        advance(Duration::from_millis(1)).await;
        t.time_out();
        let notice = serde_json::json!({
            "type": "notice", "seat": 0, "kind": "timed_out",
            "message": "East ran out of time: their turn was played for them",
        });
        let (east, watched) = (read(&mut to_east), read(&mut to_watch));
        for msgs in [&east, &watched] {
            assert_eq!(msgs[0], notice);
        }
        // The drawn tile, discarded: the library's choice.
        let played = tenpai::game::timeout_action(&legal).unwrap();
        let tenpai::game::Action::Discard {
            pai,
            tsumogiri: true,
        } = played
        else {
            panic!("{played:?}");
        };
        let dahai = serde_json::json!({
            "type": "dahai", "actor": 0, "pai": pai.to_string(), "tsumogiri": true,
        });
        assert_eq!(east[1]["event"], dahai);
        assert_eq!(watched[1]["event"], dahai);
        // The bank is spent: the next decisions have their base time only.
        assert!(east_asked(&t));
        assert_eq!(last_clock(&east), clock(5000, 0));
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_a_person_away_is_not_timed_and_the_ai_covers_after_the_grace() {
        // Grace 20 s, base 5 s and bank 10 s: the clock alone would play
        // East's turn at 15 s.
        let (mut t, _to_east, mut to_watch) = seated_at(spec(None), OUT_QUEUE * 64);
        t.handle(TableMsg::Leave { client: 1 });
        assert_eq!(t.turn_deadline(), None, "no clock runs for a person away");
        advance(20 * SECOND - Duration::from_millis(1)).await;
        t.time_out();
        t.take_over();
        assert!(east_asked(&t), "still East's own decision");
        advance(Duration::from_millis(1)).await;
        // The grace period ends: the AI plays East to the game's end.
        t.take_over();
        assert!(matches!(t.stage, Stage::Over));
        let kinds: Vec<Value> = read(&mut to_watch)
            .into_iter()
            .filter(|m| m["type"] == "notice")
            .map(|m| m["kind"].clone())
            .collect();
        assert_eq!(kinds, ["left", "covered"], "no time-out");
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_a_person_who_comes_back_finds_the_clock_where_they_left_it() {
        let (mut t, _to_east, _w) = seated();
        advance(3 * SECOND).await;
        t.handle(TableMsg::Leave { client: 1 });
        advance(60 * SECOND).await;
        let (east, mut to_east) = Out::channel(OUT_QUEUE);
        let role = Role::Seat(EAST);
        t.handle(TableMsg::Join {
            client: 3,
            out: east,
            role,
        });
        // 3 s of the base were spent before leaving: leaving buys no time.
        assert_eq!(last_clock(&read(&mut to_east)), clock(2000, 10_000));
        assert_eq!(t.turn_deadline(), Some(Instant::now() + 12 * SECOND));
        advance(4 * SECOND).await;
        act_as(&mut t, 3);
        assert_eq!(last_clock(&read(&mut to_east)), clock(5000, 8000));
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_no_clock_runs_while_a_round_result_is_read() {
        let (mut t, mut to_east, _w) = seated();
        // East plays on at once until a round ends and East is asked in
        // the next one.
        let mut msgs = Vec::new();
        while !msgs
            .iter()
            .any(|m: &Value| m["event"]["type"] == "end_kyoku")
        {
            act(&mut t);
            msgs = read(&mut to_east);
        }
        assert!(east_asked(&t));
        let clock = last_clock(&msgs);
        assert_eq!(clock["starts_in_ms"], 10_000, "{clock}");
        assert_eq!(clock["base_ms"], 5000);
        let bank = Duration::from_millis(clock["bank_ms"].as_u64().unwrap());
        let full = super::RESULT_PAUSE + 5 * SECOND + bank;
        assert_eq!(t.turn_deadline(), Some(Instant::now() + full));
        // 10 s later the clock runs, the base whole.
        advance(super::RESULT_PAUSE).await;
        let left = serde_json::to_value(t.clock_left(EAST)).unwrap();
        assert_eq!(
            (left["base_ms"].clone(), left.get("starts_in_ms")),
            (5000.into(), None)
        );
    }

    #[tokio::test(start_paused = true)]
    async fn turn_ok_a_game_played_by_time_outs_replays() {
        let dir = tempfile::tempdir().unwrap();
        let t = Table::new(
            1,
            spec(Some(dir.path().into())),
            crate::logs::Logs::default(),
        );
        let t = t.unwrap();
        let (tx, rx) = mpsc::channel(16);
        let local = tokio::task::LocalSet::new();
        local.spawn_local(t.run(rx));
        let (east, mut to_east) = Out::channel(OUT_QUEUE);
        let (decisions, notices, rounds, took) = local
            .run_until(async move {
                let start = Instant::now();
                let join = TableMsg::Join {
                    client: 1,
                    out: east,
                    role: Role::Seat(EAST),
                };
                assert!(tx.send(join).await.is_ok());
                let (mut decisions, mut notices, mut rounds) = (0, Vec::new(), 0);
                // East never answers: tokio's paused clock jumps to each
                // deadline.
                while let Some(m) = to_east.recv().await {
                    let m: Value = serde_json::from_str(&m).unwrap();
                    match m["type"].as_str() {
                        Some("table") if m["view"]["decision"].is_u64() => decisions += 1,
                        Some("table") if m["event"]["type"] == "start_kyoku" => rounds += 1,
                        Some("notice") => notices.push((m["seat"].clone(), m["kind"].clone())),
                        Some("game_end") => break,
                        _ => {}
                    }
                }
                (decisions, notices, rounds, start.elapsed())
            })
            .await;
        assert!(decisions > 20, "{decisions}");
        let expected: Vec<(Value, Value)> = (0..decisions)
            .map(|_| (0.into(), "timed_out".into()))
            .collect();
        assert_eq!(notices, expected, "only East's seat, each decision");
        // The first decision took its base and the bank, the others 5 s;
        // each round but the last ended with a result pause.
        let pauses = (rounds - 1) * super::RESULT_PAUSE;
        assert_eq!(took, 10 * SECOND + decisions as u32 * 5 * SECOND + pauses);
        let file = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|f| f.unwrap().path())
            .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .unwrap();
        let game = tenpai::log::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
        let report = tenpai::replay::replay(&game, &spec(None).rules);
        assert!(report.mismatches.is_empty(), "{:?}", report.mismatches);
        assert!(matches!(report.extent, tenpai::replay::Extent::Whole));
    }
}
