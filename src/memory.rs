//! The process's memory allocator and what it holds.
//!
//! studbot allocates through jemalloc, with its background threads on: memory a closed table
//! or a finished hand freed goes back to the system after jemalloc's decay time
//! ([`DIRTY_DECAY_MS`], 1 s; jemalloc's default is 10 s), instead of staying in glibc
//! malloc's per-thread arenas. Measured with the tables
//! bench (`cargo bench --bench tables`, release): with 10,000 tables played flat out
//! and then all closed, jemalloc is back to 110 MiB resident after the decay time, against
//! 280 MiB with them open and seated; glibc malloc (built with `--no-default-features`) still
//! holds 548 MiB, against 227 MiB, and 585 MiB once the lobby and the bank are dropped too.
//!
//! [`figures`] reads the allocator's own counts, so a benchmark can tell memory in live use
//! from memory the allocator merely keeps.

#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// How long jemalloc keeps freed ("dirty") pages before giving them back. Its default, 10 s,
/// left about 200 MiB of freed pages resident at the end of the tables bench's flat-out
/// phase (10,000 tables: 514 MiB resident for 222 MiB live); at 1 s the pages of a busy
/// second go back within the next.
pub const DIRTY_DECAY_MS: isize = 1_000;

/// Starts jemalloc's background threads, which purge freed pages back to the system on their
/// own schedule (without them, purging waits for the next allocations), and sets the decay
/// time to [`DIRTY_DECAY_MS`] for every arena. Call once at start, before the runtime's
/// threads; calling again changes nothing. A failure only costs memory, so it is logged.
pub fn return_freed_memory() {
    #[cfg(feature = "jemalloc")]
    {
        use tikv_jemalloc_ctl::{Access, AsName};
        if let Err(error) = tikv_jemalloc_ctl::background_thread::write(true) {
            tracing::warn!("jemalloc's background purging could not start: {error}");
        }
        // Arenas made from now on, then those that exist already (an arena not yet made
        // refuses, and takes the default when it is).
        if let Err(error) = b"arenas.dirty_decay_ms\0".name().write(DIRTY_DECAY_MS) {
            tracing::warn!("jemalloc's decay time could not be set: {error}");
        }
        let arenas = tikv_jemalloc_ctl::arenas::narenas::read().unwrap_or(0);
        for arena in 0..arenas {
            let name = format!("arena.{arena}.dirty_decay_ms\0");
            let _ = name.as_str().name().write(DIRTY_DECAY_MS);
        }
    }
}

/// The decay time of arena 0 (the main thread's), as jemalloc reports it.
#[cfg(feature = "jemalloc")]
pub fn dirty_decay_ms() -> Option<isize> {
    use tikv_jemalloc_ctl::{Access, AsName};
    b"arena.0.dirty_decay_ms\0".name().read().ok()
}

/// The allocator's counts, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllocatorFigures {
    /// Bytes the program holds in live allocations.
    pub allocated: u64,
    /// Bytes in the pages of live allocations (`allocated` plus fragmentation).
    pub active: u64,
    /// Bytes the allocator holds in physical memory (its metadata and unpurged pages too).
    pub resident: u64,
}

/// The allocator's counts now, or `None` if it cannot tell (glibc malloc, built without the
/// `jemalloc` feature).
#[cfg(not(feature = "jemalloc"))]
pub fn figures() -> Option<AllocatorFigures> {
    None
}

/// The allocator's counts now, or `None` if it cannot tell.
#[cfg(feature = "jemalloc")]
pub fn figures() -> Option<AllocatorFigures> {
    use tikv_jemalloc_ctl::{epoch, stats};
    epoch::advance().ok()?;
    let read = |value: Result<usize, tikv_jemalloc_ctl::Error>| {
        value.ok().and_then(|bytes| u64::try_from(bytes).ok())
    };
    Some(AllocatorFigures {
        allocated: read(stats::allocated::read())?,
        active: read(stats::active::read())?,
        resident: read(stats::resident::read())?,
    })
}

#[cfg(all(test, feature = "jemalloc"))]
mod tests {
    use super::*;

    #[test]
    fn freed_pages_go_back_after_the_short_decay_time() {
        return_freed_memory();
        assert_eq!(dirty_decay_ms(), Some(DIRTY_DECAY_MS));
    }

    #[test]
    fn the_allocator_counts_a_live_allocation_and_stops_counting_it_once_freed() {
        const SIZE: usize = 64 * 1024 * 1024;
        return_freed_memory();
        let before = figures().expect("jemalloc reports its figures");
        let block = vec![1u8; SIZE];
        let during = figures().expect("jemalloc reports its figures");
        assert!(during.allocated >= before.allocated + SIZE as u64 / 2);
        assert!(during.resident >= during.active && during.active >= during.allocated);
        drop(std::hint::black_box(block));
        let after = figures().expect("jemalloc reports its figures");
        assert!(after.allocated + (SIZE as u64) / 2 <= during.allocated);
    }
}
