//! tenpai's integration tests, in one test binary (one link instead of one per
//! file; as ripgrep and the rules audit do): a module per area.
//! `tests/memory.rs` is a binary of its own, because it installs a counting
//! global allocator. Run one area with `cargo test --release --test integration <module>`.

mod agari;
mod ai_baseline;
mod ai_baseline_v2;
mod ai_learned;
mod ai_mc;
mod ai_mc_calibration;
mod ai_mc_logs;
mod ai_mc_strength;
mod arena;
mod arena_names;
mod batch;
mod common;
mod efficiency;
mod event_fields;
mod full_tables;
mod game_bot;
mod game_draw_reason;
mod game_driver;
mod game_end;
mod game_learning;
mod game_next_round;
mod game_position;
mod game_replay;
mod game_rules;
mod game_seat_view;
mod game_selfplay;
mod log_kan_dora;
mod log_mjlog;
mod log_rules;
mod log_tenhou6;
mod log_unfinished;
mod notation;
mod properties;
mod red_fives;
mod review_decisions;
mod review_sanity;
mod rules_audit;
mod score_cases;
mod score_common;
mod score_errors;
mod score_fu;
mod score_points;
mod score_rules;
mod score_yaku;
mod shanten;
mod table_file;
mod vectors;
mod view;
mod view_hints;
mod view_refresh;
