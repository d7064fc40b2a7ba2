# studbot in a container: `docker build -t studbot .` then
#   docker run -d --name studbot --restart unless-stopped \
#     -e DISCORD_TOKEN=... -v studbot-data:/data studbot
# The ledger (every member's chips) lives on the /data volume; back it up (README, "Backups").
# `docker stop` sends SIGTERM: hands in progress finish within shutdown_grace_secs (10 s by
# default, below docker's 10 s stop timeout only if you keep it so: use `--stop-timeout 30`).

# --- build: the release binary, with the crate cache kept between builds -------------------
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
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
RUN sed -e 's|^data_dir = .*|data_dir = "/data"|' \
        -e 's|^token = .*|token = ""|' \
        /etc/studbot/config.example.toml > /etc/studbot/config.toml
USER studbot
WORKDIR /data
VOLUME ["/data"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/studbot"]
CMD ["run", "--config", "/etc/studbot/config.toml"]
