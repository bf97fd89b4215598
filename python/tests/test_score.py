"""Scoring: exact results of documented examples, and the 3,000 shared cases
(tests/data/score/cases.jsonl, agreed by two independent scorers)."""

import pytest

import tenpai

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou")


def hand_text(case):
    """The case's hand with its melds in brackets, as `score` reads it."""
    melds = []
    for m in case["melds"]:
        tiles = m["tiles"]
        melds.append(f"({tiles})" if m["type"] == "ankan" else f"[{tiles}]")
    return " ".join([case["hand"], *melds])


def score_case(case):
    return tenpai.score(
        hand_text(case),
        case["win_tile"],
        **{flag: case[flag] for flag in FLAGS},
        dora=case["dora_indicators"],
        ura=case["ura_indicators"],
        seat=case["seat_wind"],
        round=case["round_wind"],
        honba=case["honba"],
        kyoutaku=case["riichi_sticks"],
        rules="mahjongsoul",
    )


def payment_record(p):
    if p.kind == "ron":
        return {"ron": p.discarder}
    return {"tsumo_dealer": p.dealer, "tsumo_non_dealer": p.non_dealer}


def test_score_equals_the_shared_cases(score_cases):
    scored = 0
    for case in score_cases:
        expected = case["expected"]
        if "error" in expected:
            with pytest.raises(ValueError) as e:
                score_case(case)
            assert str(e.value) == expected["error"], case
            continue
        s = score_case(case)
        got = {
            "han": s.han,
            "fu": s.fu if not s.yakuman else expected["fu"],
            "yaku": s.yaku,
            "yakuman": s.yakuman,
            "payment": payment_record(s.payment),
            "total": s.total,
        }
        assert got == expected, case
        scored += 1
    assert scored == 2955


def test_score_ok_riichi_tsumo_haku():
    s = tenpai.score("123m456p789s11z555z", "1z", tsumo=True, riichi=True)
    assert s.yaku == {"riichi": 1, "menzen_tsumo": 1, "yakuhai_haku": 1}
    # 20 base + 2 tsumo + 2 tanki + 4 double-wind pair + 8 concealed 555z = 36 -> 40 fu
    assert (s.han, s.fu, s.limit) == (3, 40, None)
    assert s.fu_breakdown == [("base", 20), ("tsumo", 2), ("tanki wait", 2), ("pair 11z", 4), ("concealed triplet 555z", 8)]
    assert (s.payment.kind, s.payment.dealer, s.payment.non_dealer, s.payment.discarder) == ("tsumo", 0, 2600, None)
    assert s.total == 7800
    assert s.reading == "11z 123m 456p 789s 555z (tanki wait)"


def test_score_ok_mangan_with_honba_and_kyoutaku():
    s = tenpai.score("345m345m66p234567s", "7s", seat="S", dora="5p", honba=1, kyoutaku=2)
    assert s.yaku == {"pinfu": 1, "tanyao": 1, "iipeikou": 1, "dora": 2}
    assert (s.han, s.fu, s.limit, s.basic_points) == (5, 30, "mangan", 2000)
    assert s.payment == tenpai.score("345m345m66p234567s", "7s", seat="S", dora=["5p"], honba=1, kyoutaku=2).payment
    assert (s.payment.kind, s.payment.discarder) == ("ron", 8300)
    assert (s.total, s.kyoutaku_points, s.total_with_kyoutaku) == (8300, 2000, 10300)


def test_score_old_names_read_and_warn():
    with pytest.warns(DeprecationWarning, match=r"score\(sticks=...\) is deprecated: use score\(kyoutaku=...\)"):
        s = tenpai.score("345m345m66p234567s", "7s", seat="S", dora="5p", honba=1, sticks=2)
    with pytest.warns(DeprecationWarning, match="Score.stick_points is deprecated: use Score.kyoutaku_points"):
        assert s.stick_points == 2000
    with pytest.warns(DeprecationWarning, match="Score.total_with_sticks is deprecated: use Score.total_with_kyoutaku"):
        assert s.total_with_sticks == 10300
    with pytest.raises(ValueError, match=r"^kyoutaku=3 and sticks=2: give kyoutaku alone \(sticks is its old name\)$"):
        tenpai.score("345m345m66p234567s", "7s", kyoutaku=3, sticks=2)


def test_score_ok_called_melds_and_rules():
    # Daisangen + tsuuiisou: two yakuman (Mahjong Soul) on a called hand.
    s = tenpai.score("111z22z [555z] [666z] [777z]", "1z", rules="mahjongsoul")
    assert (s.yakuman, s.limit, s.han, s.fu) == (2, "double yakuman", 26, 0)
    assert s.yaku == {"daisangen": 13, "tsuuiisou": 13}
    assert (s.payment.kind, s.payment.discarder, s.total) == ("ron", 96000, 96000)
    assert s.pao == ["daisangen"]  # the feeder of the third dragon pon may be liable


def test_score_double_riichi_replaces_riichi():
    s = tenpai.score("123m456p789s234m99s", "3m", double_riichi=True)
    assert s.han == 2 and "double_riichi" in s.yaku and "riichi" not in s.yaku


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({}, "no yaku"),
        ({"ippatsu": True}, "invalid situation: ippatsu without riichi"),
        ({"haitei": True, "houtei": True}, "invalid situation: haitei and houtei cannot both apply"),
        ({"seat": "X"}, 'bad wind "X": expected E, S, W or N'),
        ({"dora": "8z"}, "bad dora indicators: no tile 8z (at position 1)"),
        ({"rules": "nonexistent"}, None),
    ],
)
def test_score_err_names_the_problem(kwargs, message):
    with pytest.raises(ValueError) as e:
        tenpai.score("234m567p88s [789s] [111p]", "8s", **kwargs)
    if message is not None:
        assert str(e.value) == message
    else:
        assert "nonexistent" in str(e.value)


def test_score_err_not_a_winning_hand():
    with pytest.raises(ValueError, match="^not a winning hand$"):
        tenpai.score("123m456p789s11234z", "4z")


def test_score_err_bad_hand():
    with pytest.raises(ValueError, match="tile 5p appears 5 times"):
        tenpai.score("55555p", "5p")
