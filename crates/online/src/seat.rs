//! A seat proved without sending its secret. Each side sends a fresh nonce in its `hello`; the
//! other answers with the keyed hash of that nonce under its seat's secret (HMAC-SHA-256), which
//! only a holder of the secret can make and which is worth nothing for any other nonce. The
//! secrets themselves cross once, when the guest takes a fresh seat and the host gives its own
//! back, so that a watcher (or anyone else the host speaks to) never learns one.

use crate::protocol::Token;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type Keyed = Hmac<Sha256>;

fn keyed(secret: &Token) -> Keyed {
    // HMAC takes a key of any length.
    Keyed::new_from_slice(secret.as_str().as_bytes()).unwrap_or_else(|_| unreachable!())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes.iter().flat_map(|b| [DIGITS[usize::from(b >> 4)] as char, DIGITS[usize::from(b & 15)] as char]).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let bytes = text.as_bytes();
    bytes
        .len()
        .is_multiple_of(2)
        .then(|| bytes.chunks(2).map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?)).collect())
        .flatten()
}

/// The proof of the seat whose secret is `secret`, for the other side's `nonce`.
pub fn proof(secret: &Token, nonce: &Token) -> Token {
    let mut mac = keyed(secret);
    mac.update(b"onitama seat proof ");
    mac.update(nonce.as_str().as_bytes());
    Token::new(&hex(&mac.finalize().into_bytes())).unwrap_or_else(|| unreachable!())
}

/// Whether `shown` is the proof of the seat whose secret is `secret` for my `nonce` (compared in
/// constant time).
pub fn proves(shown: &Token, secret: &Token, nonce: &Token) -> bool {
    let Some(bytes) = unhex(shown.as_str()) else { return false };
    let mut mac = keyed(secret);
    mac.update(b"onitama seat proof ");
    mac.update(nonce.as_str().as_bytes());
    mac.verify_slice(&bytes).is_ok()
}

/// A nonce for the `count`th connection of the seat whose secret is `secret`, at `now`: nobody
/// without the secret can foresee it, and no two connections of a page share one.
pub fn nonce(secret: &Token, count: u64, now: u64) -> Token {
    let mut mac = keyed(secret);
    mac.update(b"onitama nonce ");
    mac.update(&count.to_le_bytes());
    mac.update(&now.to_le_bytes());
    let bytes = mac.finalize().into_bytes();
    Token::new(&hex(&bytes[..16])).unwrap_or_else(|| unreachable!())
}

/// One connection's handshake: the nonce this side sent in its hello, and the peer's hello once
/// it came (the game it named, its nonce).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handshake {
    pub nonce: Token,
    pub theirs: Option<(Option<Token>, Token)>,
}

/// What a peer's `proof` or `seat` showed on a connection.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shown {
    /// The opponent (its proof holds, or its seat is the known one or takes a fresh seat).
    Opponent,
    /// Someone with another seat: a third browser with the link (the host may let it watch).
    Stranger,
    /// A proof this side cannot check yet (it does not know the opponent's secret): the seat
    /// that follows it says who it is.
    Unknown,
    /// A proof that does not hold.
    Forged,
}
