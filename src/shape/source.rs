//! The crate's source as the shape checks read it: every file of `src/` (the binary's
//! `main.rs` aside) with its module path, its code with comments and literals blanked and its
//! test items cut out.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One source file: its module path under `src` (`""` for `lib.rs`, `"table/pot"`,
/// `"table/hand"` for `table/hand/mod.rs`), whether it is a folder's `mod.rs`, and its
/// code with comments and literals blanked and test items cut out.
pub(super) struct Source {
    pub(super) module: String,
    pub(super) is_folder: bool,
    pub(super) code: String,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("src is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The code with comments, strings and character literals replaced by spaces, so a `{`,
/// a `//` or a `super::` inside a string changes nothing.
pub(super) fn blank_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let word_before = |i: usize| {
        i > 0
            && chars
                .get(i - 1)
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let start = i;
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
            out.extend(chars[start..i].iter().filter(|c| **c == '\n'));
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !word_before(i) {
            let mut hashes = 0;
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            out.extend(chars[i..j.min(chars.len())].iter().filter(|c| **c == '\n'));
            i = j;
        } else if c == '"' {
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
            out.extend(
                chars[start..i.min(chars.len())]
                    .iter()
                    .filter(|c| **c == '\n'),
            );
        } else if c == '\''
            && (chars.get(i + 2) == Some(&'\'')
                || (next == Some('\\') && chars[i..].iter().skip(2).take(10).any(|&x| x == '\'')))
        {
            // A character literal ('{', '\n', '\u{7b}'); a lifetime has no closing quote.
            i += 1;
            if chars.get(i) == Some(&'\\') {
                i += 1;
            }
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code without its `#[cfg(test)]` items, and the test-only modules it declares.
pub(super) fn cut_tests(code: &str) -> (String, Vec<String>) {
    const MARK: &str = "#[cfg(test)]";
    let mut kept = String::with_capacity(code.len());
    let mut test_modules = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(MARK) {
        kept.push_str(&rest[..at]);
        let item = &rest[at + MARK.len()..];
        let (semicolon, brace) = (item.find(';'), item.find('{'));
        match (semicolon, brace) {
            (Some(end), open) if open.is_none_or(|open| end < open) => {
                let words: Vec<&str> = item[..end].split_whitespace().collect();
                if let Some(at) = words.iter().position(|word| *word == "mod")
                    && let Some(name) = words.get(at + 1)
                {
                    test_modules.push((*name).to_string());
                }
                rest = &item[end + 1..];
            }
            (_, Some(open)) => {
                let mut depth = 0usize;
                let mut end = item.len();
                for (offset, c) in item[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = open + offset + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                rest = &item[end..];
            }
            _ => rest = "",
        }
    }
    kept.push_str(rest);
    (kept, test_modules)
}

pub(super) fn sources() -> Vec<Source> {
    let root = src_dir();
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    let mut sources = Vec::new();
    let mut test_only = BTreeSet::new();
    for path in paths {
        let relative = path.strip_prefix(&root).expect("under src");
        if relative == Path::new("main.rs") {
            continue; // the binary: a crate of its own
        }
        let mut parts: Vec<String> = relative
            .with_extension("")
            .iter()
            .map(|part| part.to_string_lossy().into_owned())
            .collect();
        let is_folder = parts
            .last()
            .is_some_and(|last| last == "mod" || last == "lib");
        if is_folder {
            parts.pop();
        }
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        let (code, tests) = cut_tests(&blank_literals(&text));
        let parent = if is_folder {
            parts.clone()
        } else {
            parts[..parts.len() - 1].to_vec()
        };
        for name in tests {
            let mut child = parent.clone();
            child.push(name);
            test_only.insert(child.join("/"));
        }
        sources.push(Source {
            module: parts.join("/"),
            is_folder,
            code,
        });
    }
    sources.retain(|source| {
        !test_only
            .iter()
            .any(|test| source.module == *test || source.module.starts_with(&format!("{test}/")))
    });
    sources
}

pub(super) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where `word` first appears as a whole word.
pub(super) fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if !before.is_some_and(is_word_char) && !after.is_some_and(is_word_char) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}
