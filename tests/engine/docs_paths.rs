//! The files the README and the guides name, as a reader looks them up: every path in a code
//! span (`src/bank/ledger.rs`, `tests/discord/`) exists, a file named alone (`computers.rs`,
//! `ops/tournament_start.rs`) is a file of the crate, a function named after its file
//! (`src/bot/reply.rs`, `respond`) is declared there, and an item named by its path
//! (`tournament::live_here`, `Hand::act`) is declared outside tests, in a file of that module
//! for a module's item. ARCHITECTURE.md's paths through the code stay true when a file moves
//! or a function is renamed.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::docs_links::{pages, prose_lines, read, root};

/// The folders searched for a file named without its folder.
const SOURCE_FOLDERS: [&str; 4] = ["src", "tests", "benches", "examples"];

/// The prose of a page (outside fenced code blocks) as one line, so that a code span and what
/// follows it read the same across a line break.
fn prose(text: &str) -> String {
    prose_lines(text)
        .iter()
        .map(|(_, line)| line.trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every code span of `prose`, each with the text between it and the next span.
fn code_spans(prose: &str) -> Vec<(&str, &str)> {
    let pieces: Vec<&str> = prose.split('`').collect();
    (1..pieces.len())
        .step_by(2)
        .map(|index| (pieces[index], pieces.get(index + 1).copied().unwrap_or("")))
        .collect()
}

/// The entries at the top of the repository, by name (`src`, `Cargo.toml` …).
fn top_level(root: &Path) -> Vec<String> {
    std::fs::read_dir(root)
        .expect("the repository is readable")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name != "target" && !name.starts_with('.'))
        .collect()
}

/// A span that names a path from the repository's root: its first part is a top-level entry,
/// and it is one word (`src/bot/`, `Cargo.toml`; not `cargo test --test engine`).
fn is_repository_path(span: &str, top: &[String]) -> bool {
    !span.contains(char::is_whitespace)
        && top
            .iter()
            .any(|name| span == name || span.starts_with(&format!("{name}/")))
}

/// A span naming a Rust file without its root: `computers.rs`, `ops/tournament_start.rs`.
fn is_file_alone(span: &str) -> bool {
    span.strip_suffix(".rs").is_some_and(|stem| {
        !stem.is_empty()
            && stem
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '/')
    })
}

/// Whether `path` (from the root; a pattern such as `tests/engine/rules_*.rs` or
/// `locales/{en,es,id}/*.ftl` by the folder before its first wildcard) exists.
fn exists(root: &Path, path: &str) -> bool {
    let path = path.split(':').next().unwrap_or(path);
    match path.find(['*', '{']) {
        Some(wildcard) => {
            let folder = path[..wildcard]
                .rsplit_once('/')
                .map_or("", |(folder, _)| folder);
            root.join(folder).is_dir()
        }
        None => root.join(path).exists(),
    }
}

/// Every Rust file under `folder`.
fn rust_files(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// A name a file may declare: `respond`, `Table::handle`, `framework()`, `ButtonId::Register`;
/// not a module path left open (`bank::`, a test filter).
fn is_item_name(span: &str) -> bool {
    let name = span.trim_end_matches("()");
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
        && !name.starts_with(':')
        && !name.ends_with(':')
}

/// The first parts of item paths that are not the crate's: the standard library and the
/// crates it uses.
const NOT_THE_CRATES: [&str; 13] = [
    "std", "core", "alloc", "u8", "u16", "u32", "u64", "usize", "i64", "tokio", "serenity",
    "poise", "sled",
];

/// A span naming an item by its path: `tournament::live_here`, `Hand::act`, `framework()`'s
/// kin `Table::run()`; not the standard library's (`u64::MAX`).
fn is_item_path(span: &str) -> bool {
    is_item_name(span)
        && span.contains("::")
        && !NOT_THE_CRATES
            .iter()
            .any(|other| span.split("::").next() == Some(*other))
}

/// The names `source` declares: its functions, types, traits, constants, statics and modules
/// (the word after the keyword), and its enum variants and fields (a line that starts with
/// the name: `Register { … }`, `Quit,`, `computer_turn_at: …`).
fn declared_names(source: &str) -> HashSet<&str> {
    const KEYWORDS: [&str; 8] = [
        "fn", "struct", "enum", "trait", "const", "static", "type", "mod",
    ];
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut names = HashSet::new();
    let words: Vec<&str> = source
        .split(|c: char| !is_name_char(c))
        .filter(|word| !word.is_empty())
        .collect();
    for pair in words.windows(2) {
        if KEYWORDS.contains(&pair[0]) {
            names.insert(pair[1]);
        }
    }
    for line in source.lines() {
        let line = line.trim_start();
        let line = ["pub(super) ", "pub(crate) ", "pub "]
            .iter()
            .fold(line, |line, visibility| line.trim_start_matches(visibility));
        let end = line.find(|c: char| !is_name_char(c)).unwrap_or(line.len());
        if end > 0 && line[end..].starts_with([' ', '(', '{', ',', ':']) {
            names.insert(&line[..end]);
        }
    }
    names
}

/// The code of a file before its test module (`#[cfg(test)] mod tests {`, at its end).
fn without_tests(source: &str) -> &str {
    source
        .find("#[cfg(test)]\nmod tests {")
        .map_or(source, |at| &source[..at])
}

/// Whether `file` may declare the item `span` names: any file, for a type's item
/// (`Hand::act`); for a module's (`tournament::live_here`), a file of a module of that name
/// (`tournament.rs`, `tournament/mod.rs` or a file under `tournament/`, which it may
/// re-export).
fn in_module(file: &Path, root: &Path, span: &str) -> bool {
    let first = span.split("::").next().unwrap_or(span);
    if first.starts_with(|c: char| c.is_ascii_uppercase()) || first == "crate" {
        return true;
    }
    let relative = file.strip_prefix(root).unwrap_or(file);
    relative.file_stem().is_some_and(|stem| stem == first)
        || relative.iter().any(|part| part == first)
}

/// The name an item span declares: the last part of its path, without `()`.
fn item_name(item: &str) -> &str {
    let item = item.trim_end_matches("()");
    item.rsplit("::").next().unwrap_or(item)
}

/// What `pages` name that is not there, as "page: what (why)".
fn broken_paths(root: &Path, pages: &[PathBuf]) -> Vec<String> {
    let top = top_level(root);
    let mut sources = Vec::new();
    for folder in SOURCE_FOLDERS {
        rust_files(&root.join(folder), &mut sources);
    }
    let texts: Vec<String> = sources
        .iter()
        .map(|file| without_tests(&read(file)).to_owned())
        .collect();
    let declared: Vec<(&PathBuf, HashSet<&str>)> = sources
        .iter()
        .zip(&texts)
        .map(|(file, text)| (file, declared_names(text)))
        .collect();
    let mut broken = Vec::new();
    for page in pages {
        let text = prose(&read(page));
        let spans = code_spans(&text);
        let at = |what: &str, why: &str| format!("{}: `{what}` ({why})", page.display());
        for (index, &(span, after)) in spans.iter().enumerate() {
            if is_repository_path(span, &top) {
                if !exists(root, span) {
                    broken.push(at(span, "no such path"));
                    continue;
                }
                // `src/bot/reply.rs`, `respond`: the function named after its file.
                let next = spans.get(index + 1).map(|&(next, _)| next);
                if let Some(item) = next
                    && span.ends_with(".rs")
                    && after.trim() == ","
                    && is_item_name(item)
                    && !declared_names(&read(&root.join(span))).contains(item_name(item))
                {
                    broken.push(at(item, &format!("{span} declares no such item")));
                }
            } else if is_item_path(span) {
                let found = declared
                    .iter()
                    .filter(|(file, _)| in_module(file, root, span))
                    .any(|(_, names)| names.contains(item_name(span)));
                if !found {
                    broken.push(at(span, "no file of the crate declares it"));
                }
            } else if is_file_alone(span) {
                let tail = format!("/{span}");
                if !sources
                    .iter()
                    .any(|file| file.to_string_lossy().ends_with(&tail))
                {
                    broken.push(at(span, "no file of the crate has this name"));
                }
            }
        }
    }
    broken
}

#[test]
fn every_path_file_and_item_the_readme_and_the_guides_name_exists() {
    let broken = broken_paths(root(), &pages());
    assert!(
        broken.is_empty(),
        "named but not there:\n{}",
        broken.join("\n")
    );
}

#[test]
fn a_missing_path_file_function_or_item_is_found() {
    let repository = tempfile::tempdir().expect("a temporary directory");
    let root = repository.path();
    std::fs::create_dir_all(root.join("src/bot")).expect("created");
    std::fs::create_dir_all(root.join("docs")).expect("created");
    std::fs::write(
        root.join("src/bot/reply.rs"),
        "pub(super) async fn respond() {}\npub enum Refused {\n    GuildOnly,\n}\n\
         #[cfg(test)]\nmod tests {\n    fn registering() {}\n}\n",
    )
    .expect("written");
    let page = root.join("docs/PAGE.md");
    std::fs::write(
        &page,
        "`src/bot/reply.rs`, `respond`: found. `src/bot/reply.rs`,\n`Refused::GuildOnly` too, \
         and `reply.rs`, `src/bot/`, `src/*/reply.rs`.\n\
         `reply::respond` and `Refused::GuildOnly()` are declared, `u64::MAX` is not the crate's.\n\
         `src/bot/gone.rs` is not; `src/bot/reply.rs`, `answer` is not declared; `gone.rs` is \
         no file; `reply::registering` is only a test's; `cargo test --test engine` is \
         a command.\n\
         ```\nsrc/in/a/code/block.rs\n```\n",
    )
    .expect("written");
    let broken = broken_paths(root, &[page]);
    assert_eq!(broken.len(), 4, "{broken:#?}");
    assert!(
        broken[0].ends_with("`src/bot/gone.rs` (no such path)"),
        "{broken:#?}"
    );
    assert!(
        broken[1].ends_with("`answer` (src/bot/reply.rs declares no such item)"),
        "{broken:#?}"
    );
    assert!(
        broken[2].ends_with("`gone.rs` (no file of the crate has this name)"),
        "{broken:#?}"
    );
    assert!(
        broken[3].ends_with("`reply::registering` (no file of the crate declares it)"),
        "{broken:#?}"
    );
}
