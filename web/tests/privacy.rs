//! Privacy over whole games: two people and a spectator play a scripted
//! east-only game at a lobby table through real WebSockets, and every
//! message each one received is checked against the game's full log
//! afterwards. Each event is the library's view of it for that client
//! (`Event::seen_by`, `Event::seen_by_spectator`), each table the library's
//! view of the position after it (`SeatView::of`, `SeatView::spectator`),
//! and, checked directly as well: no other seat's concealed tile, no
//! concealed tile at all for the spectator, no draw of another seat, no
//! wall seed, no dora indicator before it is revealed, no thinking but
//! about one's own seat. East and the spectator take the updates as
//! patches (`web/tests/patch.rs`), so the views checked are the patched
//! ones.

use crate::common::{east, server, Client};
use crate::rooms::{open_two_people, ws};
use serde_json::Value;
use tenpai::game::{Event, SeatIndex, State};
use tenpai_web::table::Role;
use tenpai_web::view::TableView;

/// `v` without the fields only the server knows or that depend on who is
/// asked now (the open decision, its choices, the seat asked).
fn public_part(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for k in ["decision", "asked", "choices"] {
            o.remove(k);
        }
    }
    v
}

/// The names of `start_game` (the log file names the players).
fn without_names(mut e: Value) -> Value {
    if let Some(o) = e.as_object_mut() {
        o.remove("names");
    }
    e
}

/// Checks every message `msgs` that a client of `role` received against
/// the game's `events` (the full log); returns the events the client saw.
fn check_private(msgs: &[Value], role: Role, events: &[Event]) -> usize {
    let mut state = State::new(east());
    let mut seen = 0;
    let mut dora_shown = 0;
    let mut first = true;
    let apply = |state: &mut State, truth: &Event, dora_shown: &mut usize| {
        match truth {
            Event::StartKyoku { .. } => *dora_shown = 1,
            Event::Dora { .. } => *dora_shown += 1,
            _ => {}
        }
        state.apply(truth).unwrap();
    };
    let library_view = |state: &State| {
        public_part(serde_json::to_value(TableView::for_role(state, role, None, None)).unwrap())
    };
    for m in msgs {
        match m["type"].as_str().unwrap() {
            "table" => {
                if let Some(e) = m.get("event") {
                    let truth = &events[seen];
                    seen += 1;
                    let expected = match role {
                        Role::Seat(s) => truth.seen_by(s),
                        _ => truth.seen_by_spectator(),
                    };
                    assert_eq!(
                        without_names(e.clone()),
                        without_names(serde_json::to_value(&expected).unwrap()),
                        "event {seen} to {role:?}"
                    );
                    check_event(e, role);
                    apply(&mut state, truth, &mut dora_shown);
                } else if first {
                    // The table as it stood when the client came: the
                    // events before it are in the view, not sent one by one.
                    while public_part(m["view"].clone()) != library_view(&state)
                        && seen < events.len()
                    {
                        apply(&mut state, &events[seen], &mut dora_shown);
                        seen += 1;
                    }
                }
                first = false;
                let v = &m["view"];
                assert_eq!(
                    public_part(v.clone()),
                    library_view(&state),
                    "the view after event {seen} to {role:?}"
                );
                check_view(v, role);
                let indicators = v["dora_indicators"].as_array().unwrap().len();
                assert_eq!(
                    indicators, dora_shown,
                    "dora indicators after event {seen}: {v}"
                );
                if role == Role::Spectator {
                    assert!(v["decision"].is_null() && v["choices"].is_null(), "{v}");
                }
            }
            "thinking" => match role {
                Role::Seat(s) => assert_eq!(m["seat"], s.get(), "{m}"),
                _ => panic!("thinking sent to {role:?}: {m}"),
            },
            "error" => panic!("{m}"),
            _ => {}
        }
    }
    seen
}

/// No concealed tile of a seat other than the client's in a view: the
/// hands of other seats absent (a spectator sees none), hands shown at a
/// round's end only as the rules show them (a win, a ready hand).
fn check_view(v: &Value, role: Role) {
    let seats = v["seats"].as_array().unwrap();
    for (s, info) in seats.iter().enumerate() {
        let own = role == Role::Seat(SeatIndex::ALL[s]);
        assert_eq!(
            info["hand"].is_null(),
            !own,
            "seat {s}'s hand to {role:?}: {v}"
        );
    }
    if let Some(shown) = v["result"]["shown"].as_array() {
        assert!(
            shown
                .iter()
                .all(|h| h["why"] == "win" || h["why"] == "tenpai"),
            "{v}"
        );
    }
    let text = v.to_string();
    for word in ["wall", "seed", "tehais"] {
        assert!(!text.contains(word), "{word} in {text}");
    }
}

/// No concealed tile in an event: other seats' draws and deals hidden, no
/// wall seed.
fn check_event(e: &Value, role: Role) {
    let me = role.seat().map(SeatIndex::get);
    match e["type"].as_str().unwrap() {
        "tsumo" if e["actor"].as_u64().map(|a| a as u8) != me => assert_eq!(e["pai"], "?", "{e}"),
        "start_kyoku" => {
            for s in 0..4u8 {
                let hidden = e["tehais"][s as usize]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|p| p == "?");
                assert_eq!(hidden, Some(s) != me, "seat {s}'s deal to {role:?}: {e}");
            }
        }
        "start_game" => assert!(e["seed"].is_null(), "{e}"),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn privacy_ok_two_people_and_a_spectator_over_a_whole_game() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(1, Some(dir.path().to_path_buf())).await;
    let links = open_two_people(&srv, 11).await;
    let mut spectator = Client::connect_to(&srv, &ws(&links["watch"])).await;
    let mut east_seat = Client::connect_to(&srv, &ws(&links["seats"][0]["link"])).await;
    // East and the spectator take the table's updates as patches (each
    // checked as the view it gives), South in full.
    spectator.take_patches().await;
    east_seat.take_patches().await;
    let mut south_seat = Client::connect_to(&srv, &ws(&links["seats"][1]["link"])).await;
    let watched = tokio::spawn(async move { spectator.watch_to_end().await });
    let east_played = tokio::spawn(async move { east_seat.play_to_end().await });
    let south_played = tokio::spawn(async move { south_seat.play_to_end().await });
    let (watched, east_played, south_played) = (
        watched.await.unwrap(),
        east_played.await.unwrap(),
        south_played.await.unwrap(),
    );
    let end = east_played.last().unwrap();
    let file = end["log_file"].as_str().expect("the log was written");
    let text = std::fs::read_to_string(file).unwrap();
    let events: Vec<Event> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(events.len() > 200, "{} events", events.len());
    // Each client saw every event, in order, as the library shows it to them.
    assert_eq!(
        check_private(&east_played, Role::Seat(SeatIndex::ALL[0]), &events),
        events.len()
    );
    assert_eq!(
        check_private(&south_played, Role::Seat(SeatIndex::ALL[1]), &events),
        events.len()
    );
    assert_eq!(
        check_private(&watched, Role::Spectator, &events),
        events.len()
    );
    // East's and the spectator's tables came as patches.
    for (who, msgs) in [("East", &east_played), ("the spectator", &watched)] {
        let patched = msgs.iter().filter(|m| m.get("patch").is_some()).count();
        assert!(patched > 200, "{who}: {patched} patches");
    }
    // Both people made decisions (calls and passes among them).
    for (who, msgs) in [("East", &east_played), ("South", &south_played)] {
        let decisions = msgs
            .iter()
            .filter(|m| m["view"]["decision"].is_u64())
            .count();
        assert!(decisions > 20, "{who}: {decisions} decisions");
    }
    srv.stop().await.unwrap();
}
