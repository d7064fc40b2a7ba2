//! Who turned turn mentions off (`/ping off`): kept in `<data_dir>/pings-off.json`, written
//! whole to a temporary file and renamed over the old one, so a crash leaves either version.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;

use crate::bank::UserId;

use super::lock;

pub struct Pings {
    path: PathBuf,
    off: Mutex<BTreeSet<u64>>,
    /// One write at a time, in the order the changes were made.
    writing: tokio::sync::Mutex<()>,
}

impl Pings {
    /// Reads the preferences in `data_dir`; a missing file means everyone is mentioned.
    pub fn load(data_dir: &std::path::Path) -> anyhow::Result<Pings> {
        let path = data_dir.join("pings-off.json");
        let off = match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|error| {
                anyhow::anyhow!("{} is not a list of user ids: {error}", path.display())
            })?,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => BTreeSet::new(),
            Err(error) => anyhow::bail!("reading {}: {error}", path.display()),
        };
        Ok(Pings {
            path,
            off: Mutex::new(off),
            writing: tokio::sync::Mutex::new(()),
        })
    }

    /// Whether `user` wants to be mentioned when it is their turn.
    pub fn wants(&self, user: UserId) -> bool {
        !lock(&self.off).contains(&user.0)
    }

    /// Turns `user`'s mentions on or off, durably.
    pub async fn set(&self, user: UserId, on: bool) -> std::io::Result<()> {
        let _one_at_a_time = self.writing.lock().await;
        let bytes = {
            let mut off = lock(&self.off);
            if on {
                off.remove(&user.0);
            } else {
                off.insert(user.0);
            }
            serde_json::to_vec(&*off).map_err(std::io::Error::other)?
        };
        let path = self.path.clone();
        tokio::task::spawn_blocking(move || {
            let temporary = path.with_extension("json.tmp");
            std::fs::write(&temporary, bytes)?;
            std::fs::rename(&temporary, &path)
        })
        .await
        .map_err(std::io::Error::other)?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_choice_is_kept_across_restarts() {
        let dir = std::env::temp_dir().join(format!("studbot-pings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pings = Pings::load(&dir).unwrap();
        assert!(pings.wants(UserId(7)));
        pings.set(UserId(7), false).await.unwrap();
        pings.set(UserId(8), false).await.unwrap();
        pings.set(UserId(8), true).await.unwrap();
        let reloaded = Pings::load(&dir).unwrap();
        assert!(!reloaded.wants(UserId(7)));
        assert!(reloaded.wants(UserId(8)));
        std::fs::write(dir.join("pings-off.json"), "not json").unwrap();
        let refused = Pings::load(&dir).err().map(|error| error.to_string());
        assert!(refused.is_some_and(|text| text.contains("pings-off.json")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
