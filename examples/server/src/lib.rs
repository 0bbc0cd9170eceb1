//! The reference bughouse server: tables of four seats on `bughouse-core`,
//! the computer in empty or abandoned seats, live and turn-based games,
//! SQLite persistence, a JSON protocol over WebSockets. See README.md.
//!
//! Layout, for a server author adapting it:
//! - [`table`]: the only code that calls the engine's game API (apply an
//!   action, what it changed, next flag, rebuild from the log);
//! - [`tables`]: one task per table (seats, clients, the one timer);
//! - [`db`]: SQLite, one writer thread, group commit;
//! - [`bots`]: computer searches on a bounded blocking pool;
//! - [`protocol`]: the frames; this file: the HTTP/WebSocket front.
#![deny(missing_docs)]

pub mod bots;
pub mod db;
pub mod protocol;
pub mod stats;
pub mod table;
pub mod tables;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, oneshot};

use crate::bots::BotPool;
use crate::db::{Db, Write};
use crate::protocol::{ClientMsg, Code, MAX_FRAME_BYTES, error_frame, parse_seat};
use crate::tables::{ClientAction, Cmd, ConnId, Outgoing, Table};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen: always a loopback address in tests.
    pub listen: SocketAddr,
    /// The SQLite file.
    pub db_path: PathBuf,
    /// How long a disconnected player's seat waits before the computer
    /// takes it.
    pub grace: Duration,
    /// Frames a connection may send per second (sustained)…
    pub frames_per_second: f64,
    /// …and in one burst.
    pub frame_burst: f64,
    /// Computer searches at once (default: the cores available).
    pub search_threads: usize,
    /// How much lower than the server's other threads the searches run (a
    /// nice value added to the server's; 0 keeps them equal). Default 10:
    /// reports and the database go first, searches take what is left.
    pub search_niceness: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db_path: PathBuf::from("bughouse-server.sqlite3"),
            grace: Duration::from_secs(30),
            frames_per_second: 20.0,
            frame_burst: 40.0,
            search_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            search_niceness: 10,
        }
    }
}

/// What every connection and table shares.
#[derive(Debug)]
pub struct App {
    /// The running tables.
    pub tables: Mutex<HashMap<u64, mpsc::Sender<Cmd>>>,
    /// What `list` shows of each table, kept by the tables themselves.
    pub summaries: Mutex<HashMap<u64, serde_json::Value>>,
    /// The database.
    pub db: Db,
    /// The computer players.
    pub bots: BotPool,
    /// The settings.
    pub config: Config,
    /// Accept-to-broadcast latency: the report queued for every client.
    pub latency: stats::Latency,
    /// Accept-to-written latency: each report written to its socket.
    pub written: stats::Latency,
    next_table: AtomicU64,
    next_conn: AtomicU64,
}

/// Opens the database, restores every running game, and serves until the
/// process ends. Prints `listening on ADDR` once it accepts connections.
pub async fn serve(config: Config) -> Result<(), String> {
    let (db, stored, next_id) = Db::open(&config.db_path)?;
    let app = Arc::new(App {
        tables: Mutex::new(HashMap::new()),
        summaries: Mutex::new(HashMap::new()),
        db,
        bots: BotPool::new(config.search_threads, config.search_niceness),
        config: config.clone(),
        next_table: AtomicU64::new(next_id),
        next_conn: AtomicU64::new(1),
        latency: stats::Latency::default(),
        written: stats::Latency::default(),
    });
    let mut restored = 0;
    for table in stored {
        let id = table.id;
        match Table::spawn_restored(app.clone(), table) {
            Ok(tx) => {
                app.tables.lock().expect("tables lock").insert(id, tx);
                restored += 1;
            }
            Err(e) => eprintln!("not restored: {e}"),
        }
    }
    let router = Router::new()
        .route("/", get(page))
        .route("/ws", get(ws_upgrade))
        .route(
            "/favicon.ico",
            get(|| async { axum::http::StatusCode::NO_CONTENT }),
        )
        .with_state(app);
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("bind {}: {e}", config.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    // Reports are small frames that must leave at once: no Nagle delay
    // (which, with the client's delayed ACKs, held frames up to ~40 ms+).
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            eprintln!("TCP_NODELAY: {e}");
        }
    });
    println!("restored {restored} tables");
    println!("listening on {addr}");
    axum::serve(listener, router)
        .await
        .map_err(|e| e.to_string())
}

/// A tiny test client page (the browser demo is the real client).
async fn page() -> Html<&'static str> {
    Html(include_str!("../static/index.html"))
}

async fn ws_upgrade(ws: WebSocketUpgrade, State(app): State<Arc<App>>) -> Response {
    // Frames up to 64 KiB are read and answered (above 4 KiB with an
    // error); larger ones close the connection.
    // Small buffers (tungstenite's default is 128 KiB each way per
    // connection): frames here are a few hundred bytes, and the read
    // buffer still grows for a larger frame.
    ws.max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| connection(socket, app))
        .into_response()
}

/// Frames a connection may have queued before it counts as too slow.
const OUT_QUEUE: usize = 1024;

/// Rate-limited frames in a row after which the connection is closed.
const FLOOD_CLOSE: u32 = 1000;

struct Conn {
    id: ConnId,
    app: Arc<App>,
    out: mpsc::Sender<Outgoing>,
    /// The table this connection is at (as a player or spectator).
    table: Option<(u64, mpsc::Sender<Cmd>)>,
    tokens: f64,
    refilled: Instant,
}

async fn connection(socket: WebSocket, app: Arc<App>) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut outgoing) = mpsc::channel::<Outgoing>(OUT_QUEUE);
    let written_app = app.clone();
    let writer = tokio::spawn(async move {
        while let Some(frame) = outgoing.recv().await {
            if sink.send(Message::Text(frame.text)).await.is_err() {
                break;
            }
            if let Some(accepted) = frame.accepted {
                written_app.written.record(accepted.elapsed());
            }
        }
        let _ = sink.close().await;
    });
    let mut conn = Conn {
        id: app.next_conn.fetch_add(1, Ordering::Relaxed),
        tokens: app.config.frame_burst,
        refilled: Instant::now(),
        app,
        out,
        table: None,
    };
    conn.reply(protocol::hello());
    let mut limited_in_a_row = 0;
    while let Some(Ok(message)) = stream.next().await {
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                conn.error(
                    Code::BadFrame,
                    "binary frames are not read: send JSON text frames",
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !conn.take_token() {
            limited_in_a_row += 1;
            if limited_in_a_row >= FLOOD_CLOSE {
                break;
            }
            conn.error(
                Code::RateLimited,
                &format!(
                    "more than {} frames per second: frame dropped",
                    conn.app.config.frames_per_second
                ),
            );
            continue;
        }
        limited_in_a_row = 0;
        if text.len() > MAX_FRAME_BYTES {
            conn.error(
                Code::BadFrame,
                &format!("frame of {} bytes: at most {MAX_FRAME_BYTES}", text.len()),
            );
            continue;
        }
        match serde_json::from_str::<ClientMsg>(text.as_str()) {
            Ok(msg) => conn.dispatch(msg).await,
            Err(e) => conn.error(Code::BadFrame, &clip_error(&e.to_string())),
        }
        if conn.out.is_closed() {
            break;
        }
    }
    if let Some((_, table)) = conn.table.take() {
        let _ = table.send(Cmd::Detach { conn: conn.id }).await;
    }
    drop(conn);
    let _ = writer.await;
}

/// serde's messages quote the input near the error; keep them short.
fn clip_error(message: &str) -> String {
    const MAX: usize = 200;
    if message.len() <= MAX {
        message.to_string()
    } else {
        let mut end = MAX;
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}…", &message[..end])
    }
}

impl Conn {
    fn reply(&self, text: String) {
        let _ = self.out.try_send(text.into());
    }

    fn error(&self, code: Code, message: &str) {
        self.reply(error_frame(code, message));
    }

    /// A token bucket: `frame_burst` frames at once, `frames_per_second`
    /// sustained.
    fn take_token(&mut self) -> bool {
        let now = Instant::now();
        let config = &self.app.config;
        let refill = now.duration_since(self.refilled).as_secs_f64() * config.frames_per_second;
        self.tokens = (self.tokens + refill).min(config.frame_burst);
        self.refilled = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn table_of(&self, id: u64) -> Option<mpsc::Sender<Cmd>> {
        self.app
            .tables
            .lock()
            .expect("tables lock")
            .get(&id)
            .cloned()
    }

    async fn dispatch(&mut self, msg: ClientMsg) {
        match msg {
            ClientMsg::Ping => self.reply(protocol::pong().to_string()),
            ClientMsg::Stats { reset } => {
                let (count, p50, p99, max) = self.app.latency.summary(reset);
                let (writes, w50, w99, wmax) = self.app.written.summary(reset);
                self.reply(
                    serde_json::json!({"type": "stats",
                        "broadcasts": count, "p50_us": p50, "p99_us": p99, "max_us": max,
                        "writes": writes, "written_p50_us": w50, "written_p99_us": w99,
                        "written_max_us": wmax})
                    .to_string(),
                );
            }
            ClientMsg::List => {
                let mut tables: Vec<(u64, serde_json::Value)> = self
                    .app
                    .summaries
                    .lock()
                    .expect("summaries lock")
                    .iter()
                    .map(|(&id, v)| (id, v.clone()))
                    .collect();
                tables.sort_unstable_by_key(|(id, _)| *id);
                let tables: Vec<serde_json::Value> = tables.into_iter().map(|(_, v)| v).collect();
                self.reply(serde_json::json!({"type": "tables", "tables": tables}).to_string());
            }
            ClientMsg::Create(input) => {
                let spec = match input.check() {
                    Ok(spec) => spec,
                    Err(message) => return self.error(Code::BadValue, &message),
                };
                let id = self.app.next_table.fetch_add(1, Ordering::Relaxed);
                if let Err(e) = self.app.db.write(Write::Table { id, spec }).await {
                    return self.error(Code::Internal, &format!("database: {e}"));
                }
                let tx = Table::spawn_new(self.app.clone(), id, spec);
                self.app
                    .tables
                    .lock()
                    .expect("tables lock")
                    .insert(id, tx.clone());
                if input.start {
                    let _ = tx.send(Cmd::StartNow).await;
                }
                self.reply(serde_json::json!({"type": "created", "table": id}).to_string());
            }
            ClientMsg::Join { table, seat, name } => {
                let seat = match parse_seat(&seat) {
                    Ok(seat) => seat,
                    Err(message) => return self.error(Code::BadValue, &message),
                };
                let name = name.unwrap_or_else(|| seat.name().to_string());
                if name.chars().count() > 32 || name.chars().any(char::is_control) {
                    return self.error(
                        Code::BadValue,
                        "name: at most 32 characters, no control characters",
                    );
                }
                self.attach(table, |conn, out, reply| Cmd::Join {
                    conn,
                    out,
                    seat,
                    name,
                    reply,
                })
                .await;
            }
            ClientMsg::Reconnect { table, token } => {
                if token.len() > 64 {
                    return self.error(Code::BadToken, "token: at most 64 characters");
                }
                self.attach(table, |conn, out, reply| Cmd::Reconnect {
                    conn,
                    out,
                    token,
                    reply,
                })
                .await;
            }
            ClientMsg::Spectate { table } => {
                self.attach(table, |conn, out, reply| Cmd::Spectate { conn, out, reply })
                    .await;
            }
            ClientMsg::Start => self.send_to_table(Cmd::Start { conn: self.id }).await,
            ClientMsg::Leave => self.send_to_table(Cmd::Leave { conn: self.id }).await,
            ClientMsg::State { id } => self.send_to_table(Cmd::State { conn: self.id, id }).await,
            ClientMsg::Move { text, seat } => self.act(seat, ClientAction::Move(text)).await,
            ClientMsg::Sit { seat } => self.act(seat, ClientAction::Sit).await,
            ClientMsg::Resign { seat } => self.act(seat, ClientAction::Resign).await,
            ClientMsg::OfferDraw { seat } => self.act(seat, ClientAction::OfferDraw).await,
            ClientMsg::WithdrawDraw { seat } => self.act(seat, ClientAction::WithdrawDraw).await,
        }
    }

    async fn act(&mut self, seat: Option<String>, action: ClientAction) {
        let named = match seat.as_deref().map(parse_seat).transpose() {
            Ok(named) => named,
            Err(message) => return self.error(Code::BadValue, &message),
        };
        self.send_to_table(Cmd::Act {
            conn: self.id,
            named,
            action,
        })
        .await;
    }

    async fn send_to_table(&mut self, cmd: Cmd) {
        match &self.table {
            Some((_, tx)) => {
                if tx.send(cmd).await.is_err() {
                    self.table = None;
                    self.error(Code::UnknownTable, "the table has closed");
                }
            }
            None => self.error(
                Code::NotSeated,
                "you are at no table: join, reconnect or spectate first",
            ),
        }
    }

    async fn attach(
        &mut self,
        id: u64,
        make: impl FnOnce(ConnId, mpsc::Sender<Outgoing>, tables::Reply) -> Cmd,
    ) {
        if let Some((current, _)) = &self.table {
            if *current != id {
                return self.error(
                    Code::AlreadyAtTable,
                    &format!("you are at table {current}: leave it first (close the connection)"),
                );
            }
        }
        let Some(tx) = self.table_of(id) else {
            return self.error(Code::UnknownTable, &format!("no table {id}"));
        };
        let (reply, answer) = oneshot::channel();
        if tx
            .send(make(self.id, self.out.clone(), reply))
            .await
            .is_err()
        {
            return self.error(Code::UnknownTable, &format!("table {id} has closed"));
        }
        match answer.await {
            Ok(Ok(_)) => self.table = Some((id, tx)),
            Ok(Err((code, message))) => self.error(code, &message),
            Err(_) => self.error(Code::UnknownTable, &format!("table {id} has closed")),
        }
    }
}
