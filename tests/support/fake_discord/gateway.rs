//! The gateway websocket: HELLO, IDENTIFY answered with READY, heartbeats acknowledged,
//! dispatches numbered per session, RESUME (op 6) answered with the missed events and RESUMED,
//! and the server's own op 7 (reconnect) and op 9 (invalid session) for tests to send.
//! Every event is parsed with serenity's own types first, so a fixture missing a field fails
//! the test instead of being dropped as unknown.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse as _, Response};
use serde_json::{Value, json};
use serenity::model::event::{Event, GatewayEvent};
use tokio::sync::mpsc;

use super::{APPLICATION_ID, BOT_USER_ID, FakeDiscord, Shared, user_json};

/// What the fake sends down a connection besides answers.
#[derive(Debug)]
pub(crate) enum Frame {
    Text(String),
    /// Closes the connection with this close code (4000: unknown error, resumable).
    Close(u16),
}

#[derive(Debug, Default)]
pub(crate) struct GatewayState {
    /// The open connection that has identified or resumed, and its id.
    connection: Option<(u64, mpsc::UnboundedSender<Frame>)>,
    next_connection: u64,
    /// The current session; a RESUME naming another is refused with op 9.
    session: Option<String>,
    sessions_started: u64,
    /// The last sequence number sent in this session.
    sequence: u64,
    /// Every dispatch of this session, for replay on RESUME.
    log: Vec<(u64, Value)>,
    pub(crate) identified: u64,
    pub(crate) resumed: u64,
    /// The intents of the latest IDENTIFY.
    pub(crate) intents: u64,
    /// A gateway outage: every new connection is refused (503) until it ends.
    outage: bool,
}

impl FakeDiscord {
    /// How many IDENTIFYs the gateway has answered with READY.
    pub fn identified(&self) -> u64 {
        self.lock().gateway.identified
    }

    /// How many RESUMEs the gateway has answered with RESUMED.
    pub fn resumed(&self) -> u64 {
        self.lock().gateway.resumed
    }

    /// Waits until a bot has identified on the gateway `count` times in all.
    pub async fn wait_identified(&self, count: u64) {
        self.wait_until(&format!("{count} gateway IDENTIFY"), |inner| {
            (inner.gateway.identified >= count && inner.gateway.connection.is_some()).then_some(())
        })
        .await
    }

    /// Waits until a bot has resumed its session `count` times in all.
    pub async fn wait_resumed(&self, count: u64) {
        self.wait_until(&format!("{count} gateway RESUME"), |inner| {
            (inner.gateway.resumed >= count && inner.gateway.connection.is_some()).then_some(())
        })
        .await
    }

    /// Sends a dispatch event after checking serenity can parse it. Sent at once on an open
    /// connection; while there is none, kept for the RESUME that replays it.
    pub async fn dispatch(&self, event: &str, data: Value) {
        // Checked before anything else: a bad fixture fails here, not as a silent drop.
        assert_serenity_parses_event(&json!({"op": 0, "t": event, "s": 1, "d": data}));
        self.wait_until("a bot that has identified on the gateway", |inner| {
            (inner.gateway.identified >= 1).then_some(())
        })
        .await;
        let mut inner = self.lock();
        let gateway = &mut inner.gateway;
        gateway.sequence += 1;
        let payload = json!({"op": 0, "t": event, "s": gateway.sequence, "d": data});
        gateway.log.push((gateway.sequence, payload.clone()));
        if let Some((_, sender)) = &gateway.connection {
            let _ = sender.send(Frame::Text(payload.to_string()));
        }
    }

    /// Op 7: asks the bot to reconnect and resume.
    pub fn request_reconnect(&self) {
        self.send_frame(Frame::Text(
            json!({"op": 7, "s": null, "t": null, "d": null}).to_string(),
        ));
    }

    /// Op 9: the session is invalid; `resumable` says whether the bot may RESUME it.
    pub fn invalidate_session(&self, resumable: bool) {
        if !resumable {
            self.lock().gateway.session = None;
        }
        self.send_frame(Frame::Text(
            json!({"op": 9, "s": null, "t": null, "d": resumable}).to_string(),
        ));
    }

    /// Closes the connection as a network fault would (close code 4000, resumable); events
    /// dispatched until the bot resumes are replayed then.
    pub fn drop_connection(&self) {
        let mut inner = self.lock();
        if let Some((_, sender)) = inner.gateway.connection.take() {
            let _ = sender.send(Frame::Close(4000));
        }
    }

    /// A gateway outage: the connection drops (as [`FakeDiscord::drop_connection`]) and every
    /// reconnection is refused until [`FakeDiscord::end_gateway_outage`]. REST keeps working,
    /// as in Discord's own gateway incidents.
    pub fn begin_gateway_outage(&self) {
        self.lock().gateway.outage = true;
        self.drop_connection();
    }

    /// Ends the outage: the bot's next reconnection is accepted.
    pub fn end_gateway_outage(&self) {
        self.lock().gateway.outage = false;
    }

    /// Waits until the bot is connected again after `identified` IDENTIFYs and `resumed`
    /// RESUMEs: by either (serenity resumes, or identifies anew after failed attempts).
    pub async fn wait_reconnected(&self, identified: u64, resumed: u64) {
        self.wait_until("the bot back on the gateway", |inner| {
            let gateway = &inner.gateway;
            (gateway.connection.is_some()
                && (gateway.identified > identified || gateway.resumed > resumed))
                .then_some(())
        })
        .await
    }

    fn send_frame(&self, frame: Frame) {
        let inner = self.lock();
        let (_, sender) = inner
            .gateway
            .connection
            .as_ref()
            .expect("fake discord: no gateway connection to send to");
        let _ = sender.send(frame);
    }
}

pub(crate) async fn upgrade(
    State(shared): State<Arc<Shared>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    if shared.lock().gateway.outage {
        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    upgrade.on_upgrade(move |socket| session(shared, socket))
}

async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41_250}});
    if send(&mut socket, hello.to_string()).await.is_err() {
        return;
    }
    let connection = {
        let mut inner = shared.lock();
        inner.gateway.next_connection += 1;
        inner.gateway.next_connection
    };
    let (sender, mut outgoing) = mpsc::unbounded_channel::<Frame>();
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let Some(Ok(frame)) = frame else { break };
                let text = match frame {
                    WsMessage::Text(text) => text.to_string(),
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                let answers = match payload["op"].as_u64() {
                    Some(1) => vec![json!({"op": 11, "s": null, "t": null, "d": null})],
                    Some(2) => {
                        shared.lock().gateway.intents = payload["d"]["intents"].as_u64().unwrap_or(0);
                        identify(&shared, connection, &sender)
                    }
                    Some(6) => resume(&shared, connection, &sender, &payload["d"]),
                    _ => Vec::new(),
                };
                for answer in answers {
                    if send(&mut socket, answer.to_string()).await.is_err() {
                        break;
                    }
                }
                shared.changed.notify_waiters();
            }
            Some(frame) = outgoing.recv() => {
                let sent = match frame {
                    Frame::Text(text) => send(&mut socket, text).await,
                    Frame::Close(code) => {
                        let close = CloseFrame { code, reason: "fake discord closes".into() };
                        let _ = socket.send(WsMessage::Close(Some(close))).await;
                        break;
                    }
                };
                if sent.is_err() {
                    break;
                }
            }
        }
    }
    let mut inner = shared.lock();
    if inner
        .gateway
        .connection
        .as_ref()
        .is_some_and(|(id, _)| *id == connection)
    {
        inner.gateway.connection = None;
    }
}

async fn send(socket: &mut WebSocket, text: String) -> Result<(), axum::Error> {
    socket.send(WsMessage::Text(text.into())).await
}

/// A new session: READY with sequence 1; what the old session missed is gone.
fn identify(shared: &Shared, connection: u64, sender: &mpsc::UnboundedSender<Frame>) -> Vec<Value> {
    let mut inner = shared.lock();
    let gateway = &mut inner.gateway;
    gateway.sessions_started += 1;
    let session = format!("fake-session-{}", gateway.sessions_started);
    gateway.session = Some(session.clone());
    gateway.sequence = 1;
    gateway.log.clear();
    gateway.identified += 1;
    gateway.connection = Some((connection, sender.clone()));
    let ready = json!({
        "op": 0,
        "t": "READY",
        "s": 1,
        "d": {
            "v": 10,
            "user": user_json(BOT_USER_ID, "studbot", true),
            "guilds": [],
            "session_id": session,
            "resume_gateway_url": format!("ws://{}/ws", shared.address),
            "shard": [0, 1],
            "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
        }
    });
    if let Err(error) = serenity_reads_event(&ready) {
        inner.violation(error);
    }
    vec![ready]
}

/// RESUME of the current session: the events after the bot's sequence, then RESUMED. Another
/// session: op 9, not resumable.
fn resume(
    shared: &Shared,
    connection: u64,
    sender: &mpsc::UnboundedSender<Frame>,
    data: &Value,
) -> Vec<Value> {
    let mut inner = shared.lock();
    let gateway = &mut inner.gateway;
    let asked = data["session_id"].as_str();
    if asked.is_none() || asked != gateway.session.as_deref() {
        return vec![json!({"op": 9, "s": null, "t": null, "d": false})];
    }
    let seen = data["seq"].as_u64().unwrap_or(0);
    let mut answers: Vec<Value> = gateway
        .log
        .iter()
        .filter(|(sequence, _)| *sequence > seen)
        .map(|(_, payload)| payload.clone())
        .collect();
    gateway.sequence += 1;
    answers.push(json!({"op": 0, "t": "RESUMED", "s": gateway.sequence, "d": {}}));
    gateway.resumed += 1;
    gateway.connection = Some((connection, sender.clone()));
    answers
}

fn assert_serenity_parses_event(payload: &Value) {
    if let Err(error) = serenity_reads_event(payload) {
        panic!("{error}");
    }
}

/// Whether serenity's gateway reads `payload` as a known event.
fn serenity_reads_event(payload: &Value) -> Result<(), String> {
    match serde_json::from_value::<GatewayEvent>(payload.clone()) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(unknown))) => Err(format!(
            "fake discord: serenity reads this event as unknown: {unknown:?}"
        )),
        Ok(_) => Ok(()),
        Err(error) => Err(format!(
            "fake discord: serenity cannot parse this event: {error}\n{payload}"
        )),
    }
}
