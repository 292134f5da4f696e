//! The features a player opens rather than plays: review, puzzles, the tutorial, online play and
//! the Records dialog.
//! A first visit loads the page without them (the `first-visit` build: the game alone, about a
//! sixth less to download); opening one asks for the whole page (`Effect::LoadFeatures`), which
//! takes over the same board, game and settings.
//!
//! Each of their states holds a `Features`, which the first-visit build cannot make: there the
//! compiler knows that none of those states exists, and leaves out all the code that reads one.

/// Proof that this build has the features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features(Present);

#[cfg(not(feature = "first-visit"))]
type Present = ();
#[cfg(feature = "first-visit")]
type Present = std::convert::Infallible;

impl Features {
    /// The features, if this build has them.
    pub const fn here() -> Option<Features> {
        #[cfg(not(feature = "first-visit"))]
        return Some(Features(()));
        #[cfg(feature = "first-visit")]
        None
    }

    /// The features, for a state made only where `here()` said they are: the session asks for
    /// the whole page before any feature starts (`Session::intent`, `startup::opening`).
    pub fn present() -> Features {
        match Features::here() {
            Some(features) => features,
            None => unreachable!("a feature started in the first-visit build"),
        }
    }
}
