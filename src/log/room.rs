//! What a Tenhou log says about its room's rules, and Tenhou's names of the
//! yaku.

use crate::rules::{GameLength, Rules};

/// The rules of the room a log was played in.
///
/// ```
/// use tenpai::log::Room;
/// use tenpai::rules::GameLength;
/// // Tenhou's phoenix room, east-south, open tanyao, red fives (GO type 169).
/// let room = Room::from_go_type(169)?;
/// assert_eq!(room, Room { mahjong_soul: false, length: GameLength::South, open_tanyao: true, red_fives: [1, 1, 1] });
/// assert_eq!(room.rules().scoring.red_fives, [1, 1, 1]);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// A Mahjong Soul room (tenhou.net/6 logs converted from Mahjong Soul):
    /// its preset instead of Tenhou's.
    pub mahjong_soul: bool,
    /// East-only or east-south.
    pub length: GameLength,
    /// Open tanyao (kuitan) allowed.
    pub open_tanyao: bool,
    /// Red fives per suit (man, pin, sou).
    pub red_fives: [u8; 3],
}

/// Bits of Tenhou's room type (`<GO type=…>`), as Tenhou's own viewer reads
/// them.
mod go {
    /// No red fives.
    pub const NO_AKA: u32 = 0x0002;
    /// No open tanyao.
    pub const NO_KUI: u32 = 0x0004;
    /// East-south (else east-only).
    pub const NAN: u32 = 0x0008;
    /// Three players.
    pub const SANMA: u32 = 0x0010;
    /// Every bit Tenhou defines (room level, speed, dark, chips, …).
    pub const KNOWN: u32 = 0x0fff;
}

impl Room {
    /// The room of an mjlog `<GO type=…>`: bit 0x02 no red fives, 0x04 no open
    /// tanyao, 0x08 east-south, 0x10 three players (refused); the others name
    /// the lobby and speed (source: Tenhou's viewer script, `GT` flags).
    ///
    /// # Errors
    /// A three-player room, or bits Tenhou does not define.
    pub fn from_go_type(ty: u32) -> Result<Room, String> {
        if ty & go::SANMA != 0 {
            return Err(format!("type {ty} is a three-player room (not supported)"));
        }
        if ty & !go::KNOWN != 0 {
            return Err(format!(
                "type {ty} has bits Tenhou does not define ({:#x})",
                ty & !go::KNOWN
            ));
        }
        Ok(Room {
            mahjong_soul: false,
            length: if ty & go::NAN != 0 {
                GameLength::South
            } else {
                GameLength::East
            },
            open_tanyao: ty & go::NO_KUI == 0,
            red_fives: if ty & go::NO_AKA != 0 { [0; 3] } else { [1; 3] },
        })
    }

    /// The rules: Tenhou's preset (Mahjong Soul's for its rooms) with the
    /// room's length, open tanyao and red fives.
    ///
    /// # Panics
    /// Never.
    pub fn rules(&self) -> Rules {
        let mut r = if self.mahjong_soul {
            Rules::mahjongsoul()
        } else {
            Rules::tenhou()
        };
        r.game.length = self.length;
        r.scoring.open_tanyao = self.open_tanyao;
        r.scoring.red_fives = self.red_fives;
        r
    }
}

/// Tenhou's yaku by their id in mjlog (`yaku="id,han,…"`, `yakuman="id,…"`),
/// written as Tenhou writes them in both of its log formats (source: Tenhou's
/// viewer script, `YAKU`).
pub const TENHOU_YAKU: [&str; 55] = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
];
