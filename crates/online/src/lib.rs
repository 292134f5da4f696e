//! Online play between two pages, the natively tested part; no web code, only the rules core.
//! The messages the pages exchange (`protocol`), the watch kept over a connection (`guard`),
//! comparing two records after a reconnect (`reconcile`), one side's game (`game`) and its text
//! for the save file (`saved`), seats proved without their secret (`seat`); the lines between the
//! page and the online module (`bridge`) and every decision of that module (`netplay`), whose
//! browser shell only performs its effects.

pub mod bridge;
pub mod game;
pub mod guard;
pub mod host;
pub mod netplay;
pub mod protocol;
pub mod reconcile;
pub mod saved;
pub mod seat;

pub use game::{ColorChoice, DealChoice, Divergence, Invitation, OnlineGame, Output, Saved, Status};
pub use protocol::{Declaration, MAX_MESSAGE_BYTES, Message, MoveLimit, Phrase, Refusal, Token};
pub use reconcile::{Reconciled, reconcile};
