//! The calls of an mjlog `<N who= m=>`: the bits of `m` as Tenhou packs them
//! (source: Tenhou's viewer script and the public decoders that follow it).
//!
//! - bits 0–1: where the tile came from, counted to the right of the caller
//!   (1 right, 2 across, 3 left; 0 = the caller: a closed kan);
//! - bit 2 set: chi. Bits 3–4, 5–6, 7–8: the copy (0–3) of each of the three
//!   tiles; bits 10–15: `t`, with `t / 3` the sequence (7 per suit, from 123)
//!   and `t % 3` which of its tiles was called;
//! - bit 3 set: pon; bit 4 set: added kan (kakan) on a pon. Bits 5–6: the
//!   copy left out of the pon (the added tile of a kakan); bits 9–15: `t`,
//!   with `t / 3` the tile kind and `t % 3` which of the pon's three tiles was
//!   called;
//! - bit 5 set alone: a three-player North (not supported);
//! - none of bits 2–5: a kan, open (daiminkan) or closed (ankan) by bits 0–1;
//!   bits 8–15: the tile id of the called tile.

/// A decoded call; tile ids 0–135 (kind = id / 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Meld {
    /// A chi: the called tile and the two from the hand.
    Chi { called: u32, hand: [u32; 2] },
    /// A pon from `from` (relative: 1 right, 2 across, 3 left).
    Pon {
        from: u8,
        called: u32,
        hand: [u32; 2],
    },
    /// An added kan: the added tile and the pon's three tiles.
    Kakan { added: u32, pon: [u32; 3] },
    /// An open kan from `from`.
    Daiminkan {
        from: u8,
        called: u32,
        hand: [u32; 3],
    },
    /// A closed kan.
    Ankan { tiles: [u32; 4] },
}

/// Decodes `m`.
///
/// # Errors
/// A message naming `m` when its bits fit no call of Tenhou's layout.
pub(super) fn decode(m: u32) -> Result<Meld, String> {
    let bad = |why: &str| format!("m=\"{m}\": {why}");
    if m > 0xffff {
        return Err(bad("unknown meld bits above bit 15"));
    }
    let from = (m & 3) as u8;
    if m & 0x4 != 0 {
        let t = m >> 10;
        if from != 3 || m & 0x200 != 0 || t >= 63 {
            return Err(bad("unknown meld bits for a chi"));
        }
        let seq = t / 3;
        let base = (seq / 7) * 9 + seq % 7;
        let ids: [u32; 3] =
            std::array::from_fn(|i| 4 * (base + i as u32) + ((m >> (3 + 2 * i)) & 3));
        let r = (t % 3) as usize;
        let hand = others(ids, r);
        return Ok(Meld::Chi {
            called: ids[r],
            hand,
        });
    }
    if m & 0x18 != 0 {
        let t = m >> 9;
        if from == 0 || m & 0x18 == 0x18 || m & 0x180 != 0 || t >= 102 {
            return Err(bad("unknown meld bits for a pon or added kan"));
        }
        let (kind, r, left_out) = (t / 3, (t % 3) as usize, (m >> 5) & 3);
        let mut pon = [0u32; 3];
        for (slot, copy) in pon.iter_mut().zip((0..4).filter(|&c| c != left_out)) {
            *slot = 4 * kind + copy;
        }
        if m & 0x10 != 0 {
            return Ok(Meld::Kakan {
                added: 4 * kind + left_out,
                pon,
            });
        }
        let hand = others(pon, r);
        return Ok(Meld::Pon {
            from,
            called: pon[r],
            hand,
        });
    }
    if m & 0x20 != 0 {
        return Err(bad("a three-player North (nuki) is not supported"));
    }
    if m & 0xc0 != 0 {
        return Err(bad("unknown meld bits for a kan"));
    }
    let id = m >> 8;
    if id >= 136 {
        return Err(bad(&format!("kan of tile {id} (expected 0 to 135)")));
    }
    let kind = id / 4;
    let tiles: [u32; 4] = std::array::from_fn(|c| 4 * kind + c as u32);
    if from == 0 {
        return Ok(Meld::Ankan { tiles });
    }
    // `id` is one of the kind's four copies, so three others are left.
    let mut others = tiles.iter().copied().filter(|&t| t != id);
    let hand = std::array::from_fn(|_| {
        others
            .next()
            .expect("a kind has four copies, the called one among them")
    });
    Ok(Meld::Daiminkan {
        from,
        called: id,
        hand,
    })
}

/// The two tiles of three but the one at `called`.
fn others(ids: [u32; 3], called: usize) -> [u32; 2] {
    match called {
        0 => [ids[1], ids[2]],
        1 => [ids[0], ids[2]],
        _ => [ids[0], ids[1]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_ok_pon_of_north_from_the_right() {
        // From a shared log: seat 3 pons the North seat 0 discarded (id 120).
        assert_eq!(
            decode(46185),
            Ok(Meld::Pon {
                from: 1,
                called: 120,
                hand: [121, 122]
            })
        );
    }

    #[test]
    fn decode_ok_chi_kans() {
        // Chi on 2m (sequence 1 = 234m, its first tile called, copies 0, 1, 2).
        let m = (3 << 10) | (1 << 5) | (2 << 7) | 0x4 | 3;
        assert_eq!(
            decode(m),
            Ok(Meld::Chi {
                called: 4,
                hand: [9, 14]
            })
        );
        // Closed kan of the kind of id 98 (7s).
        assert_eq!(
            decode(98 << 8),
            Ok(Meld::Ankan {
                tiles: [96, 97, 98, 99]
            })
        );
        // Open kan of id 59 from across.
        assert_eq!(
            decode((59 << 8) | 2),
            Ok(Meld::Daiminkan {
                from: 2,
                called: 59,
                hand: [56, 57, 58]
            })
        );
        // Added kan: kind 10, the pon's second tile called, copy 3 added.
        let m = ((10 * 3 + 1) << 9) | (3 << 5) | 0x10 | 1;
        assert_eq!(
            decode(m),
            Ok(Meld::Kakan {
                added: 43,
                pon: [40, 41, 42]
            })
        );
    }

    #[test]
    fn decode_err_bits_named() {
        assert_eq!(
            decode(0x10000).unwrap_err(),
            "m=\"65536\": unknown meld bits above bit 15"
        );
        assert_eq!(
            decode(0x4 | 1).unwrap_err(),
            "m=\"5\": unknown meld bits for a chi"
        );
        assert_eq!(
            decode(0x18 | 1).unwrap_err(),
            "m=\"25\": unknown meld bits for a pon or added kan"
        );
        assert_eq!(
            decode(0x20).unwrap_err(),
            "m=\"32\": a three-player North (nuki) is not supported"
        );
        assert_eq!(
            decode(0x40).unwrap_err(),
            "m=\"64\": unknown meld bits for a kan"
        );
        assert_eq!(
            decode(136 << 8).unwrap_err(),
            "m=\"34816\": kan of tile 136 (expected 0 to 135)"
        );
    }
}
