//! Writing what Discord does not have yet: a new hand's board, an edit of the board, the
//! mention of the player to act, finished boards' last edits, news.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::bot::lock;
use crate::bot::outbox::Freshness;

use super::message::{BoardMessage, text_body};
use super::turn_pings::PingDue;
use super::{News, Presenter};

/// What one flush writes.
struct Writes {
    post: Option<BoardPost>,
    edit: Option<BoardEdit>,
    ping: Option<PingDue>,
    news: Vec<News>,
}

/// The board as a new message.
struct BoardPost {
    message: BoardMessage,
    version: u64,
    hand: u64,
    /// The board message this one replaces (too old to edit), deleted once it lands.
    replaced: Option<u64>,
}

impl BoardPost {
    fn new(message: BoardMessage, version: u64, hand: u64, replaced: Option<u64>) -> BoardPost {
        BoardPost {
            message,
            version,
            hand,
            replaced,
        }
    }
}

/// An edit of board message `id`.
struct BoardEdit {
    id: u64,
    message: BoardMessage,
    version: u64,
}

impl Presenter {
    /// Writes what Discord does not have yet: a new hand's board (a new message that mentions
    /// the player to act; also when the old one is too old to edit), an edit of the board,
    /// the mention of the player to act (the previous one deleted), news.
    pub(super) async fn flush(self: &Arc<Self>) {
        let writes = self.take_writes();
        self.retire_pings();
        if let Some(post) = writes.post
            && self.post_board(post).await
        {
            Box::pin(self.flush()).await;
        }
        if let Some(edit) = writes.edit {
            self.edit_board(edit);
        }
        if let Some(due) = writes.ping {
            self.send_ping(due);
        }
        for news in writes.news {
            self.post_news(news);
        }
    }

    /// Decides, under the state's lock, what this flush writes; the finished hands' last
    /// edits go to the outbox at once.
    fn take_writes(&self) -> Writes {
        let mut state = lock(&self.state);
        let message = self.compose(&state);
        let news = std::mem::take(&mut state.news);
        for (message_id, final_board) in std::mem::take(&mut state.final_edits) {
            // The finished hand's last word; nothing to do if Discord refuses it.
            drop(self.bot.outbox().edit(
                self.channel(),
                message_id,
                final_board.to_json(false),
                None,
            ));
        }
        let mut post = None;
        let mut edit = None;
        if let Some(message) = message {
            let fresh = state.version > self.written.load(Ordering::SeqCst);
            let (version, hand) = (state.version, state.hand);
            match state.board_message {
                None => post = Some(BoardPost::new(message, version, hand, None)),
                Some(old) if fresh && state.board_gone == Some(old) => {
                    post = Some(BoardPost::new(message, version, hand, None));
                }
                Some(old) if fresh && !self.editable_in(&state, old) => {
                    post = Some(BoardPost::new(message, version, hand, Some(old)));
                }
                Some(id) if fresh => {
                    edit = Some(BoardEdit {
                        id,
                        message,
                        version,
                    });
                }
                Some(_) => {}
            }
        }
        // Where Discord refuses the bot's posts, a new board would be refused too: only the
        // board already there is edited (it says why the table is paused).
        if self.cannot_post() {
            post = None;
        }
        if let Some((id, previous)) = self.previous_board_edit(&mut state) {
            // The last hand's board, said paused or put back; nothing to do if refused.
            drop(
                self.bot
                    .outbox()
                    .edit(self.channel(), id, previous.to_json(false), None),
            );
        }
        let ping = if post.is_none() {
            self.take_ping(&mut state)
        } else {
            None
        };
        Writes {
            post,
            edit,
            ping,
            news,
        }
    }

    /// Posts the board as a new message. True when the board changed again meanwhile, so
    /// the caller writes it once more.
    async fn post_board(self: &Arc<Self>, post: BoardPost) -> bool {
        let BoardPost {
            message,
            version,
            hand,
            replaced,
        } = post;
        let channel = self.channel();
        let outbox = self.bot.outbox();
        let (body, version) = self.board_post(&message, hand, version);
        match outbox.post(channel, body).await {
            Ok(id) => {
                self.board_post_over();
                self.post_accepted();
                self.written.fetch_max(version, Ordering::SeqCst);
                let newer = self.board_posted(id, hand, version, &message);
                if let Some(old) = replaced {
                    outbox.delete(channel, old);
                }
                self.board_landed(version);
                self.publish();
                newer
            }
            Err(error) if self.post_refused(&error) => false,
            Err(error) if self.board_write_failed(&error) => false,
            Err(error) => {
                tracing::warn!(%error, hand, "the board could not be posted");
                false
            }
        }
    }

    /// Records board message `id`, posted for `hand` at `version`, unless the next hand has
    /// begun. True when the board has changed since.
    fn board_posted(&self, id: u64, hand: u64, version: u64, message: &BoardMessage) -> bool {
        let mut state = lock(&self.state);
        if state.hand == hand {
            state.board_message = Some(id);
            if state.deleted_lately.contains(&id) {
                tracing::info!(
                    message = id,
                    "the board was deleted as it was posted; posting it anew"
                );
                state.board_gone = Some(id);
                state.version += 1;
            }
            if let Some(turn) = &state.turn
                && message.mention == Some(turn.user)
            {
                state.pinged = Some((turn.hand, turn.action_seq));
            }
        }
        state.version > version
    }

    /// Edits the board through the outbox; the answer is handled off the loop's path.
    fn edit_board(self: &Arc<Self>, edit: BoardEdit) {
        let BoardEdit {
            id,
            message,
            version,
        } = edit;
        let edited = self.bot.outbox().edit(
            self.channel(),
            id,
            message.to_json(false),
            Some(Freshness {
                written: self.written.clone(),
                version,
                writes: Arc::clone(&self.board_writes),
            }),
        );
        let presenter = Arc::clone(self);
        self.bot.spawn(async move {
            match edited.await {
                Ok(Ok(())) => presenter.board_landed(version),
                Ok(Err(error)) if error.is_old_message_edit() => {
                    presenter.board_refused_as_old(id);
                }
                Ok(Err(error)) if error.is_unknown_message() => presenter.board_deleted(id),
                Ok(Err(error)) => {
                    presenter.board_write_failed(&error);
                }
                // Overtaken by a newer write, or refused for permissions (the table's
                // posts say so).
                Err(_) => {}
            }
        });
    }

    /// Posts news in the table's channel through the outbox, mentioning its ping only; a sit
    /// & go's result, once Discord has it, is no longer kept to announce.
    pub(super) fn post_news(self: &Arc<Self>, news: News) {
        let mut body = text_body(news.text, news.ping);
        if let Some(tournament) = news.result_of {
            crate::bot::kept_results::post_once(&mut body, tournament);
        }
        let presenter = Arc::clone(self);
        self.bot.spawn(async move {
            match presenter.bot.outbox().post(presenter.channel(), body).await {
                Ok(_) => {
                    presenter.post_accepted();
                    if let Some(tournament) = news.result_of {
                        let guild = presenter.handle.guild();
                        presenter.bot.result_announced(guild, tournament).await;
                    }
                }
                Err(error) if presenter.post_refused(&error) => {}
                Err(error) => tracing::warn!(%error, "a table message could not be posted"),
            }
        });
    }
}
