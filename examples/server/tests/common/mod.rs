//! Shared by the integration tests: start the server binary on a free
//! loopback port with its own database, and talk to it as a client.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A running server process (killed on drop).
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    /// Starts the binary on 127.0.0.1, any free port.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bughouse-server"))
            .args(["--port", "0", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start the server");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let addr = loop {
            let line = lines
                .next()
                .expect("the server printed its address")
                .expect("read stdout");
            if let Some(addr) = line.strip_prefix("listening on ") {
                break addr.to_string();
            }
        };
        assert!(addr.starts_with("127.0.0.1:"), "loopback only: {addr}");
        // Keep reading stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Server { child, addr }
    }

    /// `kill -9`.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub async fn client(&self) -> Client {
        Client::connect(&self.addr).await
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A fresh temporary database path (the directory is removed on drop).
pub struct TempDb {
    pub dir: PathBuf,
}

impl TempDb {
    pub fn new(name: &str) -> TempDb {
        let dir = std::env::temp_dir().join(format!(
            "bughouse-server-test-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDb { dir }
    }
    pub fn path(&self) -> PathBuf {
        self.dir.join("db.sqlite3")
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// Generous bound for one expected frame on a loaded 2-core machine.
pub const FRAME_WAIT: Duration = Duration::from_secs(20);

impl Client {
    pub async fn connect(addr: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        let mut client = Client { ws };
        let hello = client.recv().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        client
    }

    pub async fn send(&mut self, frame: Value) {
        self.send_text(frame.to_string()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    pub async fn send_raw(&mut self, message: Message) {
        self.ws.send(message).await.expect("send");
    }

    /// The next text frame as JSON.
    pub async fn recv(&mut self) -> Value {
        self.try_recv(FRAME_WAIT)
            .await
            .expect("a frame within the wait")
    }

    pub async fn try_recv(&mut self, wait: Duration) -> Option<Value> {
        loop {
            let message = timeout(wait, self.ws.next()).await.ok()??.ok()?;
            match message {
                Message::Text(text) => {
                    return Some(serde_json::from_str(text.as_str()).expect("JSON frame"));
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// Reads frames until one of `kind` arrives (others are skipped).
    pub async fn expect(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.recv().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// Reads frames until `pred` holds.
    pub async fn until(&mut self, mut pred: impl FnMut(&Value) -> bool) -> Value {
        loop {
            let frame = self.recv().await;
            if pred(&frame) {
                return frame;
            }
        }
    }

    pub async fn create(&mut self, spec: Value) -> u64 {
        let mut frame = spec;
        frame["type"] = json!("create");
        self.send(frame).await;
        let created = self.expect("created").await;
        created["table"].as_u64().expect("table id")
    }

    /// Joins and returns the token.
    pub async fn join(&mut self, table: u64, seat: &str) -> String {
        self.send(
            json!({"type": "join", "table": table, "seat": seat, "name": format!("player {seat}")}),
        )
        .await;
        let joined = self.expect("joined").await;
        assert_eq!(joined["seat"], seat);
        joined["token"].as_str().expect("token").to_string()
    }

    /// A fresh state frame.
    pub async fn state(&mut self) -> Value {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.send(json!({"type": "state", "id": id})).await;
        self.until(|f| f["type"] == "state" && f["id"] == id).await
    }
}
