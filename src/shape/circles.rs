//! No import circles between the files of one folder: the `use` declarations and the
//! `crate::…` / `super::…` paths of each file, resolved through the re-exports of `mod.rs`
//! files, as a graph per folder, and the circles in it.

use std::collections::{BTreeMap, BTreeSet};

use super::source::{blank_literals, cut_tests, find_word, is_word_char, sources};

/// The imports of one file: imported module → the paths that name it.
pub(crate) type Imports = BTreeMap<String, BTreeSet<String>>;

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
        let public = before.ends_with("pub") || before.ends_with(')') && before.contains("pub(");
        let Some(end) = rest[at..].find(';') else {
            rest_of_code.push_str(rest);
            break;
        };
        rest_of_code.push_str(&rest[..at]);
        let declaration = rest[at + 3..at + end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" :: ", "::")
            .replace(":: ", "::");
        let mut paths = Vec::new();
        expand("", &declaration, &mut paths);
        found.extend(
            paths
                .into_iter()
                .map(|path| (public, path.replace(' ', ""))),
        );
        rest = &rest[at + end + 1..];
    }
    (found, rest_of_code)
}

/// The `crate::…` and `super::…` paths written in code (not in a `use`).
fn paths_in_code(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for start in ["crate::", "super::"] {
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

fn segments(module: &str) -> Vec<String> {
    if module.is_empty() {
        Vec::new()
    } else {
        module.split('/').map(str::to_string).collect()
    }
}

struct Graph {
    modules: BTreeSet<String>,
    /// What each folder's `mod.rs` re-exports: name → the path it names.
    reexports: BTreeMap<String, BTreeMap<String, String>>,
}

impl Graph {
    /// The file a path names from `module` (`None` for anything outside the crate).
    fn resolve(&self, module: &str, path: &str, depth: usize) -> Option<String> {
        let mut parts: Vec<&str> = path.split("::").filter(|part| !part.is_empty()).collect();
        let mut base = segments(module);
        match parts.first().copied() {
            Some("crate") => {
                base.clear();
                parts.remove(0);
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

/// The imports between the crate's files: importer → imports (a module path under `src`,
/// `""` for `lib.rs`). The bank's layer test (`bank::layers`) reads its own files' from here.
pub(crate) fn imports() -> BTreeMap<String, Imports> {
    let sources = sources();
    let mut graph = Graph {
        modules: sources.iter().map(|source| source.module.clone()).collect(),
        reexports: BTreeMap::new(),
    };
    let folders: BTreeSet<String> = sources
        .iter()
        .filter(|source| source.is_folder)
        .map(|source| source.module.clone())
        .collect();
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
    let mut edges: BTreeMap<String, Imports> = BTreeMap::new();
    for (module, (uses, code)) in &declarations {
        let entry = edges.entry(module.clone()).or_default();
        let own_child = |path: &str| {
            let path = path.strip_prefix("self::").unwrap_or(path);
            let first = path.split("::").next().unwrap_or(path);
            let mut child = segments(module);
            child.push(first.to_string());
            folders.contains(module) && graph.modules.contains(&child.join("/"))
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

/// The folder where `from` importing `to` is an import between two of its entries, and
/// those entries: a file, a subfolder (all of it), or `mod` (the folder's own `mod.rs`).
fn between_siblings(from: &str, to: &str) -> Option<(String, String, String)> {
    let (a, b) = (segments(from), segments(to));
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let entry = |parts: &[String]| {
        parts
            .get(common)
            .cloned()
            .unwrap_or_else(|| "mod".to_string())
    };
    let (a_entry, b_entry) = (entry(&a), entry(&b));
    (a_entry != b_entry).then(|| (a[..common].join("/"), a_entry, b_entry))
}

/// Each folder's imports between its entries: folder → entry → entry → the paths.
fn folder_graphs(edges: &BTreeMap<String, Imports>) -> BTreeMap<String, BTreeMap<String, Imports>> {
    let mut folders: BTreeMap<String, BTreeMap<String, Imports>> = BTreeMap::new();
    for (from, targets) in edges {
        for (to, paths) in targets {
            let Some((folder, a, b)) = between_siblings(from, to) else {
                continue;
            };
            // A folder's `mod.rs` is its front door (it declares its files, and a type it
            // defines may be split over them, `impl` by `impl`): above its entries.
            if a == "mod" || b == "mod" {
                continue;
            }
            let graph = folders.entry(folder).or_default();
            graph.entry(b.clone()).or_default();
            graph
                .entry(a)
                .or_default()
                .entry(b)
                .or_default()
                .extend(paths.iter().map(|path| format!("{from}: {path}")));
        }
    }
    folders
}

/// Entries importing each other, directly or round a longer circle (Tarjan's strongly
/// connected components of more than one entry).
pub(crate) fn circles(edges: &BTreeMap<String, Imports>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, Imports>,
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
                component.push(top.to_string());
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

/// The circles of every folder, each with the imports that close it.
fn circles_by_folder() -> (usize, Vec<String>) {
    let edges = imports();
    let files = edges.len();
    let mut found = Vec::new();
    for (folder, graph) in folder_graphs(&edges) {
        for circle in circles(&graph) {
            let mut told = format!("src/{folder}: {}", circle.join(" ↔ "));
            for a in &circle {
                for (b, paths) in graph.get(a).into_iter().flatten() {
                    if circle.contains(b) {
                        let first = paths.iter().next().map_or("", String::as_str);
                        told.push_str(&format!("\n    {a} → {b} ({first})"));
                    }
                }
            }
            found.push(told);
        }
    }
    (files, found)
}

#[test]
fn no_two_files_of_one_folder_import_each_other_directly_or_round_a_circle() {
    let (files, circles) = circles_by_folder();
    println!("{files} files of src/, {} circles", circles.len());
    for circle in &circles {
        println!("{circle}");
    }
    assert!(circles.is_empty(), "{}", circles.join("\n"));
}

#[test]
fn the_finder_sees_a_circle_through_a_reexport_and_a_path_written_in_code() {
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

    let graph = Graph {
        modules: [
            "",
            "table",
            "table/pot",
            "table/showdown",
            "table/hand",
            "table/hand/events",
        ]
        .into_iter()
        .map(String::from)
        .collect(),
        reexports: BTreeMap::from([(
            "table".to_string(),
            BTreeMap::from([("PotAward".to_string(), "pot::PotAward".to_string())]),
        )]),
    };
    assert_eq!(
        graph
            .resolve("table/showdown", "super::PotAward", 0)
            .as_deref(),
        Some("table/pot")
    );
    assert_eq!(
        graph
            .resolve("table/hand/events", "crate::table::pot::split", 0)
            .as_deref(),
        Some("table/pot")
    );
    assert_eq!(graph.resolve("table/pot", "serde::Serialize", 0), None);
    assert_eq!(
        between_siblings("table/hand/events", "table/pot"),
        Some(("table".into(), "hand".into(), "pot".into()))
    );
    assert_eq!(
        between_siblings("table/hand/events", "table/hand/views").map(|(f, ..)| f),
        Some("table/hand".into())
    );
    assert_eq!(
        between_siblings("table/pot", "table"),
        Some(("table".into(), "pot".into(), "mod".into()))
    );

    let mut edges: BTreeMap<String, Imports> = BTreeMap::new();
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
