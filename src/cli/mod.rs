//! The subcommands of the `studbot` binary, one file each. They sit in the library so that
//! tests can drive them; `src/main.rs` only parses arguments and dispatches.

pub mod audit;
pub mod backup;
pub mod bank_workload;
pub mod equity;
pub mod eval;
pub mod invite;
pub mod play;
pub mod replay;
pub mod run;
pub mod sim;
pub mod sim_data;
pub mod sim_session;
