//! Server-side latency of broadcasts: from a table accepting an action to
//! its report being queued on every client's socket (the database write
//! included), in 100 µs buckets up to 1 s. Read with a `stats` frame.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

const BUCKET_US: u64 = 100;
const BUCKETS: usize = 10_000;

/// A fixed histogram, lock-free.
#[derive(Debug)]
pub struct Latency {
    buckets: Vec<AtomicU64>,
}

impl Default for Latency {
    fn default() -> Latency {
        Latency {
            buckets: (0..BUCKETS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Latency {
    /// Counts one broadcast.
    pub fn record(&self, latency: Duration) {
        let i = (latency.as_micros() as u64 / BUCKET_US).min(BUCKETS as u64 - 1) as usize;
        self.buckets[i].fetch_add(1, Ordering::Relaxed);
    }

    /// Count, p50 and p99 (upper bucket bounds, µs), and the largest
    /// bucket used; then, if `reset`, starts over.
    pub fn summary(&self, reset: bool) -> (u64, u64, u64, u64) {
        let counts: Vec<u64> = self
            .buckets
            .iter()
            .map(|b| {
                if reset {
                    b.swap(0, Ordering::Relaxed)
                } else {
                    b.load(Ordering::Relaxed)
                }
            })
            .collect();
        let total: u64 = counts.iter().sum();
        let quantile = |q: f64| -> u64 {
            let target = ((total as f64) * q).ceil().max(1.0) as u64;
            let mut seen = 0;
            for (i, &c) in counts.iter().enumerate() {
                seen += c;
                if seen >= target {
                    return (i as u64 + 1) * BUCKET_US;
                }
            }
            0
        };
        let max = counts
            .iter()
            .rposition(|&c| c > 0)
            .map_or(0, |i| (i as u64 + 1) * BUCKET_US);
        (total, quantile(0.5), quantile(0.99), max)
    }
}
