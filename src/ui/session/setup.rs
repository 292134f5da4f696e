//! Setting up a position in the session: the editor opened over the analysis board (the engine
//! waits), the board's taps, drags and keys turned into edits, and Analyse or Cancel back to the
//! analysis board.

use super::Focus;
use super::{Effect, Session};
use crate::ui::intent::Intent;
use crate::ui::keyboard::{self, Key};
use crate::ui::session::PointerPhase;
use crate::ui::setup::{SetupAction, SetupEditor};
use crate::ui::sound::Sound;
use crate::ui::state::{BoardFocus, Drag};

impl Session {
    pub(super) fn setup_action(&mut self, action: SetupAction) {
        if action == SetupAction::Open {
            return self.open_setup();
        }
        let layout = &self.layout;
        let Some(editor) = self.state.analysis_mut().and_then(|run| run.setup.as_mut()) else {
            return self.effects.push(Effect::Log("no position is being set up".to_string()));
        };
        let changed = match action {
            SetupAction::Open => false,
            SetupAction::Choose(tool) => {
                editor.tool = Some(tool);
                return self.refresh_controls();
            }
            SetupAction::Square(square) => editor.tap(square),
            SetupAction::Carry(point) => {
                if std::mem::replace(&mut editor.carried, point) != point {
                    self.redraw();
                }
                return;
            }
            SetupAction::DropAt { x, y } => editor.drop_tool(layout.square_at(x, y)),
            SetupAction::Card(place, card) => editor.set_card(place, card),
            SetupAction::ToMove(color) => editor.set_to_move(color),
            SetupAction::Turn => {
                editor.turned = !editor.turned;
                self.state.board.focus = None;
                self.face_the_bottom();
                true
            }
            SetupAction::Clear => editor.clear(),
            SetupAction::Starting => editor.starting(),
            SetupAction::Analyse => match editor.position() {
                // The game aside stays the one that comes back; the editor's buttons are gone.
                Ok(position) => {
                    self.open_analysis(&crate::rules::Game::new(position), 0);
                    return self.effects.push(Effect::Focus(Focus::Board));
                }
                Err(refusal) => {
                    editor.refusal = Some(refusal);
                    self.sound(Sound::Refused);
                    true
                }
            },
            SetupAction::Cancel => {
                if let Some(run) = self.state.analysis_mut() {
                    run.setup = None;
                }
                self.state.clear_selection();
                self.face_the_bottom();
                self.effects.push(Effect::Focus(Focus::Board));
                true
            }
        };
        if changed {
            // Saved, so that a reload keeps the setup.
            self.changed();
        } else {
            self.sound(Sound::Refused);
            self.refresh_controls();
        }
    }

    /// The editor over the analysis board, from the position shown; the engine waits.
    fn open_setup(&mut self) {
        let position = *self.state.position();
        let Some(run) = self.state.analysis_mut().filter(|run| run.setup.is_none()) else {
            return self.effects.push(Effect::Log("a position is set up from the analysis board".to_string()));
        };
        run.setup = Some(SetupEditor::new(&position));
        self.cancel_search();
        self.state.clear_selection();
        self.state.board.hint = None;
        self.face_the_bottom();
        self.changed();
        self.effects.push(Effect::Focus(Focus::SetupTray));
    }

    /// Whether `intent` would act on the analysis board's game under the editor: refused then.
    pub(super) fn setup_refuses(&mut self, intent: &Intent) -> bool {
        let refused = self.state.setup_editor().is_some()
            && matches!(
                intent,
                Intent::Play(_)
                    | Intent::Undo
                    | Intent::Redo
                    | Intent::Hint
                    | Intent::View(_)
                    | Intent::ViewAt(_)
                    | Intent::Step { .. }
                    | Intent::BackToGame
                    | Intent::ContinueHere
                    | Intent::ToggleAnalysis
                    | Intent::PlayLine(_)
                    | Intent::Review
                    | Intent::BestLineHere
                    | Intent::CopyLink
            );
        if refused {
            self.effects.push(Effect::Log("a position is being set up: Analyse or Cancel first".to_string()));
        }
        refused
    }

    /// The board's pointer while a position is set up: a tap uses the tool taken, a piece dragged
    /// goes where it is dropped, or off the board. Returns whether the editor took the event.
    pub(super) fn setup_pointer(&mut self, phase: PointerPhase, x: f64, y: f64) -> bool {
        if self.state.setup_editor().is_none() {
            return false;
        }
        let square = self.layout.square_at(x, y);
        match phase {
            PointerPhase::Down => {
                self.state.board.focus = None;
                let lifted = square.filter(|&s| self.state.setup_editor().is_some_and(|e| e.piece_at(s).is_some()));
                self.state.board.drag = lifted.map(|from| Drag { from, x, y, moved: false });
                self.redraw();
            }
            PointerPhase::Move => {
                if crate::ui::pointer::pointer_move(&mut self.state, x, y) {
                    self.redraw();
                }
            }
            PointerPhase::Up => {
                let drag = self.state.board.drag.take();
                let Some(editor) = self.state.analysis_mut().and_then(|run| run.setup.as_mut()) else { return true };
                let changed = match drag.filter(|d| d.moved) {
                    Some(drag) => editor.carry(drag.from, square),
                    None => square.is_some_and(|s| editor.tap(s)),
                };
                if changed {
                    self.changed();
                } else {
                    if square.is_some() {
                        self.sound(Sound::Refused);
                    }
                    self.redraw();
                }
            }
        }
        true
    }

    /// The board's keys while a position is set up: the arrows move the focus, Enter or Space
    /// uses the tool on the square focused. Returns whether the editor took the key.
    pub(super) fn setup_key(&mut self, key: Key) -> bool {
        if self.state.setup_editor().is_none() {
            return false;
        }
        match (key, self.state.board.focus) {
            (Key::Enter | Key::Space, Some(BoardFocus::Square(square))) => {
                self.setup_action(SetupAction::Square(square));
            }
            (Key::Enter | Key::Space, _) => {
                self.state.board.focus = Some(BoardFocus::Square(crate::rules::Square::temple(self.state.bottom())));
                self.redraw();
            }
            (Key::Up | Key::Down | Key::Left | Key::Right, _) => {
                keyboard::key(&mut self.state, &self.layout, key);
                self.redraw();
            }
            (Key::Escape, _) => {
                self.state.board.drag = None;
                self.redraw();
            }
            (Key::Home | Key::End | Key::L, _) => {}
        }
        true
    }
}
