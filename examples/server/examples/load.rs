//! The load run's client: N all-computer tables watched for a bounded time.
//!
//! `load --addr 127.0.0.1:PORT --tables N [--seconds 60] [--nodes 1000]
//!  [--delay-ms 1000] [--server-pid PID]`
//!
//! Each table is live, four computer seats at `--nodes` per decision, each
//! waiting `--delay-ms` from the start of its turn (two boards: about
//! 2 decisions/s per table at 1000 ms). One spectator connection per table
//! measures, for every report, the time from the table accepting the action
//! (`accepted_us`, same machine's clock) to the frame arriving here. A game
//! that ends is replaced by a new table. Loopback only; stops by itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

#[derive(Default)]
struct Totals {
    actions: AtomicU64,
    games_ended: AtomicU64,
    errors: AtomicU64,
}

fn now_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

fn proc_cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0) // USER_HZ is 100 on Linux
}

fn proc_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

struct Args {
    addr: String,
    tables: usize,
    seconds: u64,
    nodes: u64,
    delay_ms: u64,
    server_pid: Option<u32>,
}

fn args() -> Args {
    let mut a = Args {
        addr: "127.0.0.1:8080".into(),
        tables: 100,
        seconds: 60,
        nodes: 1000,
        delay_ms: 1000,
        server_pid: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let v = it.next().unwrap_or_else(|| panic!("{flag} needs a value"));
        match flag.as_str() {
            "--addr" => a.addr = v,
            "--tables" => a.tables = v.parse().expect("--tables N"),
            "--seconds" => a.seconds = v.parse::<u64>().expect("--seconds S").min(600),
            "--nodes" => a.nodes = v.parse().expect("--nodes N"),
            "--delay-ms" => a.delay_ms = v.parse().expect("--delay-ms MS"),
            "--server-pid" => a.server_pid = Some(v.parse().expect("--server-pid PID")),
            other => panic!("unknown argument {other}"),
        }
    }
    assert!(
        a.addr.starts_with("127.") || a.addr.starts_with("localhost"),
        "loopback only"
    );
    a
}

/// One table's watcher: create, spectate, read reports until the game
/// ends, then again, until `stop`.
async fn watcher(
    args: Arc<Args>,
    totals: Arc<Totals>,
    latencies: Arc<Mutex<Vec<u32>>>,
    measuring: Arc<std::sync::atomic::AtomicBool>,
    ready: Arc<AtomicU64>,
    stop: Instant,
) {
    let mut first = true;
    while Instant::now() < stop {
        let Ok((mut ws, _)) =
            tokio_tungstenite::connect_async(format!("ws://{}/ws", args.addr)).await
        else {
            totals.errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let create = json!({"type": "create", "mode": "live", "base_ms": 3_600_000,
            "bot_nodes": args.nodes, "bot_delay_ms": args.delay_ms, "start": true});
        if ws
            .send(Message::Text(create.to_string().into()))
            .await
            .is_err()
        {
            continue;
        }
        let mut table = None;
        loop {
            let left = stop.saturating_duration_since(Instant::now());
            let Ok(Some(Ok(msg))) = tokio::time::timeout(left, ws.next()).await else {
                break;
            };
            let Message::Text(text) = msg else { continue };
            let arrived = now_us();
            let frame: Value = serde_json::from_str(text.as_str()).expect("JSON");
            match frame["type"].as_str() {
                Some("created") if table.is_none() => {
                    table = frame["table"].as_u64();
                    let spectate = json!({"type": "spectate", "table": table});
                    let _ = ws.send(Message::Text(spectate.to_string().into())).await;
                }
                Some("state") if first => {
                    first = false;
                    ready.fetch_add(1, Ordering::Relaxed);
                }
                Some("report") => {
                    if measuring.load(Ordering::Relaxed) {
                        totals.actions.fetch_add(1, Ordering::Relaxed);
                        let accepted = frame["accepted_us"].as_u64().unwrap_or(arrived);
                        let us = arrived.saturating_sub(accepted).min(u32::MAX as u64) as u32;
                        latencies.lock().expect("latencies").push(us);
                    }
                    if !frame["outcome"].is_null() {
                        totals.games_ended.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                }
                Some("error") => {
                    totals.errors.fetch_add(1, Ordering::Relaxed);
                    eprintln!("error frame: {frame}");
                }
                _ => {}
            }
        }
        let _ = ws.close(None).await;
    }
}

/// The server's own latency histogram (a `stats` frame).
async fn server_stats(addr: &str, reset: bool) -> Option<Value> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .ok()?;
    let ask = json!({"type": "stats", "reset": reset});
    ws.send(Message::Text(ask.to_string().into())).await.ok()?;
    while let Some(Ok(msg)) = ws.next().await {
        if let Message::Text(text) = msg {
            let frame: Value = serde_json::from_str(text.as_str()).ok()?;
            if frame["type"] == "stats" {
                return Some(frame);
            }
        }
    }
    None
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Arc::new(args());
    let totals = Arc::new(Totals::default());
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let measuring = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let ready = Arc::new(AtomicU64::new(0));
    let rss_before = args.server_pid.and_then(proc_rss_kib);
    let ramp_limit = Duration::from_secs(120);
    let stop = Instant::now() + ramp_limit + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    let started = Instant::now();
    for _ in 0..args.tables {
        tasks.push(tokio::spawn(watcher(
            args.clone(),
            totals.clone(),
            latencies.clone(),
            measuring.clone(),
            ready.clone(),
            stop,
        )));
        // Spread the table starts over ~1 s per 1000 tables.
        tokio::time::sleep(Duration::from_micros(1000)).await;
    }
    while (ready.load(Ordering::Relaxed) as usize) < args.tables {
        assert!(
            started.elapsed() < ramp_limit,
            "tables did not start in time"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Let the first decisions (all at once after the start) spread out.
    tokio::time::sleep(Duration::from_millis(2 * args.delay_ms + 500)).await;
    let ramp = started.elapsed();
    let cpu0 = args.server_pid.and_then(proc_cpu_seconds);
    let _ = server_stats(&args.addr, true).await;
    let window_start = Instant::now();
    measuring.store(true, Ordering::Relaxed);
    // The client's own scheduling delay: how late a 10 ms sleep of this
    // process wakes. End-to-end latency includes it (the client waits for
    // a CPU before it reads a frame); on a quiet machine it is ~0.1 ms.
    let probe_measuring = measuring.clone();
    let probe = tokio::spawn(async move {
        let mut late = Vec::new();
        while probe_measuring.load(Ordering::Relaxed) {
            let asked = Instant::now() + Duration::from_millis(10);
            tokio::time::sleep_until(asked.into()).await;
            late.push(Instant::now().saturating_duration_since(asked).as_micros() as u32);
        }
        late
    });
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let mut late = probe.await.unwrap_or_default();
    late.sort_unstable();
    let window = window_start.elapsed().as_secs_f64();
    let cpu1 = args.server_pid.and_then(proc_cpu_seconds);
    let inside = server_stats(&args.addr, true).await;
    let rss_after = args.server_pid.and_then(proc_rss_kib);
    let actions = totals.actions.load(Ordering::Relaxed);
    // Stop the watchers: they end at `stop` at the latest; close now.
    for t in &tasks {
        t.abort();
    }
    let mut lat = latencies.lock().expect("latencies").clone();
    lat.sort_unstable();
    println!("tables:            {}", args.tables);
    println!("nodes/decision:    {}", args.nodes);
    println!("delay/decision:    {} ms", args.delay_ms);
    println!("ramp-up:           {:.1} s", ramp.as_secs_f64());
    println!("window:            {window:.1} s");
    println!("actions:           {actions}");
    let per_s = actions as f64 / window;
    println!("actions/s:         {per_s:.0}");
    println!("decisions/s/table: {:.2}", per_s / args.tables as f64);
    println!("latency samples:   {}", lat.len());
    println!(
        "latency p50/p99/max accept->client: {:.2} / {:.2} / {:.2} ms",
        percentile(&lat, 0.50),
        percentile(&lat, 0.99),
        lat.last().map_or(f64::NAN, |&m| f64::from(m) / 1000.0)
    );
    println!(
        "client's own wake-up delay p50/p99/max (10 ms sleeps): {:.2} / {:.2} / {:.2} ms",
        percentile(&late, 0.50),
        percentile(&late, 0.99),
        late.last().map_or(f64::NAN, |&m| f64::from(m) / 1000.0)
    );
    if let Some(s) = inside {
        println!(
            "latency p50/p99/max accept->queued on all sockets (server side, 100 us buckets): {:.1} / {:.1} / {:.1} ms over {} broadcasts",
            s["p50_us"].as_f64().unwrap_or(f64::NAN) / 1000.0,
            s["p99_us"].as_f64().unwrap_or(f64::NAN) / 1000.0,
            s["max_us"].as_f64().unwrap_or(f64::NAN) / 1000.0,
            s["broadcasts"]
        );
        println!(
            "latency p50/p99/max accept->written to each socket (server side): {:.1} / {:.1} / {:.1} ms over {} writes",
            s["written_p50_us"].as_f64().unwrap_or(f64::NAN) / 1000.0,
            s["written_p99_us"].as_f64().unwrap_or(f64::NAN) / 1000.0,
            s["written_max_us"].as_f64().unwrap_or(f64::NAN) / 1000.0,
            s["writes"]
        );
    }
    println!(
        "games ended:       {}",
        totals.games_ended.load(Ordering::Relaxed)
    );
    println!(
        "errors:            {}",
        totals.errors.load(Ordering::Relaxed)
    );
    if let (Some(c0), Some(c1)) = (cpu0, cpu1) {
        let cores = (c1 - c0) / window;
        println!("server CPU:        {:.1}% of one core", cores * 100.0);
        println!(
            "server CPU/table:  {:.3} ms per s",
            cores * 1000.0 / args.tables as f64
        );
        let per_table = per_s / args.tables as f64;
        if cores > 0.0 {
            println!(
                "tables per core at 2 decisions/s: {:.0}",
                args.tables as f64 / cores * per_table / 2.0
            );
        }
    }
    if let (Some(before), Some(after)) = (rss_before, rss_after) {
        println!(
            "server RSS:        {} MiB (before the tables: {} MiB)",
            after / 1024,
            before / 1024
        );
        println!(
            "RSS per table:     {:.0} KiB",
            (after.saturating_sub(before)) as f64 / args.tables as f64
        );
    }
}
