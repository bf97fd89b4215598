//! Seat keys: the secret of a seat's (or a table's spectators') link. A key
//! is 128 random bits from the operating system's generator, written as 32
//! lowercase hex digits; a presented key is compared in constant time, so
//! the time an answer takes tells nothing of how much of a key was right.
//! The server keeps only each key's SHA-256 hash ([`KeyHash`]), on the
//! disk too: a table's file ([`super::saved`]) gives no seat away.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Bytes in a key (128 bits).
pub const KEY_BYTES: usize = 16;

/// A secret key.
#[derive(Clone, PartialEq, Eq)]
pub struct Key([u8; KEY_BYTES]);

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never printed: a key in a log line would be a seat given away.
        f.write_str("Key(…)")
    }
}

/// The operating system's random generator failed.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random generator failed: {0}")]
pub struct RandomError(String);

impl Key {
    /// A new key from the operating system's random generator.
    ///
    /// # Errors
    /// [`RandomError`] when the generator cannot be read.
    ///
    /// ```
    /// use tenpai_web::rooms::Key;
    /// let (a, b) = (Key::new()?, Key::new()?);
    /// assert_eq!(a.to_hex().len(), 32);
    /// assert_ne!(a.to_hex(), b.to_hex());
    /// # Ok::<(), tenpai_web::rooms::RandomError>(())
    /// ```
    pub fn new() -> Result<Key, RandomError> {
        let mut bytes = [0u8; KEY_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
        Ok(Key(bytes))
    }

    /// The key as 32 lowercase hex digits (the link's `key=`).
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The key `text` holds, when it is 32 hex digits.
    ///
    /// ```
    /// use tenpai_web::rooms::Key;
    /// let k = Key::new()?;
    /// assert!(Key::from_hex(&k.to_hex()).is_some_and(|p| k.matches(&p)));
    /// assert!(Key::from_hex("00ff").is_none());
    /// assert!(Key::from_hex(&"g".repeat(32)).is_none());
    /// # Ok::<(), tenpai_web::rooms::RandomError>(())
    /// ```
    pub fn from_hex(text: &str) -> Option<Key> {
        let mut out = [0u8; KEY_BYTES];
        hex_into(text, &mut out)?;
        Some(Key(out))
    }

    /// `presented` is this key, compared in constant time.
    pub fn matches(&self, presented: &Key) -> bool {
        self.0.ct_eq(&presented.0).into()
    }

    /// The key's SHA-256 hash: what the server keeps.
    ///
    /// ```
    /// use tenpai_web::rooms::Key;
    /// let (k, other) = (Key::new()?, Key::new()?);
    /// assert!(k.hash().matches(&k) && !k.hash().matches(&other));
    /// # Ok::<(), tenpai_web::rooms::RandomError>(())
    /// ```
    pub fn hash(&self) -> KeyHash {
        KeyHash(Sha256::digest(self.0).into())
    }
}

/// The SHA-256 hash of a [`Key`], written as 64 lowercase hex digits.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyHash([u8; 32]);

impl std::fmt::Debug for KeyHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyHash(…)")
    }
}

impl KeyHash {
    /// `presented` hashes to this, the hashes compared in constant time.
    pub fn matches(&self, presented: &Key) -> bool {
        self.0.ct_eq(&presented.hash().0).into()
    }

    /// The hash as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The hash `text` holds, when it is 64 hex digits.
    ///
    /// ```
    /// use tenpai_web::rooms::{Key, KeyHash};
    /// let h = Key::new()?.hash();
    /// assert_eq!(KeyHash::from_hex(&h.to_hex()), Some(h));
    /// assert_eq!(KeyHash::from_hex("00ff"), None);
    /// # Ok::<(), tenpai_web::rooms::RandomError>(())
    /// ```
    pub fn from_hex(text: &str) -> Option<KeyHash> {
        let mut out = [0u8; 32];
        hex_into(text, &mut out)?;
        Some(KeyHash(out))
    }
}

impl serde::Serialize for KeyHash {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> serde::Deserialize<'de> for KeyHash {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<KeyHash, D::Error> {
        let text = String::deserialize(d)?;
        KeyHash::from_hex(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("{text:?}: expected 64 hex digits")))
    }
}

/// Fills `out` with the bytes of `text`, when it is twice as many hex digits.
fn hex_into(text: &str, out: &mut [u8]) -> Option<()> {
    let b = text.as_bytes();
    if b.len() != 2 * out.len() {
        return None;
    }
    for (i, pair) in b.chunks(2).enumerate() {
        let hi = (pair[0] as char).to_digit(16)?;
        let lo = (pair[1] as char).to_digit(16)?;
        out[i] = (hi * 16 + lo) as u8;
    }
    Some(())
}
