//! A view made again in place (`SeatView::refresh_without_choices`, the
//! web server's way after every event) is the view made new, for every
//! perspective, at every event of seeded games of eager players (calls,
//! kans, riichi, wins and draws, round ends with their results).

use crate::common;
use common::eager::eager_game;
use tenpai::game::{SeatIndex, State};
use tenpai::rules::Rules;
use tenpai::view::SeatView;

/// Each perspective's view made new from `s`: the four seats' without
/// their choices, a spectator's, every hand's (with East's seat, without
/// its choices).
fn made(s: &State) -> Vec<SeatView> {
    let mut v: Vec<SeatView> = SeatIndex::ALL
        .into_iter()
        .map(|seat| SeatView::of_without_choices(s, seat))
        .collect();
    v.push(SeatView::spectator(s));
    v.push(SeatView::all_hands(s, Some(SeatIndex::ALL[0])).without_choices());
    v
}

#[test]
fn view_refresh_ok_is_the_view_made_new_at_every_event_of_seeded_games() {
    let (mut events, mut melds, mut results) = (0, 0, 0);
    for seed in 0..4 {
        let rules = Rules::tenhou();
        let g = eager_game(&rules, seed);
        let mut s = State::new(rules);
        // Made once from the first state (the seats' views with their
        // choices: a refresh drops them), then only refreshed.
        let mut kept: Vec<SeatView> = SeatIndex::ALL
            .into_iter()
            .map(|seat| SeatView::of(&s, seat))
            .collect();
        kept.push(SeatView::spectator(&s));
        kept.push(SeatView::all_hands(&s, Some(SeatIndex::ALL[0])));
        for e in &g.events {
            s.apply(e).unwrap();
            for v in &mut kept {
                v.refresh_without_choices(&s);
            }
            assert_eq!(kept, made(&s), "seed {seed}, after {e:?}");
            events += 1;
            melds += kept[5].seats().iter().map(|x| x.melds.len()).sum::<usize>();
            results += usize::from(kept[5].result().is_some());
        }
    }
    assert!(
        events > 2000 && melds > 100 && results > 20,
        "{events} {melds} {results}"
    );
}
