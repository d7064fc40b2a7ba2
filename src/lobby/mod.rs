//! The lobby: one actor task per table (channel) that owns its seats, buy-ins, timers and
//! hands, and the only place where time exists.
