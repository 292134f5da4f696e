//! The engine's line protocols: the text lines our engine and others are driven by, typed, each
//! with one encoder and one decoder, and one reading of a search's limits for all of them.
//!
//! Two dialects share it:
//!
//! - [`cli`]: the engine protocol of `onitama-cli engine` and of the programs `match` plays
//!   (docs/engine.md, "The engine protocol"): `newgame`, `position …`, `go movetime <ms>`, `quit`,
//!   answered by `info …` and `bestmove …`, or `error <why>`. Its lines are a public contract:
//!   other programs (the Java bridge in `scripts/java-engine/`) speak them.
//! - [`worker`]: the page's messages to its AI worker and the worker's reports (`search 7 movetime
//!   300 position …`, `done 7 best …`), each with a search id. Only this crate speaks it, so its
//!   lines may change with the page.
//!
//! Both read and write limits with [`limits`]: `depth <n>`, `movetime <ms>` (whole milliseconds:
//! reading floats would add kilobytes to the page's wasm) and `nodes <n>`. Each dialect hands it
//! its words and words a refusal in its own way (the CLI's `error` lines stay as they were).
//!
//! The page's wasm holds `limits` and `worker`; `cli`, which only the command-line tool uses, is
//! left out by the linker.

pub mod cli;
pub mod limits;
pub mod worker;
