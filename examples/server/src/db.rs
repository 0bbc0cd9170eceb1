//! SQLite persistence: one writer thread with group commit.
//!
//! Tables send their writes here and wait for the acknowledgement before
//! they broadcast (so a client never sees an action the database could
//! lose). The writer takes every write queued at that moment and commits
//! them in one transaction, so a thousand tables cost one commit per batch,
//! not one each. The database runs in WAL mode with `synchronous=NORMAL`:
//! a committed transaction survives the server being killed (`kill -9`);
//! after a power cut the last few batches may be lost (use
//! `synchronous=FULL` to fsync every batch, at the price of latency).

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, params};
use tokio::sync::oneshot;

use crate::protocol::TableSpec;
use crate::table::LogChange;
use bughouse_core::{Action, Mode, Move, Seat, Seats, game::ActionKind};

/// One write.
#[derive(Debug)]
pub enum Write {
    /// A new table (its id was reserved by [`Db::open`]'s counter).
    Table {
        /// Id.
        id: u64,
        /// Settings.
        spec: TableSpec,
    },
    /// A human took a seat (or changed name): `token` opens it again.
    Claim {
        /// Table id.
        table: u64,
        /// Seat.
        seat: Seat,
        /// Reconnect token.
        token: String,
        /// Display name.
        name: String,
    },
    /// The seat's human left: the computer plays it now (or, before the
    /// game, it is empty again).
    Release {
        /// Table id.
        table: u64,
        /// Seat.
        seat: Seat,
    },
    /// The game started with these human seats (R30).
    Start {
        /// Table id.
        table: u64,
        /// The human seats.
        humans: Seats,
    },
    /// An accepted action: how it changed the engine's log.
    Action {
        /// Table id.
        table: u64,
        /// The action's report number (1-based).
        seq: usize,
        /// The engine's log entries it changed.
        change: LogChange,
        /// Set when this action ended the game.
        outcome: Option<String>,
    },
}

/// A table as stored.
#[derive(Debug, Clone)]
pub struct StoredTable {
    /// Id.
    pub id: u64,
    /// Settings.
    pub spec: TableSpec,
    /// `Some(humans)` once started.
    pub humans: Option<Seats>,
    /// Whether it ended.
    pub over: bool,
    /// Claimed seats: seat, token, name.
    pub claims: Vec<(Seat, String, String)>,
    /// The engine's log (`Game::log`), for `Game::restore`.
    pub log: Vec<Action>,
    /// How many actions were reported (the last report's number).
    pub reported: usize,
}

type Job = (Write, Option<oneshot::Sender<Result<(), String>>>);

/// The handle tables write through.
#[derive(Debug, Clone)]
pub struct Db {
    tx: mpsc::Sender<Job>,
}

/// The schema's version (`PRAGMA user_version`): 2 stores the engine's
/// log; version 1 (the server's own list of calls) is not read.
const SCHEMA_VERSION: i64 = 2;

const SCHEMA: &str = "
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    mode TEXT NOT NULL,
    base_ms INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    bot_nodes INTEGER NOT NULL,
    bot_delay_ms INTEGER NOT NULL,
    move_cap INTEGER NOT NULL,
    humans TEXT,
    reported INTEGER NOT NULL DEFAULT 0,
    outcome TEXT
);
CREATE TABLE IF NOT EXISTS claims (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    seat TEXT NOT NULL,
    token TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
-- The engine's log (Game::log), entry by entry, field by field: the
-- acting seat's letter (NULL for a tick), the kind (ActionKind::as_str),
-- the move as its 16-bit code (Move::to_u16), the mover's clock after a
-- move, the draw offers standing (Seats bits).
CREATE TABLE IF NOT EXISTS log (
    table_id INTEGER NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    seat TEXT,
    kind TEXT NOT NULL,
    move INTEGER,
    clock_ms INTEGER,
    offers INTEGER NOT NULL,
    PRIMARY KEY (table_id, idx)
) WITHOUT ROWID;
";

impl Db {
    /// Opens (or creates) the database, reads every table that has not
    /// ended, and starts the writer thread. Returns the handle, the stored
    /// tables and the next free table id.
    pub fn open(path: &Path) -> Result<(Db, Vec<StoredTable>, u64), String> {
        let conn = Connection::open(path).map_err(|e| format!("open {}: {e}", path.display()))?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| e.to_string())?;
        let empty: bool = conn
            .query_row("SELECT COUNT(*) = 0 FROM sqlite_master", [], |r| r.get(0))
            .map_err(|e| e.to_string())?;
        if !empty && version != SCHEMA_VERSION {
            return Err(format!(
                "{}: schema version {version}, this server reads {SCHEMA_VERSION}: use a new file",
                path.display()
            ));
        }
        conn.execute_batch(SCHEMA).map_err(|e| e.to_string())?;
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)
            .map_err(|e| e.to_string())?;
        let (tables, next_id) = load(&conn).map_err(|e| format!("load: {e}"))?;
        // Checkpoints (copying the WAL into the database file, with an
        // fsync) run on their own connection and thread, in PASSIVE mode,
        // so the writer never stalls behind one while tables wait.
        conn.execute_batch("PRAGMA wal_autocheckpoint = 0;")
            .map_err(|e| e.to_string())?;
        let checkpointer = Connection::open(path).map_err(|e| e.to_string())?;
        thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || {
                crate::bots::lower_this_thread(10);
                loop {
                    thread::sleep(std::time::Duration::from_secs(1));
                    if let Err(e) = checkpointer.execute_batch("PRAGMA wal_checkpoint(PASSIVE);") {
                        eprintln!("checkpoint: {e}");
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        let (tx, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || writer(conn, rx))
            .map_err(|e| e.to_string())?;
        Ok((Db { tx }, tables, next_id))
    }

    /// Queues a write and waits until it is committed.
    pub async fn write(&self, write: Write) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        self.tx
            .send((write, Some(ack)))
            .map_err(|_| "the database writer stopped".to_string())?;
        done.await
            .map_err(|_| "the database writer stopped".to_string())?
    }
}

fn writer(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 4096 {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let result = commit(&mut conn, &batch).map_err(|e| e.to_string());
        for (_, ack) in batch {
            if let Some(ack) = ack {
                let _ = ack.send(result.clone());
            }
        }
    }
}

fn commit(conn: &mut Connection, batch: &[Job]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    for (write, _) in batch {
        match write {
            Write::Table { id, spec } => {
                tx.prepare_cached(
                    "INSERT INTO tables (id, mode, base_ms, increment_ms, bot_nodes, bot_delay_ms, move_cap)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )?
                .execute(params![
                    *id as i64,
                    mode_name(spec.mode),
                    spec.base_ms as i64,
                    spec.increment_ms as i64,
                    spec.bot_nodes as i64,
                    spec.bot_delay_ms as i64,
                    spec.move_cap
                ])?;
            }
            Write::Claim {
                table,
                seat,
                token,
                name,
            } => {
                tx.prepare_cached(
                    "INSERT OR REPLACE INTO claims (table_id, seat, token, name) VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![*table as i64, seat.char().to_string(), token, name])?;
            }
            Write::Release { table, seat } => {
                tx.prepare_cached("DELETE FROM claims WHERE table_id = ?1 AND seat = ?2")?
                    .execute(params![*table as i64, seat.char().to_string()])?;
            }
            Write::Start { table, humans } => {
                let letters: String = humans.seats().map(|s| s.char()).collect();
                tx.prepare_cached("UPDATE tables SET humans = ?2 WHERE id = ?1")?
                    .execute(params![*table as i64, letters])?;
            }
            Write::Action {
                table,
                seq,
                change,
                outcome,
            } => {
                if change.dropped > 0 {
                    tx.prepare_cached("DELETE FROM log WHERE table_id = ?1 AND idx >= ?2")?
                        .execute(params![*table as i64, change.keep as i64])?;
                }
                let mut insert = tx.prepare_cached(
                    "INSERT INTO log (table_id, idx, at_ms, seat, kind, move, clock_ms, offers)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )?;
                for (i, entry) in change.append.iter().enumerate() {
                    insert.execute(params![
                        *table as i64,
                        (change.keep + i) as i64,
                        entry.at_ms as i64,
                        entry.seat.map(|s| s.char().to_string()),
                        entry.kind.as_str(),
                        entry.as_move().map(Move::to_u16),
                        entry.clock_ms,
                        entry.offers.bits(),
                    ])?;
                }
                tx.prepare_cached(
                    "UPDATE tables SET reported = ?2, outcome = COALESCE(?3, outcome) WHERE id = ?1",
                )?
                .execute(params![*table as i64, *seq as i64, outcome])?;
            }
        }
    }
    tx.commit()
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Live => "live",
        Mode::TurnBased => "turn_based",
    }
}

fn seat_of(text: &str) -> rusqlite::Result<Seat> {
    let mut chars = text.chars();
    match (chars.next().and_then(Seat::from_char), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(rusqlite::Error::InvalidColumnName(format!("seat {text:?}"))),
    }
}

fn load(conn: &Connection) -> rusqlite::Result<(Vec<StoredTable>, u64)> {
    let next_id: i64 = conn.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM tables", [], |r| {
        r.get(0)
    })?;
    let mut tables = Vec::new();
    let mut stmt = conn.prepare(
        "SELECT id, mode, base_ms, increment_ms, bot_nodes, bot_delay_ms, move_cap, humans, reported
         FROM tables WHERE outcome IS NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        let mode: String = r.get(1)?;
        let humans: Option<String> = r.get(7)?;
        Ok(StoredTable {
            id: r.get::<_, i64>(0)? as u64,
            spec: TableSpec {
                mode: if mode == "turn_based" {
                    Mode::TurnBased
                } else {
                    Mode::Live
                },
                base_ms: r.get::<_, i64>(2)? as u64,
                increment_ms: r.get::<_, i64>(3)? as u64,
                bot_nodes: r.get::<_, i64>(4)? as u64,
                bot_delay_ms: r.get::<_, i64>(5)? as u64,
                move_cap: r.get(6)?,
            },
            humans: humans.map(|h| Seats::from_letters(&h).unwrap_or(Seats::empty())),
            over: false,
            claims: Vec::new(),
            log: Vec::new(),
            reported: r.get::<_, i64>(8)? as usize,
        })
    })?;
    for row in rows {
        tables.push(row?);
    }
    let mut claims = conn.prepare("SELECT seat, token, name FROM claims WHERE table_id = ?1")?;
    let mut entries = conn.prepare(
        "SELECT at_ms, seat, kind, move, clock_ms, offers FROM log WHERE table_id = ?1 ORDER BY idx",
    )?;
    for table in &mut tables {
        let rows = claims.query_map([table.id as i64], |r| {
            Ok((seat_of(&r.get::<_, String>(0)?)?, r.get(1)?, r.get(2)?))
        })?;
        for row in rows {
            table.claims.push(row?);
        }
        let rows = entries.query_map([table.id as i64], |r| {
            let kind: String = r.get(2)?;
            let code: Option<u16> = r.get(3)?;
            let bad = |what: String| rusqlite::Error::InvalidColumnName(what);
            let mv = match code {
                Some(code) => {
                    Some(Move::from_u16(code).ok_or_else(|| bad(format!("move code {code}")))?)
                }
                None => None,
            };
            let kind = ActionKind::from_name(&kind, mv)
                .ok_or_else(|| bad(format!("log entry {kind:?} {code:?}")))?;
            Ok(Action {
                seat: r
                    .get::<_, Option<String>>(1)?
                    .as_deref()
                    .map(seat_of)
                    .transpose()?,
                kind,
                at_ms: r.get::<_, i64>(0)? as u64,
                clock_ms: r.get(4)?,
                offers: Seats::from_bits(r.get(5)?).ok_or_else(|| bad("offers".to_string()))?,
            })
        })?;
        for row in rows {
            table.log.push(row?);
        }
    }
    Ok((tables, next_id as u64))
}
