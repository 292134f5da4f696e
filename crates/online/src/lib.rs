//! Online play between two pages, the natively tested part (no web code; it depends on the rules core only): the messages they exchange
//! (`protocol`), the watch kept over a connection (`guard`), comparing two records after a
//! reconnect (`reconcile`) and one side's game (`game`). No web code: the page's shell opens the
//! data channel, hands in what arrives with the time, and sends what it is told to.

pub mod game;
pub mod guard;
pub mod protocol;
pub mod reconcile;

pub use game::{ColorChoice, DealChoice, Divergence, OnlineGame, Output, Saved, Setup, Status};
pub use protocol::{Declaration, MAX_MESSAGE_BYTES, Message, MoveLimit, Refusal, Token};
pub use reconcile::{Reconciled, reconcile};
