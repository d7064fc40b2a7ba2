//! The bank's layers, from the store up, and the test that keeps them: each file of
//! `src/bank/` imports only from its own layer or below, and no files import each other in a
//! circle. Read from the source: the `use` declarations and the `crate::bank::…` / `super::…`
//! paths written in code, resolved through the re-exports of `mod.rs` files. Tests
//! (`#[cfg(test)]` items and test-only modules) are left out: a test may reach anything.
//!
//! The order (a lower layer never names a higher one):
//! 1. `store`: the narrow storage interface and its stores;
//! 2. the vocabulary, leaves every layer speaks: accounts and why chips move (`vocab`), the
//!    API's plain values (`types`), `config`, `clock`, `error`, `messages`, and the forms of
//!    references (`references`);
//! 3. the stored form: `encoding` (records as bytes), `schema` (the version stored) and
//!    `tournament_legacy` (a sit & go's record as an older studbot wrote it);
//! 4. `ledger`: the sequence of entries and the draft an operation writes into;
//! 5. the books: `idempotency`, `accounts`, `leaderboard`, `economy`, `tables`,
//!    `tournaments`, `tournament_live`, `records`, `stats`, `house`, `migration`, `describe`
//!    (the records as JSON for operators);
//! 6. what runs over the books: the write operations (`ops/`), the `audit`, the `backup`;
//! 7. `committer`: the thread that applies operations in batches;
//! 8. `handle`: the [`Bank`](super::Bank) every caller holds, and `moving` (a bank copied
//!    between stores it opens by their location, as the handle does).
//!
//! `mod.rs` itself is the bank's front door (it declares the modules and re-exports what the
//! crate may use), above every layer. A folder's `mod.rs` declaring and re-exporting its own
//! files is its table of contents, not an import of them.

/// The layers, lowest first: each names the top-level modules of `src/bank/` it holds.
pub(crate) const LAYERS: &[(&str, &[&str])] = &[
    ("store", &["store"]),
    (
        "vocabulary",
        &[
            "vocab",
            "types",
            "config",
            "clock",
            "error",
            "messages",
            "references",
        ],
    ),
    ("stored form", &["encoding", "schema", "tournament_legacy"]),
    ("ledger", &["ledger"]),
    (
        "books",
        &[
            "idempotency",
            "accounts",
            "leaderboard",
            "economy",
            "tables",
            "tournaments",
            "tournament_live",
            "records",
            "stats",
            "house",
            "migration",
            "describe",
            "leases",
        ],
    ),
    ("operations", &["ops", "audit", "backup"]),
    ("committer", &["committer"]),
    ("handle", &["handle", "moving"]),
];

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    use super::LAYERS;

    /// One source file of the bank: its module path under `bank` (`""` for `mod.rs`,
    /// `"ops/give"`), whether it is a folder's `mod.rs`, and its code with comments, string
    /// and character literals blanked and test items cut out.
    struct Source {
        module: String,
        is_folder: bool,
        code: String,
    }

    fn bank_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/bank")
    }

    fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("src/bank is readable")
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

    /// The code with comments, strings and character literals replaced by spaces, so a `{`
    /// or a `//` inside a string changes nothing.
    fn blank_literals(text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if c == '/' && next == Some('/') {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            } else if c == '/' && next == Some('*') {
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
            } else if c == 'r'
                && (next == Some('"') || next == Some('#'))
                && !chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric() || *p == '_')
            {
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
                loop {
                    match chars.get(j) {
                        None => break,
                        Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                            j += 1 + hashes;
                            break;
                        }
                        Some(_) => j += 1,
                    }
                }
                out.push_str("\"\"");
                i = j;
            } else if c == '"' {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            } else if c == '\''
                && (chars.get(i + 2) == Some(&'\'')
                    || (next == Some('\\')
                        && chars[i..].iter().skip(2).take(10).any(|&x| x == '\'')))
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

    /// The code without its `#[cfg(test)]` items, and the names of the test-only modules it
    /// declares (`#[cfg(test)] mod name;`).
    fn cut_tests(code: &str) -> (String, Vec<String>) {
        const MARK: &str = "#[cfg(test)]";
        let mut kept = String::with_capacity(code.len());
        let mut test_modules = Vec::new();
        let mut rest = code;
        while let Some(at) = rest.find(MARK) {
            kept.push_str(&rest[..at]);
            let item = &rest[at + MARK.len()..];
            let semicolon = item.find(';');
            let brace = item.find('{');
            let item_ends_at_semicolon = match (semicolon, brace) {
                (Some(end), Some(open)) => end < open,
                (Some(_), None) => true,
                _ => false,
            };
            match (semicolon, brace) {
                (Some(end), _) if item_ends_at_semicolon => {
                    let words: Vec<&str> = item[..end].split_whitespace().collect();
                    let name = words
                        .iter()
                        .position(|word| *word == "mod")
                        .and_then(|position| words.get(position + 1));
                    if let Some(name) = name {
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

    fn sources() -> Vec<Source> {
        let root = bank_dir();
        let mut paths = Vec::new();
        rust_files(&root, &mut paths);
        let mut sources = Vec::new();
        let mut test_only = BTreeSet::new();
        for path in paths {
            let relative = path.strip_prefix(&root).expect("under src/bank");
            let mut parts: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            let is_folder = parts.last().is_some_and(|last| last == "mod");
            if is_folder {
                parts.pop();
            }
            let module = parts.join("/");
            let text = std::fs::read_to_string(&path).expect("a readable source file");
            let (code, tests) = cut_tests(&blank_literals(&text));
            for name in tests {
                let child = if is_folder {
                    parts.clone()
                } else {
                    parts[..parts.len() - 1].to_vec()
                };
                let mut child = child;
                child.push(name);
                test_only.insert(child.join("/"));
            }
            sources.push(Source {
                module,
                is_folder,
                code,
            });
        }
        sources.retain(|source| {
            !test_only.iter().any(|test| {
                source.module == *test || source.module.starts_with(&format!("{test}/"))
            })
        });
        sources
    }

    /// Expands `a::{b, c::{d, e as f}}` into `a::b`, `a::c::d`, `a::c::e`.
    fn expand(prefix: &str, tree: &str, paths: &mut Vec<String>) {
        let Some(open) = tree.find('{') else {
            let path = tree.split(" as ").next().unwrap_or(tree).trim();
            if !path.is_empty() {
                paths.push(format!("{prefix}{path}"));
            }
            return;
        };
        let head = tree[..open].trim();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        let mut items = Vec::new();
        for (at, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&inner[start..at]);
                    start = at + 1;
                }
                _ => {}
            }
        }
        items.push(&inner[start..]);
        for item in items {
            expand(&format!("{prefix}{head}"), item.trim(), paths);
        }
    }

    /// Every `use` of the code: (re-exported?, path), and the code with them cut out.
    fn use_declarations(code: &str) -> (Vec<(bool, String)>, String) {
        let mut found = Vec::new();
        let mut rest_of_code = String::with_capacity(code.len());
        let mut rest = code;
        loop {
            let Some(at) = find_word(rest, "use") else {
                rest_of_code.push_str(rest);
                break;
            };
            let before = rest[..at].trim_end();
            let public =
                before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
            let Some(end) = rest[at..].find(';') else {
                rest_of_code.push_str(rest);
                break;
            };
            rest_of_code.push_str(&rest[..at]);
            let declaration: String = rest[at + 3..at + end]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let mut paths = Vec::new();
            expand(
                "",
                &declaration.replace(" :: ", "::").replace(":: ", "::"),
                &mut paths,
            );
            found.extend(
                paths
                    .into_iter()
                    .map(|path| (public, path.replace(' ', ""))),
            );
            rest = &rest[at + end + 1..];
        }
        (found, rest_of_code)
    }

    fn is_word_char(c: char) -> bool {
        c.is_alphanumeric() || c == '_'
    }

    /// Where `word` first appears as a whole word.
    fn find_word(text: &str, word: &str) -> Option<usize> {
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

    /// The `crate::bank::…` and `super::…` paths written in code (not in a `use`).
    fn paths_in_code(code: &str) -> Vec<String> {
        let mut found = Vec::new();
        for start in ["crate::bank::", "super::"] {
            let mut from = 0;
            while let Some(offset) = code[from..].find(start) {
                let at = from + offset;
                let before = code[..at].chars().next_back();
                let path: String = code[at..]
                    .chars()
                    .take_while(|c| is_word_char(*c) || *c == ':')
                    .collect();
                from = at + path.len().max(1);
                if before.is_some_and(|c| is_word_char(c) || c == ':') {
                    continue;
                }
                found.push(path.trim_end_matches(':').to_string());
            }
        }
        found
    }

    struct Graph {
        modules: BTreeSet<String>,
        folders: BTreeSet<String>,
        /// What each folder's `mod.rs` re-exports: name → the path it names.
        reexports: BTreeMap<String, BTreeMap<String, String>>,
    }

    fn segments(module: &str) -> Vec<String> {
        if module.is_empty() {
            Vec::new()
        } else {
            module.split('/').map(str::to_string).collect()
        }
    }

    impl Graph {
        /// The bank file a path names from `module` (`None` for anything outside the bank).
        fn resolve(&self, module: &str, path: &str, depth: usize) -> Option<String> {
            let mut parts: Vec<&str> = path.split("::").filter(|part| !part.is_empty()).collect();
            let mut base: Vec<String> = segments(module);
            match parts.first().copied() {
                Some("crate") => {
                    if parts.get(1) != Some(&"bank") {
                        return None;
                    }
                    base.clear();
                    parts.drain(..2);
                }
                Some("super") => {
                    while parts.first() == Some(&"super") {
                        base.pop();
                        parts.remove(0);
                    }
                }
                Some("self") => {
                    parts.remove(0);
                }
                Some(first) => {
                    // A path from the module itself: its own child (in a `mod.rs`).
                    let mut child = base.clone();
                    child.push(first.to_string());
                    if !self.modules.contains(&child.join("/")) {
                        return None;
                    }
                }
                None => return None,
            }
            for part in parts {
                if part == "self" {
                    continue;
                }
                let mut child = base.clone();
                child.push(part.to_string());
                if self.modules.contains(&child.join("/")) {
                    base = child;
                    continue;
                }
                let folder = base.join("/");
                let reexported = self
                    .reexports
                    .get(&folder)
                    .and_then(|names| names.get(part));
                if let Some(target) = reexported.filter(|_| depth < 8) {
                    return self.resolve(&folder, target, depth + 1);
                }
                break;
            }
            Some(base.join("/"))
        }
    }

    /// The layer of a bank file, by its top-level module (`None`: in no layer).
    fn layer_of(module: &str) -> Option<usize> {
        let top = module.split('/').next().unwrap_or(module);
        LAYERS
            .iter()
            .position(|(_, modules)| modules.contains(&top))
    }

    fn layer_name(layer: usize) -> &'static str {
        LAYERS[layer].0
    }

    fn display(module: &str) -> String {
        if module.is_empty() {
            "mod".into()
        } else {
            module.into()
        }
    }

    /// The imports between the bank's files: importer → (imported → the paths naming it).
    fn imports() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
        let sources = sources();
        let modules: BTreeSet<String> =
            sources.iter().map(|source| source.module.clone()).collect();
        let folders: BTreeSet<String> = sources
            .iter()
            .filter(|source| source.is_folder)
            .map(|source| source.module.clone())
            .collect();
        let mut graph = Graph {
            modules,
            folders,
            reexports: BTreeMap::new(),
        };
        let mut declarations = BTreeMap::new();
        for source in &sources {
            let (uses, code) = use_declarations(&source.code);
            if source.is_folder {
                let names = uses
                    .iter()
                    .filter(|(public, _)| *public)
                    .filter_map(|(_, path)| {
                        let name = path.rsplit("::").next()?;
                        (name != "self" && name != "*").then(|| (name.to_string(), path.clone()))
                    })
                    .collect();
                graph.reexports.insert(source.module.clone(), names);
            }
            declarations.insert(source.module.clone(), (uses, code));
        }
        let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for (module, (uses, code)) in &declarations {
            let entry = edges.entry(module.clone()).or_default();
            let own_child = |path: &str| {
                let path = path.strip_prefix("self::").unwrap_or(path);
                let first = path.split("::").next().unwrap_or(path);
                let mut child = segments(module);
                child.push(first.to_string());
                graph.folders.contains(module) && graph.modules.contains(&child.join("/"))
            };
            let written = uses
                .iter()
                // A folder's `mod.rs` re-exporting its own files: its table of contents.
                .filter(|(public, path)| !(*public && own_child(path)))
                .map(|(_, path)| path.clone())
                .chain(paths_in_code(code));
            for path in written {
                let target = graph.resolve(module, &path, 0);
                if let Some(target) = target.filter(|target| target != module) {
                    entry.entry(target).or_default().insert(path);
                }
            }
        }
        edges
    }

    /// Files importing each other, directly or round a longer circle (Tarjan's strongly
    /// connected components of more than one file).
    fn circles(edges: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>) -> Vec<Vec<String>> {
        struct Walk<'a> {
            edges: &'a BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
            index: BTreeMap<&'a str, usize>,
            low: BTreeMap<&'a str, usize>,
            stack: Vec<&'a str>,
            on_stack: BTreeSet<&'a str>,
            found: Vec<Vec<String>>,
        }
        fn visit<'a>(walk: &mut Walk<'a>, node: &'a str) {
            let number = walk.index.len();
            walk.index.insert(node, number);
            walk.low.insert(node, number);
            walk.stack.push(node);
            walk.on_stack.insert(node);
            let edges = walk.edges;
            for next in edges
                .get(node)
                .into_iter()
                .flat_map(|targets| targets.keys())
            {
                if !edges.contains_key(next) {
                    continue;
                }
                if !walk.index.contains_key(next.as_str()) {
                    visit(walk, next);
                    let low = walk.low[node].min(walk.low[next.as_str()]);
                    walk.low.insert(node, low);
                } else if walk.on_stack.contains(next.as_str()) {
                    let low = walk.low[node].min(walk.index[next.as_str()]);
                    walk.low.insert(node, low);
                }
            }
            if walk.low[node] == walk.index[node] {
                let mut component = Vec::new();
                while let Some(top) = walk.stack.pop() {
                    walk.on_stack.remove(top);
                    component.push(display(top));
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    walk.found.push(component);
                }
            }
        }
        let mut walk = Walk {
            edges,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            found: Vec::new(),
        };
        for node in edges.keys() {
            if !walk.index.contains_key(node.as_str()) {
                visit(&mut walk, node);
            }
        }
        walk.found
    }

    #[test]
    fn each_bank_file_imports_only_from_its_layer_or_below_and_none_in_a_circle() {
        let edges = imports();
        let mut problems = Vec::new();
        let mut upward = 0;
        for (module, targets) in &edges {
            if module.is_empty() {
                continue; // the front door
            }
            let Some(layer) = layer_of(module) else {
                problems.push(format!(
                    "{} is in no layer: add it to LAYERS",
                    display(module)
                ));
                continue;
            };
            for (target, paths) in targets {
                let Some(target_layer) = (!target.is_empty()).then(|| layer_of(target)).flatten()
                else {
                    problems.push(format!(
                        "{} imports {} ({}), which is in no layer",
                        display(module),
                        display(target),
                        paths.iter().cloned().collect::<Vec<_>>().join(", ")
                    ));
                    continue;
                };
                if target_layer > layer {
                    upward += 1;
                    problems.push(format!(
                        "upward: {} ({}) imports {} ({}): {}",
                        display(module),
                        layer_name(layer),
                        display(target),
                        layer_name(target_layer),
                        paths.iter().cloned().collect::<Vec<_>>().join(", ")
                    ));
                }
            }
        }
        let circles = circles(&edges);
        for circle in &circles {
            problems.push(format!("circle: {}", circle.join(" ↔ ")));
        }
        let files = edges.len();
        let imports: usize = edges.values().map(BTreeMap::len).sum();
        println!(
            "{files} bank files, {imports} imports between them: {upward} upward, {} circles",
            circles.len()
        );
        for problem in &problems {
            println!("{problem}");
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn the_checker_sees_an_upward_import_a_circle_and_a_path_written_in_code() {
        let code = "use super::{ledger::Draft, store::{Store, Tree as T}};\n\
                    fn f() { let s = \"use super::handle;\"; crate::bank::committer::run(); }\n\
                    #[cfg(test)]\nmod tests { use crate::bank::handle::Bank; }\n";
        let (code, test_modules) = cut_tests(&blank_literals(code));
        assert!(test_modules.is_empty());
        let (uses, rest) = use_declarations(&code);
        let paths: Vec<&str> = uses.iter().map(|(_, path)| path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "super::ledger::Draft",
                "super::store::Store",
                "super::store::Tree"
            ]
        );
        assert_eq!(paths_in_code(&rest), ["crate::bank::committer::run"]);
        let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
        for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
            edges
                .entry(from.into())
                .or_default()
                .insert(to.into(), BTreeSet::new());
        }
        edges.entry("d".into()).or_default();
        assert_eq!(circles(&edges), [vec!["a", "b", "c"]]);
        let (_, declared) = cut_tests("#[cfg(test)]\nmod testing;\nmod real;");
        assert_eq!(declared, ["testing"]);
    }
}
