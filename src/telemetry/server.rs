//! The HTTP side: `/metrics` (Prometheus text) and `/healthz` (200 "ok", or 503 naming each
//! problem), on the address bound at start-up.

use std::net::SocketAddr;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;

use super::{Telemetry, TelemetryError};

/// A running metrics listener; the task ends when the shutdown future given to
/// [`Telemetry::serve`] resolves.
pub struct MetricsServer {
    pub address: SocketAddr,
    pub task: tokio::task::JoinHandle<()>,
}

pub(super) async fn serve(
    telemetry: Telemetry,
    address: SocketAddr,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<MetricsServer, TelemetryError> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| TelemetryError::Listen {
            address,
            reason: error.to_string(),
        })?;
    let address = listener.local_addr().unwrap_or(address);
    let app = Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .with_state(telemetry);
    let task = tokio::spawn(async move {
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await;
        if let Err(error) = served {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(MetricsServer { address, task })
}

async fn metrics(State(telemetry): State<Telemetry>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        telemetry.render(),
    )
}

async fn healthz(State(telemetry): State<Telemetry>) -> impl IntoResponse {
    let problems = telemetry.health.problems();
    if problems.is_empty() {
        (StatusCode::OK, "ok\n".to_owned())
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{}\n", problems.join(", ")),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::telemetry::{Telemetry, TelemetryError, names, record};

    async fn get(url: &str) -> (u16, String) {
        let response = reqwest::get(url).await.expect("the listener answers");
        let status = response.status().as_u16();
        (status, response.text().await.expect("a body"))
    }

    #[tokio::test]
    async fn metrics_are_scraped_as_prometheus_text_and_health_names_each_problem() {
        let telemetry = Telemetry::install();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = telemetry
            .serve("127.0.0.1:0".parse().expect("address"), async move {
                let _ = stopped.await;
            })
            .await
            .expect("bind");
        let base = format!("http://{}", server.address);

        record::hand_finished();
        record::table_opened();
        record::discord_rest(std::time::Duration::from_millis(20), 429);
        let (status, text) = get(&format!("{base}/metrics")).await;
        assert_eq!(status, 200);
        assert!(
            text.contains(&format!("# TYPE {} counter", names::HANDS)),
            "{text}"
        );
        assert!(
            text.contains(&format!("# TYPE {} gauge", names::TABLES_OPEN)),
            "{text}"
        );
        assert!(text.contains(names::DISCORD_RATE_LIMITED), "{text}");
        assert!(
            text.contains(&format!("{}_bucket", names::DISCORD_REST_SECONDS)),
            "latencies are histograms: {text}"
        );

        // A new health record starts with the gateway down; a stopped bank is named too.
        let (status, text) = get(&format!("{base}/healthz")).await;
        assert_eq!((status, text.as_str()), (503, "gateway down\n"));
        telemetry.health.set_gateway_up(true);
        let (status, text) = get(&format!("{base}/healthz")).await;
        assert_eq!((status, text.as_str()), (200, "ok\n"));
        telemetry.health.watch_bank(|| Some("bank failing"));
        let (status, text) = get(&format!("{base}/healthz")).await;
        assert_eq!((status, text.as_str()), (503, "bank failing\n"));

        let _ = stop.send(());
        server.task.await.expect("the listener stops on shutdown");
    }

    #[tokio::test]
    async fn an_address_in_use_is_one_error_naming_it() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let address = taken.local_addr().expect("address");
        let error = match Telemetry::install()
            .serve(address, std::future::pending())
            .await
        {
            Err(error) => error,
            Ok(_) => panic!("a second listener on {address} must be refused"),
        };
        assert!(matches!(error, TelemetryError::Listen { .. }));
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("[metrics] listen: cannot listen on {address}: ")),
            "{message}"
        );
    }
}
