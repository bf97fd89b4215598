//! Checkers and parsers of option values, run by clap as the arguments are
//! read, so that a bad value is a usage error (exit status 2) naming the
//! option: tile lists, times, thread counts, players.

use std::time::Duration;
use tenpai::Tile;
use tenpai_web::table::TurnLimit;

/// Checks a tile list option (`--dora`, `--ura`) when the arguments are
/// read, so a list that is no tiles is a usage error (status 2).
///
/// # Errors
/// The tile parser's message, e.g. `no tile 9x`.
///
/// ```
/// use tenpai_cli::cmd::values::tile_list_text;
/// assert_eq!(tile_list_text("1m5z").as_deref(), Ok("1m5z"));
/// assert!(tile_list_text("9x").is_err());
/// ```
pub fn tile_list_text(text: &str) -> Result<String, String> {
    Tile::parse_list(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// Checks a one-tile option (`--win`) when the arguments are read.
///
/// # Errors
/// The tile parser's message, or how many tiles there are.
///
/// ```
/// use tenpai_cli::cmd::values::one_tile_text;
/// assert!(one_tile_text("5z").is_ok());
/// assert_eq!(one_tile_text("5z6z"), Err("expected one tile, e.g. 5z, got 2".to_string()));
/// ```
pub fn one_tile_text(text: &str) -> Result<String, String> {
    match Tile::parse_list(text).map_err(|e| e.to_string())?.len() {
        1 => Ok(text.to_string()),
        n => Err(format!("expected one tile, e.g. 5z, got {n}")),
    }
}

/// Checks a tile counts option (`--visible`: at most four of a kind) when
/// the arguments are read.
///
/// # Errors
/// The tile parser's message, or the kind held more than four times.
///
/// ```
/// use tenpai_cli::cmd::values::tile_counts_text;
/// assert!(tile_counts_text("1111m").is_ok());
/// assert!(tile_counts_text("11111m").is_err());
/// ```
pub fn tile_counts_text(text: &str) -> Result<String, String> {
    Tile::parse_counts(text)
        .map(|_| text.to_string())
        .map_err(|e| e.to_string())
}

/// An integer type a whole-number option reads ([`Whole`]'s parser).
pub trait WholeType: TryFrom<u64> + Clone + Send + Sync + 'static {
    /// The largest value of the type.
    const MAX: u64;
}

impl WholeType for u8 {
    const MAX: u64 = u8::MAX as u64;
}
impl WholeType for u16 {
    const MAX: u64 = u16::MAX as u64;
}
impl WholeType for u32 {
    const MAX: u64 = u32::MAX as u64;
}
impl WholeType for u64 {
    const MAX: u64 = u64::MAX;
}
impl WholeType for usize {
    const MAX: u64 = usize::MAX as u64;
}

/// The parser of a whole-number option (`--games`, `--samples`, `--port`,
/// …): a number from a least value to the type's largest (or a smaller
/// bound), refused in words naming the option, as a usage error (status 2):
/// `--games must be 1 or more, got 0`, `--left must be between 0 and 70,
/// got 71`. Never clap's range syntax (`1..=4294967295`).
pub struct Whole<T> {
    min: u64,
    max: u64,
    of: std::marker::PhantomData<fn() -> T>,
}

impl<T> Clone for Whole<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Whole<T> {}

impl<T: WholeType> Whole<T> {
    /// `min` or more, up to the type's largest value.
    ///
    /// ```
    /// use tenpai_cli::cmd::values::Whole;
    /// assert_eq!(Whole::<u16>::at_least(0).check("--port", "8080"), Ok(8080));
    /// ```
    pub const fn at_least(min: u64) -> Whole<T> {
        Whole::between(min, T::MAX)
    }

    /// From `min` to `max`, both included.
    ///
    /// ```
    /// use tenpai_cli::cmd::values::Whole;
    /// assert_eq!(Whole::<u8>::between(0, 70).check("--left", "70"), Ok(70));
    /// ```
    pub const fn between(min: u64, max: u64) -> Whole<T> {
        Whole {
            min,
            max,
            of: std::marker::PhantomData,
        }
    }

    /// Reads `text` for the option `name`.
    ///
    /// # Errors
    /// `NAME must be between MIN and MAX, got TEXT` (`NAME must be MIN or
    /// more` for a number too small when only the type bounds it above; `a
    /// whole number` for text that is not one), numbers with thousands
    /// separators.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// use tenpai_cli::cmd::values::Whole;
    /// assert_eq!(Whole::<u64>::at_least(1).check("--games", "12"), Ok(12));
    /// assert_eq!(
    ///     Whole::<u64>::at_least(1).check("--games", "0").unwrap_err(),
    ///     "--games must be 1 or more, got 0"
    /// );
    /// assert_eq!(
    ///     Whole::<u8>::between(0, 70).check("--left", "71").unwrap_err(),
    ///     "--left must be between 0 and 70, got 71"
    /// );
    /// ```
    pub fn check(&self, name: &str, text: &str) -> Result<T, String> {
        let text = text.trim();
        let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
        let number = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        let value = text.parse::<i128>().ok();
        let (min, max) = (i128::from(self.min), i128::from(self.max));
        let too_big = match value {
            Some(v) => v > max,
            None => number,
        };
        let refusal = || self.refusal(name, text, number, too_big || self.max < T::MAX);
        match value.filter(|v| (min..=max).contains(v)) {
            Some(v) => u64::try_from(v)
                .ok()
                .and_then(|v| T::try_from(v).ok())
                .ok_or_else(refusal),
            None => Err(refusal()),
        }
    }

    /// The refusal: `NAME must be [a whole number] RANGE, got TEXT`, the
    /// range `between MIN and MAX` when `bounded`, else `MIN or more`.
    fn refusal(&self, name: &str, text: &str, number: bool, bounded: bool) -> String {
        use crate::render::grouped;
        let range = if bounded {
            format!("between {} and {}", grouped(self.min), grouped(self.max))
        } else {
            format!("{} or more", grouped(self.min))
        };
        if number {
            format!("{name} must be {range}, got {text}")
        } else {
            format!("{name} must be a whole number {range}, got {text:?}")
        }
    }
}

/// The most threads a `--threads` option takes: the library's
/// [`tenpai::arena::MAX_THREADS`].
pub const MAX_THREADS: u64 = tenpai::arena::MAX_THREADS as u64;

/// The help of a `--threads` option: `text` with `RANGE` said from
/// [`MAX_THREADS`], so that the help cannot drift from the parser.
///
/// ```
/// use tenpai_cli::cmd::values::threads_help;
/// assert_eq!(threads_help("Threads, RANGE"), "Threads, 1 to 256");
/// ```
pub fn threads_help(text: &str) -> String {
    text.replace("RANGE", &format!("1 to {MAX_THREADS}"))
}

impl Whole<usize> {
    /// The range of every `--threads` option: 1 to [`MAX_THREADS`].
    ///
    /// ```
    /// use tenpai_cli::cmd::values::Whole;
    /// assert_eq!(Whole::threads().check("--threads", "256"), Ok(256));
    /// assert_eq!(
    ///     Whole::threads().check("--threads", "257").unwrap_err(),
    ///     "--threads must be between 1 and 256, got 257"
    /// );
    /// ```
    pub const fn threads() -> Whole<usize> {
        Whole::between(1, MAX_THREADS)
    }
}

impl<T: WholeType> clap::builder::TypedValueParser for Whole<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        read_option(cmd, arg, value, |name, text| self.check(name, text))
    }
}

/// The parser of a real-number option that is 0 or more (`learn --ridge`):
/// a finite number from 0 to a largest value, refused in words naming the
/// option, as a usage error (status 2): `--ridge must be a number between 0
/// and 1,000,000, got "nan"`.
#[derive(Clone, Copy, Debug)]
pub struct NonNegative {
    max: f64,
}

impl NonNegative {
    /// From 0 to `max` (a whole number, as the refusal writes it), both
    /// included.
    pub const fn at_most(max: f64) -> NonNegative {
        NonNegative { max }
    }

    /// Reads `text` for the option `name`.
    ///
    /// # Errors
    /// `NAME must be a number between 0 and MAX, got "TEXT"`: not a number,
    /// not finite (`nan`, `inf`), negative or above the largest value.
    ///
    /// ```
    /// use tenpai_cli::cmd::values::NonNegative;
    /// let ridge = NonNegative::at_most(1e6);
    /// assert_eq!(ridge.check("--ridge", "0.5"), Ok(0.5));
    /// assert_eq!(
    ///     ridge.check("--ridge", "nan").unwrap_err(),
    ///     "--ridge must be a number between 0 and 1,000,000, got \"nan\""
    /// );
    /// ```
    pub fn check(&self, name: &str, text: &str) -> Result<f64, String> {
        match text.trim().parse::<f64>() {
            Ok(x) if x.is_finite() && (0.0..=self.max).contains(&x) => Ok(x.abs()),
            _ => Err(format!(
                "{name} must be a number between 0 and {}, got {text:?}",
                crate::render::grouped(self.max as u64)
            )),
        }
    }
}

impl clap::builder::TypedValueParser for NonNegative {
    type Value = f64;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<f64, clap::Error> {
        read_option(cmd, arg, value, |name, text| self.check(name, text))
    }
}

/// Reads `value` of the option `arg` with `check` (given the option's name,
/// `--games`, and the text), its refusal a usage error of `cmd`.
fn read_option<T>(
    cmd: &clap::Command,
    arg: Option<&clap::Arg>,
    value: &std::ffi::OsStr,
    check: impl FnOnce(&str, &str) -> Result<T, String>,
) -> Result<T, clap::Error> {
    let name = match arg {
        Some(a) => match a.get_long() {
            Some(long) => format!("--{long}"),
            None => a.get_id().to_string(),
        },
        None => "the value".to_string(),
    };
    check(&name, &value.to_string_lossy()).map_err(|why| {
        cmd.clone()
            .error(clap::error::ErrorKind::ValueValidation, why)
    })
}

/// A thinking time (`--think`, `--bot-timeout`, …): a number with `ms` or
/// `s` (`50ms`, `1.5s`), more than zero and under an hour.
///
/// # Errors
/// Anything else, with the range.
///
/// ```
/// use std::time::Duration;
/// use tenpai_cli::cmd::values::parse_think;
/// assert_eq!(parse_think("1.5s"), Ok(Duration::from_millis(1500)));
/// assert!(parse_think("0s").is_err());
/// ```
pub fn parse_think(text: &str) -> Result<Duration, String> {
    match parse_time(text) {
        Some(t) if !t.is_zero() && t < HOUR => Ok(t),
        _ => Err(format!(
            "{text:?}: expected a time over 0 and under 1 hour, such as 50ms or 1s"
        )),
    }
}

/// A waiting time that may be zero (`serve --grace`): a number with `ms`
/// or `s` (`0s`, `500ms`, `20s`), at most an hour.
///
/// # Errors
/// Anything else, with the range.
///
/// ```
/// use std::time::Duration;
/// use tenpai_cli::cmd::values::parse_wait;
/// assert_eq!(parse_wait("0s"), Ok(Duration::ZERO));
/// assert_eq!(parse_wait("20s"), Ok(Duration::from_secs(20)));
/// assert!(parse_wait("2h").is_err());
/// ```
pub fn parse_wait(text: &str) -> Result<Duration, String> {
    match parse_time(text) {
        Some(t) if t <= HOUR => Ok(t),
        _ => Err(format!(
            "{text:?}: expected a time from 0s to 3600s, such as 500ms or 20s"
        )),
    }
}

const HOUR: Duration = Duration::from_secs(3600);

/// A turn time limit as Tenhou writes it (`serve --turn-limit`): the base
/// time of each decision and the bank of a game, in whole seconds, joined
/// by `+` (`5+10`); the base 0 to 300, the bank 0 to 3600 (`0+0`: no
/// limit), as [`TurnLimit::seconds`] checks them.
///
/// # Errors
/// Anything else, with the form and the ranges.
///
/// ```
/// use std::time::Duration;
/// use tenpai_cli::cmd::values::parse_turn_limit;
/// let t = parse_turn_limit("5+10").unwrap().0.unwrap();
/// assert_eq!((t.base(), t.bank()), (Duration::from_secs(5), Duration::from_secs(10)));
/// assert_eq!(parse_turn_limit("0+0").unwrap().0, None);
/// assert!(parse_turn_limit("5").is_err() && parse_turn_limit("5+4000").is_err());
/// ```
pub fn parse_turn_limit(text: &str) -> Result<TurnLimitFlag, String> {
    let bad = || {
        format!(
            "{text:?}: expected BASE+BANK in seconds, such as 5+10 (base 0 to {}, bank 0 to {}; \
             0+0: no limit)",
            TurnLimit::MAX_BASE_S,
            TurnLimit::MAX_BANK_S
        )
    };
    let (base, bank) = text.split_once('+').ok_or_else(bad)?;
    let base: u64 = base.trim().parse().map_err(|_| bad())?;
    let bank: u64 = bank.trim().parse().map_err(|_| bad())?;
    TurnLimit::seconds(base, bank)
        .map(TurnLimitFlag)
        .map_err(|_| bad())
}

/// What `--turn-limit` says: a limit, or none (`0+0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnLimitFlag(pub Option<TurnLimit>);

/// A non-negative number of milliseconds (`ms`) or seconds (`s`).
fn parse_time(text: &str) -> Option<Duration> {
    let (n, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else {
        (text.strip_suffix('s')?, 1.0)
    };
    let x: f64 = n.trim().parse().ok()?;
    (x.is_finite() && x >= 0.0 && x * scale <= 1e6).then(|| Duration::from_secs_f64(x * scale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_ok_in_range_and_err_in_words() {
        let games = Whole::<u64>::at_least(1);
        assert_eq!(games.check("--games", " 7 "), Ok(7));
        assert_eq!(games.check("--games", "+7"), Ok(7));
        assert_eq!(games.check("--games", &u64::MAX.to_string()), Ok(u64::MAX));
        for (text, message) in [
            ("0", "--games must be 1 or more, got 0"),
            ("-1", "--games must be 1 or more, got -1"),
            (
                "18446744073709551616",
                "--games must be between 1 and 18,446,744,073,709,551,615, got 18446744073709551616",
            ),
            (
                "99999999999999999999999999999999999999999",
                "--games must be between 1 and 18,446,744,073,709,551,615, \
                 got 99999999999999999999999999999999999999999",
            ),
            ("", "--games must be a whole number 1 or more, got \"\""),
            ("1e3", "--games must be a whole number 1 or more, got \"1e3\""),
        ] {
            assert_eq!(games.check("--games", text).unwrap_err(), message, "{text:?}");
        }
        let left = Whole::<u8>::between(0, 70);
        assert_eq!(left.check("--left", "70"), Ok(70));
        assert_eq!(
            left.check("--left", "-1").unwrap_err(),
            "--left must be between 0 and 70, got -1"
        );
        assert_eq!(
            left.check("--left", "x").unwrap_err(),
            "--left must be a whole number between 0 and 70, got \"x\""
        );
    }

    #[test]
    fn parse_think_and_parse_wait_ok_and_err_with_the_range() {
        assert_eq!(parse_think("50ms"), Ok(Duration::from_millis(50)));
        assert_eq!(parse_think("1.5s"), Ok(Duration::from_millis(1500)));
        for bad in ["fast", "0ms", "-1s", "50"] {
            assert!(
                parse_think(bad).unwrap_err().contains("expected a time"),
                "{bad}"
            );
        }
        assert_eq!(parse_wait("0ms"), Ok(Duration::ZERO));
        assert_eq!(parse_wait("3600s"), Ok(HOUR));
        for bad in ["3601s", "-1s", "20", "NaNs", "infs"] {
            assert_eq!(
                parse_wait(bad).unwrap_err(),
                format!("{bad:?}: expected a time from 0s to 3600s, such as 500ms or 20s")
            );
        }
        assert_eq!(
            parse_think("3600s").unwrap_err(),
            "\"3600s\": expected a time over 0 and under 1 hour, such as 50ms or 1s"
        );
    }
}
