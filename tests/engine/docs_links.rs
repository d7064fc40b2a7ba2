//! The README and the guides in `docs/` as a reader follows them: every relative link names a
//! file that exists, and every `#anchor` a heading of the page it points into (as GitHub makes
//! a heading's anchor); the README stays a front page that opens with what to install and the
//! two commands, and links every guide.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub(crate) fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page of `docs/`.
pub(crate) fn pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("a docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    pages.extend(guides);
    pages
}

pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The lines of `text` outside fenced code blocks, with their numbers from 1.
pub(crate) fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut in_code = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The targets of the inline links `[text](target)` on `line`, outside code spans.
fn link_targets(line: &str) -> Vec<String> {
    // Code spans are the odd pieces between backticks; a link's text may be one, so the
    // brackets around it stay in the even pieces.
    let prose: String = line
        .split('`')
        .enumerate()
        .map(|(index, piece)| if index % 2 == 0 { piece } else { "" })
        .collect();
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        match after.find(')') {
            Some(end) => {
                targets.push(after[..end].trim().to_owned());
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    targets
}

/// The anchor GitHub gives a heading: lower case, markup and punctuation dropped (letters,
/// digits, `-` and `_` kept), each space a hyphen.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// Every anchor of a page: its headings', a repeated one numbered `-1`, `-2` … as GitHub does.
fn anchors(text: &str) -> HashSet<String> {
    let mut anchors = HashSet::new();
    for (_, line) in prose_lines(text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let base = anchor_of(heading.trim_start_matches('#'));
        let mut anchor = base.clone();
        let mut repeat = 0;
        while !anchors.insert(anchor.clone()) {
            repeat += 1;
            anchor = format!("{base}-{repeat}");
        }
    }
    anchors
}

fn is_external(target: &str) -> bool {
    target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:")
}

/// Every broken relative link of `page`, as "file:line: target (why)".
fn broken_links(page: &Path) -> Vec<String> {
    let text = read(page);
    let folder = page.parent().expect("a page is in a folder");
    let mut broken = Vec::new();
    for (number, line) in prose_lines(&text) {
        for target in link_targets(line) {
            if target.is_empty() || is_external(&target) {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                page.to_path_buf()
            } else {
                folder.join(file)
            };
            let at = format!("{}:{number}: {target}", page.display());
            if !linked.exists() {
                broken.push(format!("{at} (no such file)"));
                continue;
            }
            if let Some(anchor) = anchor
                && linked.extension().is_some_and(|ext| ext == "md")
                && !anchors(&read(&linked)).contains(anchor)
            {
                broken.push(format!("{at} (no such heading)"));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_of_the_readme_and_the_guides_resolves_to_a_file_and_a_heading() {
    let broken: Vec<String> = pages().iter().flat_map(|page| broken_links(page)).collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn a_broken_link_or_anchor_is_found() {
    let folder = tempfile::tempdir().expect("a temporary directory");
    let page = folder.path().join("PAGE.md");
    std::fs::write(
        folder.path().join("OTHER.md"),
        "# Other page\n\n## Sit & gos in `sim`\n",
    )
    .expect("written");
    std::fs::write(
        &page,
        "# Page\n\n[ok](OTHER.md#sit--gos-in-sim) [self](#page) [web](https://example.com)\n\
         [gone](MISSING.md) [`code`](OTHER.md#no-such-heading)\n\
         ```\n[in code](NOT-CHECKED.md)\n```\n`[in a span](NOT-CHECKED.md)`\n",
    )
    .expect("written");
    let broken = broken_links(&page);
    assert_eq!(broken.len(), 2, "{broken:#?}");
    assert!(
        broken[0].ends_with("MISSING.md (no such file)"),
        "{broken:#?}"
    );
    assert!(
        broken[1].ends_with("OTHER.md#no-such-heading (no such heading)"),
        "{broken:#?}"
    );
}

#[test]
fn the_readme_is_a_front_page_that_opens_with_what_to_install_and_the_two_commands() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= 150,
        "README.md has {lines} lines: a manual belongs in docs/"
    );
    let first_block = readme
        .split("```sh")
        .nth(1)
        .and_then(|block| block.split("```").next())
        .expect("README.md has a shell block");
    assert!(
        first_block.contains("cargo run --release -- play") && first_block.contains("cargo test"),
        "the first commands are play and test: {first_block}"
    );
    let before_block = readme.split("```sh").next().unwrap_or_default();
    assert!(
        before_block.contains("Rust 1.95") && before_block.contains("rustup"),
        "what to install comes before the commands"
    );
    for guide in pages().iter().skip(1) {
        let name = guide.file_name().and_then(|name| name.to_str()).unwrap();
        assert!(
            readme.contains(&format!("(docs/{name})")),
            "README.md links no docs/{name}"
        );
    }
}

#[test]
fn the_rust_version_the_readme_asks_for_is_the_one_cargo_requires() {
    let manifest = read(&root().join("Cargo.toml"));
    let version = manifest
        .lines()
        .find_map(|line| line.strip_prefix("rust-version = "))
        .map(|value| value.trim_matches('"').to_owned())
        .expect("Cargo.toml names a rust-version");
    let readme = read(&root().join("README.md"));
    assert!(
        readme.contains(&format!("Rust {version} or newer")),
        "README.md asks for another Rust than Cargo.toml's {version}"
    );
}
