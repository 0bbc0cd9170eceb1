//! An argument as plain Rust: each build reads its JavaScript value into a
//! [`Value`] (its own conversion, written once there), and every options
//! object is checked here, once: not an object is `ERR_INVALID_ARG_TYPE`
//! (`new Game('turn')` is refused, never read as no options), an unknown key
//! `ERR_INVALID_ARG_VALUE` (a misspelt option is never silently ignored), a
//! field of the wrong type `ERR_INVALID_ARG_TYPE` naming it.

use crate::error::{self, Code, Result};

/// A JavaScript value, as far as an argument is read: options objects
/// (their own enumerable string keys, in order) and their fields.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `undefined`, or a key that is not there.
    Undefined,
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// A number.
    Number(f64),
    /// A string.
    String(String),
    /// An array, its elements in order.
    Array(Vec<Value>),
    /// An object: its own enumerable string keys and their values.
    Object(Vec<(String, Value)>),
    /// A function, a symbol, a bigint or anything else no option takes:
    /// its type for messages (`"a function"`).
    Other(&'static str),
}

/// The value of a key an object does not have.
static UNDEFINED: Value = Value::Undefined;

impl Value {
    /// `undefined` or `null`, which optional arguments read as absent.
    pub fn is_nullish(&self) -> bool {
        matches!(self, Value::Undefined | Value::Null)
    }

    /// The JavaScript type, for messages: `"a string"`.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Undefined => "undefined",
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
            Value::Other(name) => name,
        }
    }

    /// A field of an object (`undefined` when absent or not an object).
    pub fn get(&self, key: &str) -> &Value {
        match self {
            Value::Object(fields) => fields
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&UNDEFINED, |(_, v)| v),
            _ => &UNDEFINED,
        }
    }

    /// A string, or `ERR_INVALID_ARG_TYPE` naming `name`.
    pub fn string(&self, name: &str) -> Result<&str> {
        match self {
            Value::String(s) => Ok(s),
            v => Err(error::invalid_type(name, "a string", v.type_name())),
        }
    }

    /// An optional string (`undefined` and `null` are none).
    pub fn opt_string(&self, name: &str) -> Result<Option<&str>> {
        if self.is_nullish() {
            Ok(None)
        } else {
            self.string(name).map(Some)
        }
    }

    /// An optional number.
    pub fn opt_number(&self, name: &str) -> Result<Option<f64>> {
        match self {
            v if v.is_nullish() => Ok(None),
            Value::Number(n) => Ok(Some(*n)),
            v => Err(error::invalid_type(name, "a number", v.type_name())),
        }
    }

    /// An optional boolean.
    pub fn opt_bool(&self, name: &str) -> Result<Option<bool>> {
        match self {
            v if v.is_nullish() => Ok(None),
            Value::Bool(b) => Ok(Some(*b)),
            v => Err(error::invalid_type(name, "a boolean", v.type_name())),
        }
    }
}

/// An options argument named `name`: `None` for `undefined` or `null`, the
/// object when it has only `known` keys; `ERR_INVALID_ARG_TYPE` for
/// anything else, `ERR_INVALID_ARG_VALUE` naming an unknown key.
pub fn options<'a>(name: &str, value: &'a Value, known: &[&str]) -> Result<Option<&'a Value>> {
    match value {
        v if v.is_nullish() => Ok(None),
        Value::Object(fields) => {
            if let Some((key, _)) = fields.iter().find(|(k, _)| !known.contains(&k.as_str())) {
                return Err(error::error(
                    Code::InvalidArgValue,
                    format!(
                        "{name} has no option {}: the options are {}",
                        error::quote(key),
                        known.join(", ")
                    ),
                ));
            }
            Ok(Some(value))
        }
        v => Err(error::invalid_type(
            name,
            &format!("an object {{ {} }}", known.join(", ")),
            v.type_name(),
        )),
    }
}

/// The deepest a build reads an argument into a [`Value`]: options hold
/// objects two levels deep (`opts.timeControl.baseMs`), a `toJSON()` object
/// three (`log[i].seat`). Deeper values read as [`Value::Other`], so a
/// cyclic object cannot recurse without end.
pub const MAX_DEPTH: usize = 4;
