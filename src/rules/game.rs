//! Game rule options: the `[game]` table of a rules file (`data/rules/*.toml`).
//!
//! Every key may be left out and then takes Tenhou's value.

use serde::{Deserialize, Serialize};

/// How long a game lasts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameLength {
    /// East round only (tonpuusen): 4 dealers at least.
    East,
    /// East and South rounds (hanchan): 8 dealers at least.
    #[default]
    South,
}

impl GameLength {
    /// Rounds of the game without dealer repeats or extension: 4 or 8.
    ///
    /// ```
    /// assert_eq!(tenpai::rules::GameLength::East.rounds(), 4);
    /// ```
    pub const fn rounds(self) -> usize {
        match self {
            GameLength::East => 4,
            GameLength::South => 8,
        }
    }
}

/// When the new dora indicator of an open kan (daiminkan or kakan) is turned.
/// A closed kan always turns it at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum KanDoraTiming {
    /// At once, before the replacement draw.
    Immediate,
    /// After the kan player's next discard (or at their next kan or win), as on
    /// Tenhou.
    #[default]
    AfterDiscard,
}

/// Who receives the honba in a multiple ron.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MultiRonHonba {
    /// Only the winner nearest the discarder's right, who also takes the riichi
    /// sticks (Tenhou).
    #[default]
    First,
    /// Every winner.
    Each,
}

/// The `[game]` table: how a game is played, as opposed to how a win is scored.
///
/// ```
/// use tenpai::rules::{GameLength, GameRules};
/// let g = GameRules::default();
/// assert_eq!((g.length, g.start_points, g.target_points), (GameLength::South, 25000, 30000));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GameRules {
    /// East-only or east-south.
    pub length: GameLength,
    /// Points each player starts with.
    pub start_points: i32,
    /// Points someone must reach by the end of the last round, or the game goes
    /// on into the next wind (West after South); also the return points of the
    /// final scores (oka = (target − start) × 4 to the winner).
    pub target_points: i32,
    /// Extend the game by a round (sudden death: it ends once someone reaches
    /// `target_points`) when nobody has reached it at the end.
    pub extension: bool,
    /// A player below zero points ends the game (exactly 0 plays on).
    pub bust_ends: bool,
    /// In the last round of the game, the dealer who wins or is tenpai at a draw
    /// and is then first ends the game (agari-yame / tenpai-yame, automatic on
    /// Tenhou).
    pub last_dealer_stop: bool,
    /// Riichi sticks still on the table when the game ends go to the first.
    pub leftover_sticks_to_first: bool,
    /// Uma added to the final scores by rank, in points (1st to 4th).
    pub uma: [i32; 4],
    /// Swap-calling (kuikae) is forbidden: after a chi or pon the player may not
    /// discard the called tile, nor the tile at the other end of a chi's sequence.
    pub kuikae_forbidden: bool,
    /// Several players may ron the same discard (double ron).
    pub multiple_ron: bool,
    /// Three players ronning the same discard is an abortive draw (sanchaho).
    pub triple_ron_abort: bool,
    /// Who gets the honba in a multiple ron.
    pub multiple_ron_honba: MultiRonHonba,
    /// Nine different terminals and honors in the first draw may abort the round.
    pub nine_terminals: bool,
    /// The same wind discarded by all four players on the first go-around with no
    /// call aborts the round.
    pub four_winds: bool,
    /// All four players in riichi aborts the round.
    pub four_riichi: bool,
    /// A fourth kan by more than one player aborts the round after its discard.
    pub four_kans: bool,
    /// Nagashi mangan: at an exhaustive draw, a player whose discards are all
    /// terminals and honors, none called, is paid a mangan tsumo.
    pub nagashi_mangan: bool,
    /// Thirteen orphans may rob a closed kan (Mahjong Soul; not Tenhou).
    pub kokushi_robs_closed_kan: bool,
    /// When an open kan's new dora indicator is turned.
    pub open_kan_dora: KanDoraTiming,
    /// Points needed to declare riichi (the stick costs 1,000).
    pub riichi_min_points: i32,
    /// Tiles that must be left in the live wall to declare riichi.
    pub riichi_min_wall: u8,
}

impl Default for GameRules {
    /// Tenhou's rules (east-south game).
    fn default() -> GameRules {
        GameRules {
            length: GameLength::South,
            start_points: 25000,
            target_points: 30000,
            extension: true,
            bust_ends: true,
            last_dealer_stop: true,
            leftover_sticks_to_first: true,
            uma: [20000, 10000, -10000, -20000],
            kuikae_forbidden: true,
            multiple_ron: true,
            triple_ron_abort: true,
            multiple_ron_honba: MultiRonHonba::First,
            nine_terminals: true,
            four_winds: true,
            four_riichi: true,
            four_kans: true,
            nagashi_mangan: true,
            kokushi_robs_closed_kan: false,
            open_kan_dora: KanDoraTiming::AfterDiscard,
            riichi_min_points: 1000,
            riichi_min_wall: 4,
        }
    }
}
