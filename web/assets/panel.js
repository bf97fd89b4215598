// The thinking panel: shanten, each discard's acceptance, and the Monte
// Carlo candidates (expected final rank ± 95 %, win and deal-in rates as
// bars), as the server sends them — live while the search runs.

import { t, tileName } from "./i18n.js";
import { tile, row, mpsz } from "./tiles.js";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function shantenText(n) {
  if (n === -1) return t("complete");
  if (n === 0) return t("tenpai");
  return t("shanten", { n });
}

const pct = (x) => (x === null || x === undefined ? "–" : `${Math.round(x * 100)}%`);

/** A label of a candidate or choice in words: `discard 5m` → "Discard 5 Man". */
export function actionWords(label) {
  const [kind, rest] = label.split(" ", 2);
  const key = { discard: "discard", riichi: "riichi", tsumo: "tsumo", ron: "ron", chi: "chi", pon: "pon",
    kan: "kan", ankan: "kan", kakan: "kan", pass: "pass", nine: "nine_terminals" }[kind] || kind;
  if (kind === "nine") return t("nine_terminals");
  if (!rest) return t(key);
  if (kind === "discard" || kind === "riichi") return `${t(key)} ${tileName(rest)}`;
  return `${t(key)} ${rest}`;
}

/** A bar from 0 to 1 with its text. */
function bar(cls, value, text, whisker) {
  const b = el("span", `hbar ${cls}`);
  const fill = el("span", "fill");
  fill.style.width = `${Math.max(0, Math.min(1, value)) * 100}%`;
  b.append(fill);
  if (whisker) {
    const w = el("span", "whisker");
    w.style.left = `${Math.max(0, whisker[0]) * 100}%`;
    w.style.width = `${Math.max(0, Math.min(1, whisker[1]) - Math.max(0, whisker[0])) * 100}%`;
    b.append(w);
  }
  b.append(el("span", "text", text));
  return b;
}

/** Rank 1 (best) to 4 as a bar length (1 = full). */
const rankBar = (r) => (4 - r) / 3;

/**
 * Draws `th` (the server's Thinking, or null) in `box`; `names` by seat.
 * Returns the bars for the hand's tiles (mpsz → {value, text, best}).
 */
export function drawPanel(box, th, names, choiceLabel) {
  box.replaceChildren();
  box.append(el("h2", null, t("thinking")));
  if (!th) return {};
  box.append(el("div", "who", `${names[th.seat] || ""} · ${t(`by_${th.by}`)}`));
  const what = th.recommended !== undefined && choiceLabel ? choiceLabel(th.recommended) : "";
  if (what) box.append(el("div", "recommended", t("recommended", { what })));
  if (th.shanten !== undefined) box.append(el("div", "shanten", `${t("hand")}: ${shantenText(th.shanten)}`));
  const accept = (a) => {
    const line = el("div", "accept");
    if (a.tiles.length) {
      line.append(row(a.tiles, { size: "xs" }));
      line.append(el("span", "n", ` ${a.count}`));
    } else line.append(el("span", "n", t("nothing_wins")));
    if (a.no_yaku.length) {
      const ny = el("span", "noyaku", ` ${t("no_yaku", { tiles: "" })}`);
      ny.append(row(a.no_yaku, { size: "xs", faded: true }));
      line.append(ny);
    }
    return line;
  };
  if (th.waits) {
    const w = el("div", "waits");
    w.append(accept(th.waits));
    box.append(w);
  }
  const bars = {};
  if (th.discards && th.discards.length) {
    box.append(el("h3", null, t("discards_best")));
    const tb = el("table", "discards");
    for (const d of th.discards.slice(0, 8)) {
      const tr = el("tr");
      const c1 = el("td");
      c1.append(tile(d.pai, { size: "xs" }));
      tr.append(c1, el("td", "sh", shantenText(d.shanten)));
      const c3 = el("td");
      c3.append(accept(d));
      tr.append(c3);
      tb.append(tr);
    }
    box.append(tb);
  }
  const s = th.search;
  if (s) {
    box.append(el("h3", null, s.trivial ? t("no_search") : (s.done ? t("mc", { n: s.samples.toLocaleString("en-US") }) : t("mc_running", { n: s.samples.toLocaleString("en-US") }))));
    if (!s.trivial) {
      const tb = el("table", "cands");
      const head = el("tr");
      for (const h of ["choice", "rank", "win", "deal_in"]) head.append(el("th", null, t(h)));
      tb.append(head);
      for (const c of s.candidates) {
        const tr = el("tr", c.choice === th.recommended ? "rec" : "");
        tr.append(el("td", "label", actionWords(c.label)));
        const rk = el("td");
        if (c.rank !== null) {
          const lo = rankBar(c.rank + (c.ci95 ?? 0)), hi = rankBar(c.rank - (c.ci95 ?? 0));
          rk.append(bar("rank", rankBar(c.rank), `${c.rank.toFixed(2)}±${c.ci95 === null ? "–" : c.ci95.toFixed(2)}`, [lo, hi]));
        } else rk.textContent = "–";
        const wn = el("td");
        wn.append(bar("win", c.win ?? 0, pct(c.win)));
        const di = el("td");
        di.append(bar("dealin", c.deal_in ?? 0, pct(c.deal_in)));
        tr.append(rk, wn, di);
        tb.append(tr);
        if (c.pai && c.rank !== null) {
          const m = mpsz(c.pai);
          const cur = bars[m];
          if (!cur || c.rank < cur.rank) bars[m] = { value: rankBar(c.rank), rank: c.rank, text: c.rank.toFixed(2), label: actionWords(c.label), best: c.choice === th.recommended };
        }
      }
      box.append(tb);
    }
  }
  return bars;
}
