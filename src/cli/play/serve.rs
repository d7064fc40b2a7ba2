//! The session's loop (`serve`): the table's notices shown as they come (a computer player's
//! turn answered, when the session drives them), the lines you type read when the input's
//! timing says, and the table closed once the lobby has stopped it after you quit.

use tokio::io::{AsyncBufReadExt, BufReader, Lines, Stdin};

use crate::lobby::{LobbyError, Notice, NoticeBody, NoticeReceiver, ShutdownOutcome, TableHandle};
use crate::render::tr;

use super::computers::Players;
use super::session::{Ended, PlaySession};
use super::{InputTiming, TABLE, say};

/// The session until it ends: each notice shown (a computer player's turn answered, when
/// this session drives them), each line you type read when `timing` says, the table closed
/// once the lobby has stopped it after you quit. Once a sit & go is over, its table gone,
/// lines are still read (its hands may be read back) until `quit` or the end of the input.
pub(super) async fn serve(
    session: &mut PlaySession,
    mut players: Option<&mut Players<'_>>,
    notices: &mut NoticeReceiver,
    timing: InputTiming,
) -> anyhow::Result<Ended> {
    let table = session.table.clone();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut input_open = true;
    let mut table_gone = false;
    // A script's next line (`None`: its end), read ahead so that a `pre` line is taken
    // before your turn and any other line at it.
    let mut ahead: Option<Option<String>> = None;
    loop {
        if table_gone && (!input_open || session.leaving) {
            return Ok(Ended::Closed);
        }
        if let Some(over) = take_ahead_if_due(session, &mut ahead, &mut input_open).await? {
            if over && !table_gone {
                return Ok(Ended::Closed);
            }
            continue;
        }
        let wants_input = input_open && ahead.is_none();
        tokio::select! {
            notice = notices.recv(), if !table_gone => {
                let ended = match notice {
                    None => Some(Ended::Closed),
                    Some(notice) => match players.as_deref_mut() {
                        Some(players) => {
                            if let Some(offer) = players.turn(&notice) {
                                if timing == InputTiming::AtYourTurn
                                    && take_lines_due(session, &mut lines, &mut ahead, &mut input_open).await?
                                {
                                    return Ok(Ended::Closed);
                                }
                                players.answer(&table, &offer).await;
                                continue;
                            }
                            players.take(&notice, session.leaving).await?;
                            show_at_cash_table(session, &table, &notice).await?
                        }
                        None => session.show(&notice).await?,
                    },
                };
                match ended {
                    Some(Ended::Closed) if session.sit_and_go_over() && input_open && !session.leaving => {
                        say(&tr(session.locale, "play-tournament-ended", &[]));
                        table_gone = true;
                    }
                    Some(ended) => return Ok(ended),
                    None => {}
                }
            }
            line = lines.next_line(), if wants_input => {
                let line = line?;
                if timing == InputTiming::AtYourTurn {
                    ahead = Some(line);
                } else if take_line(session, line, &mut input_open).await? && !table_gone {
                    return Ok(Ended::Closed);
                }
            }
            stopped = wait_for(&mut session.stopped), if session.stopped.is_some() => {
                session.stopped = None;
                if let Ok(ShutdownOutcome::CancelFailed { reason, .. }) = stopped {
                    say(&reason);
                }
                if players.is_none() {
                    // A sit & go's table stops where it is; nobody is cashed out.
                    return Ok(Ended::LeftTheSitAndGo);
                }
                // Everyone still seated is cashed out; the Closed notice ends the session.
                match table.close().await {
                    Ok(_) | Err(LobbyError::TableClosed { .. }) => {}
                    Err(error) => return Err(error.into()),
                }
            }
        }
    }
}

/// Shows a cash table's notice once the computer players took it; after a hand's result
/// (broke computers seated again, the table stopped for you when you are broke), the table
/// may deal the next.
async fn show_at_cash_table(
    session: &mut PlaySession,
    table: &TableHandle,
    notice: &Notice,
) -> anyhow::Result<Option<Ended>> {
    let ended = session.show(notice).await?;
    if let NoticeBody::HandResult(summary) = &notice.body {
        match table.hand_done(summary.hand).await {
            Ok(()) | Err(LobbyError::TableClosed { .. }) => {}
            Err(error) => return Err(error.into()),
        }
    }
    Ok(ended)
}

/// Takes a line you typed (`None`: the input ended, which quits). Returns whether the
/// session is over: you left and the table is closed.
async fn take_line(
    session: &mut PlaySession,
    line: Option<String>,
    input_open: &mut bool,
) -> anyhow::Result<bool> {
    match line {
        Some(line) => session.command(line.trim()).await?,
        None => {
            *input_open = false;
            session.quit().await?;
        }
    }
    Ok(session.leaving && !session.table.is_open())
}

/// Before a computer player's turn is answered, a script's lines due now are taken first (a
/// `pre` line while someone else is to act), whatever the pipe's timing: the same script
/// plays the same game. Returns whether the session is over: you left and the table is closed.
async fn take_lines_due(
    session: &mut PlaySession,
    lines: &mut Lines<BufReader<Stdin>>,
    ahead: &mut Option<Option<String>>,
    input_open: &mut bool,
) -> anyhow::Result<bool> {
    if !*input_open {
        return Ok(false);
    }
    if ahead.is_none() {
        *ahead = Some(lines.next_line().await?);
    }
    while let Some(over) = take_ahead_if_due(session, ahead, input_open).await? {
        if over {
            return Ok(true);
        }
        if *input_open {
            *ahead = Some(lines.next_line().await?);
        }
    }
    Ok(false)
}

/// Takes the line read ahead (`ahead`) if it is due now (`PlaySession::script_line_due`), else
/// keeps it. Returns `None` when no line was taken, else whether the session is over.
async fn take_ahead_if_due(
    session: &mut PlaySession,
    ahead: &mut Option<Option<String>>,
    input_open: &mut bool,
) -> anyhow::Result<Option<bool>> {
    let Some(line) = ahead.take() else {
        return Ok(None);
    };
    if !session.script_line_due(line.as_deref()).await? {
        *ahead = Some(line);
        return Ok(None);
    }
    take_line(session, line, input_open).await.map(Some)
}

/// The outcome of the lobby's shutdown of the table, once it has one.
async fn wait_for(
    stopped: &mut Option<tokio::sync::oneshot::Receiver<ShutdownOutcome>>,
) -> Result<ShutdownOutcome, LobbyError> {
    match stopped {
        Some(receiver) => receiver
            .await
            .map_err(|_| LobbyError::TableClosed { table: TABLE }),
        None => std::future::pending().await,
    }
}
