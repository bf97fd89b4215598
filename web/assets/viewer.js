// The log viewer: a log kept by the server (uploaded, or a finished game)
// stepped through action by action or round by round, every hand open or
// one seat's view; with a review, the reviewed seat's decisions on a
// timeline (mistakes in red) and the AI's candidates as bars on the hand.

import { t, windName } from "./i18n.js";
import { mpsz, tile, row } from "./tiles.js";
import { drawBoard, drawHand } from "./table.js";
import { actionWords } from "./panel.js";

const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export class Viewer {
  constructor(send, names) {
    this.send = send;
    this.names = names;
    this.log = null;
    this.review = null;
    this.last = null;
    this.seat = null;
    $("v-prev").addEventListener("click", () => this.go(this.step() - 1));
    $("v-next").addEventListener("click", () => this.go(this.step() + 1));
    $("v-prev-round").addEventListener("click", () => this.round(-1));
    $("v-next-round").addEventListener("click", () => this.round(1));
    $("v-rounds").addEventListener("change", (e) => this.go(Number(e.target.value)));
    $("v-seat").addEventListener("change", (e) => {
      this.seat = e.target.value === "all" ? null : Number(e.target.value);
      this.go(this.step());
    });
    $("v-file").addEventListener("change", (e) => this.upload(e.target.files[0]));
    $("v-review-file").addEventListener("change", (e) => this.uploadReview(e.target.files[0]));
    this.redraw();
  }

  step() { return this.last ? this.last.step : 0; }

  /** Opens log `log` (with `review`, if given) at its first decision or its start. */
  open(log, review) {
    this.log = log;
    this.review = review || null;
    this.last = null;
    this.error("");
    const first = this.review && this.review.decisions.length ? this.review.decisions[0].event : 1;
    if (this.review && this.seat === null) this.bottom = this.review.seat;
    this.go(first);
  }

  go(step) {
    if (this.log === null) return;
    const msg = { type: "frame", log: this.log, step: Math.max(0, step) };
    if (this.seat !== null) msg.seat = this.seat;
    this.send(msg);
  }

  round(dir) {
    if (!this.last) return;
    const marks = this.last.rounds;
    const s = this.last.step;
    const cur = marks.findLastIndex((m) => m.step <= s);
    const target = dir > 0 ? cur + 1 : cur >= 0 && marks[cur].step < s ? cur : cur - 1;
    if (target >= 0 && target < marks.length) this.go(marks[target].step);
    else if (dir < 0) this.go(0);
  }

  key(e) {
    const map = { ArrowRight: () => this.go(this.step() + 1), ArrowLeft: () => this.go(this.step() - 1),
      ArrowDown: () => this.round(1), ArrowUp: () => this.round(-1) };
    if (map[e.key]) { map[e.key](); e.preventDefault(); }
  }

  error(text) { $("v-error").textContent = text; $("v-error").hidden = !text; }

  async upload(file) {
    if (!file) return;
    const body = await file.text();
    const r = await fetch(`/api/logs?name=${encodeURIComponent(file.name)}`, { method: "POST", body });
    const j = await r.json();
    $("v-file").value = "";
    if (!r.ok) { this.error(j.error); return; }
    this.open(j.log, null);
  }

  async uploadReview(file) {
    if (!file || this.log === null) return;
    const body = await file.text();
    const r = await fetch(`/api/logs/${this.log}/review`, { method: "POST", body });
    const j = await r.json();
    $("v-review-file").value = "";
    if (!r.ok) { this.error(j.error); return; }
    this.open(this.log, j.review);
  }

  /** A frame from the server. */
  frame(f) {
    if (f.log !== this.log) return;
    this.last = f;
    this.redraw();
  }

  decisionAt(step) {
    if (!this.review) return null;
    return this.review.decisions.find((d) => d.event === step) || null;
  }

  redraw() {
    const f = this.last;
    $("v-empty").hidden = !!f;
    $("v-body").hidden = !f;
    const seatSel = $("v-seat");
    const cur = seatSel.value;
    seatSel.replaceChildren(new Option(t("all_hands"), "all"));
    ["E", "S", "W", "N"].forEach((w, s) => seatSel.append(new Option(t("seat_view", { wind: windName(w) }) + ` (${s})`, String(s))));
    seatSel.value = cur || "all";
    if (!f) return;
    const names = f.names.length === 4 ? f.names : ["", "", "", ""];
    const tv = { ...f.view };
    if (this.seat === null && this.review) tv.bottom = this.review.seat;
    drawBoard($("vboard"), tv, names, {});
    const d = this.decisionAt(f.step);
    let bars = null;
    if (d) {
      bars = {};
      for (const c of d.candidates) {
        if (!c.pai || c.rank === null) continue;
        const m = mpsz(c.pai);
        const value = (4 - c.rank) / 3;
        if (!bars[m] || c.rank < bars[m].rank) bars[m] = { value, rank: c.rank, text: c.rank.toFixed(2), label: actionWords(c.action), best: c.action === d.best, played: c.action === d.played };
      }
    }
    drawHand($("vstrip"), tv, { bars });
    const sel = $("v-rounds");
    sel.replaceChildren(...f.rounds.map((r) => new Option(r.name, String(r.step))));
    const cur2 = f.rounds.findLastIndex((r) => r.step <= f.step);
    if (cur2 >= 0) sel.value = String(f.rounds[cur2].step);
    $("v-step").textContent = `${f.name} · ${t("step", { n: f.step, m: f.steps })}`;
    $("v-event").textContent = f.event ? JSON.stringify(f.event) : "";
    const warned = (f.warnings || []).map((w) => t("warning", { why: w })).join(" ");
    this.error(f.refused ? t("refused", { why: f.refused }) : warned);
    this.timeline(f);
    this.panel(d);
  }

  timeline(f) {
    const line = $("timeline");
    line.replaceChildren();
    const cursor = el("span", "cursor");
    cursor.style.left = `${(100 * f.step) / Math.max(1, f.steps)}%`;
    for (const r of f.rounds) {
      const m = el("span", "roundmark");
      m.style.left = `${(100 * r.step) / Math.max(1, f.steps)}%`;
      m.title = r.name;
      line.append(m);
    }
    if (this.review) {
      this.review.decisions.forEach((d) => {
        const m = el("button", "decision" + (d.mistake ? " mistake" : "") + (d.event === f.step ? " here" : ""));
        m.style.left = `${(100 * d.event) / Math.max(1, f.steps)}%`;
        m.title = `${d.round}: ${actionWords(d.played)}`;
        m.addEventListener("click", () => this.go(d.event));
        line.append(m);
      });
    }
    line.append(cursor);
  }

  panel(d) {
    const p = $("vpanel");
    p.replaceChildren(el("h2", null, t("timeline")));
    const r = this.review;
    if (!r) return;
    p.append(el("div", "summary", t("reviewed", { agreed: r.summary.agreed, n: r.summary.decisions, mistakes: r.summary.mistakes })));
    if (!d) return;
    p.append(el("h3", null, t("decision_at", { round: d.round })));
    p.append(el("div", "played", t("played", { what: actionWords(d.played) })));
    p.append(el("div", "best", t("best", { what: actionWords(d.best) })));
    p.append(el("div", d.mistake ? "mistake" : "agree", d.mistake ? t("mistake", { loss: (d.loss ?? 0).toFixed(3) }) : d.played === d.best ? t("agrees") : ""));
    const tb = el("table", "cands");
    const head = el("tr");
    for (const h of ["choice", "rank", "win", "deal_in"]) head.append(el("th", null, t(h)));
    tb.append(head);
    for (const c of d.candidates) {
      const tr = el("tr", (c.action === d.best ? "rec " : "") + (c.action === d.played ? "played" : ""));
      tr.append(el("td", "label", actionWords(c.action)));
      const rk = el("td");
      if (c.rank !== null) {
        const b = el("span", "hbar rank");
        const f = el("span", "fill");
        f.style.width = `${((4 - c.rank) / 3) * 100}%`;
        b.append(f, el("span", "text", `${c.rank.toFixed(2)}±${c.ci95 === null ? "–" : c.ci95.toFixed(2)}`));
        rk.append(b);
      }
      const pct = (x) => (x === null ? "–" : `${Math.round(x * 100)}%`);
      tr.append(rk, el("td", null, pct(c.win)), el("td", null, pct(c.deal_in)));
      tb.append(tr);
    }
    p.append(tb);
  }
}
