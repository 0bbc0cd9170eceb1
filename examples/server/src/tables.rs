//! One task per table: the only owner of its game, seats and clients.
//!
//! A table task takes commands one at a time (joins, actions, results of
//! computer searches) and wakes on one timer: the earliest of the next flag
//! (R21), the next computer decision and the end of a disconnected human's
//! grace period. Every accepted action is written to the database before it
//! is broadcast to the table's players and spectators.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use bughouse_core::{
    Action, BoardId, GameSettings, Mode, Move, Outcome, Seat, Seats, TimeControl, bot::BotAction,
};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::time::sleep_until;

use crate::App;
use crate::db::{StoredTable, Write};
use crate::protocol::{Code, TableSpec, clip, error_frame, seat_letter};
use crate::table::{Refusal, Report, TableAction, TableGame};

/// A connection's id.
pub type ConnId = u64;
/// Frames to one connection.
pub type Out = mpsc::Sender<Outgoing>;

/// A frame on its way to a client; a report carries when its action was
/// accepted, so the connection can count the latency once it is written.
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// The JSON text.
    pub text: Utf8Bytes,
    /// When the action was accepted, for reports.
    pub accepted: Option<Instant>,
}

impl From<String> for Outgoing {
    fn from(text: String) -> Outgoing {
        Outgoing {
            text: text.into(),
            accepted: None,
        }
    }
}
/// What the table answers a join, reconnect or spectate with.
pub type Reply = oneshot::Sender<Result<Option<Seat>, (Code, String)>>;

/// A seat action from a client.
#[derive(Debug)]
pub enum ClientAction {
    /// Move text, UCI or SAN.
    Move(String),
    /// R24.
    Sit,
    /// R29.
    Resign,
    /// R30.
    OfferDraw,
    /// R30.
    WithdrawDraw,
}

/// A command to a table.
#[derive(Debug)]
pub enum Cmd {
    /// Take an empty seat.
    Join {
        /// Who.
        conn: ConnId,
        /// Their frames.
        out: Out,
        /// Which seat.
        seat: Seat,
        /// Display name.
        name: String,
        /// The answer.
        reply: Reply,
    },
    /// Take back a seat by token.
    Reconnect {
        /// Who.
        conn: ConnId,
        /// Their frames.
        out: Out,
        /// The token.
        token: String,
        /// The answer.
        reply: Reply,
    },
    /// Watch.
    Spectate {
        /// Who.
        conn: ConnId,
        /// Their frames.
        out: Out,
        /// The answer.
        reply: Reply,
    },
    /// The connection closed.
    Detach {
        /// Who.
        conn: ConnId,
    },
    /// The client gives up its seat (and stays as a spectator).
    Leave {
        /// Who.
        conn: ConnId,
    },
    /// Start now; empty seats go to the computer.
    Start {
        /// Who.
        conn: ConnId,
    },
    /// A seat action.
    Act {
        /// Who.
        conn: ConnId,
        /// The seat the action named, if it named one.
        named: Option<Seat>,
        /// What.
        action: ClientAction,
    },
    /// Start now with every seat to the computer (a table created with
    /// `start: true`).
    StartNow,
    /// Send a fresh state frame.
    State {
        /// Who.
        conn: ConnId,
        /// Echoed.
        id: Option<u64>,
    },
    /// A computer search finished.
    Bot {
        /// For which seat.
        seat: Seat,
        /// The seat's generation when the search started.
        generation: u64,
        /// What it chose.
        action: Option<BotAction>,
    },
}

/// A human's claim on a seat.
#[derive(Clone, Debug)]
struct Claim {
    token: String,
    name: String,
}

#[derive(Debug, Default)]
struct SeatState {
    claim: Option<Claim>,
    conn: Option<ConnId>,
    /// The computer plays this seat (the game is running).
    computer: bool,
    /// When the claimed seat's connection went away.
    gone_since: Option<Instant>,
    /// A search is running for this seat.
    searching: bool,
    /// Bumped whenever who plays the seat changes, so a late search result
    /// for the seat's previous holder is dropped.
    generation: u64,
    /// Raised to end the running search early (its seat changed hands or
    /// the game ended): the bot answers within ~0.1 ms.
    stop: Option<Arc<AtomicBool>>,
}

impl SeatState {
    /// Who plays the seat changed: forget and stop its search.
    fn change_holder(&mut self) {
        self.generation += 1;
        self.searching = false;
        self.stop_search();
    }

    fn stop_search(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

#[derive(Debug)]
struct Client {
    out: Out,
}

/// A table's task.
pub struct Table {
    id: u64,
    spec: TableSpec,
    app: Arc<App>,
    rx: mpsc::Receiver<Cmd>,
    tx: mpsc::WeakSender<Cmd>,
    seats: [SeatState; 4],
    clients: HashMap<ConnId, Client>,
    game: Option<TableGame>,
    /// Game time = `offset_ms` + time since `origin`.
    origin: Instant,
    offset_ms: u64,
    /// When each board's side to move began to move (turn-based: index 0
    /// for the whole table): the computer waits its delay from there.
    turn_began: [Instant; 2],
    /// When the table last had no client and no running game.
    idle_since: Option<Instant>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table").field("id", &self.id).finish()
    }
}

/// The commands a table queue holds before senders wait.
const QUEUE: usize = 1024;

impl Table {
    /// A new table's task and its command sender.
    pub fn spawn_new(app: Arc<App>, id: u64, spec: TableSpec) -> mpsc::Sender<Cmd> {
        let (tx, table) = Table::make(app, id, spec);
        tokio::spawn(table.run());
        tx
    }

    fn make(app: Arc<App>, id: u64, spec: TableSpec) -> (mpsc::Sender<Cmd>, Table) {
        let (tx, rx) = mpsc::channel(QUEUE);
        let now = Instant::now();
        let table = Table {
            id,
            spec,
            app,
            rx,
            tx: tx.downgrade(),
            seats: Default::default(),
            clients: HashMap::new(),
            game: None,
            origin: now,
            offset_ms: 0,
            turn_began: [now; 2],
            idle_since: Some(now),
        };
        (tx, table)
    }

    /// A stored table's task: a running game is rebuilt from its log and
    /// continues. Its clocks resume from where they were at the last logged
    /// action: the time between that action and the restart is counted for
    /// nobody. Claimed seats wait for their humans' reconnect for the grace
    /// period, then the computer plays them.
    pub fn spawn_restored(app: Arc<App>, stored: StoredTable) -> Result<mpsc::Sender<Cmd>, String> {
        let (tx, mut table) = Table::make(app, stored.id, stored.spec);
        let now = Instant::now();
        for (seat, token, name) in stored.claims {
            let state = &mut table.seats[seat.index()];
            state.claim = Some(Claim { token, name });
            state.gone_since = Some(now);
        }
        if let Some(humans) = stored.humans {
            let settings = settings_of(&stored.spec, humans);
            let game = TableGame::restore(settings, &stored.log, stored.reported)
                .map_err(|e| format!("table {}: {e}", stored.id))?;
            table.offset_ms = game.game().now_ms();
            table.game = Some(game);
            for seat in Seat::ALL {
                let state = &mut table.seats[seat.index()];
                state.computer = state.claim.is_none();
            }
        }
        tokio::spawn(table.run());
        Ok(tx)
    }

    fn game_time(&self, now: Instant) -> u64 {
        self.offset_ms + now.saturating_duration_since(self.origin).as_millis() as u64
    }

    fn instant_of(&self, game_ms: u64) -> Instant {
        self.origin + Duration::from_millis(game_ms.saturating_sub(self.offset_ms))
    }

    fn running(&self) -> bool {
        self.game.as_ref().is_some_and(|g| !g.game().is_over())
    }

    async fn run(mut self) {
        self.publish();
        loop {
            let bot_ready = self.launch_searches();
            let wake = match (self.next_wake(), bot_ready) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let far = Instant::now() + Duration::from_secs(3600);
            tokio::select! {
                cmd = self.rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break,
                },
                () = sleep_until(wake.unwrap_or(far).into()) => self.on_timer().await,
            }
            if self.finished() {
                break;
            }
        }
        self.app
            .tables
            .lock()
            .expect("tables lock")
            .remove(&self.id);
    }

    /// A table ends its task when nobody has been at it for a while: a
    /// minute after its game ended, an hour while it waits for players.
    fn finished(&mut self) -> bool {
        let nobody = self.clients.is_empty();
        if !nobody || self.running() {
            self.idle_since = None;
            return false;
        }
        let since = *self.idle_since.get_or_insert_with(Instant::now);
        since.elapsed() >= self.keep_idle()
    }

    /// How long a table nobody is at stays: a finished game a minute (a
    /// player reconnecting sees how it ended), a waiting table an hour.
    fn keep_idle(&self) -> Duration {
        if self.game.is_some() {
            Duration::from_secs(60)
        } else {
            Duration::from_secs(3600)
        }
    }

    fn next_wake(&self) -> Option<Instant> {
        let mut wake: Option<Instant> = None;
        let mut consider = |at: Instant| {
            wake = Some(wake.map_or(at, |w| w.min(at)));
        };
        if let Some(game) = &self.game {
            if let Some(flag) = game.next_flag_ms() {
                consider(self.instant_of(flag));
            }
        }
        for seat in Seat::ALL {
            if let Some(at) = self.gone_deadline(seat) {
                consider(at);
            }
        }
        if let Some(since) = self.idle_since {
            consider(since + self.keep_idle());
        }
        wake
    }

    fn gone_deadline(&self, seat: Seat) -> Option<Instant> {
        let state = &self.seats[seat.index()];
        if state.computer || state.claim.is_none() {
            return None;
        }
        state.gone_since.map(|t| t + self.app.config.grace)
    }

    /// Starts the searches of computer seats whose turn it is; one that must
    /// wait for its delay makes the table wake then.
    fn launch_searches(&mut self) -> Option<Instant> {
        let game = self.game.as_ref()?;
        if game.game().is_over() {
            return None;
        }
        let now = Instant::now();
        let delay = Duration::from_millis(self.spec.bot_delay_ms);
        let mut soonest: Option<Instant> = None;
        for seat in Seat::ALL {
            let state = &self.seats[seat.index()];
            if !state.computer || state.searching {
                continue;
            }
            let g = game.game();
            if !(g.is_turn_of(seat) && (!g.legal_moves(seat).is_empty() || g.can_sit(seat))) {
                continue;
            }
            let began = self.turn_began[self.turn_index(seat)];
            let ready = began + delay;
            if ready > now {
                soonest = Some(soonest.map_or(ready, |s| s.min(ready)));
                continue;
            }
            let tx = self.tx.upgrade()?;
            let copy = Box::new(g.clone());
            let nodes = self.spec.bot_nodes;
            let seed = self.id.wrapping_mul(0x9e37_79b9) ^ game.reported() as u64;
            let generation = state.generation;
            let bots = self.app.bots.clone();
            let at_ms = self.game_time(now);
            let stop = Arc::new(AtomicBool::new(false));
            let state = &mut self.seats[seat.index()];
            state.searching = true;
            state.stop = Some(stop.clone());
            tokio::spawn(async move {
                let action = bots.choose(copy, seat, nodes, seed, at_ms, stop).await;
                let _ = tx
                    .send(Cmd::Bot {
                        seat,
                        generation,
                        action,
                    })
                    .await;
            });
        }
        soonest
    }

    fn turn_index(&self, seat: Seat) -> usize {
        match self.spec.mode {
            Mode::Live => seat.board.index(),
            Mode::TurnBased => 0,
        }
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        let at = self.game_time(now);
        if self
            .game
            .as_ref()
            .and_then(TableGame::next_flag_ms)
            .is_some_and(|f| f <= at)
        {
            self.act(None, TableAction::Flag, None).await;
        }
        for seat in Seat::ALL {
            if self.gone_deadline(seat).is_some_and(|d| d <= now) {
                self.hand_to_computer(seat).await;
            }
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join {
                conn,
                out,
                seat,
                name,
                reply,
            } => {
                let answer = self.join(conn, &out, seat, name).await;
                let ok = answer.is_ok();
                let _ = reply.send(answer);
                if ok {
                    self.attach(conn, out);
                    self.after_seats_changed().await;
                }
            }
            Cmd::Reconnect {
                conn,
                out,
                token,
                reply,
            } => {
                let found = Seat::ALL.into_iter().find(|s| {
                    self.seats[s.index()]
                        .claim
                        .as_ref()
                        .is_some_and(|c| tokens_match(&c.token, &token))
                });
                let Some(seat) = found else {
                    let _ = reply.send(Err((
                        Code::BadToken,
                        format!("no seat of table {} has this token", self.id),
                    )));
                    return;
                };
                // The new connection replaces any old one for the seat.
                if let Some(old) = self.seats[seat.index()].conn.take() {
                    self.clients.remove(&old);
                }
                let state = &mut self.seats[seat.index()];
                state.conn = Some(conn);
                state.gone_since = None;
                if state.computer {
                    state.computer = false;
                    state.change_holder();
                }
                let _ = out.try_send(
                    json!({"type": "joined", "table": self.id, "seat": seat_letter(seat), "token": token})
                        .to_string()
                        .into(),
                );
                let _ = reply.send(Ok(Some(seat)));
                self.attach(conn, out);
                self.broadcast_seats();
                self.send_state(conn);
            }
            Cmd::Spectate { conn, out, reply } => {
                let _ = reply.send(Ok(None));
                self.attach(conn, out);
                self.send_state(conn);
            }
            Cmd::Detach { conn } => {
                self.clients.remove(&conn);
                if let Some(seat) = self.seat_of(conn) {
                    let state = &mut self.seats[seat.index()];
                    state.conn = None;
                    state.gone_since = Some(Instant::now());
                    self.broadcast_seats();
                }
            }
            Cmd::Leave { conn } => match self.seat_of(conn) {
                Some(seat) => {
                    let running = self.running();
                    let started = self.game.is_some();
                    let state = &mut self.seats[seat.index()];
                    state.claim = None;
                    state.conn = None;
                    state.gone_since = None;
                    if started {
                        state.computer = running;
                        state.change_holder();
                    }
                    if let Err(e) = self
                        .app
                        .db
                        .write(Write::Release {
                            table: self.id,
                            seat,
                        })
                        .await
                    {
                        eprintln!("table {}: database: {e}", self.id);
                    }
                    self.send(
                        conn,
                        json!({"type": "left", "table": self.id, "seat": seat_letter(seat)}),
                    );
                    self.broadcast_seats();
                }
                None => self.refuse(conn, Code::NotSeated, "you hold no seat at this table"),
            },
            Cmd::Start { conn } => {
                if self.seat_of(conn).is_none() {
                    self.refuse(
                        conn,
                        Code::NotSeated,
                        "only a seated player may start the game",
                    );
                } else if self.game.is_some() {
                    self.refuse(
                        conn,
                        Code::Game("ERR_GAME_STARTED"),
                        "the game has already started",
                    );
                } else {
                    self.start().await;
                }
            }
            Cmd::Act {
                conn,
                named,
                action,
            } => {
                let Some(seat) = self.seat_of(conn) else {
                    return self.refuse(
                        conn,
                        Code::NotSeated,
                        "you hold no seat at this table: join or reconnect first",
                    );
                };
                if let Some(named) = named.filter(|&n| n != seat) {
                    return self.refuse(
                        conn,
                        Code::NotYourSeat,
                        &format!(
                            "you hold seat {}, not {}",
                            seat_letter(seat),
                            seat_letter(named)
                        ),
                    );
                }
                let Some(game) = &self.game else {
                    return self.refuse(
                        conn,
                        Code::NotStarted,
                        "the game has not started: wait for four players or send start",
                    );
                };
                let action = match action {
                    ClientAction::Move(text) => match parse_move(game, seat, &text) {
                        Ok(m) => TableAction::Move(m),
                        Err((code, message)) => return self.refuse(conn, code, &message),
                    },
                    ClientAction::Sit => TableAction::Sit,
                    ClientAction::Resign => TableAction::Resign,
                    ClientAction::OfferDraw => TableAction::OfferDraw,
                    ClientAction::WithdrawDraw => TableAction::WithdrawDraw,
                };
                let offered = action == TableAction::OfferDraw;
                if self.act(Some(seat), action, Some(conn)).await && offered {
                    self.computers_join_agreement().await;
                }
            }
            Cmd::State { conn, id } => self.send_state_with(conn, id),
            Cmd::StartNow => {
                if self.game.is_none() {
                    self.start().await;
                }
            }
            Cmd::Bot {
                seat,
                generation,
                action,
            } => {
                let state = &mut self.seats[seat.index()];
                if state.generation != generation {
                    return;
                }
                state.searching = false;
                state.stop = None;
                if !state.computer {
                    return;
                }
                let action = match action {
                    Some(BotAction::Move(m)) => TableAction::Move(m),
                    Some(BotAction::Sit) => TableAction::Sit,
                    None => return,
                };
                self.act(Some(seat), action, None).await;
            }
        }
    }

    async fn join(
        &mut self,
        conn: ConnId,
        out: &Out,
        seat: Seat,
        name: String,
    ) -> Result<Option<Seat>, (Code, String)> {
        if let Some(held) = self.seat_of(conn) {
            return Err((
                Code::AlreadyAtTable,
                format!("you already hold seat {}", seat_letter(held)),
            ));
        }
        let state = &self.seats[seat.index()];
        if state.claim.is_some() {
            return Err((
                Code::SeatTaken,
                format!("seat {} of table {} is taken", seat_letter(seat), self.id),
            ));
        }
        if self.game.as_ref().is_some_and(|g| g.game().is_over()) {
            return Err((Code::Game("ERR_GAME_OVER"), "the game is over".to_string()));
        }
        let token = new_token();
        self.app
            .db
            .write(Write::Claim {
                table: self.id,
                seat,
                token: token.clone(),
                name: name.clone(),
            })
            .await
            .map_err(|e| (Code::Internal, format!("database: {e}")))?;
        let state = &mut self.seats[seat.index()];
        state.claim = Some(Claim {
            token: token.clone(),
            name,
        });
        state.conn = Some(conn);
        state.gone_since = None;
        if state.computer {
            // A human takes over a seat the computer was playing.
            state.computer = false;
            state.change_holder();
        }
        let _ = out.try_send(
            json!({"type": "joined", "table": self.id, "seat": seat_letter(seat), "token": token})
                .to_string()
                .into(),
        );
        Ok(Some(seat))
    }

    fn attach(&mut self, conn: ConnId, out: Out) {
        self.clients.insert(conn, Client { out });
    }

    /// After a join: four humans start the game.
    async fn after_seats_changed(&mut self) {
        self.broadcast_seats();
        if self.game.is_none() && self.seats.iter().all(|s| s.claim.is_some()) {
            self.start().await;
        }
    }

    /// Starts the game: the claimed seats are the humans (R30); the computer
    /// plays the others.
    pub async fn start(&mut self) {
        let humans = Seat::ALL
            .into_iter()
            .filter(|s| self.seats[s.index()].claim.is_some())
            .fold(Seats::empty(), |acc, s| acc | Seats::of(s));
        let game = match TableGame::new(settings_of(&self.spec, humans)) {
            Ok(game) => game,
            Err(e) => return eprintln!("table {}: {e}", self.id),
        };
        if let Err(e) = self
            .app
            .db
            .write(Write::Start {
                table: self.id,
                humans,
            })
            .await
        {
            return eprintln!("table {}: database: {e}", self.id);
        }
        let now = Instant::now();
        self.origin = now;
        self.offset_ms = 0;
        self.turn_began = [now; 2];
        for seat in Seat::ALL {
            let state = &mut self.seats[seat.index()];
            state.computer = state.claim.is_none();
        }
        self.game = Some(game);
        self.broadcast_seats();
        for conn in self.clients.keys().copied().collect::<Vec<_>>() {
            self.send_state(conn);
        }
    }

    /// Applies one action, persists it and broadcasts its report; a refusal
    /// goes to `conn` alone. Returns whether the action was applied.
    async fn act(&mut self, seat: Option<Seat>, action: TableAction, conn: Option<ConnId>) -> bool {
        let accepted = Instant::now();
        let at = self.game_time(accepted);
        let Some(game) = &mut self.game else {
            return false;
        };
        let (mut report, applied) = match game.apply(seat, action, at) {
            Ok(report) => (report, true),
            Err(Refusal::FlagFell(report)) => (report, false),
            Err(Refusal::NoFlag) => return false,
            Err(Refusal::Game(error)) => {
                if let Some(conn) = conn {
                    self.refuse(conn, Code::of_game_error(&error), &error.to_string());
                }
                return false;
            }
        };
        let outcome = report.outcome.map(|o| o.to_string());
        if let Err(e) = self
            .app
            .db
            .write(Write::Action {
                table: self.id,
                seq: report.seq,
                change: std::mem::take(&mut report.log),
                outcome,
            })
            .await
        {
            // Not durable: stop the table rather than show what may be lost.
            eprintln!("table {}: database: {e}; closing the table", self.id);
            self.clients.clear();
            self.rx.close();
            return false;
        }
        if let (Some(seat), TableAction::Move(_) | TableAction::Sit) = (seat, action) {
            if applied {
                let now = Instant::now();
                match self.spec.mode {
                    Mode::Live => self.turn_began[seat.board.index()] = now,
                    Mode::TurnBased => self.turn_began[0] = now,
                }
            }
        }
        if report.outcome.is_some() {
            for state in &mut self.seats {
                state.stop_search();
            }
            self.publish();
        }
        self.broadcast_report(&report, accepted);
        if !applied {
            if let Some(conn) = conn {
                self.refuse(
                    conn,
                    Code::Game("ERR_GAME_OVER"),
                    "a flag fell before your action (F2)",
                );
            }
        }
        applied
    }

    /// R30 with seats the computer took over from a human who left: the
    /// computer agrees as soon as every seat still held by a human offers,
    /// so the humans who stayed can still agree.
    async fn computers_join_agreement(&mut self) {
        let Some(game) = &self.game else { return };
        let g = game.game();
        if g.is_over() {
            return;
        }
        let humans = g.settings().humans;
        let offers = g.draw_offers();
        let held: Vec<Seat> = humans
            .seats()
            .filter(|s| !self.seats[s.index()].computer)
            .collect();
        if held.is_empty() || !held.iter().all(|s| offers.has(*s)) {
            return;
        }
        let stand_ins: Vec<Seat> = humans
            .seats()
            .filter(|s| self.seats[s.index()].computer && !offers.has(*s))
            .collect();
        for seat in stand_ins {
            if !self.act(Some(seat), TableAction::OfferDraw, None).await {
                break;
            }
        }
    }

    /// A human who stayed away past the grace period: the computer plays on.
    async fn hand_to_computer(&mut self, seat: Seat) {
        let running = self.running();
        let state = &mut self.seats[seat.index()];
        state.gone_since = None;
        if self.game.is_none() {
            // Before the game, the seat is simply free again.
            state.claim = None;
            if let Err(e) = self
                .app
                .db
                .write(Write::Release {
                    table: self.id,
                    seat,
                })
                .await
            {
                eprintln!("table {}: database: {e}", self.id);
            }
        } else if running {
            state.computer = true;
            state.change_holder();
        }
        self.broadcast_seats();
    }

    fn seat_of(&self, conn: ConnId) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.seats[s.index()].conn == Some(conn))
    }

    fn send(&mut self, conn: ConnId, frame: Value) {
        self.send_text(conn, frame.to_string().into());
    }

    fn send_text(&mut self, conn: ConnId, text: Outgoing) {
        if let Some(client) = self.clients.get(&conn) {
            if client.out.try_send(text).is_err() {
                // Gone or too slow to read its frames: drop it.
                self.drop_client(conn);
            }
        }
    }

    fn drop_client(&mut self, conn: ConnId) {
        self.clients.remove(&conn);
        if let Some(seat) = self.seat_of(conn) {
            let state = &mut self.seats[seat.index()];
            state.conn = None;
            state.gone_since = Some(Instant::now());
        }
    }

    fn refuse(&mut self, conn: ConnId, code: Code, message: &str) {
        self.send_text(conn, error_frame(code, message).into());
    }

    fn broadcast(&mut self, text: Outgoing) {
        let mut gone = Vec::new();
        for (&conn, client) in &self.clients {
            if client.out.try_send(text.clone()).is_err() {
                gone.push(conn);
            }
        }
        for conn in gone {
            self.drop_client(conn);
        }
    }

    fn broadcast_seats(&mut self) {
        let frame = json!({"type": "seats", "table": self.id, "seats": self.seats_view()});
        self.broadcast(frame.to_string().into());
        self.publish();
    }

    /// What `list` shows of this table: its status, settings and seats.
    fn publish(&self) {
        let status = match &self.game {
            None => "waiting",
            Some(g) if g.game().is_over() => "over",
            Some(_) => "running",
        };
        let summary = json!({
            "table": self.id,
            "status": status,
            "settings": spec_view(&self.spec),
            "seats": self.seats_view(),
        });
        self.app
            .summaries
            .lock()
            .expect("summaries lock")
            .insert(self.id, summary);
    }

    fn broadcast_report(&mut self, report: &Report, accepted: Instant) {
        let Some(game) = &self.game else { return };
        let mut frame = json!({
            "type": "report",
            "table": self.id,
            "seq": report.seq,
            "seat": report.seat.map(seat_letter),
            "kind": report.action.kind(),
            "uci": match report.action { TableAction::Move(m) => Some(m.to_string()), _ => None },
            "san": report.san,
            "at_ms": report.at_ms,
            "capture": report.capture.map(|(role, to)| json!({"role": role.name(), "to": seat_letter(to)})),
            "outcome": report.outcome.map(outcome_view),
        });
        merge(&mut frame, position_view(game));
        // For latency measurements (same-machine clients): when the table
        // accepted the action, µs since the Unix epoch.
        let wall = SystemTime::now()
            .checked_sub(accepted.elapsed())
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_micros() as u64);
        frame["accepted_us"] = json!(wall);
        self.broadcast(Outgoing {
            text: frame.to_string().into(),
            accepted: Some(accepted),
        });
        self.app.latency.record(accepted.elapsed());
    }

    fn seats_view(&self) -> Value {
        Value::Array(
            Seat::ALL
                .into_iter()
                .map(|seat| {
                    let s = &self.seats[seat.index()];
                    let holder = if s.computer {
                        "computer"
                    } else if s.claim.is_some() {
                        "human"
                    } else {
                        "empty"
                    };
                    json!({
                        "seat": seat_letter(seat),
                        "holder": holder,
                        "name": s.claim.as_ref().map(|c| c.name.clone()),
                        "connected": s.conn.is_some(),
                    })
                })
                .collect(),
        )
    }

    fn send_state(&mut self, conn: ConnId) {
        self.send_state_with(conn, None);
    }

    fn send_state_with(&mut self, conn: ConnId, id: Option<u64>) {
        let status = match &self.game {
            None => "waiting",
            Some(g) if g.game().is_over() => "over",
            Some(_) => "running",
        };
        let mut frame = json!({
            "type": "state",
            "table": self.id,
            "status": status,
            "you": self.seat_of(conn).map(seat_letter),
            "settings": spec_view(&self.spec),
            "seats": self.seats_view(),
        });
        if let Some(id) = id {
            frame["id"] = json!(id);
        }
        if let Some(game) = &self.game {
            merge(&mut frame, position_view(game));
            frame["humans"] = json!(
                game.game()
                    .settings()
                    .humans
                    .seats()
                    .map(|s| s.char())
                    .collect::<String>()
            );
            frame["outcome"] = json!(game.game().outcome().map(outcome_view));
            frame["server_ms"] = json!(self.game_time(Instant::now()));
            frame["seq"] = json!(game.reported());
            frame["log"] = Value::Array(
                game.log()
                    .iter()
                    .zip(game.sans())
                    .map(|(entry, san)| log_view(entry, san.as_deref()))
                    .collect(),
            );
        }
        self.send(conn, frame);
    }
}

/// The core's settings for a table: live with its clocks, or turn-based.
pub fn settings_of(spec: &TableSpec, humans: Seats) -> GameSettings {
    let mut settings = match spec.mode {
        Mode::Live => GameSettings {
            time_control: Some(TimeControl {
                base_ms: spec.base_ms,
                increment_ms: spec.increment_ms,
            }),
            humans,
            ..GameSettings::default()
        },
        Mode::TurnBased => GameSettings::turn_based(humans),
    };
    settings.move_cap = spec.move_cap;
    settings
}

/// Reads move text for `seat` as UCI, else SAN (N3), with the core's codes.
fn parse_move(game: &TableGame, seat: Seat, text: &str) -> Result<Move, (Code, String)> {
    // F12: the turn is judged before the move text.
    let g = game.game();
    if g.is_over() {
        return Err((Code::Game("ERR_GAME_OVER"), "the game is over".to_string()));
    }
    if !g.is_turn_of(seat) {
        let error = bughouse_core::GameError::NotYourTurn { seat };
        return Err((Code::of_game_error(&error), error.to_string()));
    }
    if text.len() > 16 {
        return Err((
            Code::Game("ERR_INVALID_MOVE"),
            format!("move text too long: {:?}", clip(text)),
        ));
    }
    game.game()
        .board(seat.board)
        .parse_move(text)
        .map_err(|error| {
            let error = bughouse_core::GameError::from_san(seat, error);
            (Code::of_game_error(&error), error.to_string())
        })
}

fn merge(frame: &mut Value, more: Value) {
    if let (Value::Object(a), Value::Object(b)) = (frame, more) {
        a.extend(b);
    }
}

/// What every report and state frame says about the position.
fn position_view(table: &TableGame) -> Value {
    let game = table.game();
    let seats = |f: &dyn Fn(Seat) -> Value| -> Value {
        Value::Object(
            Seat::ALL
                .into_iter()
                .map(|s| (seat_letter(s), f(s)))
                .collect(),
        )
    };
    let live = game.settings().mode == Mode::Live;
    let snapshot = game.snapshot();
    json!({
        "bfen": game.bfen().to_string(),
        "moves_played": game.moves_played(),
        "now_ms": game.now_ms(),
        "pockets": seats(&|s| json!(game.pocket(s).letters().collect::<String>())),
        "clocks": if live && game.settings().time_control.is_some() { seats(&|s| json!(game.clock_ms(s))) } else { Value::Null },
        "running": if live && !game.is_over() {
            json!(BoardId::ALL.into_iter().map(|b| seat_letter(Seat::new(b, game.board(b).turn()))).collect::<Vec<_>>())
        } else { json!([]) },
        "to_act": game.to_act().map(seat_letter),
        "sits_left": if live { Value::Null } else { seats(&|s| json!(game.sits_left(s))) },
        "draw_offers": game.draw_offers().seats().map(|s| s.char()).collect::<String>(),
        "next_flag_ms": table.next_flag_ms(),
        // The core's snapshot: who may move now, and which boards' side to
        // move is waiting (R18: no move or drop, not mated; its clock runs).
        "may_move": snapshot.may_move.seats().map(|s| s.char()).collect::<String>(),
        "waiting": snapshot.waiting,
    })
}

fn outcome_view(outcome: Outcome) -> Value {
    json!({
        "winner": outcome.winner.map(|t| t.number()),
        "reason": outcome.reason.as_str(),
        "rule": outcome.reason.rule(),
        "seat": outcome.seat.map(seat_letter),
        "text": outcome.to_string(),
    })
}

/// One entry of the engine's log (`Game::log`), as `state` frames show it,
/// with a move's SAN as its report gave it.
fn log_view(entry: &Action, san: Option<&str>) -> Value {
    json!({
        "seat": entry.seat.map(seat_letter),
        "kind": entry.kind.as_str(),
        "uci": entry.as_move().map(|m| m.to_string()),
        "san": san,
        "at_ms": entry.at_ms,
        "clock_ms": entry.clock_ms,
        "offers": entry.offers.seats().map(|s| s.char()).collect::<String>(),
    })
}

fn spec_view(spec: &TableSpec) -> Value {
    json!({
        "mode": match spec.mode { Mode::Live => "live", Mode::TurnBased => "turn_based" },
        "base_ms": spec.base_ms,
        "increment_ms": spec.increment_ms,
        "bot_nodes": spec.bot_nodes,
        "bot_delay_ms": spec.bot_delay_ms,
        "move_cap": spec.move_cap,
    })
}

/// 128 random bits, hex.
fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system's random source");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares tokens in time independent of where they differ.
fn tokens_match(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
