//! Who may see a finished game's hands in the viewer and its reviews.
//!
//! A log kept from a table ([`Origin::Table`]) is shown only to the
//! connections of that table, and only what their role may see: the
//! person at a seat sees their own seat's view and reviews their own
//! seat (every hand when the other seats were all AI players); a spectator
//! sees every hand only when the table's creator allowed it
//! (`spectators_see_hands`); the watcher of four AI players sees them all.
//! A shared log (uploaded, or opened by `tenpai serve LOG`) is shown to
//! whoever asks.

use crate::logs::Origin;
use crate::table::Role;
use tenpai::game::SeatIndex;

/// The view of a kept log that a client of `role` at table `table` gets
/// when it asks for `seat` (`None`: every hand): the seat to show (`None`:
/// every hand), or why not.
///
/// # Errors
/// The reason, in English, when the log is another table's, when a seat
/// asks for another seat's hands at a table where other people played, or
/// when a spectator asks without the creator's leave.
///
/// ```
/// use tenpai_web::logs::Origin;
/// use tenpai_web::rooms::access::viewable;
/// use tenpai_web::table::Role;
/// use tenpai::game::SeatIndex;
/// let [s0, s1, _, _] = SeatIndex::ALL;
/// let origin = Origin::Table { table: 5, people: 2, spectators_see_hands: false };
/// assert_eq!(viewable(origin, 5, Role::Seat(s1), None), Ok(Some(s1)));
/// assert!(viewable(origin, 5, Role::Seat(s1), Some(s0)).is_err());
/// assert!(viewable(origin, 5, Role::Spectator, None).is_err());
/// assert!(viewable(origin, 6, Role::Seat(s1), Some(s1)).is_err());
/// assert_eq!(viewable(Origin::Shared, 6, Role::Spectator, None), Ok(None));
/// ```
pub fn viewable(
    origin: Origin,
    table: u64,
    role: Role,
    seat: Option<SeatIndex>,
) -> Result<Option<SeatIndex>, String> {
    let Origin::Table {
        table: of,
        people,
        spectators_see_hands,
    } = origin
    else {
        return Ok(seat);
    };
    if of != table {
        return Err("not a game of this table".into());
    }
    match role {
        Role::Watcher => Ok(seat),
        Role::Spectator if spectators_see_hands => Ok(seat),
        Role::Spectator => {
            Err("the table's creator did not let spectators see its finished games' hands".into())
        }
        Role::Seat(_) if people <= 1 => Ok(seat),
        Role::Seat(own) => match seat {
            None => Ok(Some(own)),
            Some(s) if s == own => Ok(Some(s)),
            Some(s) => Err(format!(
                "seat {s}: other people played this table; you see only your own seat ({own})"
            )),
        },
    }
}
