//! The page. Everything it decides is plain Rust, built and tested on any target: the state,
//! the transitions (`board`), pointer and keyboard input, the animation plan, the layout, the
//! texts, and the session (`session`) whose `update(event) -> effects` is the page's one entry.
//! On wasm32 the shell (`web`) turns DOM events into events and carries out the effects.

pub mod ai_state;
pub mod analysis;
pub mod anim;
pub mod board;
pub mod board_state;
pub mod deck;
pub mod dialog;
pub mod emblems;
pub mod error_text;
pub mod expansion_emblems;
pub mod features;
pub mod history;
pub mod intent;
pub mod keyboard;
pub mod layout;
pub mod new_game_defaults;
pub mod new_game_form;
pub mod notice;
pub mod online;
pub mod page;
pub mod pointer;
pub mod puzzle;
pub mod refusal;
pub mod review;
pub mod scene;
pub mod session;
pub mod settings;
pub mod setup;
pub mod setup_panel;
pub mod sound;
pub mod standings;
pub mod startup;
pub mod state;
pub mod text;
pub mod theme;
pub mod tutorial;
pub mod variations;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use intent::Intent;
pub use new_game_form::NewGame;
pub use session::{Effect, Event, Session};
pub use state::{Mode, State};
pub use text::Lang;
