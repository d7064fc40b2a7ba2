//! An outside player for `studbot sim --external`: the maniac. It bets, completes or raises
//! whenever it may (the big amount when offered), calls when it may not, and never folds.
//!
//! Build: `cargo build --release --example maniac`; play:
//! `studbot sim --seats good,ext --external target/release/examples/maniac`.

// Each outside player reads the whole protocol but uses only part of it.
#[allow(dead_code)]
#[path = "outside/protocol.rs"]
mod protocol;

fn main() {
    protocol::play(protocol::Act::push);
}

#[cfg(test)]
mod tests {
    use super::protocol::act;

    const FACING_A_BET: &str = r#"{"type":"act","id":3,"hand":1,"game":"stud","street":4,"seat":1,"stakes":{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10},"cards":{"down":["2c","7d"],"up":["9h","3s"]},"players":[{"seat":0,"up":["Ks","Qd"],"stack":180,"bet":5,"folded":false,"all_in":false},{"seat":1,"up":["9h","3s"],"stack":190,"bet":0,"folded":false,"all_in":false}],"pot":25,"to_call":5,"legal":[{"action":"fold"},{"action":"call","amount":5},{"action":"raise","amount":10}],"history":[{"street":3,"seat":1,"action":"bring-in","amount":2},{"street":3,"seat":0,"action":"complete","amount":5},{"street":3,"seat":1,"action":"call","amount":3},{"street":4,"seat":0,"action":"bet","amount":5}]}"#;

    #[test]
    fn the_maniac_raises_a_bet_with_nothing() {
        assert_eq!(act(FACING_A_BET).push(), "raise");
    }

    #[test]
    fn the_maniac_calls_when_the_raises_are_capped() {
        let capped = FACING_A_BET.replace(r#",{"action":"raise","amount":10}"#, "");
        assert_eq!(act(&capped).push(), "call");
    }
}
