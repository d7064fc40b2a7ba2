//! No function over [`LONGEST_FUNCTION`] lines, unless a reason is written down beside its
//! name in [`LONG_FOR_A_REASON`].

use super::source::{blank_literals, find_word, is_word_char, sources};

/// Functions longer than this many lines (from `fn` to its closing brace) want splitting.
pub(super) const LONGEST_FUNCTION: usize = 80;

/// Longer functions kept whole, each with why: `("module::function", "why")`.
pub(super) const LONG_FOR_A_REASON: &[(&str, &str)] = &[];

/// Where the body that starts at `open` (a `{`) closes.
fn closing_brace(code: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (offset, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + offset);
                }
            }
            _ => {}
        }
    }
    None
}

/// Every function with a body in the code: its name and its lines, from `fn` to the
/// closing brace. A declaration without a body (in a trait) ends at a `;` outside
/// brackets before any `{`.
fn function_lengths(code: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(offset) = find_word(&code[from..], "fn") {
        let at = from + offset;
        from = at + 2;
        let name: String = code[at + 2..]
            .trim_start()
            .chars()
            .take_while(|c| is_word_char(*c))
            .collect();
        if name.is_empty() {
            continue; // a `fn(…)` type
        }
        let mut depth = 0i32;
        let mut body = None;
        for (offset, c) in code[at..].char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth == 0 => break,
                '{' if depth == 0 => {
                    body = Some(at + offset);
                    break;
                }
                _ => {}
            }
        }
        let Some(close) = body.and_then(|open| closing_brace(code, open)) else {
            continue;
        };
        found.push((name, code[at..close].matches('\n').count() + 1));
    }
    found
}

/// Every function of `src/` longer than [`LONGEST_FUNCTION`] lines: `module::name`, lines.
fn long_functions() -> Vec<(String, usize)> {
    let mut long = Vec::new();
    for source in sources() {
        for (name, lines) in function_lengths(&source.code) {
            if lines > LONGEST_FUNCTION {
                long.push((
                    format!("{}::{name}", source.module.replace('/', "::")),
                    lines,
                ));
            }
        }
    }
    long.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    long
}

#[test]
fn no_function_is_longer_than_eighty_lines_without_a_reason_written_beside_it() {
    let long = long_functions();
    println!(
        "{} functions over {LONGEST_FUNCTION} lines in src/ (tests left out):",
        long.len()
    );
    for (function, lines) in &long {
        println!("  {function}: {lines} lines");
    }
    let unexplained: Vec<String> = long
        .iter()
        .filter(|(function, _)| LONG_FOR_A_REASON.iter().all(|(name, _)| name != function))
        .map(|(function, lines)| format!("{function}: {lines} lines"))
        .collect();
    assert!(unexplained.is_empty(), "{}", unexplained.join("\n"));
    let stale: Vec<&str> = LONG_FOR_A_REASON
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| long.iter().all(|(function, _)| function != name))
        .collect();
    assert!(stale.is_empty(), "no longer long: {stale:?}");
}

#[test]
fn a_functions_length_runs_from_fn_to_its_closing_brace_strings_and_comments_counted() {
    let code = blank_literals(
        "trait T { fn declared(&self) -> [u8; 2]; }\n\
         fn short(x: [u8; 4]) -> u8 {\n    x[0]\n}\n\
         fn long() {\n    let s = \"a\n{b\";\n    /* {\n */\n}\n",
    );
    assert_eq!(
        function_lengths(&code),
        [("short".to_string(), 3), ("long".to_string(), 6)]
    );
}
