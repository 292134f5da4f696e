//! The watch kept over one connection: too many messages in a second, or too many bad ones in a
//! while, and the connection is dropped. Time is given in milliseconds; nothing here reads a clock.

/// Messages a peer may send within one second; each one past that is a strike.
pub const MESSAGES_PER_SECOND: u32 = 20;
/// Strikes that drop the connection.
pub const MAX_STRIKES: u32 = 5;
/// A strike is forgiven after this long (ms).
pub const STRIKE_FORGIVEN_MS: u64 = 10_000;

/// Counts a connection's messages and strikes; a new connection starts with a new guard.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guard {
    window_start: u64,
    in_window: u32,
    strikes: u32,
    last_forgiven: u64,
}

impl Guard {
    pub fn new(now: u64) -> Guard {
        Guard { window_start: now, in_window: 0, strikes: 0, last_forgiven: now }
    }

    /// A message arrived: `false` if it is one too many this second (a strike).
    pub fn arrived(&mut self, now: u64) -> bool {
        self.forgive(now);
        if now.saturating_sub(self.window_start) >= 1000 {
            self.window_start = now;
            self.in_window = 0;
        }
        self.in_window = self.in_window.saturating_add(1);
        if self.in_window > MESSAGES_PER_SECOND {
            self.strike(now);
            return false;
        }
        true
    }

    /// A bad message: one strike.
    pub fn strike(&mut self, now: u64) {
        self.forgive(now);
        self.strikes = self.strikes.saturating_add(1);
    }

    /// Whether the connection must be dropped.
    pub fn exhausted(&self) -> bool {
        self.strikes >= MAX_STRIKES
    }

    /// Whether a message arriving now would start a new second's count.
    pub fn calm(&self, now: u64) -> bool {
        now.saturating_sub(self.window_start) >= 1000
    }

    pub fn strikes(&self) -> u32 {
        self.strikes
    }

    fn forgive(&mut self, now: u64) {
        // Time that goes backwards forgives nothing.
        let elapsed = now.saturating_sub(self.last_forgiven);
        let forgiven = elapsed / STRIKE_FORGIVEN_MS;
        if forgiven > 0 {
            self.strikes = self.strikes.saturating_sub(forgiven.min(u64::from(u32::MAX)) as u32);
            self.last_forgiven += forgiven * STRIKE_FORGIVEN_MS;
        }
    }
}
