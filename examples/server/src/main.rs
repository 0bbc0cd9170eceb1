//! `bughouse-server [--port N] [--db FILE] [--grace-ms MS] [--search-threads N] [--search-niceness N]`
//!
//! Serves on 127.0.0.1 only (`--port 0` picks a free port; the chosen
//! address is printed as `listening on 127.0.0.1:PORT`).

use std::net::SocketAddr;
use std::time::Duration;

use bughouse_server::{Config, serve};

fn main() {
    let mut config = Config::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next().unwrap_or_else(|| {
                eprintln!("{flag} needs a value");
                std::process::exit(2)
            })
        };
        let number = |text: String| -> u64 {
            text.parse().unwrap_or_else(|_| {
                eprintln!("{flag}: expected a number, got {text:?}");
                std::process::exit(2)
            })
        };
        match flag.as_str() {
            "--port" => {
                let port = number(value());
                let port = u16::try_from(port).unwrap_or_else(|_| {
                    eprintln!("--port: {port} is not a port");
                    std::process::exit(2)
                });
                config.listen = SocketAddr::from(([127, 0, 0, 1], port));
            }
            "--db" => config.db_path = value().into(),
            "--grace-ms" => config.grace = Duration::from_millis(number(value())),
            "--search-threads" => config.search_threads = number(value()).max(1) as usize,
            "--search-niceness" => config.search_niceness = number(value()).min(19) as i32,
            "--help" | "-h" => {
                println!(
                    "bughouse-server [--port N] [--db FILE] [--grace-ms MS] [--search-threads N] [--search-niceness N]"
                );
                return;
            }
            other => {
                eprintln!("unknown argument {other:?} (try --help)");
                std::process::exit(2)
            }
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        // The computer's search uses up to ~600 KiB of stack.
        .thread_stack_size(4 * 1024 * 1024)
        .build()
        .expect("the tokio runtime");
    if let Err(e) = runtime.block_on(serve(config)) {
        eprintln!("bughouse-server: {e}");
        std::process::exit(1);
    }
}
