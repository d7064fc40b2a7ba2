//! The subcommands of the `studbot` binary, one file each. They sit in the library so that
//! tests can drive them; `src/main.rs` only parses arguments and dispatches.

pub mod audit;
pub mod backup;
pub mod bank_workload;
pub mod cancel_sit_and_go;
pub mod cards;
pub mod close_table;
pub mod data_dir;
pub mod equity;
pub mod eval;
pub mod exit;
pub mod health;
pub mod invite;
pub mod migrate;
pub mod play;
pub mod replay;
pub mod run;
pub mod sim;
pub mod sim_data;
pub mod sim_external;
pub mod sim_multi;
pub mod sim_multi_data;
pub mod sim_session;
pub mod sim_tournament;
pub mod sim_tournament_data;
pub mod stdout;
pub mod terminal;

use crate::table::GameChoice;

/// `--game stud8|stud|razz|mix` (`sim`, `play`): the engine's own choices and names.
impl clap::ValueEnum for GameChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &GameChoice::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.name()))
    }
}
