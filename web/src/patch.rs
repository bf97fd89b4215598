//! JSON Patch (RFC 6902), the operations the table's updates are made of
//! (`add`, `remove`, `replace`): [`crate::view::Sent::update`] writes the
//! ones that turn the view a client was sent last into the next. Nothing
//! here knows mahjong: a client that keeps the last view it was sent and
//! applies each update's patch to it (any RFC 6902 implementation; the
//! page's `assets/patch.js`, the `json-patch` crate in the tests and the
//! load bench) holds the view the server would have sent in full
//! (docs/web-protocol.md).
//!
//! Paths are JSON Pointers (RFC 6901): `/seats/1/river/-` is the end of
//! seat 1's river (an `add` there appends).

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One operation of a patch (RFC 6902 §4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Op {
    /// Adds `value` at `path`: a new key of an object, or an element of an
    /// array inserted at an index (`-`: at its end).
    Add {
        /// Where (a JSON Pointer).
        path: String,
        /// What.
        value: Value,
    },
    /// Removes the key or the array's element at `path`.
    Remove {
        /// Where (a JSON Pointer).
        path: String,
    },
    /// Replaces what is at `path` (the whole document for `""`) with
    /// `value`.
    Replace {
        /// Where (a JSON Pointer).
        path: String,
        /// What.
        value: Value,
    },
}

impl Op {
    /// Its path.
    ///
    /// ```
    /// use tenpai_web::patch::Op;
    /// assert_eq!(Op::Remove { path: "/asked".into() }.path(), "/asked");
    /// ```
    pub fn path(&self) -> &str {
        match self {
            Op::Add { path, .. } | Op::Remove { path } | Op::Replace { path, .. } => path,
        }
    }
}
