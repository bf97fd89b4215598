// Draws a table view (the server's TableView: the library's view of the
// client's seat, tenpai::view::SeatView, with the bottom seat and the open
// decision) on the board and the hand strip. Drawing only: what may be
// played comes from the view's choices.

import { tile, row, mpsz } from "./tiles.js";
import { t, windName } from "./i18n.js";

const RIVER_ROW = 6;

/** The concealed tiles of `seat` ({tiles, drawn, furiten}) if the view shows them, else null. */
export function handOf(tv, seat) {
  return (tv && tv.seats[seat] && tv.seats[seat].hand) || null;
}

/** The legal actions the view offers (empty when the seat has no decision). */
export function actionsOf(tv) {
  return (tv && tv.choices && tv.choices.actions) || [];
}

/** The tile an action names: the discard, the added or closed kan's tile, or the claimable tile it takes. */
export function actionTile(a, tv) {
  if (a.pai) return a.pai;
  if (a.tile) return a.tile;
  if (["chi", "pon", "daiminkan", "ron"].includes(a.type) && tv && tv.claimable) return tv.claimable.pai;
  return null;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A meld as a row of tiles, the called tile sideways (a closed kan shows its ends face down). */
export function meldRow(m, size, seat) {
  const r = el("span", "meld");
  const tiles = [...m.tiles];
  if (m.type === "ankan") {
    tiles.forEach((p, i) => r.append(tile(p, { size, back: i === 0 || i === 3 })));
    return r;
  }
  // The called tile lies toward the seat it came from: left (the seat
  // before), middle (across) or right (the seat after).
  const rel = m.from === undefined ? 0 : (m.from - seat + 4) % 4;
  const calledAt = rel === 3 ? 0 : rel === 2 ? 1 : tiles.length - 1;
  const called = m.called;
  let rest = tiles.slice();
  if (called) {
    const i = rest.indexOf(called);
    if (i >= 0) rest.splice(i, 1);
  }
  const order = rest.slice();
  if (called) order.splice(Math.min(calledAt, order.length), 0, null);
  for (const p of order) {
    if (p === null) r.append(tile(called, { size, side: true }));
    else r.append(tile(p, { size }));
  }
  return r;
}

/** The river of one seat; the latest tile marked `last` when `slide`. */
function river(tiles, slide, lastOnOffer) {
  const r = el("div", "river");
  tiles.forEach((rt, i) => {
    if (i % RIVER_ROW === 0) r.append(el("div", "river-row"));
    const tl = tile(rt.pai, { size: "r", side: rt.riichi, faded: rt.called });
    if (rt.tsumogiri) tl.classList.add("tsumogiri");
    if (rt.called) tl.classList.add("called");
    const last = i === tiles.length - 1;
    if (last && slide) tl.classList.add("slide");
    if (last && lastOnOffer) tl.classList.add("offer");
    r.lastChild.append(tl);
  });
  return r;
}

/**
 * Draws `tv` on `board`. `names` by seat; `opts.slide`: the seat whose
 * last discard slides in; `opts.openHands`: draw the other seats' hands
 * face up when their views are present.
 */
export function drawBoard(board, tv, names, opts = {}) {
  board.replaceChildren();
  const v = tv;
  if (!v || !v.seats) return;
  for (let k = 0; k < 4; k++) {
    const seat = (tv.bottom + k) % 4;
    const s = v.seats[seat];
    const layer = el("div", `layer r${k}`);
    layer.dataset.seat = seat;
    const offer = v.claimable && v.claimable.seat === seat && !v.claimable.kan;
    layer.append(river(s.river, opts.slide === seat, offer));
    if (s.riichi && s.riichi.accepted) layer.append(el("div", "stick"));
    const info = el("div", "seatinfo" + (tv.turn === seat ? " active" : "") + (s.dealer ? " dealer" : ""));
    info.append(el("span", "wind", windName(s.wind)));
    info.append(el("span", "score", s.score.toLocaleString("en-US")));
    info.append(el("span", "name", names[seat] || ""));
    layer.append(info);
    if (k !== 0) {
      const far = el("div", "far");
      const own = s.hand;
      if (own) {
        far.append(row(own.tiles, { size: "s" }));
        if (own.drawn) {
          far.append(el("span", "gap"));
          far.append(tile(own.drawn, { size: "s" }));
        }
      } else {
        far.append(row(Array(s.hand_size).fill("?"), { size: "s", back: true }));
      }
      const melds = el("span", "melds");
      for (const m of s.melds) melds.append(meldRow(m, "s", seat));
      far.append(melds);
      layer.append(far);
    }
    board.append(layer);
  }
  const c = el("div", "center");
  c.append(el("div", "round", t("round", { wind: windName(v.round.round_wind), n: v.round.number })));
  c.append(el("div", "counts", `${t("honba", { n: v.round.honba })} · ${t("kyoutaku", { n: v.round.kyoutaku })}`));
  const dora = el("div", "dora");
  dora.append(el("span", "label", t("dora")));
  const ind = v.dora_indicators.slice();
  while (ind.length < 5) ind.push("?");
  ind.forEach((p, i) => dora.append(tile(p, { size: "xs", back: i >= v.dora_indicators.length })));
  c.append(dora);
  c.append(el("div", "left", t("tiles_left", { n: v.tiles_left })));
  board.append(c);
}

/**
 * Draws the bottom seat's hand and melds on `strip`. `opts.discard(index)`
 * is called with the tile's choice when a playable tile is clicked;
 * `opts.playable(pai, drawn)` says whether a tile may be clicked now;
 * `opts.bars` maps an mpsz tile to a bar (0–1) and a label.
 */
export function drawHand(strip, tv, opts = {}) {
  strip.replaceChildren();
  const seat = tv.bottom;
  const v = handOf(tv, seat);
  const common = tv.seats ? tv.seats[seat] : null;
  const hand = el("div", "hand");
  const tiles = [];
  if (v) {
    v.tiles.forEach((p) => tiles.push({ pai: p, drawn: false }));
    if (v.drawn) tiles.push({ pai: v.drawn, drawn: true });
  } else if (common) {
    for (let i = 0; i < common.hand_size; i++) tiles.push({ pai: "?", drawn: false });
  }
  tiles.forEach((x, i) => {
    const slot = el("span", "slot" + (x.drawn ? " drawn" : ""));
    const tl = tile(x.pai, { size: "l", back: x.pai === "?" });
    tl.dataset.index = i;
    const ok = opts.playable ? opts.playable(x.pai, x.drawn) : false;
    if (ok) {
      tl.classList.add("playable");
      tl.tabIndex = -1;
    } else if (opts.dimOthers) {
      tl.classList.add("dim");
    }
    if (opts.selected === i) tl.classList.add("selected");
    const bar = opts.bars && mpsz(x.pai) ? opts.bars[mpsz(x.pai)] : null;
    if (bar) {
      const b = el("span", "bar" + (bar.best ? " best" : "") + (bar.played ? " played" : ""));
      b.style.setProperty("--h", `${Math.round(bar.value * 100)}%`);
      b.title = bar.label;
      const lab = el("span", "barlabel", bar.text);
      slot.append(b, lab);
    }
    slot.append(tl);
    hand.append(slot);
  });
  strip.append(hand);
  const melds = el("div", "melds");
  if (common) for (const m of common.melds) melds.append(meldRow(m, "m", seat));
  strip.append(melds);
  return tiles;
}
