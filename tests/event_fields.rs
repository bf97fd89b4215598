//! An mjai event with a bad field is refused naming the field, for every
//! type of event, by the event reader and so by every reader built on it
//! (mjai logs, the bot's input).

use tenpai::game::Event;

/// The message of reading `line` as one event, the same from the text
/// (less serde_json's position of the event's end) and from a JSON value.
fn refusal(line: &str) -> String {
    use serde::Deserialize;
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    let from_value = Event::deserialize(value).unwrap_err().to_string();
    let e = serde_json::from_str::<Event>(line).unwrap_err();
    let at = format!(" at line {} column {}", e.line(), e.column());
    assert_eq!(e.to_string(), format!("{from_value}{at}"), "{line}");
    from_value
}

const NOT_A_TILE: &str = "is not a tile (mjai notation: 1m..9s, E S W N P F C, 5mr, ?)";

#[test]
fn event_err_names_the_bad_field_of_every_type() {
    let deal = |field: &str| {
        let good = [
            r#""bakaze":"E""#,
            r#""kyoku":1"#,
            r#""honba":0"#,
            r#""kyotaku":0"#,
            r#""oya":0"#,
            r#""dora_marker":"1m""#,
            r#""scores":[25000,25000,25000,25000]"#,
            r#""tehais":[[],[],[],[]]"#,
        ];
        let name = field.split(':').next().unwrap();
        let fields: Vec<&str> = good
            .iter()
            .map(|g| if g.starts_with(name) { field } else { g })
            .collect();
        format!(r#"{{"type":"start_kyoku",{}}}"#, fields.join(","))
    };
    let cases: Vec<(String, String)> = vec![
        (
            r#"{"type":"start_game","names":5}"#.into(),
            "names: invalid type: integer `5`, expected a sequence".into(),
        ),
        (
            r#"{"type":"start_game","names":[],"kyoku_first":"x"}"#.into(),
            "kyoku_first: invalid type: string \"x\", expected a whole number 0 to 255".into(),
        ),
        (
            deal(r#""kyotaku":-1"#),
            "kyotaku: invalid value: integer `-1`, expected a whole number 0 to 4294967295".into(),
        ),
        (
            deal(r#""honba":300"#),
            "honba: invalid value: integer `300`, expected a whole number 0 to 255".into(),
        ),
        (
            deal(r#""bakaze":"X""#),
            "bakaze: bad wind \"X\": expected E, S, W or N".into(),
        ),
        (
            deal(r#""scores":[25000,25000,25000]"#),
            "scores: expected 4 numbers, one a seat, got 3".into(),
        ),
        (
            deal(r#""tehais":[[],["1m","5x"],[],[]]"#),
            format!("tehais[1][1]: \"5x\" {NOT_A_TILE}"),
        ),
        (
            r#"{"type":"tsumo","actor":-1,"pai":"1m"}"#.into(),
            "actor: invalid value: integer `-1`, expected a whole number 0 to 255".into(),
        ),
        (
            r#"{"type":"dahai","actor":0,"pai":"1m","tsumogiri":"yes"}"#.into(),
            "tsumogiri: invalid type: string \"yes\", expected a boolean".into(),
        ),
        (
            r#"{"type":"chi","actor":1,"target":0,"pai":"3m","consumed":"1m2m"}"#.into(),
            "consumed: invalid type: string \"1m2m\", expected a sequence".into(),
        ),
        (
            r#"{"type":"pon","actor":1,"pai":"3m","consumed":["3m","3m"]}"#.into(),
            "missing field `target`".into(),
        ),
        (
            r#"{"type":"daiminkan","actor":1,"target":0,"pai":"8z","consumed":[]}"#.into(),
            format!("pai: \"8z\" {NOT_A_TILE}"),
        ),
        (
            r#"{"type":"kakan","actor":1,"pai":"3m","consumed":["3m","3m","x"]}"#.into(),
            format!("consumed[2]: \"x\" {NOT_A_TILE}"),
        ),
        (
            r#"{"type":"ankan","actor":300,"consumed":["3m","3m","3m","3m"]}"#.into(),
            "actor: invalid value: integer `300`, expected a whole number 0 to 255".into(),
        ),
        (
            r#"{"type":"dora","dora_marker":"3mr"}"#.into(),
            format!("dora_marker: \"3mr\" {NOT_A_TILE}"),
        ),
        (
            r#"{"type":"reach","actor":"x"}"#.into(),
            "actor: invalid type: string \"x\", expected a whole number 0 to 255".into(),
        ),
        (
            r#"{"type":"reach_accepted","actor":0,"deltas":[-1000]}"#.into(),
            "deltas: expected 4 numbers, one a seat, got 1".into(),
        ),
        (
            r#"{"type":"hora","actor":0,"target":0,"ura_markers":["1m","9x"]}"#.into(),
            format!("ura_markers[1]: \"9x\" {NOT_A_TILE}"),
        ),
        (
            r#"{"type":"hora","actor":0,"target":0,"scores":[1,2,3,"4"]}"#.into(),
            "scores: expected 4 whole numbers of points, one a seat, got [1,2,3,\"4\"]".into(),
        ),
        (
            r#"{"type":"ryukyoku","reason":"boom"}"#.into(),
            "reason: unknown variant `boom`, expected one of `exhaustive`, `nine_terminals`, \
             `four_winds`, `four_riichi`, `four_kans`, `triple_ron`"
                .into(),
        ),
        (
            r#"{"type":"end_game","scores":[0,0,0,3000000000]}"#.into(),
            "scores: expected 4 whole numbers of points, one a seat, got [0,0,0,3000000000]".into(),
        ),
        (
            r#"{"type":5}"#.into(),
            "type: expected the event's name, a string, not 5".into(),
        ),
        (
            r#"{"type":"warp"}"#.into(),
            "type: unknown variant `warp`, expected one of `start_game`, `start_kyoku`, `tsumo`, \
             `dahai`, `chi`, `pon`, `daiminkan`, `kakan`, `ankan`, `dora`, `reach`, \
             `reach_accepted`, `hora`, `ryukyoku`, `end_kyoku`, `end_game`"
                .into(),
        ),
    ];
    for (line, want) in &cases {
        assert_eq!(&refusal(line), want, "{line}");
    }
}

#[test]
fn event_ok_reads_what_it_writes_and_ignores_unknown_fields() {
    let lines = [
        r#"{"type":"start_game","names":["a","b","c","d"],"wall_seed":7,"kyoku_first":4,"aka_flag":true,"rules":"tenhou"}"#,
        r#"{"type":"hora","actor":1,"target":0,"pai":"5p","deltas":[-8000,8000,0,0],"scores":[17000,33000,25000,25000]}"#,
        r#"{"type":"end_kyoku"}"#,
        r#"{"type":"end_game"}"#,
    ];
    for line in lines {
        let e: Event = serde_json::from_str(line).unwrap();
        assert_eq!(e.to_json(), line);
    }
    let extra: Event =
        serde_json::from_str(r#"{"type":"end_kyoku","can_act":false,"x":[1]}"#).unwrap();
    assert_eq!(extra, Event::EndKyoku);
    let reach: Event = serde_json::from_str(r#"{"actor":2,"type":"reach","yaku":null}"#).unwrap();
    assert_eq!(reach, Event::Reach { actor: 2 });
}

#[test]
fn mjai_log_err_names_the_line_and_the_field() {
    let log = concat!(
        r#"{"type":"start_game","names":[]}"#,
        "\n",
        r#"{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":-1,"oya":0,"dora_marker":"1m","scores":[25000,25000,25000,25000],"tehais":[[],[],[],[]]}"#,
        "\n"
    );
    assert_eq!(
        tenpai::log::parse(log).unwrap_err().to_string(),
        "mjai log, line 2: kyotaku: invalid value: integer `-1`, expected a whole number 0 to \
         4294967295"
    );
}
