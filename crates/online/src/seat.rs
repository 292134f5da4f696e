//! A seat proved without sending its secret. Each side sends a fresh nonce in its `hello`; the
//! other answers with the keyed hash (HMAC-SHA-256) of that nonce under its seat's secret, bound
//! to the connection it travels on: the DTLS certificate fingerprints of both ends, as each
//! page's own WebRTC offer and answer state them. Only a holder of the secret can make one; it
//! is worth nothing for any other nonce, and nothing on any other connection, so a page in the
//! middle that relays a nonce from one player to the other gets a proof the other rejects. The
//! secrets themselves cross once, when the guest takes a fresh seat from the host and the host
//! gives its own back, so that a watcher (or anyone else a player speaks to) never learns one.

use crate::protocol::{Message, Token};
use hmac::{Hmac, Mac};
use sha2::Sha256;

type Keyed = Hmac<Sha256>;

/// The longest fingerprint line kept from a description (a SHA-512 one is about 200 bytes).
const MAX_FINGERPRINT: usize = 256;

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

/// The two ends of a connection as certificate fingerprints: this page's own, and the peer's as
/// this page received it. Empty where a description named none (the tests' simulated ones).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    pub mine: String,
    pub theirs: String,
}

/// The certificate fingerprint a session description states (`a=fingerprint:…`), if any.
pub fn fingerprint(description: &str) -> Option<String> {
    let line = description.lines().find_map(|line| line.trim().strip_prefix("a=fingerprint:"))?;
    Some(line.trim().chars().take(MAX_FINGERPRINT).collect())
}

/// The keyed hash that proves a seat: of `nonce`, on the connection from `prover` to `verifier`.
fn seat_mac(secret: &Token, nonce: &Token, prover: &str, verifier: &str) -> Keyed {
    let mut mac = keyed(secret);
    for part in ["onitama seat proof", nonce.as_str(), prover, verifier] {
        mac.update(part.as_bytes());
        mac.update(b"\n");
    }
    mac
}

/// The proof of the seat whose secret is `secret`, for the other side's `nonce`, on `channel`
/// as this side sees it.
pub fn proof(secret: &Token, nonce: &Token, channel: &Channel) -> Token {
    let mac = seat_mac(secret, nonce, &channel.mine, &channel.theirs);
    Token::new(&hex(&mac.finalize().into_bytes())).unwrap_or_else(|| unreachable!())
}

/// Whether `shown` is the proof of the seat whose secret is `secret` for my `nonce`, made by the
/// other end of `channel` (as I see it), compared in constant time.
pub fn proves(shown: &Token, secret: &Token, nonce: &Token, channel: &Channel) -> bool {
    let Some(bytes) = unhex(shown.as_str()) else { return false };
    seat_mac(secret, nonce, &channel.theirs, &channel.mine).verify_slice(&bytes).is_ok()
}

/// Whether two secrets are the same, in time that does not depend on where they differ.
pub fn same(a: &Token, b: &Token) -> bool {
    let (a, b) = (a.as_str().as_bytes(), b.as_str().as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
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

/// One connection's handshake: the nonce this side sent in its hello, the connection's ends,
/// the peer's hello once it came (the game it named), and whether this side showed its secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handshake {
    pub nonce: Token,
    pub channel: Channel,
    pub their_hello: Option<Option<Token>>,
    pub seat_sent: bool,
}

/// What a peer's message in a connection's handshake calls for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Step {
    /// Its hello: answer with this (a proof, a seat, or nothing yet).
    Answer(Option<Message>),
    /// The opponent: its proof holds, or its seat is the known one or takes a fresh seat.
    Opponent,
    /// The host took this page, a guest with no seat that showed its secret, as a spectator.
    Spectating,
    /// Someone with another seat: a third browser with the link (the host may let it watch).
    Stranger,
    /// A proof this side cannot check yet (it does not know the opponent's secret): the seat
    /// that follows it says who it is.
    Wait,
    /// A proof that does not hold.
    Forged,
}
