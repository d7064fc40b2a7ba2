//! The bank's layers, from the store up, and the test that keeps them: each file of
//! `src/bank/` imports only from its own layer or below, and no files import each other in a
//! circle. The imports are read from the source as the crate's shape tests read them
//! (`crate::shape::circles::imports`: the `use` declarations and the `crate::…` / `super::…`
//! paths written in code, resolved through the re-exports of `mod.rs` files; tests left out,
//! since a test may reach anything); what is the bank's own is the order below and its check.
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
    use std::collections::BTreeMap;

    use super::LAYERS;
    use crate::shape::circles::{Imports, circles, imports};

    /// The bank's files, by their module path under `bank` (`""` for `mod.rs`, `"ops/give"`),
    /// each with its imports of other bank files.
    fn bank_imports() -> BTreeMap<String, Imports> {
        let in_bank = |module: &str| -> Option<String> {
            if module == "bank" {
                Some(String::new())
            } else {
                module.strip_prefix("bank/").map(str::to_string)
            }
        };
        imports()
            .into_iter()
            .filter_map(|(module, targets)| {
                let module = in_bank(&module)?;
                let targets = targets
                    .into_iter()
                    .filter_map(|(target, paths)| Some((in_bank(&target)?, paths)))
                    .collect();
                Some((module, targets))
            })
            .collect()
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

    /// What breaks the layering in the bank's imports: a file in no layer, an import of a file
    /// in no layer (the front door included), an upward import, a circle; and how many of
    /// them are upward imports.
    fn layering_problems(edges: &BTreeMap<String, Imports>) -> (Vec<String>, usize) {
        let mut problems = Vec::new();
        let mut upward = 0;
        for (module, targets) in edges {
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
        for circle in circles(edges) {
            let mut circle: Vec<String> = circle.iter().map(|module| display(module)).collect();
            circle.sort();
            problems.push(format!("circle: {}", circle.join(" ↔ ")));
        }
        (problems, upward)
    }

    #[test]
    fn each_bank_file_imports_only_from_its_layer_or_below_and_none_in_a_circle() {
        let edges = bank_imports();
        let (problems, upward) = layering_problems(&edges);
        let circles = problems
            .iter()
            .filter(|problem| problem.starts_with("circle: "))
            .count();
        let files = edges.len();
        let imports: usize = edges.values().map(BTreeMap::len).sum();
        println!(
            "{files} bank files, {imports} imports between them: {upward} upward, {circles} circles"
        );
        for problem in &problems {
            println!("{problem}");
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn the_checker_sees_an_upward_import_a_file_in_no_layer_and_a_circle() {
        let mut edges: BTreeMap<String, Imports> = BTreeMap::new();
        let mut import = |from: &str, to: &str| {
            edges
                .entry(from.into())
                .or_default()
                .entry(to.into())
                .or_default()
                .insert(format!("{from} → {to}"));
        };
        import("ledger", "store"); // downward: fine
        import("ops/give", "accounts"); // downward, from a subfolder: fine
        import("", "handle"); // the front door may name anything
        import("vocab", "ledger"); // upward
        import("stats", "records"); // across one layer: fine …
        import("records", "stats"); // … but a circle
        import("nowhere", "store"); // a file in no layer
        import("accounts", ""); // the front door, in no layer
        let (mut problems, upward) = layering_problems(&edges);
        problems.sort();
        assert_eq!(upward, 1);
        assert_eq!(
            problems,
            [
                "accounts imports mod (accounts → ), which is in no layer",
                "circle: records ↔ stats",
                "nowhere is in no layer: add it to LAYERS",
                "upward: vocab (vocabulary) imports ledger (ledger): vocab → ledger",
            ]
        );
        let bank = bank_imports();
        assert!(bank.contains_key("") && bank.contains_key("ops/give"));
        assert!(bank["handle"].contains_key("committer"));
    }
}
