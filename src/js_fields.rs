//! Reading the plain objects that scripts pass in (`{ mode, level }`, `{ depth }`), field by
//! field, with a clear error for a wrong type or an unknown name.
//! Written by hand rather than with serde's deserializer: its error messages format floats,
//! which alone adds 11 KB to the page's wasm.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

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
