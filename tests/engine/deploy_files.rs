//! The Dockerfile and the systemd unit, read as the build and the supervisor will read them (no
//! image can be built on the machines that run these tests): the build stage has every tool the
//! build runs, builds what docs/OPERATING.md builds, ships no debug info, checks its health without
//! curl, runs as a numeric non-root user, leaves secrets and data out of its build context, and
//! both supervisors follow the binary's exit codes.

use studbot::bot::config::Config;
use studbot::cli::exit::{CONFIGURATION, RESTART_MAY_CURE};

const DOCKERFILE: &str = include_str!("../../Dockerfile");
const UNIT: &str = include_str!("../../deploy/studbot.service");
const EXAMPLE: &str = include_str!("../../config.example.toml");
const OPERATING: &str = include_str!("../../docs/OPERATING.md");
const DOCKERIGNORE: &str = include_str!("../../.dockerignore");

/// The Dockerfile's instructions, each with its continuation lines joined, comments left out.
fn instructions(text: &str) -> Vec<String> {
    let mut joined = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || (line.is_empty() && current.is_empty()) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(start) => {
                current.push_str(start);
                current.push(' ');
            }
            None => {
                current.push_str(line);
                joined.push(std::mem::take(&mut current));
            }
        }
    }
    joined
}

/// The instructions of the stage named `name` (`FROM … AS name`), or of the last stage.
fn stage(name: Option<&str>) -> Vec<String> {
    let all = instructions(DOCKERFILE);
    let starts: Vec<usize> = (0..all.len())
        .filter(|&i| all[i].starts_with("FROM "))
        .collect();
    let start = match name {
        Some(name) => *starts
            .iter()
            .find(|&&i| all[i].ends_with(&format!(" AS {name}")))
            .unwrap_or_else(|| panic!("no stage named {name}")),
        None => *starts.last().expect("a FROM"),
    };
    let end = starts
        .iter()
        .find(|&&i| i > start)
        .copied()
        .unwrap_or(all.len());
    all[start..end].to_vec()
}

/// The packages the `apt-get install` lines of a stage install.
fn installed(stage: &[String]) -> Vec<String> {
    stage
        .iter()
        .filter_map(|instruction| instruction.split("apt-get install").nth(1))
        .flat_map(|rest| {
            rest.split("&&")
                .next()
                .unwrap_or("")
                .split_whitespace()
                .filter(|word| !word.starts_with('-'))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_build_stage_installs_every_tool_the_build_runs() {
    let build = stage(Some("build"));
    let packages = installed(&build);
    // jemalloc (a default feature) runs make and a C compiler in its build script.
    for tool in ["make", "gcc", "libc6-dev"] {
        assert!(
            packages.iter().any(|package| package == tool),
            "the build stage installs {tool}: {packages:?}"
        );
    }
}

#[test]
fn the_image_builds_the_features_the_readme_builds_without_debug_info() {
    let build = stage(Some("build"));
    let cargo = build
        .iter()
        .find(|instruction| instruction.contains("cargo build"))
        .expect("the build stage runs cargo build");
    assert!(
        cargo.contains("--release") && cargo.contains("--locked"),
        "{cargo}"
    );
    assert!(
        !cargo.contains("--no-default-features") && !cargo.contains("--features"),
        "the default features, as docs/OPERATING.md's `cargo build --release`: {cargo}"
    );
    assert!(OPERATING.contains("cargo build --release"));
    let env = build
        .iter()
        .find(|instruction| instruction.starts_with("ENV "))
        .expect("the build stage sets the release profile");
    assert!(
        env.contains("CARGO_PROFILE_RELEASE_DEBUG=false"),
        "no debug info in the shipped binary: {env}"
    );
}

/// The built-in config, made as the Dockerfile makes it: each `sed -e 's|^PREFIX.*|LINE|'`
/// replaces the lines that start with PREFIX.
fn built_in_config() -> String {
    let run = stage(None)
        .into_iter()
        .find(|instruction| instruction.contains("sed "))
        .expect("the runtime stage writes its config with sed");
    let expressions: Vec<(String, String)> = run
        .split("-e '")
        .skip(1)
        .map(|rest| {
            let expression = rest.split('\'').next().unwrap_or("");
            let parts: Vec<&str> = expression.split('|').collect();
            assert_eq!(parts.len(), 4, "s|^PREFIX.*|LINE|: {expression}");
            let prefix = parts[1]
                .strip_prefix('^')
                .and_then(|pattern| pattern.strip_suffix(".*"))
                .unwrap_or_else(|| panic!("an anchored prefix: {expression}"));
            (prefix.to_owned(), parts[2].to_owned())
        })
        .collect();
    EXAMPLE
        .lines()
        .map(|line| {
            expressions
                .iter()
                .find(|(prefix, _)| line.starts_with(prefix.as_str()))
                .map_or(line, |(_, replacement)| replacement.as_str())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_health_check_needs_no_curl_and_asks_where_the_built_in_config_listens() {
    let runtime = stage(None);
    let check = runtime
        .iter()
        .find(|instruction| instruction.starts_with("HEALTHCHECK "))
        .expect("the image has a HEALTHCHECK");
    assert!(
        check.contains("\"health\"") && !check.contains("curl") && !check.contains("wget"),
        "{check}"
    );
    let config = Config::parse("config.toml", &built_in_config(), Some("token"))
        .unwrap_or_else(|error| panic!("the image's built-in config is valid: {error}"));
    assert_eq!(config.data_dir, std::path::PathBuf::from("/data"));
    let listen = config
        .metrics
        .listen
        .expect("the built-in config serves /healthz");
    assert!(
        check.contains(&format!("127.0.0.1:{}/healthz", listen.port())),
        "{check} asks port {}",
        listen.port()
    );
}

#[test]
fn both_supervisors_follow_the_exit_codes() {
    let setting = |name: &str| {
        UNIT.lines()
            .find_map(|line| line.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("the unit sets {name}"))
            .trim()
            .to_owned()
    };
    assert_eq!(setting("Restart"), "on-failure");
    assert_eq!(
        setting("RestartPreventExitStatus"),
        CONFIGURATION.to_string(),
        "a configuration error is not restarted, and nothing else is prevented"
    );
    assert_ne!(RESTART_MAY_CURE, CONFIGURATION);
    // Docker restarts on any non-zero code; a bounded count keeps a bad config from looping.
    assert!(
        DOCKERFILE.contains("--restart on-failure:") && OPERATING.contains("--restart on-failure:"),
        "Docker's policy is on-failure with a bound, in the Dockerfile and docs/OPERATING.md"
    );
}

#[test]
fn the_build_context_leaves_out_secrets_data_and_build_output_but_not_what_the_build_reads() {
    let patterns: Vec<&str> = DOCKERIGNORE
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    for left_out in [
        "config.toml",
        "token.env",
        "*-data/",
        "data/",
        "studbot-data/",
        "target/",
        ".git/",
    ] {
        assert!(
            patterns.contains(&left_out),
            ".dockerignore does not leave out {left_out}: {patterns:?}"
        );
    }
    // What `COPY . .` must still bring: the sources, the lock file and the example config.
    for kept in [
        "src",
        "Cargo.toml",
        "Cargo.lock",
        "config.example.toml",
        "locales",
        // The card faces' font, built into the binary (src/faces/ranks.rs).
        "assets",
    ] {
        assert!(
            !patterns
                .iter()
                .any(|pattern| pattern.trim_end_matches('/') == kept || *pattern == "*"),
            ".dockerignore leaves out {kept}, which the build reads"
        );
    }
}

#[test]
fn the_image_runs_as_a_numeric_user_that_is_not_root_and_owns_the_volume() {
    let run = stage(None);
    let user = run
        .iter()
        .rev()
        .find_map(|instruction| instruction.strip_prefix("USER "))
        .expect("the run stage sets USER");
    let (uid, gid) = user
        .trim()
        .split_once(':')
        .unwrap_or_else(|| panic!("USER {user} is not uid:gid"));
    let uid: u32 = uid
        .parse()
        .unwrap_or_else(|_| panic!("USER {user}: uid not numeric"));
    let gid: u32 = gid
        .parse()
        .unwrap_or_else(|_| panic!("USER {user}: gid not numeric"));
    assert!(uid != 0 && gid != 0, "USER {user} is root");
    let made = run.join("\n");
    assert!(
        made.contains(&format!("--uid {uid}")),
        "the user {uid} is not the one the image creates"
    );
    assert!(made.contains("chown studbot:studbot /data"), "{made}");
}

#[test]
fn the_unit_never_gives_up_restarting_a_failure_a_restart_may_cure() {
    // systemd reads the start limit in [Unit]: 0 turns it off, so an outage longer than five
    // restarts does not leave the bot stopped for good.
    let unit_section: Vec<&str> = UNIT
        .lines()
        .skip_while(|line| line.trim() != "[Unit]")
        .take_while(|line| line.trim() != "[Service]")
        .collect();
    assert!(
        unit_section
            .iter()
            .any(|line| line.trim() == "StartLimitIntervalSec=0"),
        "{unit_section:?}"
    );
    assert!(
        UNIT.lines()
            .any(|line| line.trim().starts_with("RestartSec="))
    );
}
