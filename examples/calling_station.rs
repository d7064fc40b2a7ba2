//! An outside player for `studbot sim --external`: the calling station. It checks when it
//! may, calls when it must (brings in when forced), and never bets, raises or folds.
//!
//! Build: `cargo build --release --example calling_station`; play:
//! `studbot sim --seats good,ext --external target/release/examples/calling_station`.

// Each outside player reads the whole protocol but uses only part of it.
#[allow(dead_code)]
#[path = "outside/protocol.rs"]
mod protocol;

fn main() {
    protocol::play(protocol::Act::stay);
}

#[cfg(test)]
mod tests {
    use super::protocol::act;

    #[test]
    fn the_station_calls_a_raise_and_checks_when_free() {
        let facing = r#"{"type":"act","hand":1,"game":"razz","street":6,"seat":0,"stakes":{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10},"cards":{"down":["Kc","Kd"],"up":["Qh","Qs","Jd","Jc"]},"players":[],"pot":80,"to_call":20,"legal":[{"action":"fold"},{"action":"call","amount":20},{"action":"raise","amount":30}],"history":[]}"#;
        assert_eq!(act(facing).stay(), "call");
        let free = facing.replace(
            r#"[{"action":"fold"},{"action":"call","amount":20},{"action":"raise","amount":30}]"#,
            r#"[{"action":"check"},{"action":"bet","amount":10}]"#,
        );
        assert_eq!(act(&free).stay(), "check");
    }

    #[test]
    fn the_station_brings_in_rather_than_complete() {
        let bring_in = r#"{"type":"act","hand":1,"game":"stud8","street":3,"seat":0,"stakes":{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10},"cards":{"down":["Ac","Ad"],"up":["2h"]},"players":[],"pot":6,"to_call":0,"legal":[{"action":"bring-in","amount":2},{"action":"complete","amount":5}],"history":[]}"#;
        assert_eq!(act(bring_in).stay(), "bring-in");
    }
}
