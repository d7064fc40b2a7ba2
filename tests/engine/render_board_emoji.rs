//! The board with the bot's card emoji: every card as its picture when the board fits, the
//! longest board a table deals (8 players on seventh street) within one Discord message with
//! its up cards as emoji, and the README's picture of the board made by the renderer itself.

use crate::render_board::{cards, eight_player_view, facts, long_name};

use studbot::bot::limits::{
    MESSAGE as DISCORD_MESSAGE_LIMIT, MESSAGE_TEXT, length as discord_length,
};
use studbot::faces::{Face, Palette};
use studbot::render::{self, BoardView, Locale, TableFacts};
use studbot::table::card::Card;
use studbot::table::hand::{ActionKind, PublicView, SeatState, Street};

/// The bot's card emoji as Discord writes them: `<:c_As:…>` with a 19-digit snowflake, the
/// longest Discord makes today (27 UTF-16 units a card).
fn emoji_images() -> render::CardImages {
    render::CardImages::new(|face| {
        format!(
            "<:{}:1234567890123456789>",
            face.name(studbot::faces::Palette::TwoColour)
        )
    })
}

/// The longest board a table deals: 8 players on seventh street (the deck runs short, so the
/// last card is one community card), each with 2 down and 4 up cards, three all-in for
/// different amounts (three side pots), a bet and a raise on the street, the clock shown, a
/// seat whose DMs are closed and a computer player (both legends).
fn seventh_street_for_eight() -> (PublicView, TableFacts) {
    let mut view = eight_player_view();
    view.street = Street::Seventh;
    view.community = Some("9h".parse().unwrap());
    let ups = [
        "Kc Kd 2h 9s",
        "Qc Jd 3h 4s",
        "Tc Td 5h 6s",
        "7c 8d 2d 3d",
        "Ac 2c 3c 4c",
        "9c 9d 4d 5d",
        "8h 8s 7h 7s",
        "6c 6d 5c 5s",
    ];
    for (index, seat) in view.seats.iter_mut().enumerate() {
        seat.up_cards = cards(ups[index]);
        seat.down_count = 2;
        seat.state = if matches!(index, 1..=3) {
            SeatState::AllIn
        } else {
            SeatState::Active
        };
        seat.committed = 100 + 10 * index as u64;
        seat.stack = if seat.state == SeatState::AllIn {
            0
        } else {
            123_456
        };
    }
    view.seats[4].acted = Some(ActionKind::Bet);
    view.seats[6].acted = Some(ActionKind::Raise);
    view.pot = view.seats.iter().map(|seat| seat.committed).sum();
    let names: Vec<String> = (0..8).map(long_name).collect();
    let mut facts = facts(&names);
    facts.players[2].dm_closed = true;
    facts.players[5].computer = true;
    (view, facts)
}

#[test]
fn the_longest_board_eight_players_on_seventh_street_fits_one_discord_message_with_emoji_cards() {
    let (view, facts) = seventh_street_for_eight();
    let board = BoardView::from_public(&view, &facts);
    let images = emoji_images();
    let style = render::CardStyle::Images(&images);
    let up_cards: Vec<Card> = view
        .seats
        .iter()
        .flat_map(|seat| seat.up_cards.clone())
        .chain(view.community)
        .collect();
    assert_eq!(up_cards.len(), 33);
    let mut longest = 0;
    for locale in Locale::ALL {
        let text = render::board_fitted(locale, &board, style, MESSAGE_TEXT);
        let length = discord_length(&text);
        println!("{locale}: {length} UTF-16 units\n{text}");
        longest = longest.max(length);
        assert!(
            length <= DISCORD_MESSAGE_LIMIT,
            "{locale}: {length}\n{text}"
        );
        // Every up card and the community card as its emoji; the down cards as short text.
        for card in &up_cards {
            assert!(
                text.contains(images.face(*card)),
                "{locale}: {card}\n{text}"
            );
        }
        assert_eq!(text.matches("🂠🂠").count(), 8, "{locale}\n{text}");
        assert!(!text.contains(images.back()), "{locale}\n{text}");
        // The names are whole.
        for player in &facts.players {
            assert!(
                text.contains(&player.name),
                "{locale}: {}\n{text}",
                player.name
            );
        }
    }
    println!("the longest board: {longest} UTF-16 units of {DISCORD_MESSAGE_LIMIT}");
}

#[test]
fn a_board_that_fits_shows_every_card_as_its_emoji_backs_included() {
    let view = eight_player_view();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let mut facts = facts(&names);
    facts.players.truncate(3);
    let mut view = view;
    view.seats.truncate(3);
    view.to_act = Some(2);
    let images = emoji_images();
    let text = render::board_fitted(
        Locale::En,
        &BoardView::from_public(&view, &facts),
        render::CardStyle::Images(&images),
        MESSAGE_TEXT,
    );
    let back = images.back();
    let ana = text.lines().find(|line| line.contains(" Ana (")).unwrap();
    assert!(
        ana.contains(&format!(
            "{back}{back}{}",
            ["Kc", "Kd", "2h", "9s"]
                .map(|card| images.face(card.parse().unwrap()))
                .concat()
        )),
        "{text}"
    );
    assert!(!text.contains('🂠'), "{text}");
}

#[test]
fn with_hostile_names_and_emoji_cards_the_board_still_fits_by_shortening_names_then_cards() {
    let (view, mut facts) = seventh_street_for_eight();
    for player in &mut facts.players {
        player.name = "*_~`|>#[]\\".repeat(4);
    }
    let board = BoardView::from_public(&view, &facts);
    let images = emoji_images();
    for locale in Locale::ALL {
        let text = render::board_fitted(
            locale,
            &board,
            render::CardStyle::Images(&images),
            MESSAGE_TEXT,
        );
        let length = discord_length(&text);
        assert!(
            length <= DISCORD_MESSAGE_LIMIT,
            "{locale}: {length}\n{text}"
        );
    }
}

#[test]
fn the_board_reads_top_to_bottom_whose_turn_the_pot_the_seats_then_the_stakes() {
    let view = eight_player_view();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let text = render::board_within(
        Locale::En,
        &BoardView::from_public(&view, &facts(&names)),
        MESSAGE_TEXT,
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("**Hand #123456** · Sixth street"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("**Hal** to act — Fold · Call 20"),
        "{text}"
    );
    assert!(lines[2].starts_with("Pot: **587**"), "{text}");
    assert_eq!(lines[3], "", "{text}");
    let seats: Vec<&str> = lines[4..12].to_vec();
    for (line, name) in seats.iter().zip(&names) {
        assert!(
            line.replace("**", "").contains(&format!(" {name} (")),
            "{line}"
        );
    }
    assert!(lines[12].starts_with("Stakes 5/10"), "{text}");
    assert_eq!(lines.len(), 13, "{text}");
}

/// The board the README and docs/PLAYING.md show: hand 1 on fourth street, four players; Dee
/// bet 5, Ana and Bo called, Cy (who brought in on third street) is to act.
fn pictured_board() -> BoardView {
    let seat = |stack, street_bet, committed, up: &str, acted| studbot::table::hand::PublicSeat {
        stack,
        street_bet,
        committed,
        up_cards: cards(up),
        down_count: 2,
        state: SeatState::Active,
        shown: None,
        wagers: [0; 5],
        acted,
    };
    let mut view = eight_player_view();
    view.street = Street::Fourth;
    view.seats = vec![
        seat(192, 5, 8, "Ks 8h", Some(ActionKind::Call)),
        seat(192, 5, 8, "2s 3h", Some(ActionKind::Call)),
        seat(197, 0, 3, "Jc 9d", None),
        seat(192, 5, 8, "7c Ad", Some(ActionKind::Bet)),
    ];
    view.pot = 27;
    view.to_act = Some(2);
    view.legal = [
        (ActionKind::Fold, 0),
        (ActionKind::Call, 5),
        (ActionKind::Raise, 10),
    ]
    .map(|(kind, chips)| studbot::table::hand::LegalAction {
        kind,
        chips,
        total: chips,
        all_in: false,
    })
    .to_vec();
    view.last_action = None;
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Dee"].map(String::from).to_vec();
    let mut facts = facts(&names);
    facts.hand_number = 1;
    facts.action_timer_secs = Some(600);
    BoardView::from_public(&view, &facts)
}

/// Discord markdown as the pages' HTML shows it: bold, and one line per line.
fn as_html(text: &str) -> String {
    let mut bold = false;
    let mut html = String::new();
    for (index, part) in text.split("**").enumerate() {
        if index > 0 {
            html.push_str(if bold { "</b>" } else { "<b>" });
            bold = !bold;
        }
        html.push_str(part);
    }
    html.lines().collect::<Vec<_>>().join("<br>\n")
}

/// The block of `page` between `<!-- name -->` and `<!-- /name -->`.
fn block(page: &str, name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(page);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{page}: {error}"));
    let opening = format!("<!-- {name} -->\n");
    let start = text
        .find(&opening)
        .unwrap_or_else(|| panic!("{page} has no <!-- {name} --> block"))
        + opening.len();
    let end = text[start..]
        .find(&format!("\n<!-- /{name} -->"))
        .unwrap_or_else(|| panic!("{page}'s {name} block is not closed"));
    text[start..start + end].to_owned()
}

#[test]
fn the_board_the_readme_and_the_guide_show_is_the_board_the_code_renders() {
    let board = pictured_board();
    // Each page's pictures are the files in docs/cards/, from where the page is.
    for (page, cards_folder) in [("README.md", "docs/cards"), ("docs/PLAYING.md", "cards")] {
        let images = render::CardImages::new(|face| {
            let alt = match face {
                Face::Card(card) => render::card(card),
                Face::Back => render::card_back().to_owned(),
            };
            format!(
                "<img src=\"{cards_folder}/{}.png\" alt=\"{alt}\" height=\"22\">",
                face.name(Palette::TwoColour)
            )
        });
        let rendered = render::board_fitted(
            Locale::En,
            &board,
            render::CardStyle::Images(&images),
            render::TextLimit::NONE,
        );
        let expected = as_html(&rendered);
        assert_eq!(
            block(page, "board-now"),
            expected,
            "{page}'s board is not what the code renders; it should read:\n{expected}"
        );
    }
}

#[test]
fn the_card_pictures_in_docs_are_the_faces_the_code_draws() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cards");
    for face in Face::all() {
        let name = face.name(Palette::TwoColour);
        let shown = std::fs::read(folder.join(format!("{name}.png")))
            .unwrap_or_else(|error| panic!("docs/cards/{name}.png: {error}"));
        assert_eq!(
            shown,
            studbot::faces::png(face, Palette::TwoColour).unwrap(),
            "docs/cards/{name}.png is not the face the code draws: `studbot cards --out docs/cards`"
        );
    }
}
