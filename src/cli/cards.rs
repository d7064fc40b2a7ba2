//! `studbot cards --out DIR [--four-colour]`: writes the 53 card faces the bot uploads as its
//! emoji (`src/faces/`) as PNG files, named as the emoji are (`c_As.png` … `c_back.png`), so
//! anyone can look at them, or upload them by hand.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;

use crate::faces::{self, Palette};

#[derive(clap::Args, Debug)]
pub struct CardsArgs {
    /// The directory to write the faces into (made when missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Green clubs and blue diamonds, as online card rooms draw them.
    #[arg(long)]
    pub four_colour: bool,
}

pub fn run(args: CardsArgs) -> anyhow::Result<ExitCode> {
    let palette = if args.four_colour {
        Palette::FourColour
    } else {
        Palette::TwoColour
    };
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("making the directory {}", args.out.display()))?;
    let faces = faces::all_pngs(palette)?;
    let mut bytes = 0;
    for (face, png) in &faces {
        let path = args.out.join(format!("{}.png", face.name(palette)));
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        bytes += png.len();
    }
    super::stdout::print_line(&format!(
        "{} faces of {size} × {size} pixels ({} KiB in all) written to {}",
        faces.len(),
        bytes.div_ceil(1024),
        args.out.display(),
        size = faces::SIZE,
    ))?;
    Ok(ExitCode::SUCCESS)
}
