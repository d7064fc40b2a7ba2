# studbot in a container: `docker build -t studbot .` then
#   docker run -d --name studbot --restart on-failure:10 --stop-timeout 30 \
#     -e DISCORD_TOKEN=... -v studbot-data:/data studbot
# Exit codes (docs/OPERATING.md, "Exit codes"): 1 a failure a restart may cure, 2 the configuration. Docker
# restarts on any non-zero code, so `on-failure:10` stops a bad config from looping forever.
# The ledger (every member's chips) lives on the /data volume; back it up (docs/OPERATING.md, "Backups").
# `docker stop` sends SIGTERM: hands in progress finish within shutdown_grace_secs (10 s by
# default, below docker's 10 s stop timeout only if you keep it so: use `--stop-timeout 30`).

# --- build: the release binary, with the crate cache kept between builds -------------------
FROM rust:1-slim-bookworm AS build
# The slim image has a C compiler but no make, which jemalloc's build (a default feature) runs.
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev make \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The default features, as docs/OPERATING.md builds it; the shipped binary carries no debug info.
ENV CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_STRIP=debuginfo
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin studbot \
    && cp target/release/studbot /usr/local/bin/studbot

# --- run: a small Debian with nothing but the binary, its config and CA certificates --------
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin studbot \
    && mkdir -p /data /etc/studbot \
    && chown studbot:studbot /data
COPY --from=build /usr/local/bin/studbot /usr/local/bin/studbot
# The example config with its data directory on the volume; mount your own over it to change
# any setting (-v ./config.toml:/etc/studbot/config.toml:ro). The token comes from DISCORD_TOKEN.
COPY config.example.toml /etc/studbot/config.example.toml
# The health check listens inside the container; publish 9100 (to loopback) only to scrape it.
RUN sed -e 's|^data_dir = .*|data_dir = "/data"|' \
        -e 's|^token = .*|token = ""|' \
        -e 's|^# listen = .*|listen = "0.0.0.0:9100"|' \
        /etc/studbot/config.example.toml > /etc/studbot/config.toml
# Numeric, so that a runtime which refuses root (Kubernetes' runAsNonRoot) can check it.
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
STOPSIGNAL SIGTERM
# `studbot health` asks /healthz (the image has no curl): unhealthy when the gateway is down or
# the bank has failed. A config mounted over the built-in one keeps `[metrics] listen` for it.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/studbot", "health", "http://127.0.0.1:9100/healthz"]
ENTRYPOINT ["/usr/local/bin/studbot"]
CMD ["run", "--config", "/etc/studbot/config.toml"]
