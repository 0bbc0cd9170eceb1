//! A result as plain Rust: [`Out`] is what a call returns when it is more
//! than a string or a number (an outcome, a report, a snapshot, a log). The
//! addon turns it into a JavaScript value through serde (`Env::to_js_value`,
//! the `serde` feature); the WebAssembly build writes it as JSON text
//! ([`Out::json`]) and parses it in one crossing (`JSON.parse`), cheaper in
//! code size and in calls than building it key by key.

use std::fmt::Write;

/// A JavaScript value to return: objects keep their keys in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer number (every number this package returns is one: ms,
    /// counts, teams).
    Int(i64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Out>),
    /// An object, its keys in order.
    Object(Vec<(&'static str, Out)>),
}

impl From<bool> for Out {
    fn from(b: bool) -> Out {
        Out::Bool(b)
    }
}

impl From<&str> for Out {
    fn from(s: &str) -> Out {
        Out::Str(s.to_owned())
    }
}

impl From<String> for Out {
    fn from(s: String) -> Out {
        Out::Str(s)
    }
}

impl From<u64> for Out {
    fn from(n: u64) -> Out {
        // Timestamps are at most 2⁵³ − 1 (checked when read).
        Out::Int(n as i64)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Out {
            fn from(n: $t) -> Out {
                Out::Int(i64::from(n))
            }
        }
    )*};
}
from_int!(u8, u16, u32, i32, i64);

impl<T: Into<Out>> From<Option<T>> for Out {
    fn from(v: Option<T>) -> Out {
        v.map_or(Out::Null, Into::into)
    }
}

impl<T: Into<Out>> From<Vec<T>> for Out {
    fn from(v: Vec<T>) -> Out {
        Out::Array(v.into_iter().map(Into::into).collect())
    }
}

impl Out {
    /// The value as JSON text (`JSON.parse` gives it back).
    pub fn json(&self) -> String {
        let mut text = String::new();
        self.write(&mut text);
        text
    }

    fn write(&self, out: &mut String) {
        match self {
            Out::Null => out.push_str("null"),
            Out::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Out::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Out::Str(s) => write_string(s, out),
            Out::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Out::Object(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_string(key, out);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// A JSON string literal: `"` and `\` escaped, control characters as `\u`.
fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(feature = "serde")]
impl serde::Serialize for Out {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Out::Null => s.serialize_none(),
            Out::Bool(b) => s.serialize_bool(*b),
            // As a JavaScript number (napi's serializer makes i64 a BigInt).
            Out::Int(n) => s.serialize_f64(*n as f64),
            Out::Str(text) => s.serialize_str(text),
            Out::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Out::Object(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (key, value) in fields {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Out;

    #[test]
    fn json_text_escapes_strings_and_keeps_key_order() {
        let out = Out::Object(vec![
            ("b", Out::Int(-3)),
            ("a", Out::Str("say \"hi\"\\\n".into())),
            ("c", Out::Array(vec![Out::Null, Out::Bool(true)])),
        ]);
        assert_eq!(
            out.json(),
            r#"{"b":-3,"a":"say \"hi\"\\\u000a","c":[null,true]}"#
        );
    }
}
