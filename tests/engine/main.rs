//! The engine's tests: rules, evaluation, rendering, replay, sim, pokerkit agreement, play, equity, config, tournaments.
//! CPU-heavy tests live here, apart from the binaries that assert on response times.

#[path = "../support/actions.rs"]
mod actions;
#[path = "../support/audit.rs"]
mod audit;
#[path = "../support/child.rs"]
mod child;
mod common;
#[path = "../support/killable.rs"]
mod killable;
mod words_common;
mod words_english;
mod words_plurals;

mod computer_good;
mod deploy_files;
mod discord_config;
mod docs_links;
mod docs_paths;
mod equity_board;
mod equity_cases;
mod equity_cli;
mod equity_reference;
mod eval_cli;
mod eval_high;
mod eval_low;
mod eval_names;
mod eval_reference;
mod event_form;
mod hand_properties;
mod phh_format;
mod play_data_dir;
mod play_event;
mod play_history;
mod play_newcomer;
mod play_seed;
mod play_session;
mod play_words;
mod pokerkit_agreement;
mod render_amounts;
mod render_board;
mod render_board_emoji;
mod render_english;
mod render_event;
mod render_games;
mod render_glitches;
mod render_glossary;
mod render_hands;
mod render_history_limits;
mod render_leak;
mod render_locales;
mod render_plurals;
mod render_register;
mod render_results;
mod render_text;
mod render_tournament;
mod replay_lines;
mod replay_sim_hands;
mod replay_tournament;
mod rules_all_in;
mod rules_betting;
mod rules_bring_in;
mod rules_deal;
mod rules_dealing_out;
mod rules_open_pair;
mod rules_razz;
mod rules_settings;
mod rules_showdown;
mod rules_stud;
mod sim_bank_common;
mod sim_data;
mod sim_external;
mod sim_games;
mod sim_multi_data;
mod sim_multi_table;
mod sim_runs;
mod sim_seats;
mod tournament_core;
mod tournament_data;
mod tournament_history_cli;
mod tournament_levels;
mod tournament_play;
mod tournament_prizes;
mod tournament_sim;
mod tournament_stored;
