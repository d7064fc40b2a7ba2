//! `studbot eval CARDS`: the best high and the best eight-or-better low of up to 7 cards.

use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct EvalArgs {
    /// Up to 7 cards, e.g. `As Kd 7c 5h 4s 3d 2c` or `AsKd7c5h4s3d2c`.
    #[arg(required = true, num_args = 1..)]
    pub cards: Vec<String>,
}

pub fn run(args: EvalArgs) -> anyhow::Result<ExitCode> {
    let _ = args;
    anyhow::bail!("eval is not built yet")
}
