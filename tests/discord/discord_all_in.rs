//! An all-in hand on Discord: once betting is over the board is edited street by street with
//! every live hand face up and each player's equity and scoop chance beside it, while the
//! folded player's down cards, and every live down card before betting was over, reach no one
//! but their owner.

use crate::support;

use studbot::table::ActionKind;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_077;
const SEED: u64 = 20_261_201;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_all_in_hand_is_dealt_out_on_the_board_with_equities_and_leaks_no_down_card() {
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_channel(CHANNEL);
    let moderator = FakeUser::moderator(100_000_000_000_000_700, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_701, "Ana"),
        FakeUser::player(100_000_000_000_000_702, "Bo"),
        FakeUser::player(100_000_000_000_000_703, "Cy"),
    ];
    let mut table = start_all_in_hand(&fake, CHANNEL, &moderator, &players, SEED).await;

    // The bring-in, a fold, then raises and calls until the two left are all-in.
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;
    let folder = table.mirror.to_act().unwrap();
    let click = table.act(&fake, &[ActionKind::Fold]).await;
    fake.response_to(click).await;
    let mut last_click = click;
    while table.mirror.to_act().is_some() {
        last_click = table.act(&fake, &ALL_IN_ACTIONS).await;
        assert!(fake.response_to(last_click).await.is_success());
    }
    let result = table
        .mirror
        .result()
        .expect("the mirror dealt it out")
        .clone();
    assert!(result.shown.len() == 2, "both all-in hands are shown");
    let betting_over = fake.response_to(last_click).await.index;

    // The board ends with the results; on its way it was edited street by street.
    let live: Vec<usize> = (0..3).filter(|seat| *seat != folder).collect();
    let seventh = card_text(table.down_cards(live[0])[2]);
    let final_board = fake
        .wait_message(table.board, "the showdown on the board", |message| {
            message["content"]
                .as_str()
                .is_some_and(|text| text.contains(&seventh))
        })
        .await;
    let requests = fake.requests();
    let dealt_out: Vec<String> = requests
        .iter()
        .filter(|r| r.index >= betting_over && r.visibility == Visibility::Channel(CHANNEL))
        .map(|r| r.readable_text())
        .filter(|text| text.contains("equity") && text.contains("scoop"))
        .fold(Vec::new(), |mut distinct, text| {
            if !distinct.contains(&text) {
                distinct.push(text);
            }
            distinct
        });
    // Discord's 5 writes per 5 s may merge the boards of streets that follow each other
    // fast (the test's pause is 1.2 s): at least two of the four must have been shown.
    assert!(
        dealt_out.len() >= 2,
        "the board was not shown street by street with equities: {dealt_out:#?}"
    );
    for text in &dealt_out {
        // Both live hands face up: every down card dealt so far is on the board.
        for &seat in &live {
            let down = table.down_cards(seat);
            assert!(
                text.contains(&card_text(down[0])) && text.contains(&card_text(down[1])),
                "seat {seat}'s hand is not face up: {text}"
            );
        }
    }

    // No down card reached anyone but its owner: the folded hand never, the live hands not
    // before betting was over.
    for request in &requests {
        let reader = match request.visibility {
            Visibility::Channel(_) => None,
            Visibility::Dm(user) | Visibility::Ephemeral(user) => Some(user),
            Visibility::Nobody => continue,
        };
        let text = request.readable_text();
        for (seat, owner) in players.iter().enumerate() {
            let face_up = seat != folder && request.index >= betting_over;
            if face_up || reader == Some(owner.id) {
                continue;
            }
            for card in table.down_cards(seat) {
                assert!(
                    !text.contains(&card_text(card)),
                    "{}'s down card {card} reached {reader:?} in request {}: {text}",
                    owner.name,
                    request.index
                );
            }
        }
    }
    println!(
        "{} boards dealt out; final board:\n{}",
        dealt_out.len(),
        final_board["content"]
    );
    bot.stop().await;
}
