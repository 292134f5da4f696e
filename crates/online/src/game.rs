//! One side of an online game: the seats, the host's deal, the move limit, the opponent away or
//! back, draw offers, claims on time, rematches and reconciliation after a reconnect. Pure: the
//! shell hands in what happened (a connection opened or closed, a text received, a player's
//! action) with the time in milliseconds, and performs the outputs.

use crate::guard::Guard;
use crate::protocol::{Message, MoveLimit, Phrase, Refusal, Token};
use crate::seat::Handshake;
use onitama_core::rules::{Color, Deal, Game, Outcome, SplitMix64};

mod actions;
mod asks;
mod connection;
mod declarations;
mod peer;
mod spectator;
mod sync;
mod takeback;

/// What spectators are shown of the host's game. When it changes, they are sent it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpectatorView {
    pub id: Token,
    pub record: Game,
    pub aborted: bool,
    /// Whose clock runs.
    pub running: Option<Color>,
}

/// What this page is in the game: a player, or a spectator (a third browser the host took to
/// watch), with the clocks as the host last told them and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Player,
    Spectator { clocks: Option<(Clocks, u64)> },
}

pub use asks::{ABORT_PLIES, AbortState, FIRST_MOVE_MS, TakebackState};

/// A claim on time arrives a little after it was made: the receiver's clock allows this much.
pub const CLAIM_GRACE_MS: u64 = 2000;
/// A claim on time that got no answer in this long (lost with a message) may be made again.
pub const CLAIM_ANSWER_MS: u64 = 5000;
/// A side whose draw offer was declined offers again only after this many moves since (each
/// side has moved at least twice, as lichess asks): an offer is not a way to pester.
pub const DRAW_REOFFER_PLIES: usize = 4;
/// An opponent away this long may be claimed against, whoever is to move: the shortest wait.
pub const ABANDON_MIN_MS: u64 = 30_000;
/// The wait when the game has no move limit.
pub const ABANDON_NO_LIMIT_MS: u64 = 60_000;
/// A page that did not tick for this long was asleep (a phone's screen off, a tab frozen): the
/// shell ticks about twice a second, and about once a second in a background tab.
pub const SLEEP_GAP_MS: u64 = 10_000;

/// A phrase from the peer sooner than this after its last one is refused `too-early` (a strike).
pub const PHRASE_GAP_MS: u64 = 2000;
/// This player's next phrase waits this long: the peer's rule and half a second for the way (two
/// phrases sent 2 s apart may arrive closer together).
pub const SAY_WAIT_MS: u64 = PHRASE_GAP_MS + 500;
/// The opponent's phrase is shown this long.
pub const PHRASE_SHOWN_MS: u64 = 5000;

/// How long an opponent must have been away before this player may claim the game: the move
/// limit, at least [`ABANDON_MIN_MS`]; [`ABANDON_NO_LIMIT_MS`] without a limit.
/// [`ABANDON_MIN_MS`] under a game clock.
pub fn abandon_ms(limit: MoveLimit) -> u64 {
    match limit {
        MoveLimit::Clock { .. } => ABANDON_MIN_MS,
        _ => limit.millis().map_or(ABANDON_NO_LIMIT_MS, |limit| limit.max(ABANDON_MIN_MS)),
    }
}

/// The game clocks as the page shows them: each side's time left now (ms, by
/// [`Color::index`]), whose is running (none before each side has moved once, while the opponent
/// is away, and once the game is over), and the increment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clocks {
    pub left: [u64; 2],
    pub running: Option<Color>,
    pub increment: u64,
}

/// The host's choice of cards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DealChoice {
    Random,
    Chosen(Deal),
}

/// The host's choice of colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ColorChoice {
    Random,
    Is(Color),
}

/// What the host chooses before inviting.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Invitation {
    pub deal: DealChoice,
    pub color: ColorChoice,
    pub limit: MoveLimit,
    /// Third browsers with the game's link may watch (the host serves them).
    pub watchers: bool,
}

impl Default for Invitation {
    fn default() -> Invitation {
        Invitation { deal: DealChoice::Random, color: ColorChoice::Random, limit: MoveLimit::DEFAULT, watchers: true }
    }
}

/// What the shell must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Send this message's text to the peer.
    Send(Message),
    /// A message from the peer was refused (the page may say why).
    Refused(Refusal),
    /// Close the connection, for this reason; the local game and record stay.
    Drop(Refusal),
    /// The game or what the page shows of it changed: save, redraw.
    Changed,
    /// The opponent left for good: nothing more will come.
    Left,
    /// This connection is not the opponent's but a third browser's: the host may let it watch
    /// (the netplay decides); a guest closes it.
    Stranger,
}

/// Where the online game stands, as the page shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// No opponent yet (the host waits for the guest; the guest waits for the deal).
    Waiting,
    Playing,
    /// The opponent was here and the connection is down.
    Reconnecting,
    Ended,
    /// This page watches the game, which goes on.
    Watching,
    /// The records disagree; both are kept and nothing more is played.
    Diverged,
}

/// The two records when the game diverged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The first ply at which they differ, when their record is known.
    pub at: Option<usize>,
    pub theirs: Option<Game>,
}

/// What a page keeps of an online game to come back to it after a reload: the seat's secret
/// above all (without it the seat is lost), the record, and the clock of the current turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    pub host: bool,
    pub setup: Invitation,
    /// The host's dice for the next deals.
    pub seed: u64,
    pub room: Token,
    pub round: u32,
    pub secret: Token,
    pub opponent_secret: Option<Token>,
    pub current: Option<(Token, Game)>,
    pub previous: Option<(Token, Game)>,
    pub you: Color,
    pub limit: MoveLimit,
    pub turn_since: u64,
    pub draw_offer: Option<(Color, usize)>,
    /// Whose draw offer was declined last, and at which ply (see [`DRAW_REOFFER_PLIES`]).
    pub draw_declined: Option<(Color, usize)>,
    pub diverged: bool,
    /// The game before this one diverged (reported when it was found).
    pub previous_diverged: bool,
    /// The player turned the opponent's phrases off.
    pub phrases_off: bool,
    /// Under a game clock: each side's time left when the turn began (ms, Red's then Blue's).
    pub clocks: Option<[u64; 2]>,
    /// Under a game clock, the clocks as a player's word (a resignation, a draw, a claim) stopped
    /// them.
    pub stopped_clocks: Option<[u64; 2]>,
    /// The current game was aborted (ended with no result, before each side moved once).
    pub aborted: bool,
}

/// A claim on time sent and not answered yet: for which game, at which ply, and when. It keeps
/// Claim from being offered twice for the same turn, and for that turn only: not in another
/// game (the same ply comes again after a rematch), nor once [`CLAIM_ANSWER_MS`] have passed
/// without an answer (the claim, or its answer, was lost on the way).
#[derive(Clone, Debug, PartialEq, Eq)]
struct ClaimSent {
    game: Token,
    ply: usize,
    at: u64,
}

/// One side of an online game.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    host: bool,
    setup: Invitation,
    rng: SplitMix64,
    room: Token,
    round: u32,
    secret: Token,
    opponent_secret: Option<Token>,
    /// The game's id and its record; a guest has none before the host's deal.
    current: Option<(Token, Game)>,
    /// The game before a rematch: the host brings a guest that missed its end up to date; the
    /// guest keeps its own record of it, and knows a late deal of it for what it is.
    previous: Option<(Token, Game)>,
    you: Color,
    limit: MoveLimit,
    connected: bool,
    /// The connection's handshake (this side's nonce, the peer's hello).
    handshake: Option<Handshake>,
    /// Connections made so far: each gets its own nonce.
    connections: u64,
    greeted: bool,
    ever_greeted: bool,
    guard: Guard,
    /// A message was dropped unread for coming too fast: once calm, my record goes to the peer,
    /// whose reply (its record, if longer) brings back what was dropped.
    missed: bool,
    /// When the side to move got the move with both players here (ms), less the time it had
    /// already used before a lost connection: the move's clock runs only while both can play
    /// (see [`OnlineGame::hello`]).
    turn_since: u64,
    /// While the opponent is away: the time the side to move had used when the connection was
    /// lost, which its clock goes on from when they are back.
    turn_used: Option<u64>,
    /// Since when this page has known the opponent away (it noticed the lost connection, or was
    /// opened again from its save): an absence this page may claim against, after
    /// [`abandon_ms`]. Never dated back: this player waited at least this long.
    away_since: Option<u64>,
    /// Since when this page may have been out of touch with the opponent, dated back as far as
    /// it can tell (to before a sleep, or to the saved turn's start when opened from its save):
    /// how long it was gone, to judge a claim its opponent made meanwhile.
    lost_since: Option<u64>,
    /// On a return: for which game and ply, and how long this page was out of touch.
    returned: Option<(Token, usize, u64)>,
    /// The shell's last tick, and the tick before which this page slept while it thought the
    /// opponent connected (nothing heard from them since).
    last_tick: u64,
    slept_since: Option<u64>,
    /// This player's claim on time on its way to the opponent, whose clock decides it: the game
    /// is won when their answer comes (their record, with the claim), not before.
    claim_sent: Option<ClaimSent>,
    draw_offer: Option<(Color, usize)>,
    /// Whose draw offer was declined last, and at which ply: they wait before offering again.
    draw_declined: Option<(Color, usize)>,
    rematch_offer: Option<Color>,
    diverged: Option<Divergence>,
    /// The previous game's records disagreed, found while it was played or after it.
    previous_diverged: Option<Divergence>,
    /// When this player last said a phrase: the next waits [`SAY_WAIT_MS`].
    said_at: Option<u64>,
    /// When the opponent's last phrase was taken: the next comes [`PHRASE_GAP_MS`] later.
    phrase_in_at: Option<u64>,
    /// The opponent's phrases taken so far, the last one, and when it came.
    heard: Option<(u32, Phrase, u64)>,
    /// The player turned the opponent's phrases off: they are taken (and timed) but not shown.
    phrases_off: bool,
    /// Under a game clock: each side's time left when the turn began (ms, by [`Color::index`]).
    clocks: Option<[u64; 2]>,
    /// Under a game clock, each side's time when a player's word ended the game (a resignation,
    /// a draw agreed, a claim): the clock of the side to move stops where it was.
    ended_clocks: Option<[u64; 2]>,
    /// The game (by its id) that was aborted: it ended with no result.
    aborted: Option<Token>,
    /// A takeback asked and not answered yet (the rules: `game/takeback.rs`).
    takeback_ask: Option<asks::Ask>,
    /// Whose takeback request was declined last, in which game and at which ply: they ask again
    /// only once the game has moved on.
    takeback_declined: Option<(Token, Color, usize)>,
    /// How many watch the game (the host's count; the guest hears it).
    watchers: u32,
    /// This page watches the game (the host took it, a guest with no seat, as a watcher): the
    /// clocks as the host last told them, and when.
    role: Role,
}

/// Each side's whole time at the start, under a game clock.
fn full_clocks(limit: MoveLimit) -> Option<[u64; 2]> {
    limit.clock_millis().map(|(time, _)| [time; 2])
}

impl OnlineGame {
    /// The host's side: deals at once (with `seed` for the random choices) and waits for a guest.
    /// `room` is at most 48 characters (the game's id adds the round).
    pub fn host(room: Token, secret: Token, setup: Invitation, seed: u64, now: u64) -> OnlineGame {
        let mut game = OnlineGame::new(true, room, secret, setup, seed, now);
        game.you = match setup.color {
            ColorChoice::Is(color) => color,
            ColorChoice::Random => Color::ALL[(game.rng.next_u64() % 2) as usize],
        };
        game.deal(now);
        game
    }

    /// The guest's side: waits for the host's deal.
    pub fn guest(room: Token, secret: Token, now: u64) -> OnlineGame {
        OnlineGame::new(false, room, secret, Invitation::default(), 0, now)
    }

    fn new(host: bool, room: Token, secret: Token, setup: Invitation, seed: u64, now: u64) -> OnlineGame {
        OnlineGame {
            host,
            setup,
            rng: SplitMix64(seed),
            room,
            round: 0,
            secret,
            opponent_secret: None,
            current: None,
            previous: None,
            you: Color::Red,
            limit: setup.limit,
            connected: false,
            handshake: None,
            connections: 0,
            greeted: false,
            ever_greeted: false,
            guard: Guard::new(now),
            missed: false,
            turn_since: now,
            turn_used: None,
            away_since: None,
            lost_since: None,
            returned: None,
            last_tick: now,
            slept_since: None,
            claim_sent: None,
            draw_offer: None,
            draw_declined: None,
            rematch_offer: None,
            diverged: None,
            previous_diverged: None,
            said_at: None,
            phrase_in_at: None,
            heard: None,
            phrases_off: false,
            clocks: full_clocks(setup.limit),
            ended_clocks: None,
            aborted: None,
            takeback_ask: None,
            takeback_declined: None,
            watchers: 0,
            role: Role::Player,
        }
    }

    /// What to keep for a reload.
    pub fn saved(&self) -> Saved {
        Saved {
            host: self.host,
            setup: self.setup,
            seed: self.rng.0,
            room: self.room.clone(),
            round: self.round,
            secret: self.secret.clone(),
            opponent_secret: self.opponent_secret.clone(),
            current: self.current.clone(),
            previous: self.previous.clone(),
            you: self.you,
            limit: self.limit,
            turn_since: self.turn_since,
            draw_offer: self.draw_offer,
            draw_declined: self.draw_declined,
            diverged: self.diverged.is_some(),
            previous_diverged: self.previous_diverged.is_some(),
            phrases_off: self.phrases_off,
            clocks: self.clocks,
            stopped_clocks: self.ended_clocks,
            aborted: self.is_aborted(),
        }
    }

    /// The game again after a reload, not connected.
    pub fn restore(saved: Saved, now: u64) -> OnlineGame {
        let mut game = OnlineGame::new(saved.host, saved.room, saved.secret, saved.setup, saved.seed, now);
        game.round = saved.round;
        game.ever_greeted = saved.opponent_secret.is_some();
        game.opponent_secret = saved.opponent_secret;
        game.current = saved.current;
        game.previous = saved.previous;
        game.you = saved.you;
        game.limit = saved.limit;
        game.turn_since = saved.turn_since;
        if game.ever_greeted {
            // This page was closed, for a time it cannot tell: it waits for its opponent from
            // now, but it was out of touch since the turn began, as far as it knows. The side
            // to move was gone with its clock running: that time is its own (a reload gives no
            // fresh clock). Waiting, it does not charge the opponent with its own absence.
            game.away_since = Some(now);
            game.lost_since = Some(saved.turn_since.min(now));
            let mover = game.game().map(|g| g.position().to_move());
            let used = if mover == Some(saved.you) { now.saturating_sub(saved.turn_since) } else { 0 };
            game.turn_used = Some(used);
        }
        game.draw_offer = saved.draw_offer;
        game.draw_declined = saved.draw_declined;
        game.diverged = saved.diverged.then_some(Divergence { at: None, theirs: None });
        game.previous_diverged = saved.previous_diverged.then_some(Divergence { at: None, theirs: None });
        game.phrases_off = saved.phrases_off;
        game.clocks = saved.clocks.filter(|_| saved.limit.clock_millis().is_some());
        game.ended_clocks = saved.stopped_clocks.filter(|_| game.clocks.is_some());
        game.aborted = saved.aborted.then(|| game.game_id().cloned()).flatten();
        game
    }

    fn deal(&mut self, now: u64) {
        self.round += 1;
        let deal = match self.setup.deal {
            DealChoice::Chosen(deal) => deal,
            DealChoice::Random => Deal::from_seed(self.rng.next_u64()),
        };
        let id = Token::new(&format!("{}.{}", self.room, self.round)).unwrap_or_else(|| self.room.clone());
        self.previous = self.current.replace((id, Game::from_deal(&deal)));
        self.previous_diverged = self.diverged.take();
        self.turn_since = now;
        self.turn_used = None;
        self.clocks = full_clocks(self.limit);
        self.ended_clocks = None;
        self.claim_sent = None;
        self.draw_offer = None;
        self.draw_declined = None;
        self.rematch_offer = None;
    }

    pub fn is_host(&self) -> bool {
        self.host
    }

    pub fn you(&self) -> Color {
        self.you
    }

    pub fn limit(&self) -> MoveLimit {
        self.limit
    }

    pub fn game(&self) -> Option<&Game> {
        self.current.as_ref().map(|(_, game)| game)
    }

    /// The game before the current one (a rematch's first game), as this side recorded it.
    pub fn previous(&self) -> Option<(&Token, &Game)> {
        self.previous.as_ref().map(|(id, game)| (id, game))
    }

    pub fn game_id(&self) -> Option<&Token> {
        self.current.as_ref().map(|(id, _)| id)
    }

    /// Whether the opponent is here: the connection is open and they said hello on it.
    pub fn opponent_connected(&self) -> bool {
        self.connected && self.greeted
    }

    /// The secret of the other seat, once its player took it.
    pub fn opponent_secret(&self) -> Option<&Token> {
        self.opponent_secret.as_ref()
    }

    /// Whether the host lets third browsers watch.
    pub fn admits_spectators(&self) -> bool {
        self.host && self.setup.watchers
    }

    /// How many watch the game: the host's count, or the host's word to the guest.
    pub fn watchers(&self) -> u32 {
        self.watchers
    }

    /// The host's count of watchers, kept by its netplay.
    pub fn set_watchers(&mut self, count: u32) {
        if self.host {
            self.watchers = count;
        }
    }

    pub fn draw_offer(&self) -> Option<Color> {
        let ply = self.game()?.moves().len();
        self.draw_offer.filter(|&(_, at)| at == ply).map(|(by, _)| by)
    }

    pub fn rematch_offer(&self) -> Option<Color> {
        self.rematch_offer
    }

    /// Whether `by`, whose draw offer was declined, must still wait before offering again.
    fn draw_waits(&self, by: Color) -> bool {
        let ply = self.game().map_or(0, |g| g.moves().len());
        self.draw_declined.is_some_and(|(declined, at)| declined == by && ply < at.saturating_add(DRAW_REOFFER_PLIES))
    }

    /// Whether this player may offer a draw now: the game goes on and no offer of theirs was
    /// declined within the last [`DRAW_REOFFER_PLIES`] moves.
    pub fn may_offer_draw(&self) -> bool {
        self.playable().is_some() && !self.draw_waits(self.you)
    }

    pub fn divergence(&self) -> Option<&Divergence> {
        self.diverged.as_ref()
    }

    /// How the previous game's records disagreed, if they did.
    pub fn previous_divergence(&self) -> Option<&Divergence> {
        self.previous_diverged.as_ref()
    }

    pub fn strikes(&self) -> u32 {
        self.guard.strikes()
    }

    /// When the side to move got the move (to save with the game: a claim is judged by it).
    pub fn turn_since(&self) -> u64 {
        self.turn_since
    }

    pub fn status(&self) -> Status {
        match (&self.current, &self.diverged) {
            (_, Some(_)) => Status::Diverged,
            (Some((_, game)), _) if game.outcome().is_some() => Status::Ended,
            _ if self.is_aborted() => Status::Ended,
            // A spectator watches while the game goes on; it ended for it as for the players.
            _ if self.is_spectator() => Status::Watching,
            _ if !self.ever_greeted || self.current.is_none() => Status::Waiting,
            _ if !self.opponent_connected() => Status::Reconnecting,
            _ => Status::Playing,
        }
    }

    /// Whether this player may claim the game on time now: the opponent is here, to move, and
    /// has been for the limit. Only then would the opponent's clock agree: it started within one
    /// message's trip of this one (when my move, the deal or my hello reached them), and it
    /// allows the claim's own trip ([`CLAIM_GRACE_MS`]). A claim already on its way is not made
    /// twice.
    ///
    /// Or the opponent is away and has been for [`abandon_ms`], whoever is to move: a claim
    /// they cannot answer while away, so the game is won here at once (see
    /// [`OnlineGame::claim`]), and they learn of it from this page's record when they return.
    pub fn can_claim(&self, now: u64) -> bool {
        self.may_claim_absence(now) || self.may_claim_on_time(now)
    }

    /// Whether the opponent, met before, has been away for [`abandon_ms`] by this page's clock.
    fn may_claim_absence(&self, now: u64) -> bool {
        self.playable().is_some()
            && self.ever_greeted
            && !self.opponent_connected()
            && self.away_since.is_some_and(|since| now.saturating_sub(since) >= abandon_ms(self.limit))
    }

    fn may_claim_on_time(&self, now: u64) -> bool {
        let Some(limit) = self.allowance() else { return false };
        let Some(game) = self.playable() else { return false };
        game.position().to_move() != self.you
            && self.opponent_connected()
            && self.takeback_standing().is_none()
            && !self.claim_pending(now)
            && now.saturating_sub(self.turn_since) >= limit
    }

    /// Whether this player's claim on time for this very turn is on its way and may still be
    /// answered.
    fn claim_pending(&self, now: u64) -> bool {
        let Some(sent) = &self.claim_sent else { return false };
        self.id_and_ply().is_some_and(|(id, ply)| sent.game == id && sent.ply == ply)
            && now.saturating_sub(sent.at) < CLAIM_ANSWER_MS
    }

    /// Whether this player may say a phrase now: the opponent is here, and the last phrase was
    /// said [`SAY_WAIT_MS`] ago or more.
    pub fn may_say(&self, now: u64) -> bool {
        self.opponent_connected()
            && !self.is_spectator()
            && self.said_at.is_none_or(|at| now.saturating_sub(at) >= SAY_WAIT_MS)
    }

    /// The opponent's last phrase while it is shown ([`PHRASE_SHOWN_MS`]), and how many came
    /// before it; none once the player turned them off.
    pub fn heard(&self, now: u64) -> Option<(u32, Phrase)> {
        let (count, phrase, at) = self.heard.filter(|_| !self.phrases_off)?;
        (now.saturating_sub(at) < PHRASE_SHOWN_MS).then_some((count, phrase))
    }

    /// Whether the opponent's phrases are shown (the player may turn them off).
    pub fn phrases_shown(&self) -> bool {
        !self.phrases_off
    }

    /// Under a move limit, while the game goes on: the side to move and the milliseconds left
    /// for its move (none once the limit has passed).
    pub fn turn_left(&self, now: u64) -> Option<(Color, u64)> {
        let limit = self.limit.millis()?;
        let mover = self.playable()?.position().to_move();
        Some((mover, limit.saturating_sub(now.saturating_sub(self.turn_since))))
    }

    /// How long the side to move has for this turn: the limit, or under a game clock the time
    /// it has left (none before each side has moved once: no time runs then, as on lichess).
    fn allowance(&self) -> Option<u64> {
        match self.clocks {
            Some(left) => {
                let game = self.game()?;
                (game.moves().len() >= 2).then(|| left[game.position().to_move().index()])
            }
            None => self.limit.millis(),
        }
    }

    /// The time the side to move has used this turn: while the opponent is away the clock stands
    /// where it stopped.
    fn used(&self, now: u64) -> u64 {
        match self.turn_used {
            Some(used) if !self.opponent_connected() => used,
            _ if !self.opponent_connected() => 0,
            _ => now.saturating_sub(self.turn_since),
        }
    }

    /// Whether this player's own time has run out (under a game clock): a move no longer goes,
    /// and the opponent's claim ends the game.
    pub fn out_of_time(&self, now: u64) -> bool {
        self.clocks.is_some()
            && self.playable().is_some_and(|g| g.position().to_move() == self.you)
            && self.allowance().is_some_and(|left| self.used(now) >= left)
    }

    /// The game clocks now, under a game clock.
    pub fn clocks(&self, now: u64) -> Option<Clocks> {
        if let Role::Spectator { clocks } = self.role {
            return self.spectator_clocks(clocks, now);
        }
        let (_, increment) = self.limit.clock_millis()?;
        let over = self.game().is_some_and(|game| game.outcome().is_some());
        let mut left = self.ended_clocks.filter(|_| over).or(self.clocks)?;
        let mover = self.playable().filter(|g| g.moves().len() >= 2).map(|g| g.position().to_move());
        if let Some(mover) = mover {
            left[mover.index()] = left[mover.index()].saturating_sub(self.used(now));
        }
        // A game lost on time shows the loser's clock run out.
        if let Some(Outcome::WonOnTime { winner }) = self.game().and_then(Game::outcome) {
            left[winner.other().index()] = 0;
        }
        Some(Clocks { left, running: mover.filter(|_| self.opponent_connected()), increment })
    }

    /// The mover's clock after a move made at `ply` in `used` ms: the time off and the increment
    /// on, from the third move on (none runs before each side has moved once). Its time left.
    fn charge(&mut self, mover: Color, ply: usize, used: u64) -> Option<u64> {
        let (_, increment) = self.limit.clock_millis()?;
        let left = &mut self.clocks.as_mut()?[mover.index()];
        if ply >= 2 {
            *left = left.saturating_sub(used).saturating_add(increment);
        }
        Some(*left)
    }

    /// The game, if it goes on and has not diverged, and this page plays it.
    fn playable(&self) -> Option<&Game> {
        let playing = self.diverged.is_none() && !self.is_aborted() && !self.is_spectator();
        self.game().filter(|game| game.outcome().is_none() && playing)
    }

    fn id_and_ply(&self) -> Option<(Token, usize)> {
        self.current.as_ref().map(|(id, game)| (id.clone(), game.moves().len()))
    }

    fn game_mut(&mut self) -> Option<&mut Game> {
        self.current.as_mut().map(|(_, game)| game)
    }
}
