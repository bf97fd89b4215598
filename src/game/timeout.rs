//! What is played for a seat whose time to decide has run out (a turn time
//! limit, as on Tenhou): written once, for every front end that times its
//! players ([`timeout_action`]).
//!
//! Sources: on Tenhou, a player who lets the time run out (the base time
//! of each decision, 5 s in an east–south game, 3 s in an east-only one,
//! then their extra time, 10 s or 5 s) has the drawn tile discarded for
//! them ("勝手に牌がツモ切られてしまう"), and the tile that goes out when
//! no drawn tile stands apart is the one at the right end of the hand
//! (saikyo-jansi.com, "天鳳の時間切れツモ切りを防ぐちょい裏ワザ", 2017-09-27:
//! "時間切れになりそうな時は、切ることになりそうな牌を一番右に持っていく").
//! A call or a win on offer is declined: nothing is declared for a
//! player who did not answer. The base time and the extra time that
//! drains after it are described by kobalab, "ネット対戦の持ち時間設定方法"
//! (blog.kobalab.net, 2024-02-17: "天鳳同様に設定したければ、5+10").

use super::legal::Action;

/// The action played for a seat that let its time run out, among `legal`
/// (the seat's legal actions, [`super::legal_actions`]):
///
/// - the drawn tile, discarded (tsumogiri), when it may be discarded
///   (after a draw, in riichi or not; not the riichi declaration itself);
/// - pass, when a call or a ron is on offer (a chankan too);
/// - else a discard without a drawn tile (the turn after a chi, pon or
///   kan call, or a riichi declared whose drawn tile would break the wait):
///   the tile at the right end of the hand as Tenhou sorts it (characters,
///   circles, bamboo, then the honors E S W N P F C; of two fives, the
///   plain one, which stands right of the red), among the discards offered
///   (a tile that swap-calling forbids is not offered).
///
/// Never a win, a riichi, a kan, a call or nine terminals. `None` only
/// when `legal` holds no discard and no pass (no decision: an empty list).
///
/// ```
/// use tenpai::game::{timeout_action, Action};
/// let drawn = Action::Discard { pai: "7p".parse()?, tsumogiri: true };
/// let legal = [
///     Action::Tsumo,
///     Action::Discard { pai: "1m".parse()?, tsumogiri: false },
///     drawn.clone(),
/// ];
/// assert_eq!(timeout_action(&legal), Some(drawn));
/// assert_eq!(timeout_action(&[Action::Ron, Action::Pass]), Some(Action::Pass));
/// assert_eq!(timeout_action(&[]), None);
/// # Ok::<(), tenpai::game::GameError>(())
/// ```
pub fn timeout_action(legal: &[Action]) -> Option<Action> {
    let tsumogiri = legal.iter().find(|a| {
        matches!(
            a,
            Action::Discard {
                tsumogiri: true,
                ..
            }
        )
    });
    if let Some(a) = tsumogiri {
        return Some(a.clone());
    }
    if legal.contains(&Action::Pass) {
        return Some(Action::Pass);
    }
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard { pai, .. } => {
                // Tenhou's order: the kind's index, a red five left of a
                // plain one.
                let kind = pai.tile().map(|t| t.index())?;
                Some(((kind, !pai.is_red()), a))
            }
            _ => None,
        })
        .max_by_key(|(place, _)| *place)
        .map(|(_, a)| a.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{legal_actions, Pai, Position, SeatIndex};
    use crate::rules::Rules;

    fn pai(s: &str) -> Pai {
        s.parse().unwrap()
    }

    fn discard(s: &str, tsumogiri: bool) -> Action {
        Action::Discard {
            pai: pai(s),
            tsumogiri,
        }
    }

    /// Seat 0's legal actions in a position of its own turn.
    fn legal_in(hand: &str, drawn: Option<&str>, riichi: bool) -> Vec<Action> {
        let [s0, _, _, s3] = SeatIndex::ALL;
        let mut p = Position::new(s0, "E1".parse().unwrap())
            .hand(&hand.parse().unwrap(), drawn.map(pai))
            .river(s0, &[pai("9m")])
            .river(s3, &[pai("1m")])
            .dora_indicators(&[pai("3s")]);
        if riichi {
            p = p.riichi(s0, Some(1));
        }
        legal_actions(&p.build(&Rules::tenhou()).unwrap(), s0)
    }

    #[test]
    fn timeout_action_ok_the_drawn_tile_discarded() {
        // Drew 9p to a hand that could also riichi: 9p goes out, no riichi.
        let legal = legal_in("123m456p789s11z23p9p", Some("9p"), false);
        assert!(legal.iter().any(|a| matches!(a, Action::Riichi { .. })));
        assert_eq!(timeout_action(&legal), Some(discard("9p", true)));
    }

    #[test]
    fn timeout_action_ok_in_riichi_the_drawn_tile_not_the_win() {
        // In riichi on 14p, drew 1p: the tsumo is offered and declined.
        let legal = legal_in("123m456p789s11z23p1p", Some("1p"), true);
        assert!(legal.contains(&Action::Tsumo), "{legal:?}");
        assert_eq!(timeout_action(&legal), Some(discard("1p", true)));
    }

    #[test]
    fn timeout_action_ok_after_a_pon_the_rightmost_tile() {
        // After a pon (no drawn tile): the right end of 23m456p89s1155z is 5z.
        let legal = legal_in("23m456p89s1155z [777s]", None, false);
        assert!(legal.iter().all(|a| matches!(a, Action::Discard { .. })));
        assert_eq!(timeout_action(&legal), Some(discard("P", false)));
    }

    #[test]
    fn timeout_action_ok_after_a_chi_the_rightmost_tile_a_plain_five() {
        // After a chi of 789m: the hand ends in a red and a plain 5s; Tenhou
        // sorts the red one left, so the plain one goes.
        let legal = legal_in("123p456p11405s [789m]", None, false);
        assert!(legal.contains(&discard("5sr", false)), "{legal:?}");
        assert_eq!(timeout_action(&legal), Some(discard("5s", false)));
    }

    #[test]
    fn timeout_action_ok_a_call_or_ron_on_offer_passed() {
        let pon = Action::Pon {
            consumed: [pai("5p"), pai("5pr")],
        };
        let chi = Action::Chi {
            consumed: [pai("3p"), pai("4p")],
        };
        for offer in [
            vec![Action::Ron, Action::Pass],
            vec![chi.clone(), pon.clone(), Action::Pass],
            vec![Action::Ron, pon, Action::Daiminkan, chi, Action::Pass],
        ] {
            assert_eq!(timeout_action(&offer), Some(Action::Pass), "{offer:?}");
        }
    }

    #[test]
    fn timeout_action_ok_a_riichi_discard_without_the_drawn_tile() {
        // Riichi declared (the discard still to choose) and the drawn tile
        // would break the wait: the rightmost tile that keeps it.
        let legal = [discard("1m", false), discard("E", false)];
        assert_eq!(timeout_action(&legal), Some(discard("E", false)));
    }

    #[test]
    fn timeout_action_err_nothing_to_play() {
        assert_eq!(timeout_action(&[]), None);
        assert_eq!(timeout_action(&[Action::Tsumo]), None);
    }
}
