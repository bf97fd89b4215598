//! Readers of named arguments: `arg::honba::whole::<u32>` reads `honba` as
//! [`crate::convert::whole`] does and puts the argument's name in front of its error
//! (`honba: expected a whole number of 0 or more, got -1`), keeping the
//! exception's type, so that every refused argument names itself in the
//! message (Python only adds a note).

use crate::convert::Whole;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// `e` with `name: ` in front of its message, of the same type
/// (`ValueError` or `TypeError`; another exception is returned as it is).
pub fn named(py: Python<'_>, name: &str, e: PyErr) -> PyErr {
    let message = format!("{name}: {}", e.value(py));
    if e.is_instance_of::<PyTypeError>(py) {
        PyTypeError::new_err(message)
    } else if e.is_instance_of::<PyValueError>(py) {
        PyValueError::new_err(message)
    } else {
        e
    }
}

/// A text argument (a rules preset or file, a game length, a reward).
///
/// # Errors
/// `TypeError` naming the type given.
pub fn text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => {
            let kind = obj
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string());
            Err(PyTypeError::new_err(format!(
                "expected a str, got {} ({kind})",
                obj.str().map_or_else(|_| "?".into(), |t| t.to_string())
            )))
        }
    }
}

/// [`text`], or `None` for Python's `None`.
///
/// # Errors
/// As [`text`].
pub fn text_or_none(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if obj.is_none() {
        Ok(None)
    } else {
        text(obj).map(Some)
    }
}

/// Reads with `read`, naming the argument `name` in the error.
///
/// # Errors
/// `read`'s, named.
pub fn read<T>(
    obj: &Bound<'_, PyAny>,
    name: &str,
    read: impl FnOnce(&Bound<'_, PyAny>) -> PyResult<T>,
) -> PyResult<T> {
    read(obj).map_err(|e| named(obj.py(), name, e))
}

/// One module of readers per argument name.
macro_rules! names {
    ($($name:ident),* $(,)?) => {$(
        #[doc = concat!("Readers of the argument `", stringify!($name), "`.")]
        #[allow(dead_code)]
        pub mod $name {
            use super::*;

            /// A whole number ([`crate::convert::whole`]).
            pub fn whole<T: Whole>(obj: &Bound<'_, PyAny>) -> PyResult<T> {
                read(obj, stringify!($name), crate::convert::whole)
            }

            /// A whole number or `None` ([`crate::convert::whole_or_none`]).
            pub fn whole_or_none<T: Whole>(obj: &Bound<'_, PyAny>) -> PyResult<Option<T>> {
                read(obj, stringify!($name), crate::convert::whole_or_none)
            }

            /// `True` or `False` ([`crate::convert::flag`]).
            pub fn flag(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
                read(obj, stringify!($name), crate::convert::flag)
            }

            /// A text ([`super::text`]).
            pub fn text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
                read(obj, stringify!($name), super::text)
            }

            /// A text or `None` ([`super::text_or_none`]).
            pub fn text_or_none(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
                read(obj, stringify!($name), super::text_or_none)
            }
        }
    )*};
}

names! {
    seed, action, start, index, samples, think_ms, games, threads, n, i, honba, kyoutaku,
    sticks, mc_samples, rules, length, reward, tsumo, riichi, double_riichi, ippatsu, haitei,
    houtei, rinshan, chankan, tenhou, chiihou, renhou,
}
