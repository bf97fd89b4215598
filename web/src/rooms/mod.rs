//! The server's tables: a registry of the tables it plays, each with a key
//! per person's seat and one for its spectators ([`Key`]), and the lobby's
//! requests to open one ([`NewTable`]).
//!
//! Holding a seat's link (its table and key) is playing that seat, from any
//! device, and coming back to it; holding the spectators' link is watching
//! every discard and call, never a concealed hand. The listing
//! ([`Listing`]) holds nothing secret: no key, no seed.
//!
//! The server's own table (`tenpai serve`'s options) has no key: the page
//! opened without a link plays its person's seat (or watches its four AI
//! players), as before there were tables.

pub mod access;
mod key;
mod request;
pub mod saved;

pub use key::{Key, KeyHash, RandomError, KEY_BYTES};
pub use request::{NewTable, RequestError, SeatKind};

use crate::protocol::SeatStatus;
use crate::table::{Role, TableHandle, TableSpec};
use serde::Serialize;
use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use tenpai::game::SeatIndex;

/// How long a lobby table's person's seat waits after they leave a
/// started game before an AI plays it, unless `tenpai serve --grace` says
/// otherwise.
pub const DEFAULT_GRACE: std::time::Duration = std::time::Duration::from_secs(20);

/// A table of the registry.
#[derive(Clone, Debug)]
pub struct Room {
    /// The table's id (in its links).
    pub id: u64,
    /// The way to its task.
    pub handle: TableHandle,
    /// What the listing shows of it.
    pub about: About,
    /// The hash of each person's seat's key.
    keys: [Option<KeyHash>; 4],
    /// The hash of the spectators' key.
    watch: KeyHash,
    /// The address that opened it (for [`crate::limits`]).
    creator: IpAddr,
}

/// The keys of a new table: one per person's seat, one for spectators.
#[derive(Clone, Debug)]
pub struct Keys {
    /// Each person's seat's key.
    pub seats: [Option<Key>; 4],
    /// The spectators' key.
    pub watch: Key,
}

impl Keys {
    /// Fresh keys for the people's seats of `spec` and its spectators.
    ///
    /// # Errors
    /// [`RandomError`] when the keys cannot be made.
    pub fn new(spec: &TableSpec) -> Result<Keys, RandomError> {
        let mut seats: [Option<Key>; 4] = Default::default();
        for s in spec.persons() {
            seats[s.index()] = Some(Key::new()?);
        }
        Ok(Keys {
            seats,
            watch: Key::new()?,
        })
    }

    /// The hash of each seat's key.
    pub fn seat_hashes(&self) -> [Option<KeyHash>; 4] {
        std::array::from_fn(|s| self.seats[s].as_ref().map(Key::hash))
    }

    /// The links of table `id`.
    pub fn links(&self, id: u64) -> Links {
        Links {
            id,
            seats: (0..4u8)
                .filter_map(|s| {
                    self.seats[s as usize].as_ref().map(|k| SeatLink {
                        seat: s,
                        link: link(id, k),
                    })
                })
                .collect(),
            watch: link(id, &self.watch),
        }
    }
}

/// What the lobby lists of a table besides where it stands.
#[derive(Clone, Debug, Serialize)]
pub struct About {
    /// The rule preset's name.
    pub rules: String,
    /// `east` or `south`.
    pub length: String,
    /// Each seat: `person`, `mc`, `baseline`, `random` or `cmd` (the
    /// command itself is not shown).
    pub players: [String; 4],
}

/// One table in the lobby's listing: nothing secret.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    /// The table's id.
    pub id: u64,
    /// The rule preset's name.
    pub rules: String,
    /// `east` or `south`.
    pub length: String,
    /// Each seat: its player and, for a person's, `open`, `here` or `away`.
    pub seats: Vec<ListedSeat>,
    /// The game has started.
    pub started: bool,
    /// The game is over.
    pub over: bool,
}

/// A seat in the listing.
#[derive(Clone, Debug, Serialize)]
pub struct ListedSeat {
    /// The seat, 0–3 (0 the first dealer).
    pub seat: u8,
    /// Who plays it: `person`, `mc`, `baseline`, `random` or `cmd`.
    pub player: String,
    /// Where its player stands.
    pub status: SeatStatus,
}

/// The links of a new table: one per person's seat, one for spectators.
#[derive(Clone, Debug, Serialize)]
pub struct Links {
    /// The table's id.
    pub id: u64,
    /// The person's seats and their links (`/?table=ID&key=KEY`).
    pub seats: Vec<SeatLink>,
    /// The spectators' link.
    pub watch: String,
}

/// A person's seat and its link.
#[derive(Clone, Debug, Serialize)]
pub struct SeatLink {
    /// The seat, 0–3.
    pub seat: u8,
    /// Its link (a path on this server).
    pub link: String,
}

/// The registry of tables; cloned handles share it.
#[derive(Clone, Debug, Default)]
pub struct Rooms {
    inner: Arc<Mutex<Registry>>,
}

#[derive(Debug, Default)]
struct Registry {
    tables: BTreeMap<u64, Room>,
    /// Ids given out (reserved or registered), the highest.
    last: u64,
}

/// The path of a link to table `id` with `key`.
pub fn link(id: u64, key: &Key) -> String {
    format!("/?table={id}&key={}", key.to_hex())
}

impl Rooms {
    /// A new table's id, never given before (nor the id of a table file
    /// found in the log directory: [`Rooms::insert`]).
    pub fn reserve(&self) -> u64 {
        let mut r = self.lock();
        r.last += 1;
        r.last
    }

    /// Registers the running table `id` (reserved, or a table resumed
    /// from its file) with the hashes of its seats' keys and of its
    /// spectators' key.
    pub fn insert(
        &self,
        id: u64,
        handle: TableHandle,
        about: About,
        keys: [Option<KeyHash>; 4],
        watch: KeyHash,
        creator: IpAddr,
    ) {
        let mut r = self.lock();
        r.last = r.last.max(id);
        let room = Room {
            id,
            handle,
            about,
            keys,
            watch,
            creator,
        };
        r.tables.insert(id, room);
    }

    /// No new table takes id `id` (a table file that could not be resumed).
    pub fn skip(&self, id: u64) {
        let mut r = self.lock();
        r.last = r.last.max(id);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Registry> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The table `id` and the role `key` gives there (a person's seat, or
    /// a spectator), when the key is one of the table's. Every key of the
    /// table is compared, each in constant time.
    pub fn enter(&self, id: u64, key: &str) -> Option<(TableHandle, Role)> {
        let presented = Key::from_hex(key)?;
        let rooms = self.lock();
        let room = rooms.tables.get(&id)?;
        let mut role = None;
        for (s, k) in room.keys.iter().enumerate() {
            if k.as_ref().is_some_and(|k| k.matches(&presented)) {
                role = Some(Role::Seat(SeatIndex::ALL[s]));
            }
        }
        if room.watch.matches(&presented) {
            role = Some(Role::Spectator);
        }
        role.map(|r| (room.handle.clone(), r))
    }

    /// Every table, in the order they were opened: nothing secret.
    pub fn list(&self) -> Vec<Listing> {
        let rooms = self.lock();
        rooms
            .tables
            .values()
            .map(|r| {
                let st = r.handle.status();
                Listing {
                    id: r.id,
                    rules: r.about.rules.clone(),
                    length: r.about.length.clone(),
                    seats: (0..4u8)
                        .map(|s| ListedSeat {
                            seat: s,
                            player: r.about.players[s as usize].clone(),
                            status: st.seats[s as usize],
                        })
                        .collect(),
                    started: st.started,
                    over: st.over,
                }
            })
            .collect()
    }

    /// Every table's handle, in the order they were opened.
    ///
    /// # Panics
    /// Never.
    ///
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use tenpai_web::rooms::{About, Keys, Rooms};
    /// use tenpai_web::{logs::Logs, table, Config};
    /// let rooms = Rooms::default();
    /// assert!(rooms.handles().is_empty());
    /// let spec = Config::new(tenpai::rules::Rules::tenhou(), 1).table;
    /// let keys = Keys::new(&spec)?;
    /// let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    /// let local = tokio::task::LocalSet::new();
    /// for _ in 0..2 {
    ///     let id = rooms.reserve();
    ///     let handle = local.block_on(&rt, async { table::spawn(id, spec.clone(), Logs::default()) })?;
    ///     let about = About {
    ///         rules: "tenhou".into(),
    ///         length: "south".into(),
    ///         players: ["person", "mc", "mc", "mc"].map(String::from),
    ///     };
    ///     let (seats, watch) = (keys.seat_hashes(), keys.watch.hash());
    ///     rooms.insert(id, handle, about, seats, watch, [127, 0, 0, 1].into());
    /// }
    /// let ids: Vec<u64> = rooms.handles().iter().map(|h| h.id()).collect();
    /// assert_eq!(ids, [1, 2]);
    /// # Ok(())
    /// # }
    /// ```
    pub fn handles(&self) -> Vec<TableHandle> {
        self.lock()
            .tables
            .values()
            .map(|r| r.handle.clone())
            .collect()
    }

    /// Tables whose game is not over: in all, and opened from `ip`.
    pub fn not_over(&self, ip: IpAddr) -> (usize, usize) {
        let rooms = self.lock();
        let open: Vec<&Room> = rooms
            .tables
            .values()
            .filter(|r| !r.handle.status().over)
            .collect();
        let by_ip = open.iter().filter(|r| r.creator == ip).count();
        (open.len(), by_ip)
    }

    /// Tables in the registry.
    pub fn len(&self) -> usize {
        self.lock().tables.len()
    }

    /// The registry is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
