//! A tournament read back from a record is checked whole: a sound one reads back as it was,
//! and each kind of corruption (a place 0, chips that appeared, a busted player holding
//! chips, a payout table past 100%, stakes that break the stake rules, prizes that are not
//! the pool's, a first seat out, rules no option names) is refused with an error, never
//! turned into a tournament a later call could panic on.

use serde_json::{Value, json};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, Tournament, TournamentSettings};

fn played() -> Tournament {
    let settings = TournamentSettings::new(
        GameChoice::Razz,
        Structure::built_in(StructureKind::Turbo),
        100,
    );
    let mut tournament = Tournament::start(settings, 4).expect("starts");
    let next = tournament.next_hand().expect("a hand");
    let mut stacks = next.stacks.clone();
    stacks[0] += stacks[3];
    stacks[3] = 0;
    tournament.record_hand(&stacks).expect("records");
    tournament
}

/// A named way to corrupt a stored tournament.
type Corruption = (&'static str, Box<dyn Fn(&mut Value)>);

fn read(value: Value) -> Result<Tournament, serde_json::Error> {
    serde_json::from_value(value)
}

#[test]
fn a_sound_tournament_reads_back_as_it_was_written() {
    let tournament = played();
    let value = serde_json::to_value(&tournament).unwrap();
    assert_eq!(read(value).unwrap(), tournament);
    let bytes = postcard::to_stdvec(&tournament).unwrap();
    assert_eq!(
        postcard::from_bytes::<Tournament>(&bytes).unwrap(),
        tournament
    );
}

#[test]
fn each_kind_of_corrupt_tournament_is_refused() {
    let sound = serde_json::to_value(played()).unwrap();
    let busted = sound["standings"]["finishes"][0]["seat"].as_u64().unwrap() as usize;
    let holder = (0..4).find(|&seat| seat != busted).unwrap();
    let corruptions: Vec<Corruption> = vec![
        (
            "place 0",
            Box::new(|v| v["standings"]["finishes"][0]["place"] = json!(0)),
        ),
        (
            "chips appeared",
            Box::new(move |v| {
                let stack = v["standings"]["stacks"][holder].as_u64().unwrap();
                v["standings"]["stacks"][holder] = json!(stack + 1);
            }),
        ),
        (
            "a busted player holding chips",
            Box::new(move |v| {
                let stack = v["standings"]["stacks"][holder].as_u64().unwrap();
                v["standings"]["stacks"][holder] = json!(stack - 10);
                v["standings"]["stacks"][busted] = json!(10);
            }),
        ),
        (
            "a finish of no seat",
            Box::new(|v| v["standings"]["finishes"][0]["seat"] = json!(7)),
        ),
        (
            "payouts past 100%",
            Box::new(|v| v["payouts"]["percentages"] = json!([60, 50])),
        ),
        (
            "a prize pool that is not the buy-ins",
            Box::new(|v| v["prize_pool"] = json!(401)),
        ),
        (
            "a bring-in of 0",
            Box::new(|v| v["settings"]["structure"]["levels"][0]["stakes"]["bring_in"] = json!(0)),
        ),
        (
            "a prize that is not its place's",
            Box::new(|v| v["standings"]["prizes"][0] = json!(399)),
        ),
        (
            "prizes won past the pool",
            Box::new(|v| v["standings"]["finishes"][0]["prize"] = json!(401)),
        ),
        (
            "the seat dealt first is out",
            Box::new(move |v| v["first_seat"] = json!(busted)),
        ),
        (
            "a deal that did not end it",
            Box::new(|v| v["deal"] = json!("icm")),
        ),
        (
            "rules with no such odd-chip option",
            Box::new(|v| v["settings"]["rules"]["odd_chip"] = json!("to_the_dealer")),
        ),
        (
            "one entrant",
            Box::new(|v| {
                v["standings"]["stacks"] = json!([2400]);
                v["standings"]["finishes"] = json!([]);
            }),
        ),
    ];
    for (what, corrupt) in corruptions {
        let mut value = sound.clone();
        corrupt(&mut value);
        assert!(read(value).is_err(), "{what} was read back");
    }
}
