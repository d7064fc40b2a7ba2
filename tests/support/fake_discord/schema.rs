//! Discord's own description of its API (`tests/fixtures/discord/openapi.json`): which routes
//! exist, and what a request body to each may hold. Every request the fake receives is matched
//! against the spec's path templates and its JSON body validated against the route's
//! `requestBody` schema (JSON Schema 2020-12, with the spec's `#/components/schemas` refs).
//!
//! The spec is read once per test binary and each route's validator compiled the first time a
//! body for it arrives, then kept: the suite pays for the routes it uses, once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::{Draft, Registry, Validator};
use serde_json::Value;

/// The URI the spec is registered under, so its internal `#/...` refs resolve inside it.
const SPEC_URI: &str = "https://discord.com/api/v10/openapi.json";

/// One path of the spec, split into segments (`{name}` segments match any one segment).
struct Template {
    path: String,
    segments: Vec<String>,
    /// Methods the spec lists for this path, lower case.
    methods: Vec<String>,
}

struct Spec {
    document: Value,
    registry: Registry<'static>,
    templates: Vec<Template>,
    validators: Mutex<HashMap<String, Arc<Validator>>>,
}

fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| {
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/discord/openapi.json"
        );
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|error| panic!("fake discord: cannot read {file}: {error}"));
        let document: Value = serde_json::from_str(&text)
            .unwrap_or_else(|error| panic!("fake discord: {file} is not JSON: {error}"));
        let templates = document["paths"]
            .as_object()
            .expect("the spec has paths")
            .iter()
            .map(|(path, item)| Template {
                path: path.clone(),
                segments: split(path),
                methods: item
                    .as_object()
                    .map(|item| {
                        item.keys()
                            .filter(|k| *k != "parameters")
                            .cloned()
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect();
        let registry = Registry::new()
            .draft(Draft::Draft202012)
            .add(
                SPEC_URI,
                Draft::Draft202012.create_resource(document.clone()),
            )
            .and_then(|builder| builder.prepare())
            .unwrap_or_else(|error| {
                panic!("fake discord: the spec is no schema registry: {error}")
            });
        Spec {
            document,
            registry,
            templates,
            validators: Mutex::new(HashMap::new()),
        }
    })
}

fn split(path: &str) -> Vec<String> {
    path.trim_matches('/')
        .split('/')
        .filter(|segment| !segment.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The spec's template for `method path` (path without `/api/v10`, query stripped), e.g.
/// `/channels/{channel_id}/messages`; a literal segment beats a `{parameter}` (so
/// `.../messages/@original` is its own route). `Err` names what is wrong.
pub fn route(method: &str, path: &str) -> Result<String, String> {
    let spec = spec();
    let segments = split(path);
    let method = method.to_ascii_lowercase();
    let mut best: Option<(&Template, usize)> = None;
    for template in &spec.templates {
        if template.segments.len() != segments.len() {
            continue;
        }
        let mut literals = 0;
        let fits = template.segments.iter().zip(&segments).all(|(want, got)| {
            if want.starts_with('{') && want.ends_with('}') {
                true
            } else if want == got {
                literals += 1;
                true
            } else {
                false
            }
        });
        if fits && best.is_none_or(|(_, most)| literals > most) {
            best = Some((template, literals));
        }
    }
    let Some((template, _)) = best else {
        return Err(format!("no route of Discord's API matches {path}"));
    };
    if !template.methods.contains(&method) {
        return Err(format!(
            "Discord's route {} has no {} (only {})",
            template.path,
            method.to_ascii_uppercase(),
            template.methods.join(", ")
        ));
    }
    Ok(template.path.clone())
}

/// Checks `body` against the JSON request body schema of `method template`. A route without a
/// request body takes none. `Err` lists the violations (at most five), each with where in the
/// body it is.
pub fn validate_body(method: &str, template: &str, body: &Value) -> Result<(), String> {
    let spec = spec();
    let method = method.to_ascii_lowercase();
    let operation = &spec.document["paths"][template][&method];
    let schema = &operation["requestBody"]["content"]["application/json"]["schema"];
    if schema.is_null() {
        return if body.is_null() {
            Ok(())
        } else {
            Err(format!(
                "{} {template} takes no body",
                method.to_ascii_uppercase()
            ))
        };
    }
    if body.is_null() {
        let required = operation["requestBody"]["required"]
            .as_bool()
            .unwrap_or(false);
        return if required {
            Err("a body is required".to_owned())
        } else {
            Ok(())
        };
    }
    let validator = validator(&method, template)?;
    let errors: Vec<String> = validator
        .iter_errors(body)
        .take(5)
        .map(|error| {
            let at = error.instance_path().to_string();
            let at = if at.is_empty() { "/".to_owned() } else { at };
            format!("at {at}: {error}")
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

/// Checks the fake's own 200 answer to `method template` against the spec's response schema:
/// a route the fake serves answers as Discord documents it, or the test fails naming what is
/// off. `Err` lists the violations (at most five).
pub fn validate_answer(method: &str, template: &str, answer: &Value) -> Result<(), String> {
    let method = method.to_ascii_lowercase();
    let validator = validator_at(&method, template, "responses/200")?;
    let errors: Vec<String> = validator
        .iter_errors(answer)
        .take(5)
        .map(|error| {
            let at = error.instance_path().to_string();
            let at = if at.is_empty() { "/".to_owned() } else { at };
            format!("at {at}: {error}")
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

fn validator(method: &str, template: &str) -> Result<Arc<Validator>, String> {
    validator_at(method, template, "requestBody")
}

/// The compiled schema of `method template`'s `part` (`requestBody`, `responses/200`).
fn validator_at(method: &str, template: &str, part: &str) -> Result<Arc<Validator>, String> {
    let spec = spec();
    // A JSON pointer (RFC 6901) to the schema, percent-encoded for a URI fragment.
    let pointer = format!(
        "/paths/{}/{method}/{part}/content/application~1json/schema",
        template.replace('~', "~0").replace('/', "~1")
    )
    .replace('{', "%7B")
    .replace('}', "%7D");
    if let Some(validator) = lock(&spec.validators).get(&pointer) {
        return Ok(validator.clone());
    }
    let reference = serde_json::json!({ "$ref": format!("{SPEC_URI}#{pointer}") });
    let validator = jsonschema::options()
        .with_draft(Draft::Draft202012)
        .with_registry(&spec.registry)
        .build(&reference)
        .map_err(|error| format!("cannot compile the schema of {method} {template}: {error}"))?;
    let validator = Arc::new(validator);
    lock(&spec.validators).insert(pointer, validator.clone());
    Ok(validator)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
