//! `--data DIR`, one meaning in every subcommand (`play`, `sim`, `audit`, `backup`,
//! `restore`, `close-table`) and the same as the bot's `data_dir`: a data directory, whose
//! bank is the sled database in `DIR/bank`. A directory that is itself a bank (what `play`
//! and `sim` made before they took this layout) is still read where it is.
//!
//! Where a new, empty bank may be made, so that a mistyped path never silently stands in for
//! the bank that holds everyone's chips:
//! - `audit`, `backup` and `close-table` only ever open an existing bank;
//! - `play` and `sim` make one in a directory that is empty (made on purpose), or with
//!   `--create`; `play` without `--data` makes `studbot-data` on first use;
//! - the bot (`run`) makes `data_dir` and its bank on its first start (Docker's volume and
//!   systemd's `StateDirectory` hand it an empty directory); a `data_dir` whose contents say
//!   the bank is elsewhere (its backups without it, or a data directory inside it) is refused.
//!
//! A directory the process may not read or write is named as such, with what to do.
//!
//! `--store URL` names a PostgreSQL database instead (`postgres://user@host/db`), where every
//! one of these commands finds the bank, as `[bank] store` does for the bot.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::bank::StoreLocation;

/// `--store`'s database, checked to be a PostgreSQL URL.
pub fn database(url: &str) -> anyhow::Result<StoreLocation> {
    if StoreLocation::is_url(url) {
        Ok(StoreLocation::Postgres(url.to_string()))
    } else {
        anyhow::bail!(
            "--store expects a PostgreSQL URL such as postgres://user@host/db, not {}",
            crate::bank::store::postgres::display_url(url)
        )
    }
}

/// The bank a command opens: `--store`'s database, else the sled bank of `--data` as `sled`
/// finds it (clap sees to it that one of the two is given).
pub fn bank_location(
    store: Option<&str>,
    data: Option<&Path>,
    sled: impl FnOnce(&Path) -> Result<PathBuf, DataDirError>,
) -> anyhow::Result<StoreLocation> {
    match (store, data) {
        (Some(url), _) => database(url),
        (None, Some(dir)) => Ok(StoreLocation::Sled(sled(dir)?)),
        (None, None) => anyhow::bail!("give the bank's --data DIR or --store URL"),
    }
}

/// Why `--data` (or `data_dir`) names no bank this command may use.
#[derive(Debug, thiserror::Error)]
pub enum DataDirError {
    #[error("{} does not exist: check the path{hint}", dir.display())]
    Missing { dir: PathBuf, hint: &'static str },
    #[error(
        "{} holds no studbot bank (a data directory has a bank/ folder): check the path{hint}",
        dir.display()
    )]
    NoBank { dir: PathBuf, hint: &'static str },
    #[error(
        "{} holds the bot's backups but no bank: the bank was moved or deleted. Point data_dir \
         at it, or rebuild it from a backup (studbot restore --from FILE --data NEW_DIR)",
        dir.display()
    )]
    BankGone { dir: PathBuf },
    #[error(
        "{} holds no bank, but {} is a bot's data directory: did you mean data_dir = \"{}\"?",
        dir.display(), inner.display(), inner.display()
    )]
    DataDirectoryInside { dir: PathBuf, inner: PathBuf },
    #[error(
        "{} is a bank itself (as `studbot play` made it before), not a data directory: the bot \
         keeps its bank in data_dir/bank. Move it there (mv {dir} {dir}.old && mkdir {dir} && \
         mv {dir}.old {dir}/bank), or point data_dir elsewhere",
        dir.display(), dir = dir.display()
    )]
    BankItself { dir: PathBuf },
    #[error(
        "cannot {doing} {}: permission denied. {} belongs to uid {owner}; run studbot as that \
         user, or give it to the user studbot runs as (chown -R USER {})",
        dir.display(), owned.display(), owned.display()
    )]
    PermissionDenied {
        dir: PathBuf,
        doing: &'static str,
        /// The directory to hand over: the nearest one on the path that can be looked at.
        owned: PathBuf,
        owner: String,
    },
    #[error("cannot {doing} {}: {error}", dir.display())]
    Io {
        dir: PathBuf,
        doing: &'static str,
        error: std::io::Error,
    },
}

/// What `play` and `sim` say when no bank is there: how to make one on purpose.
const CREATE_HINT: &str = ", or add --create to start a new bank there";
/// What the commands that only read a bank say: where the bot's bank is.
const BOT_HINT: &str = " (a bot's data directory is its config's data_dir)";

/// The bank of `dir`, if there is one: `dir/bank`, or `dir` itself in the older layout.
fn existing(dir: &Path) -> Result<Option<PathBuf>, DataDirError> {
    let bank = crate::bank::backup::bank_dir(dir);
    match std::fs::metadata(bank.join("conf")) {
        Ok(meta) if meta.is_file() => Ok(Some(bank)),
        Ok(_) => Ok(None),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
        Err(error) => Err(io_error(&bank, "read", error)),
    }
}

/// Whether `dir` is missing (`None`), empty (`Some(true)`) or holds something.
fn emptiness(dir: &Path) -> Result<Option<bool>, DataDirError> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => Ok(Some(entries.next().is_none())),
        Err(error) if error.kind() == ErrorKind::NotFound => Ok(None),
        Err(error) => Err(io_error(dir, "read", error)),
    }
}

/// The existing bank of `dir`, for the commands that never make one (`audit`, `backup`,
/// `close-table`).
pub fn existing_bank(dir: &Path) -> Result<PathBuf, DataDirError> {
    if let Some(bank) = existing(dir)? {
        return Ok(bank);
    }
    match emptiness(dir)? {
        None => Err(DataDirError::Missing {
            dir: dir.to_path_buf(),
            hint: BOT_HINT,
        }),
        Some(_) => Err(DataDirError::NoBank {
            dir: dir.to_path_buf(),
            hint: BOT_HINT,
        }),
    }
}

/// The bank `play` or `sim` opens in `dir`, made when `dir` is empty or `create` is given,
/// and checked writable.
pub fn bank_to_play(dir: &Path, create: bool) -> Result<PathBuf, DataDirError> {
    let bank = match existing(dir)? {
        Some(bank) => bank,
        None => match emptiness(dir)? {
            Some(true) => dir.join("bank"),
            _ if create => dir.join("bank"),
            None => {
                return Err(DataDirError::Missing {
                    dir: dir.to_path_buf(),
                    hint: CREATE_HINT,
                });
            }
            Some(false) => {
                return Err(DataDirError::NoBank {
                    dir: dir.to_path_buf(),
                    hint: CREATE_HINT,
                });
            }
        },
    };
    writable(&bank)?;
    Ok(bank)
}

/// Where the bot's bank is in `data_dir` (made on a first start).
pub fn bank_to_serve(data_dir: &Path) -> Result<PathBuf, DataDirError> {
    let bank = data_dir.join("bank");
    match existing(data_dir)? {
        Some(found) if found == bank => {}
        Some(_) => {
            return Err(DataDirError::BankItself {
                dir: data_dir.to_path_buf(),
            });
        }
        // The bank's own folder, whatever it holds: opening the bank judges it (a newer
        // schema, a damaged store) and says what is wrong.
        None if bank.is_dir() => {}
        None => refuse_a_mistaken_data_dir(data_dir)?,
    }
    writable(&bank)?;
    Ok(bank)
}

/// A `data_dir` with no bank gets a new one, unless what is in it says the bank is
/// elsewhere: the bot's backups without their bank (it was moved or deleted), or a data
/// directory one level down (data_dir names its parent). Other files (the config, say) are
/// no evidence either way.
fn refuse_a_mistaken_data_dir(data_dir: &Path) -> Result<(), DataDirError> {
    let Ok(entries) = std::fs::read_dir(data_dir) else {
        return Ok(());
    };
    if data_dir.join(crate::bot::backups::FOLDER).is_dir() {
        return Err(DataDirError::BankGone {
            dir: data_dir.to_path_buf(),
        });
    }
    for entry in entries.flatten() {
        let inner = entry.path();
        if inner.join("bank").join("conf").is_file() {
            return Err(DataDirError::DataDirectoryInside {
                dir: data_dir.to_path_buf(),
                inner,
            });
        }
    }
    Ok(())
}

/// Makes `bank` if it is not there and checks that its database can be written, so that a
/// directory of another user is named as such rather than as a failure deep in the store.
fn writable(bank: &Path) -> Result<(), DataDirError> {
    std::fs::create_dir_all(bank).map_err(|error| io_error(bank, "create", error))?;
    let probe = bank.join("db");
    if probe.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(&probe)
            .map_err(|error| io_error(bank, "write to", error))?;
    } else {
        let test = bank.join(".studbot-write-check");
        std::fs::write(&test, b"")
            .and_then(|()| std::fs::remove_file(&test))
            .map_err(|error| io_error(bank, "write to", error))?;
    }
    Ok(())
}

/// An I/O failure on `dir`, a refused permission told as such.
pub fn io_error(dir: &Path, doing: &'static str, error: std::io::Error) -> DataDirError {
    if error.kind() != ErrorKind::PermissionDenied {
        return DataDirError::Io {
            dir: dir.to_path_buf(),
            doing,
            error,
        };
    }
    let (owned, owner) = owner_of(dir);
    DataDirError::PermissionDenied {
        dir: dir.to_path_buf(),
        doing,
        owned,
        owner,
    }
}

/// The nearest directory on `dir`'s path that can be looked at (`dir` itself, or the one
/// that keeps this process out of it), and its owner.
fn owner_of(dir: &Path) -> (PathBuf, String) {
    for ancestor in dir.ancestors() {
        if let Ok(meta) = std::fs::metadata(ancestor) {
            #[cfg(unix)]
            let owner = {
                use std::os::unix::fs::MetadataExt as _;
                meta.uid().to_string()
            };
            #[cfg(not(unix))]
            let owner = {
                let _ = meta;
                "another user".to_owned()
            };
            return (ancestor.to_path_buf(), owner);
        }
    }
    (dir.to_path_buf(), "another user".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_permission_is_named_with_what_to_do_and_other_failures_as_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let denied = io_error(
            dir.path(),
            "write to",
            std::io::Error::from(ErrorKind::PermissionDenied),
        );
        let text = denied.to_string();
        assert!(text.contains("permission denied"), "{text}");
        assert!(text.contains("run studbot as that user"), "{text}");
        assert!(text.contains("chown -R"), "{text}");
        assert!(!text.contains("sled"), "{text}");
        let other = io_error(dir.path(), "read", std::io::Error::other("disk on fire"));
        assert!(other.to_string().ends_with("disk on fire"), "{other}");
    }

    #[test]
    fn play_makes_a_bank_only_in_an_empty_directory_or_when_asked() {
        let root = tempfile::tempdir().unwrap();
        let typo = root.path().join("studbot-dta");
        let error = bank_to_play(&typo, false).unwrap_err();
        assert!(matches!(error, DataDirError::Missing { .. }), "{error}");
        assert!(error.to_string().contains("--create"), "{error}");
        assert!(!typo.exists(), "a refusal makes nothing");
        assert_eq!(bank_to_play(&typo, true).unwrap(), typo.join("bank"));

        let empty = root.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        assert_eq!(bank_to_play(&empty, false).unwrap(), empty.join("bank"));

        let busy = root.path().join("busy");
        std::fs::create_dir(&busy).unwrap();
        std::fs::write(busy.join("notes.txt"), "x").unwrap();
        let error = bank_to_play(&busy, false).unwrap_err();
        assert!(matches!(error, DataDirError::NoBank { .. }), "{error}");
    }

    #[test]
    fn the_older_layout_a_bank_itself_is_read_where_it_is_but_not_served_beside() {
        let root = tempfile::tempdir().unwrap();
        let old = root.path().join("studbot-data");
        std::fs::create_dir(&old).unwrap();
        std::fs::write(old.join("conf"), "").unwrap();
        assert_eq!(existing_bank(&old).unwrap(), old);
        assert_eq!(bank_to_play(&old, false).unwrap(), old);
        let error = bank_to_serve(&old).unwrap_err();
        assert!(matches!(error, DataDirError::BankItself { .. }), "{error}");
    }

    #[test]
    fn the_bot_makes_its_bank_on_a_first_start_and_refuses_a_directory_that_says_the_bank_is_elsewhere()
     {
        let root = tempfile::tempdir().unwrap();
        let fresh = root.path().join("data");
        assert_eq!(bank_to_serve(&fresh).unwrap(), fresh.join("bank"));
        assert!(fresh.join("bank").is_dir());
        std::fs::write(fresh.join("bank").join("conf"), "").unwrap();
        assert_eq!(bank_to_serve(&fresh).unwrap(), fresh.join("bank"));

        // The config beside the bank is no reason to refuse.
        let with_config = root.path().join("with-config");
        std::fs::create_dir(&with_config).unwrap();
        std::fs::write(with_config.join("config.toml"), "x").unwrap();
        assert_eq!(
            bank_to_serve(&with_config).unwrap(),
            with_config.join("bank")
        );
        // data_dir naming the parent of the bot's data directory.
        let error = bank_to_serve(root.path()).unwrap_err();
        assert!(
            matches!(error, DataDirError::DataDirectoryInside { .. }),
            "{error}"
        );
        assert!(
            error.to_string().contains("did you mean data_dir"),
            "{error}"
        );
        // The backups are there, the bank is not.
        let gone = root.path().join("gone");
        std::fs::create_dir_all(gone.join("backups")).unwrap();
        let error = bank_to_serve(&gone).unwrap_err();
        assert!(matches!(error, DataDirError::BankGone { .. }), "{error}");
        assert!(!gone.join("bank").exists(), "a refusal makes nothing");
        let error = existing_bank(&root.path().join("nothing")).unwrap_err();
        assert!(error.to_string().contains("data_dir"), "{error}");
    }
}
