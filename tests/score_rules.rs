//! Rule presets and rule files: loading by name or path, every option commented
//! in the preset files, unknown keys refused.

use tenpai::rules::{Renhou, Rules, RulesError, PRESETS};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/rules");

#[test]
fn rules_presets_load_by_name() {
    for name in PRESETS {
        let r = Rules::preset(name).unwrap();
        assert_eq!(r.name, name);
        assert_eq!(Rules::load(name).unwrap(), r);
    }
    assert_eq!(Rules::tenhou(), Rules::default());
    assert_eq!(Rules::preset("MahjongSoul").unwrap(), Rules::mahjongsoul());
    // Each preset is read from its text once, then cloned: the same rules
    // as its text read now, and what a caller changes stays its own.
    for name in PRESETS {
        let text = Rules::preset_text(name).unwrap();
        assert_eq!(
            Rules::preset(name).unwrap(),
            Rules::from_toml_str(text, name).unwrap()
        );
    }
    let mut changed = Rules::tenhou();
    changed.scoring.kiriage_mangan = !changed.scoring.kiriage_mangan;
    assert_ne!(changed, Rules::tenhou());
    assert_eq!(Rules::tenhou(), Rules::default());
}

#[test]
fn rules_presets_differ_in_double_yakuman_pao_scope_and_multiple_rons() {
    let (t, m) = (Rules::tenhou(), Rules::mahjongsoul());
    let d = m.scoring.double_yakuman;
    assert!(d.kokushi_13_wait && d.suuankou_tanki && d.junsei_chuuren && d.daisuushii);
    let t_dy = t.scoring.double_yakuman;
    assert!(
        !t_dy.kokushi_13_wait && !t_dy.suuankou_tanki && !t_dy.junsei_chuuren && !t_dy.daisuushii
    );
    let mut same = m.clone();
    same.name = t.name.clone();
    same.scoring.double_yakuman = t.scoring.double_yakuman;
    same.scoring.pao.scope = t.scoring.pao.scope;
    same.game.kokushi_robs_closed_kan = t.game.kokushi_robs_closed_kan;
    same.game.triple_ron_abort = t.game.triple_ron_abort;
    same.game.uma = t.game.uma;
    assert_eq!(same, t);
    let t = t.scoring;
    assert!(t.open_tanyao && t.kazoe_yakuman && !t.kiriage_mangan && t.renhou == Renhou::Off);
    assert_eq!((t.red_fives, t.double_wind_pair_fu), ([1, 1, 1], 4));
}

#[test]
fn rules_every_option_in_the_presets_names_its_source() {
    // Each key's comment block (the lines just above it) has a "Source:" line.
    for name in PRESETS {
        let text = Rules::preset_text(name).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.is_empty()
                || line.starts_with('#')
                || line.starts_with('[')
                || line.starts_with("name")
            {
                continue;
            }
            let comments = lines[..i].iter().rev().take_while(|l| l.starts_with('#'));
            assert!(
                comments.into_iter().any(|l| l.contains("Source:")),
                "{name}.toml: no source for {line:?}"
            );
        }
    }
}

#[test]
fn rules_files_on_disk_are_the_embedded_presets() {
    for name in PRESETS {
        let path = format!("{DIR}/{name}.toml");
        assert_eq!(
            Rules::from_file(&path).unwrap(),
            Rules::preset(name).unwrap()
        );
        assert_eq!(Rules::load(&path).unwrap(), Rules::preset(name).unwrap());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            Rules::preset_text(name).unwrap()
        );
    }
}

#[test]
fn rules_every_option_in_the_presets_is_commented() {
    for name in PRESETS {
        let text = Rules::preset_text(name).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut options = 0;
        for (i, line) in lines.iter().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            options += 1;
            assert!(
                i > 0 && lines[i - 1].trim_start().starts_with('#'),
                "{name}.toml: no comment above {line:?}"
            );
        }
        // At least: name, [scoring] with 7 keys, the double-yakuman table with 4 and
        // the pao table with 3 (other subsystems add their own tables).
        assert!(
            options >= 1 + 1 + 7 + 1 + 4 + 1 + 3,
            "{name}.toml: {options} options"
        );
    }
}

#[test]
fn rules_every_field_is_in_the_presets() {
    // Serialized rules have exactly the keys of the preset files.
    let keys = |text: &str| -> Vec<String> {
        let v: toml::Value = toml::from_str(text).unwrap();
        let mut out = Vec::new();
        fn walk(prefix: &str, v: &toml::Value, out: &mut Vec<String>) {
            if let toml::Value::Table(t) = v {
                for (k, v) in t {
                    walk(&format!("{prefix}{k}."), v, out);
                }
            } else {
                out.push(prefix.trim_end_matches('.').to_string());
            }
        }
        walk("", &v, &mut out);
        out.sort();
        out
    };
    for name in PRESETS {
        assert_eq!(
            keys(Rules::preset_text(name).unwrap()),
            keys(&Rules::preset(name).unwrap().to_toml()),
            "{name}"
        );
    }
}

#[test]
fn rules_missing_keys_take_tenhou_values() {
    let r = Rules::from_toml_str("[scoring]\nkiriage_mangan = true\n", "test").unwrap();
    assert!(r.scoring.kiriage_mangan);
    let mut t = Rules::tenhou();
    t.scoring.kiriage_mangan = true;
    assert_eq!(r.scoring, t.scoring);
    let r = Rules::from_toml_str("[scoring.double_yakuman]\ndaisuushii = true\n", "test").unwrap();
    assert!(r.scoring.double_yakuman.daisuushii && !r.scoring.double_yakuman.kokushi_13_wait);
    assert_eq!(
        Rules::from_toml_str("[scoring]\nrenhou = \"yakuman\"\n", "t")
            .unwrap()
            .scoring
            .renhou,
        Renhou::Yakuman
    );
}

#[test]
fn rules_err_unknown_key() {
    let e = Rules::from_toml_str("[scoring]\nopen_tanyo = true\n", "house.toml").unwrap_err();
    assert!(matches!(e, RulesError::Toml { .. }));
    let msg = e.to_string();
    assert!(
        msg.starts_with("bad rules in house.toml:") && msg.contains("open_tanyo"),
        "{msg}"
    );
}

#[test]
fn rules_err_bad_values() {
    assert!(Rules::from_toml_str("[scoring]\nopen_tanyao = 1\n", "x").is_err());
    assert!(Rules::from_toml_str("[scoring]\nrenhou = \"sometimes\"\n", "x").is_err());
    let e = Rules::from_toml_str("[scoring]\ndouble_wind_pair_fu = 3\n", "x").unwrap_err();
    assert!(e.to_string().contains("2 or 4"), "{e}");
    assert!(Rules::from_toml_str("[scoring]\nred_fives = [1, 5, 1]\n", "x").is_err());
    assert!(Rules::from_toml_str("[scoring\n", "x").is_err());
}

#[test]
fn rules_err_start_points_of_zero_or_less_and_uma_not_summing_to_zero() {
    let e = Rules::from_toml_str("[game]\nstart_points = -5\n", "house.toml").unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad rules in house.toml: game.start_points must be more than 0, not -5"
    );
    assert!(Rules::from_toml_str("[game]\nstart_points = 0\n", "x").is_err());
    let e = Rules::from_toml_str("[game]\numa = [1, 2, 3, 4]\n", "house.toml").unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad rules in house.toml: game.uma must sum to 0 (the final scores sum to 0), not [1, 2, 3, 4]"
    );
    // No uma at all, and the shipped presets, are fine.
    assert!(Rules::from_toml_str("[game]\numa = [0, 0, 0, 0]\n", "x").is_ok());
    for preset in ["tenhou", "mahjongsoul"] {
        let r = Rules::load(preset).unwrap();
        assert_eq!(Rules::from_toml_str(&r.to_toml(), preset).unwrap(), r);
    }
}

#[test]
fn rules_err_unknown_preset_or_missing_file() {
    let e = Rules::load("tenhoo").unwrap_err();
    assert_eq!(
        e.to_string(),
        "no rule preset \"tenhoo\" (presets: tenhou, mahjongsoul) and no such file"
    );
    let e = Rules::from_file("/nonexistent/rules.toml").unwrap_err();
    assert!(matches!(e, RulesError::Io { .. }));
}

#[test]
fn rules_load_from_a_file_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("house.toml");
    std::fs::write(
        &path,
        "name = \"house\"\n[scoring]\nkiriage_mangan = true\nrenhou = \"mangan\"\n",
    )
    .unwrap();
    let r = Rules::load(path.to_str().unwrap()).unwrap();
    assert_eq!(
        (r.name.as_str(), r.scoring.kiriage_mangan, r.scoring.renhou),
        ("house", true, Renhou::Mangan)
    );
}

#[test]
fn rules_err_directory_names_the_file_and_the_io_error() {
    let dir = std::env::temp_dir();
    let e = tenpai::rules::Rules::load(dir.to_str().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "cannot read the rules file {}: it is a directory",
            dir.display()
        )
    );
}
