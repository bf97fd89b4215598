//! The best reading of a winning hand: every shape it can be read as
//! (thirteen orphans, seven pairs, each standard decomposition with each place
//! for the winning tile), each valued by [`super::evaluate::Context`]. The reading
//! that pays most wins; ties go to a yakuman, then to more han, then to more fu.

use super::decompose::for_each_standard;
use super::evaluate::{Candidate, Context, TILE0};
use super::situation::Situation;
use super::ScoreError;
use crate::agari::Mentsu;
use crate::rules::ScoringRules;
use crate::tile::{Tile, TileCounts, KINDS};

/// Finds the best reading of a validated situation.
///
/// # Errors
/// [`ScoreError::NotAgari`] when no reading exists, [`ScoreError::NoYaku`] when
/// none has a yaku.
pub(crate) fn best(s: &Situation, rules: &ScoringRules) -> Result<Candidate, ScoreError> {
    let ctx = Context::new(s, rules);
    let counts: &TileCounts = s.hand.concealed();
    let mut best: Option<Candidate> = None;
    let mut complete = false;
    let mut offer = |c: Option<Candidate>| {
        if let Some(c) = c {
            if best.as_ref().is_none_or(|b| c.key() > b.key()) {
                best = Some(c);
            }
        }
    };
    if s.hand.melds().is_empty() {
        if let Some(pair) = kokushi_pair(counts) {
            complete = true;
            offer(ctx.kokushi(pair));
        }
        if let Some(pairs) = chiitoitsu_pairs(counts) {
            complete = true;
            offer(ctx.chiitoitsu(pairs));
        }
    }
    let win = s.win_tile;
    for_each_standard(counts, &mut |pair, melds: &[Mentsu]| {
        complete = true;
        if pair == win {
            offer(ctx.standard(pair, melds, None));
        }
        for (j, m) in melds.iter().enumerate() {
            if j > 0 && melds[j - 1] == *m {
                continue; // the same meld again: the same reading
            }
            let holds = match *m {
                Mentsu::Triplet(t) => t == win,
                Mentsu::Sequence(t) => (t.index()..t.index() + 3).contains(&win.index()),
            };
            if holds {
                offer(ctx.standard(pair, melds, Some(j)));
            }
        }
    });
    match best {
        Some(b) => Ok(b),
        None if complete => Err(ScoreError::NoYaku),
        None => Err(ScoreError::NotAgari),
    }
}

/// The pair of a thirteen-orphans hand, if it is one.
fn kokushi_pair(c: &TileCounts) -> Option<Tile> {
    const YAOCHU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let mut pair = None;
    let mut n = 0;
    for i in YAOCHU {
        match c[i] {
            1 => {}
            2 if pair.is_none() => pair = Some(i),
            _ => return None,
        }
        n += c[i];
    }
    if n != 14 {
        return None;
    }
    pair.map(|i| Tile::new(i as u8).expect("below 34"))
}

/// The seven pairs of a chiitoitsu hand, if it is one (a quad is not two pairs).
fn chiitoitsu_pairs(c: &TileCounts) -> Option<[Tile; 7]> {
    let mut pairs = [TILE0; 7];
    let mut n = 0;
    for (i, &k) in c.iter().enumerate().take(KINDS) {
        match k {
            0 => {}
            2 if n < 7 => {
                pairs[n] = Tile::new(i as u8).expect("below 34");
                n += 1;
            }
            _ => return None,
        }
    }
    (n == 7).then_some(pairs)
}
