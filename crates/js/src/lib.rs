//! Onitama's rules core and AI for JavaScript.
//!
//! - Reading the plain objects that scripts pass in (`{ mode, level }`, `{ depth }`), field by
//!   field, with a clear error for a wrong type or an unknown name. Written by hand rather than
//!   with serde's deserializer: its error messages format floats, which alone adds 11 KB to a wasm.
//! - A search's limits and scores as scripts write and read them.
//! - With the `exports` feature, the engine module: the rules and the AI on plain strings
//!   (`legal_moves`, `play_move`, `perft`, `best_move`, …), a wasm of its own (`engine.js`) that
//!   scripts import; the page does not download it.

use onitama_core::ai::{Limits, Score};
use onitama_core::rules::Position;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsError, JsValue};

#[cfg(feature = "exports")]
pub mod exports;

/// The fields of one JavaScript object.
pub struct JsFields {
    object: JsValue,
    /// What a message about the object begins with ("bad game options").
    what: &'static str,
}

/// How a value reads in a message: as JavaScript would print it.
fn shown(value: &JsValue) -> String {
    js_sys::JSON::stringify(value).ok().and_then(|s| s.as_string()).unwrap_or_else(|| "that".to_string())
}

impl JsFields {
    /// The object's fields; `None` for `undefined` or `null`. With `known`, any other field name
    /// is refused, so that a misspelt option is not silently ignored.
    pub fn read(value: &JsValue, what: &'static str, known: Option<&[&str]>) -> Result<Option<JsFields>, String> {
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        if !value.is_object() || Array::is_array(value) {
            return Err(format!("{what} must be an object, not {}", shown(value)));
        }
        if let Some(known) = known {
            let object: &Object = value.unchecked_ref();
            if let Some(name) =
                Object::keys(object).iter().filter_map(|key| key.as_string()).find(|key| !known.contains(&key.as_str()))
            {
                return Err(format!("{what}: unknown field '{name}' (known: {})", known.join(", ")));
            }
        }
        Ok(Some(JsFields { object: value.clone(), what }))
    }

    /// A field's value, `None` when it is absent, `undefined` or `null`.
    fn get(&self, name: &str) -> Option<JsValue> {
        Reflect::get(&self.object, &JsValue::from_str(name)).ok().filter(|v| !v.is_undefined() && !v.is_null())
    }

    fn wrong(&self, name: &str, wanted: &str, value: &JsValue) -> String {
        format!("{}: {name} must be {wanted}, not {}", self.what, shown(value))
    }

    pub fn string(&self, name: &str) -> Result<Option<String>, String> {
        self.get(name).map(|v| v.as_string().ok_or_else(|| self.wrong(name, "a string", &v))).transpose()
    }

    pub fn bool(&self, name: &str) -> Result<Option<bool>, String> {
        self.get(name).map(|v| v.as_bool().ok_or_else(|| self.wrong(name, "true or false", &v))).transpose()
    }

    pub fn number(&self, name: &str) -> Result<Option<f64>, String> {
        self.get(name)
            .map(|v| {
                v.as_f64().filter(|n| n.is_finite() && *n >= 0.0).ok_or_else(|| self.wrong(name, "a number ≥ 0", &v))
            })
            .transpose()
    }

    /// A whole number from 0 to 2^53.
    pub fn whole(&self, name: &str) -> Result<Option<u64>, String> {
        self.get(name)
            .map(|v| {
                v.as_f64()
                    .filter(|n| n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(n))
                    .map(|n| n as u64)
                    .ok_or_else(|| self.wrong(name, "a whole number ≥ 0", &v))
            })
            .transpose()
    }

    /// A whole number, or `null` said on purpose (`Some(None)`); `None` when absent.
    pub fn whole_or_null(&self, name: &str) -> Result<Option<Option<u64>>, String> {
        let said_null = Reflect::get(&self.object, &JsValue::from_str(name)).is_ok_and(|v| v.is_null());
        if said_null {
            return Ok(Some(None));
        }
        Ok(self.whole(name)?.map(Some))
    }

    /// A field that is an object of its own, read as [`JsFields::read`] does.
    pub fn object(&self, name: &str, what: &'static str, known: &[&str]) -> Result<Option<JsFields>, String> {
        self.get(name).map(|v| JsFields::read(&v, what, Some(known))).transpose().map(Option::flatten)
    }

    pub fn strings(&self, name: &str) -> Result<Option<Vec<String>>, String> {
        self.get(name)
            .map(|v| {
                let list = v.dyn_ref::<Array>().ok_or_else(|| self.wrong(name, "a list of strings", &v))?;
                list.iter()
                    .map(|item| item.as_string().ok_or_else(|| self.wrong(name, "a list of strings", &v)))
                    .collect()
            })
            .transpose()
    }
}

/// The longest a search or a count started by a script may take, unless the script gives a
/// `movetime`: they run on the calling thread.
pub const CALLER_CAP_MS: f64 = 10_000.0;

/// A position from a script, or an error that quotes it and says what is wrong.
pub fn parse_position(text: &str) -> Result<Position, JsError> {
    text.parse().map_err(|e| JsError::new(&format!("bad position \"{text}\": {e}")))
}

/// Milliseconds, wherever the wasm runs (a page, a worker, Node).
pub fn clock() -> f64 {
    js_sys::Date::now()
}

/// A search's limits as scripts give them.
#[derive(Default, Clone, Copy)]
pub struct JsLimits {
    pub depth: Option<u32>,
    pub movetime: Option<f64>,
    pub nodes: Option<u64>,
}

impl JsLimits {
    /// `{ depth, movetime, nodes }`, any of them; `undefined` or `null` for none.
    pub fn read(value: &JsValue) -> Result<JsLimits, String> {
        let Some(fields) = JsFields::read(value, "bad limits", Some(&["depth", "movetime", "nodes"]))? else {
            return Ok(JsLimits::default());
        };
        Ok(JsLimits {
            depth: fields.whole("depth")?.map(|d| d.min(u64::from(u32::MAX)) as u32),
            movetime: fields.number("movetime")?,
            nodes: fields.whole("nodes")?,
        })
    }

    /// The limits, 1000 ms when none is given.
    pub fn to_limits(self) -> Limits {
        let limits = Limits { depth: self.depth, movetime_ms: self.movetime, nodes: self.nodes };
        if limits == Limits::default() { Limits { movetime_ms: Some(1000.0), ..limits } } else { limits }
    }
}

/// A score as scripts read it: `{ kind, value }`.
#[derive(serde::Serialize)]
pub struct JsScore {
    /// "value", "win" or "loss".
    kind: &'static str,
    /// Hundredths of a student for "value"; plies for "win" and "loss".
    value: i32,
}

impl From<Score> for JsScore {
    fn from(score: Score) -> JsScore {
        match score {
            Score::Value(v) => JsScore { kind: "value", value: v },
            Score::Win(plies) => JsScore { kind: "win", value: i32::try_from(plies).unwrap_or(i32::MAX) },
            Score::Loss(plies) => JsScore { kind: "loss", value: i32::try_from(plies).unwrap_or(i32::MAX) },
        }
    }
}
