//! Who turned turn mentions off (`/ping off`). The choice is a member preference kept by the
//! bank (so it is in the bank's backups and survives every restart); the set is also held
//! here, since every turn asks. Versions before 0.2 kept it in `<data_dir>/pings-off.json`:
//! that file is imported once and renamed `pings-off.json.imported`.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

use crate::bank::{Bank, BankError, MemberPreferences, UserId};

use super::lock;

/// The file older versions kept the choices in.
const LEGACY_FILE: &str = "pings-off.json";

pub struct Pings {
    bank: Bank,
    off: Mutex<BTreeSet<u64>>,
    /// One change at a time, so the set here follows the bank's order.
    writing: tokio::sync::Mutex<()>,
}

impl Pings {
    /// Reads the members' choices from the bank, first importing a `pings-off.json` an older
    /// version left in `data_dir`.
    pub async fn load(bank: &Bank, data_dir: &Path) -> anyhow::Result<Pings> {
        import_legacy_file(bank, data_dir).await?;
        let off = bank
            .member_preferences()
            .await
            .map_err(|error| anyhow::anyhow!("reading the members' ping choices: {error}"))?
            .into_iter()
            .filter(|(_, preferences)| !preferences.turn_pings)
            .map(|(user, _)| user.0)
            .collect();
        Ok(Pings {
            bank: bank.clone(),
            off: Mutex::new(off),
            writing: tokio::sync::Mutex::new(()),
        })
    }

    /// Whether `user` wants to be mentioned when it is their turn.
    pub fn wants(&self, user: UserId) -> bool {
        !lock(&self.off).contains(&user.0)
    }

    /// Turns `user`'s mentions on or off, durably (the bank stores it before answering).
    pub async fn set(&self, user: UserId, on: bool) -> Result<(), BankError> {
        let _one_at_a_time = self.writing.lock().await;
        self.bank
            .save_preferences(user, MemberPreferences { turn_pings: on })
            .await?;
        let mut off = lock(&self.off);
        if on {
            off.remove(&user.0);
        } else {
            off.insert(user.0);
        }
        Ok(())
    }
}

/// Moves the choices of an older version's `pings-off.json` into the bank, then renames the
/// file so that it is imported once. A file that is not a list of user ids stops the start,
/// naming it: the operator decides, nothing is guessed.
async fn import_legacy_file(bank: &Bank, data_dir: &Path) -> anyhow::Result<()> {
    let path = data_dir.join(LEGACY_FILE);
    let off: BTreeSet<u64> = match std::fs::read(&path) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|error| {
            anyhow::anyhow!("{} is not a list of user ids: {error}", path.display())
        })?,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => anyhow::bail!("reading {}: {error}", path.display()),
    };
    for user in &off {
        let preferences = MemberPreferences { turn_pings: false };
        bank.save_preferences(UserId(*user), preferences)
            .await
            .map_err(|error| anyhow::anyhow!("importing {}: {error}", path.display()))?;
    }
    let imported = path.with_extension("json.imported");
    std::fs::rename(&path, &imported)
        .map_err(|error| anyhow::anyhow!("renaming {}: {error}", path.display()))?;
    tracing::info!(
        members = off.len(),
        "turn-ping choices moved from {} into the bank",
        path.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::EconomyConfig;

    #[tokio::test]
    async fn a_choice_is_kept_by_the_bank_across_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let bank = Bank::open(dir.path(), EconomyConfig::default())
            .await
            .unwrap();
        let pings = Pings::load(&bank, dir.path()).await.unwrap();
        assert!(pings.wants(UserId(7)));
        pings.set(UserId(7), false).await.unwrap();
        pings.set(UserId(8), false).await.unwrap();
        pings.set(UserId(8), true).await.unwrap();
        bank.shutdown().await.unwrap();
        drop((pings, bank));

        let bank = Bank::open(dir.path(), EconomyConfig::default())
            .await
            .unwrap();
        let reloaded = Pings::load(&bank, dir.path()).await.unwrap();
        assert!(!reloaded.wants(UserId(7)));
        assert!(reloaded.wants(UserId(8)));
        // Only the member whose choice is not the default takes a record.
        let stored = bank.member_preferences().await.unwrap();
        assert_eq!(
            stored,
            vec![(UserId(7), MemberPreferences { turn_pings: false })]
        );
    }

    #[tokio::test]
    async fn an_older_versions_file_is_imported_once_and_a_corrupt_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let bank = Bank::open(dir.path(), EconomyConfig::default())
            .await
            .unwrap();
        std::fs::write(dir.path().join(LEGACY_FILE), "[7, 9]").unwrap();
        let pings = Pings::load(&bank, dir.path()).await.unwrap();
        assert!(!pings.wants(UserId(7)) && !pings.wants(UserId(9)));
        assert!(!dir.path().join(LEGACY_FILE).exists());
        assert!(dir.path().join("pings-off.json.imported").exists());
        // Turned back on after the import, and a restart does not import the file again.
        pings.set(UserId(7), true).await.unwrap();
        let again = Pings::load(&bank, dir.path()).await.unwrap();
        assert!(again.wants(UserId(7)) && !again.wants(UserId(9)));

        std::fs::write(dir.path().join(LEGACY_FILE), "not json").unwrap();
        let refused = Pings::load(&bank, dir.path())
            .await
            .err()
            .map(|e| e.to_string());
        assert!(
            refused.is_some_and(|text| text.contains(LEGACY_FILE)),
            "a corrupt file is named"
        );
    }
}
