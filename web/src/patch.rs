//! JSON Patch (RFC 6902), the part the table's updates use: the
//! difference between two JSON documents as a list of `add`, `remove` and
//! `replace` operations ([`diff`]), and those operations applied to a
//! document ([`apply`]). Nothing here knows mahjong: a client that keeps
//! the last view it was sent and applies each update's patch to it holds
//! the view the server would have sent in full (docs/web.md, Protocol).
//!
//! Paths are JSON Pointers (RFC 6901): `/seats/1/river/-` is the end of
//! seat 1's river (an `add` there appends); `~1` and `~0` stand for `/`
//! and `~` in a key.

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
    pub fn path(&self) -> &str {
        match self {
            Op::Add { path, .. } | Op::Remove { path } | Op::Replace { path, .. } => path,
        }
    }

    /// The same operation on a document that holds this one's at
    /// `prefix` (a JSON Pointer).
    ///
    /// ```
    /// use tenpai_web::patch::Op;
    /// let mut op = Op::Remove { path: "/3".into() };
    /// op.prefix("/seats/1/river");
    /// assert_eq!(op.path(), "/seats/1/river/3");
    /// ```
    pub fn prefix(&mut self, prefix: &str) {
        let (Op::Add { path, .. } | Op::Remove { path } | Op::Replace { path, .. }) = self;
        path.insert_str(0, prefix);
    }
}

/// Why a patch does not apply: the operation's path and what is wrong
/// there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("patch at {path:?}: {why}")]
pub struct PatchError {
    /// The operation's path.
    pub path: String,
    /// What is wrong there (no such key, an index out of range…).
    pub why: String,
}

/// The operations that turn `old` into `new`: objects compared key by
/// key, arrays element by element (elements added at the end or removed
/// from it), anything else replaced whole when it differs. Empty when the
/// two are equal.
///
/// ```
/// use serde_json::json;
/// use tenpai_web::patch::{apply, diff};
/// let old = json!({"tiles_left": 70, "river": ["1m"], "turn": 0});
/// let new = json!({"tiles_left": 69, "river": ["1m", "5z"], "asked": 1});
/// let patch = diff(&old, &new);
/// assert_eq!(serde_json::to_value(&patch)?, json!([
///     {"op": "remove", "path": "/turn"},
///     {"op": "add", "path": "/asked", "value": 1},
///     {"op": "add", "path": "/river/-", "value": "5z"},
///     {"op": "replace", "path": "/tiles_left", "value": 69},
/// ]));
/// let mut doc = old.clone();
/// apply(&mut doc, &patch)?;
/// assert_eq!(doc, new);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn diff(old: &Value, new: &Value) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_into(old, new, &mut path, &mut ops);
    ops
}

fn diff_into(old: &Value, new: &Value, path: &mut String, ops: &mut Vec<Op>) {
    match (old, new) {
        (Value::Object(a), Value::Object(b)) => {
            for k in a.keys().filter(|k| !b.contains_key(*k)) {
                ops.push(Op::Remove {
                    path: child(path, k),
                });
            }
            for (k, v) in b {
                match a.get(k) {
                    None => ops.push(Op::Add {
                        path: child(path, k),
                        value: v.clone(),
                    }),
                    Some(was) if was != v => {
                        let len = path.len();
                        push_token(path, k);
                        diff_into(was, v, path, ops);
                        path.truncate(len);
                    }
                    Some(_) => {}
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (was, v)) in a.iter().zip(b).enumerate() {
                if was != v {
                    let len = path.len();
                    push_token(path, &i.to_string());
                    diff_into(was, v, path, ops);
                    path.truncate(len);
                }
            }
            for v in b.iter().skip(a.len()) {
                ops.push(Op::Add {
                    path: child(path, "-"),
                    value: v.clone(),
                });
            }
            // From the end, so that each index is still there.
            for i in (b.len()..a.len()).rev() {
                ops.push(Op::Remove {
                    path: child(path, &i.to_string()),
                });
            }
        }
        _ if old != new => ops.push(Op::Replace {
            path: path.clone(),
            value: new.clone(),
        }),
        _ => {}
    }
}

/// `path` with the token `key` after it.
fn child(path: &str, key: &str) -> String {
    let mut p = path.to_string();
    push_token(&mut p, key);
    p
}

/// Appends `/key` to `path`, `~` and `/` escaped (RFC 6901 §3).
fn push_token(path: &mut String, key: &str) {
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Applies `ops` to `doc` in order.
///
/// # Errors
/// [`PatchError`] naming the first operation's path that does not apply
/// (a missing key or parent, an index out of range, a path that is not a
/// JSON Pointer); the operations before it have been applied.
///
/// ```
/// use serde_json::json;
/// use tenpai_web::patch::{apply, Op};
/// let mut doc = json!({"seats": [{"score": 25000}]});
/// let ops = [Op::Replace { path: "/seats/0/score".into(), value: json!(24000) }];
/// apply(&mut doc, &ops)?;
/// assert_eq!(doc, json!({"seats": [{"score": 24000}]}));
/// let wrong = [Op::Remove { path: "/seats/3".into() }];
/// let e = apply(&mut doc, &wrong).unwrap_err();
/// assert_eq!(e.to_string(), r#"patch at "/seats/3": index 3 of an array of 1"#);
/// # Ok::<(), tenpai_web::patch::PatchError>(())
/// ```
pub fn apply(doc: &mut Value, ops: &[Op]) -> Result<(), PatchError> {
    for op in ops {
        apply_one(doc, op)?;
    }
    Ok(())
}

fn apply_one(doc: &mut Value, op: &Op) -> Result<(), PatchError> {
    let path = op.path();
    let fail = |why: String| PatchError {
        path: path.to_string(),
        why,
    };
    if path.is_empty() {
        return match op {
            Op::Replace { value, .. } | Op::Add { value, .. } => {
                *doc = value.clone();
                Ok(())
            }
            Op::Remove { .. } => Err(fail("the whole document cannot be removed".into())),
        };
    }
    let Some(rest) = path.strip_prefix('/') else {
        return Err(fail("a JSON Pointer starts with /".into()));
    };
    let mut tokens: Vec<String> = rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect();
    let last = tokens.pop().unwrap_or_default();
    let mut parent = &mut *doc;
    for t in &tokens {
        parent = match parent {
            Value::Object(o) => o.get_mut(t).ok_or_else(|| fail(format!("no key {t:?}")))?,
            Value::Array(a) => {
                let n = a.len();
                let i = index(t, n).map_err(&fail)?;
                &mut a[i]
            }
            _ => {
                return Err(fail(format!(
                    "{t:?} is inside neither an object nor an array"
                )))
            }
        };
    }
    match (parent, op) {
        (Value::Object(o), Op::Add { value, .. }) => {
            o.insert(last, value.clone());
        }
        (Value::Object(o), Op::Replace { value, .. }) => match o.get_mut(&last) {
            Some(v) => *v = value.clone(),
            None => return Err(fail(format!("no key {last:?}"))),
        },
        (Value::Object(o), Op::Remove { .. }) => {
            if o.remove(&last).is_none() {
                return Err(fail(format!("no key {last:?}")));
            }
        }
        (Value::Array(a), Op::Add { value, .. }) => {
            let i = if last == "-" {
                a.len()
            } else {
                index(&last, a.len() + 1).map_err(&fail)?
            };
            a.insert(i, value.clone());
        }
        (Value::Array(a), Op::Replace { value, .. }) => {
            let i = index(&last, a.len()).map_err(&fail)?;
            a[i] = value.clone();
        }
        (Value::Array(a), Op::Remove { .. }) => {
            let i = index(&last, a.len()).map_err(&fail)?;
            a.remove(i);
        }
        _ => return Err(fail("the parent is neither an object nor an array".into())),
    }
    Ok(())
}

/// Token `t` as an index below `n`.
fn index(t: &str, n: usize) -> Result<usize, String> {
    match t.parse::<usize>() {
        Ok(i) if i < n => Ok(i),
        Ok(i) => Err(format!("index {i} of an array of {n}")),
        Err(_) => Err(format!("{t:?} is not an array's index")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `diff` then `apply` gives back `new`.
    fn round_trip(old: Value, new: Value) -> Vec<Op> {
        let ops = diff(&old, &new);
        let mut doc = old;
        apply(&mut doc, &ops).unwrap();
        assert_eq!(doc, new);
        ops
    }

    #[test]
    fn patch_ok_arrays_grow_shrink_and_change_in_place() {
        let ops = round_trip(json!({"a": [1, 2, 3, 4]}), json!({"a": [1, 9]}));
        let text = serde_json::to_string(&ops).unwrap();
        assert_eq!(
            text,
            r#"[{"op":"replace","path":"/a/1","value":9},{"op":"remove","path":"/a/3"},{"op":"remove","path":"/a/2"}]"#
        );
        round_trip(json!([]), json!([{"x": null}, 2]));
        round_trip(
            json!({"a": {"b": [1, {"c": 2}]}}),
            json!({"a": {"b": [1, {"c": 3, "d": 4}]}}),
        );
    }

    #[test]
    fn patch_ok_equal_documents_need_no_operation() {
        let v = json!({"seats": [{"hand": null, "river": ["1m"]}], "turn": 2});
        assert_eq!(diff(&v, &v.clone()), vec![]);
    }

    #[test]
    fn patch_ok_types_change_and_keys_are_escaped() {
        let ops = round_trip(
            json!({"a/b": 1, "c~": [1]}),
            json!({"a/b": [1], "c~": {"x": 1}}),
        );
        assert_eq!(
            ops,
            vec![
                Op::Replace {
                    path: "/a~1b".into(),
                    value: json!([1])
                },
                Op::Replace {
                    path: "/c~0".into(),
                    value: json!({"x": 1})
                },
            ]
        );
        assert_eq!(
            diff(&json!(1), &json!("1")),
            vec![Op::Replace {
                path: String::new(),
                value: json!("1")
            }]
        );
    }

    #[test]
    fn patch_err_names_the_path_that_does_not_apply() {
        let mut doc = json!({"a": [1]});
        let e = apply(
            &mut doc,
            &[Op::Replace {
                path: "/b".into(),
                value: json!(1),
            }],
        )
        .unwrap_err();
        assert_eq!(e.to_string(), r#"patch at "/b": no key "b""#);
        let e = apply(
            &mut doc,
            &[Op::Add {
                path: "/a/x".into(),
                value: json!(1),
            }],
        )
        .unwrap_err();
        assert_eq!(e.why, r#""x" is not an array's index"#);
        let e = apply(&mut doc, &[Op::Remove { path: "a".into() }]).unwrap_err();
        assert_eq!(e.why, "a JSON Pointer starts with /");
        let e = apply(
            &mut doc,
            &[Op::Remove {
                path: "/a/0/z".into(),
            }],
        )
        .unwrap_err();
        assert_eq!(e.why, "the parent is neither an object nor an array");
    }
}
