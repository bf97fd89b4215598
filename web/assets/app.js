// The page: one WebSocket to the server, the table drawn from each message,
// intents sent back (the server checks them), keyboard like `tenpai play`,
// round-end and game-end dialogs, the thinking panel, and the viewer.

import { t, setLanguage, language, translatePage, yakuName, limitName, windName } from "./i18n.js";
import { tile, row, mpsz } from "./tiles.js";
import { drawBoard, drawHand, handOf, actionsOf, actionTile, meldRow } from "./table.js";
import { drawPanel, actionWords } from "./panel.js";
import { Viewer } from "./viewer.js";
import { showClock } from "./clock.js";
import { applyPatch } from "./patch.js";

const $ = (id) => document.getElementById(id);
const S = {
  ws: null, seat: null, names: ["", "", "", ""], tv: null, thinking: null,
  panelOn: localStorage.getItem("tenpai.panel") !== "off", selected: null, riichi: false,
  queue: [], paused: false, ended: null, slide: null, watching: false, sentFor: null,
};
window.tenpai = S; // for the browser test and the curious

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

const pending = [];
export function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
  else pending.push(msg);
}

const viewer = new Viewer(send, () => S.names);

function connect() {
  // A table's link (`?table=ID&key=KEY`) is passed on: it names the seat.
  const link = new URLSearchParams(location.search);
  const query = link.has("table") ? `?table=${encodeURIComponent(link.get("table"))}&key=${encodeURIComponent(link.get("key") || "")}` : "";
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${query}`);
  S.ws = ws;
  ws.onopen = () => {
    status("");
    send({ type: "panel", on: S.panelOn });
    // The table after each event as a patch of the view before (the
    // next table message still comes in full).
    send({ type: "patches", on: true });
    while (pending.length) send(pending.shift());
  };
  // Each message stamped with its arrival: a clock counts from when it
  // came, not from when a queued message is drawn (after a result dialog).
  // The updates a table made at once come as one message: each queued
  // as if it had come alone, in order.
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data), at = performance.now();
    for (const one of m.type === "updates" ? m.updates : [m]) { one.at = at; S.queue.push(one); }
    pump();
  };
  ws.onclose = (e) => {
    // A newer connection took this seat (the link opened in another tab
    // or device: docs/web-protocol.md): that one plays, this page stops.
    // Its choices go, and its turn line says so.
    if (e.code === 4001) {
      S.replaced = true;
      showClock($("clock"), null);
      status(t("replaced"));
      render();
      return;
    }
    status(t("connection_lost"));
    setTimeout(connect, 1000);
  };
}

function status(text) { $("status").textContent = text; }

function pump() {
  while (!S.paused && S.queue.length) handle(S.queue.shift());
}

function handle(m) {
  switch (m.type) {
    case "welcome":
      S.seat = m.seat ?? null;
      S.watching = m.seat === undefined;
      S.spectator = !!m.spectator;
      S.names = m.names.map((n, i) => (i === S.seat ? t("you") : n));
      S.ended = null;
      closeDialog();
      break;
    case "update":
      // The view before, patched: the view the server would have sent.
      handle({ type: "table", event: m.event, view: applyPatch(structuredClone(S.tv), m.patch), at: m.at });
      break;
    case "table": {
      S.tv = m.view;
      S.slide = m.event && m.event.type === "dahai" ? m.event.actor : null;
      if (m.view.decision !== S.sentFor) S.sentFor = null;
      // The turn time limit: restarted by each decision, hidden without one.
      if (m.view.decision && m.view.decision !== S.sentFor) showClock($("clock"), m.view.clock || null, m.at);
      else if (!m.view.decision) showClock($("clock"), null);
      if (!m.view.decision) { S.riichi = false; S.selected = null; }
      if (m.event && m.event.type === "start_kyoku") S.thinking = null;
      render();
      if (m.event && m.event.type === "end_kyoku" && m.view.result) {
        S.paused = true;
        showRoundEnd(m.view.result);
      }
      break;
    }
    case "seats":
      S.seats = m;
      render();
      break;
    case "thinking":
      S.thinking = m;
      renderPanel();
      break;
    case "game_end":
      S.ended = m;
      showGameEnd(m);
      break;
    case "review_progress":
      progress(m.done, m.total);
      break;
    case "review":
      closeDialog();
      showTab("viewer");
      viewer.open(m.log, m.review);
      break;
    case "frame":
      viewer.frame(m);
      break;
    case "notice":
      toast(t(m.kind === "timed_out" && m.seat === S.seat ? "notice_timed_out_you" : "notice_" + m.kind,
        { name: S.names[m.seat], secs: Math.round((m.grace_ms || 0) / 100) / 10 }));
      break;
    case "error":
      toast(t("error", { why: m.message }));
      break;
    case "closing":
      // The server stops: said until the page is reloaded.
      toast(t("closing"), { stay: true });
      break;
  }
}

function toast(text, { stay = false } = {}) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  if (!stay) toast.timer = setTimeout(() => (box.hidden = true), 5000);
}

// ---- the table ---------------------------------------------------------

function myHand() { return S.tv ? handOf(S.tv, S.tv.bottom) : null; }
function choices() {
  return S.tv && S.tv.decision && S.sentFor !== S.tv.decision && !S.replaced ? actionsOf(S.tv) : [];
}

function act(i) {
  if (!S.tv || !S.tv.decision || S.sentFor === S.tv.decision || S.replaced) return;
  S.sentFor = S.tv.decision;
  send({ type: "act", decision: S.tv.decision, choice: i });
  showClock($("clock"), null);
  S.riichi = false;
  S.selected = null;
  closeChooser();
  render();
}

/** The choice that discards this tile (riichi mode: declares riichi with it). */
function discardChoice(pai, drawn) {
  const kind = S.riichi ? "riichi" : "discard";
  const cs = choices();
  let i = cs.findIndex((c) => c.type === kind && c.pai === pai && !!c.tsumogiri === drawn);
  if (i < 0) i = cs.findIndex((c) => c.type === kind && c.pai === pai);
  return i;
}

function handTiles() {
  const v = myHand();
  if (!v) return [];
  const out = v.tiles.map((p) => ({ pai: p, drawn: false }));
  if (v.drawn) out.push({ pai: v.drawn, drawn: true });
  return out;
}

function render() {
  if (!S.tv) return;
  const names = S.names;
  drawBoard($("board"), S.tv, names, { slide: S.slide });
  const bars = S.panelOn && S.thinking && S.tv.decision === S.thinking.decision ? S.panelBars : null;
  const tiles = drawHand($("strip"), S.tv, {
    playable: (pai, drawn) => discardChoice(pai, drawn) >= 0,
    dimOthers: S.riichi,
    selected: S.selected,
    bars,
  });
  $("strip").querySelectorAll(".tile.playable").forEach((tl) => {
    const i = Number(tl.dataset.index);
    tl.addEventListener("pointerup", (e) => {
      // A touch selects first, a second touch discards; a mouse discards at once.
      if (e.pointerType === "touch" && S.selected !== i) { S.selected = i; render(); return; }
      const x = tiles[i];
      act(discardChoice(x.pai, x.drawn));
    });
    tl.addEventListener("mouseenter", () => { S.selected = i; markSelected(); });
  });
  drawActions();
  let st = "";
  if (S.spectator) st = t("spectating");
  else if (S.watching) st = t("watching");
  else if (S.replaced) st = t("replaced_short");
  else if (S.tv.decision && S.sentFor !== S.tv.decision) st = S.riichi ? t("riichi_pick") : t("your_turn");
  else if (S.tv.turn !== null && S.tv.turn !== undefined) st = t("turn", { name: S.names[S.tv.turn] });
  if (!S.watching && !S.ended && myHand()?.furiten) st = st ? `${st} · ${t("furiten")}` : t("furiten");
  if (S.seats) {
    const seatsIn = (status) => S.seats.seats.map((x, i) => (x === status ? S.names[i] : null)).filter((x) => x !== null);
    const open = seatsIn("open"), away = seatsIn("away"), covered = seatsIn("covered");
    if (open.length) st = t("waiting_people", { names: open.join(", ") });
    else if (away.length) st = `${st ? st + " · " : ""}${t("away", { names: away.join(", ") })}`;
    if (!open.length && covered.length) st = `${st ? st + " · " : ""}${t("covered", { names: covered.join(", ") })}`;
  }
  $("turn").textContent = st;
  renderPanel();
}

function markSelected() {
  $("strip").querySelectorAll(".tile").forEach((tl) => tl.classList.toggle("selected", Number(tl.dataset.index) === S.selected));
}

const GROUPS = [
  ["riichi", ["riichi"]], ["tsumo", ["tsumo"]], ["ron", ["ron"]], ["chi", ["chi"]], ["pon", ["pon"]],
  ["kan", ["daiminkan", "ankan", "kakan"]], ["nine_terminals", ["nine_terminals"]], ["pass", ["pass"]],
];

function drawActions() {
  const box = $("actions");
  box.replaceChildren();
  const cs = choices();
  for (const [name, kinds] of GROUPS) {
    const idx = cs.map((c, i) => [c, i]).filter(([c]) => kinds.includes(c.type)).map(([, i]) => i);
    if (!idx.length) continue;
    const b = el("button", `act ${name}` + (name === "riichi" && S.riichi ? " on" : ""), name === "riichi" && S.riichi ? t("cancel") : t(name));
    b.dataset.action = name;
    b.addEventListener("click", () => group(name, idx));
    box.append(b);
  }
}

function group(name, idx) {
  if (name === "riichi") { S.riichi = !S.riichi; render(); return; }
  if (idx.length === 1) { act(idx[0]); return; }
  openChooser(idx);
}

function openChooser(idx) {
  const box = $("chooser");
  box.replaceChildren(el("div", "title", t("choose")));
  const cs = choices();
  for (const i of idx) {
    const c = cs[i];
    const b = el("button", "option");
    b.dataset.choice = i;
    const p = actionTile(c, S.tv);
    const tiles = c.type === "ankan" ? [p, p, p, p] : c.consumed?.length ? c.consumed : [p];
    b.append(row(tiles, { size: "m" }));
    if ((c.type === "chi" || c.type === "pon" || c.type === "daiminkan") && p) b.append(tile(p, { size: "m", side: true }));
    b.addEventListener("click", () => act(i));
    box.append(b);
  }
  const cancel = el("button", "cancel", t("cancel"));
  cancel.addEventListener("click", closeChooser);
  box.append(cancel);
  box.hidden = false;
}

function closeChooser() { $("chooser").hidden = true; }

function choiceLabel(i) {
  const c = actionsOf(S.tv)[i];
  if (!c) return "";
  if (c.type === "discard" || c.type === "riichi") return actionWords(`${c.type} ${mpsz(c.pai)}`);
  if (c.consumed?.length) return `${t(c.type)} ${c.consumed.map(mpsz).join(" ")}`;
  return t(c.type);
}

function renderPanel() {
  const p = $("panel");
  p.hidden = !S.panelOn;
  if (!S.panelOn) return;
  const th = S.thinking;
  const fresh0 = th && S.tv && S.tv.decision === th.decision;
  const label = S.watching || !fresh0 ? null : choiceLabel;
  const bars = drawPanel(p, th, S.names, label);
  const fresh = th && S.tv && S.tv.decision === th.decision;
  const changed = JSON.stringify(bars) !== JSON.stringify(S.panelBars || {});
  S.panelBars = bars;
  if (fresh && changed) {
    const tiles = handTiles();
    drawHand($("strip"), S.tv, {
      playable: (pai, drawn) => discardChoice(pai, drawn) >= 0,
      dimOthers: S.riichi, selected: S.selected, bars,
    });
    $("strip").querySelectorAll(".tile.playable").forEach((tl) => {
      const i = Number(tl.dataset.index);
      tl.addEventListener("pointerup", () => act(discardChoice(tiles[i].pai, tiles[i].drawn)));
    });
  }
  p.append(el("div", "keys", t("keys")));
}

// ---- dialogs -------------------------------------------------------------

function openDialog(box) {
  $("dialog-box").replaceChildren(...box);
  $("dialog").hidden = false;
}
function closeDialog() { $("dialog").hidden = true; }

function signed(n) { return (n > 0 ? "+" : "") + n.toLocaleString("en-US"); }

function showRoundEnd(r) {
  // r: the library's round result (tenpai::view::RoundResult).
  const parts = [];
  parts.push(el("h2", null, t("round_end")));
  const ura = [];
  for (const w of r.kind === "wins" ? r.wins : []) {
    const sec = el("section", "win");
    const how = w.tsumo ? t("tsumo_win") : t("ron_from", { name: S.names[w.from] });
    sec.append(el("h3", null, `${t("win_by", { name: S.names[w.seat] })} — ${how}`));
    const shown = r.shown.find((h) => h.seat === w.seat);
    if (shown) sec.append(shownHand(shown));
    const sc = w.score;
    if (sc) {
      const yl = el("ul", "yaku");
      for (const y of sc.yaku) yl.append(el("li", null, `${yakuName(y.yaku)} — ${t("han", { han: y.han })}`));
      sec.append(yl);
    }
    const value = !sc ? "" : sc.yakuman ? (sc.limit ? limitName(sc.limit) : t("yakuman")) : `${sc.fu ? t("han_fu", { han: sc.han, fu: sc.fu }) : t("han", { han: sc.han })}${sc.limit ? " " + limitName(sc.limit) : ""}`;
    if (sc) sec.append(el("div", "value", `${value} · ${t("points_n", { n: sc.points.toLocaleString("en-US") })}`));
    parts.push(sec);
    ura.push(...w.ura_indicators.filter((p) => !ura.includes(p)));
  }
  if (r.kind === "draw") {
    parts.push(el("h3", null, t(`draw_${r.reason}`)));
    if (!r.abortive) {
      for (let s = 0; s < 4; s++) {
        const line = el("div", "tenpai-line", `${S.names[s]}: ${r.nagashi[s] ? t("nagashi") : r.tenpai[s] ? t("ready") : t("not_ready")}`);
        const shown = r.shown.find((h) => h.seat === s);
        if (shown) line.append(shownHand(shown));
        parts.push(line);
      }
    }
  }
  if (S.tv) {
    const d = el("div", "indicators");
    d.append(el("span", null, t("dora") + " "), row(S.tv.dora_indicators, { size: "s" }));
    if (ura.length) d.append(el("span", null, " " + t("ura") + " "), row(ura, { size: "s" }));
    parts.push(d);
  }
  const tb = el("table", "deltas");
  for (let s = 0; s < 4; s++) {
    // The round's change: the result's payments and the riichi stick put down.
    const change = r.deltas[s] + r.riichi_deposits[s];
    const tr = el("tr");
    tr.append(el("td", null, S.names[s]), el("td", "delta " + (change > 0 ? "up" : change < 0 ? "down" : ""), signed(change)), el("td", null, r.scores[s].toLocaleString("en-US")));
    tb.append(tr);
  }
  parts.push(tb);
  const ok = el("button", "ok", t("ok"));
  ok.id = "round-ok";
  ok.addEventListener("click", () => { closeDialog(); S.paused = false; pump(); });
  parts.push(ok);
  openDialog(parts);
  if (S.watching) setTimeout(() => { if (S.paused) ok.click(); }, 5000);
}

function shownHand(h) {
  const d = el("div", "shown");
  d.append(row(h.tiles, { size: "m" }));
  for (const m of h.melds) d.append(meldRow(m, "m", h.seat));
  if (h.win_tile) { d.append(el("span", "gap")); d.append(tile(h.win_tile, { size: "m" })); }
  return d;
}

function showGameEnd(g) {
  const parts = [el("h2", null, t("game_over"))];
  const tb = el("table", "standings");
  const head = el("tr");
  for (const h of ["place", "name", "score", "result"]) head.append(el("th", null, t(h)));
  tb.append(head);
  g.ranking.forEach((s, i) => {
    const tr = el("tr");
    tr.append(el("td", null, String(i + 1)), el("td", null, S.names[s]), el("td", null, g.scores[s].toLocaleString("en-US")), el("td", null, signed(g.points[s])));
    tb.append(tr);
  });
  parts.push(tb);
  if (g.log_file) parts.push(el("div", "note", t("log_written", { file: g.log_file })));
  const buttons = el("div", "buttons");
  if (g.reviewable) {
    const rv = el("button", "review", t("review_game"));
    rv.id = "review-game";
    rv.addEventListener("click", () => { send(S.seat === null ? { type: "review", log: g.log } : { type: "review", log: g.log, seat: S.seat }); progress(0, 0); });
    buttons.append(rv);
  }
  const vw = el("button", "view", t("open_viewer"));
  vw.addEventListener("click", () => { closeDialog(); showTab("viewer"); viewer.open(g.log, null); });
  const ng = el("button", "new", t("new_game"));
  ng.id = "new-game";
  ng.addEventListener("click", () => { closeDialog(); send({ type: "new_game" }); });
  buttons.append(vw, ng);
  parts.push(buttons);
  parts.push(el("div", "progress"));
  openDialog(parts);
}

function progress(done, total) {
  const p = document.querySelector("#dialog .progress");
  if (!p) return;
  p.replaceChildren(el("div", null, t("reviewing", { done, total: total || "…" })));
  const b = el("div", "pbar");
  const f = el("div", "fill");
  f.style.width = `${total ? (100 * done) / total : 0}%`;
  b.append(f);
  p.append(b);
}

// ---- keyboard ----------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (!$("viewer").hidden) { viewer.key(e); return; }
  if (!$("dialog").hidden) {
    if (e.key === "Enter") { const ok = $("round-ok"); if (ok) ok.click(); }
    return;
  }
  const cs = choices();
  const tiles = handTiles();
  const playable = tiles.map((x, i) => [x, i]).filter(([x]) => discardChoice(x.pai, x.drawn) >= 0).map(([, i]) => i);
  const byKey = { t: "tsumo", r: "ron", c: "chi", p: "pon", k: "kan", n: "pass", i: "riichi", 9: "nine_terminals" };
  if (e.key === "Escape") { S.riichi = false; closeChooser(); render(); return; }
  if (e.key === "h") { togglePanel(!S.panelOn); return; }
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    if (!playable.length) return;
    const at = playable.indexOf(S.selected);
    const next = e.key === "ArrowLeft" ? (at <= 0 ? playable.length - 1 : at - 1) : (at + 1) % playable.length;
    S.selected = playable[next];
    markSelected();
    e.preventDefault();
    return;
  }
  if ((e.key === "Enter" || e.key === " ") && S.selected !== null && playable.includes(S.selected)) {
    const x = tiles[S.selected];
    act(discardChoice(x.pai, x.drawn));
    e.preventDefault();
    return;
  }
  if (e.key === "d") {
    const i = tiles.findIndex((x) => x.drawn);
    if (i >= 0 && playable.includes(i)) act(discardChoice(tiles[i].pai, true));
    return;
  }
  if (e.key === "a") {
    const th = S.thinking;
    if (th && S.tv && th.decision === S.tv.decision && th.recommended !== undefined) act(th.recommended);
    return;
  }
  const name = byKey[e.key];
  if (!name) return;
  const kinds = GROUPS.find(([g]) => g === name)[1];
  const idx = cs.map((c, i) => [c, i]).filter(([c]) => kinds.includes(c.type)).map(([, i]) => i);
  if (idx.length) group(name, idx);
});

// ---- page ----------------------------------------------------------------------

function togglePanel(on) {
  S.panelOn = on;
  localStorage.setItem("tenpai.panel", on ? "on" : "off");
  $("panel-on").checked = on;
  document.body.classList.toggle("nopanel", !on);
  send({ type: "panel", on });
  render();
  renderPanel();
}

function showTab(name) {
  $("game").hidden = name !== "table";
  $("viewer").hidden = name !== "viewer";
  $("tab-table").classList.toggle("on", name === "table");
  $("tab-viewer").classList.toggle("on", name === "viewer");
  // Whose turn it is belongs to the table, not to a log in the viewer.
  $("turn").style.visibility = name === "table" ? "" : "hidden";
  fit();
}

function fit() {
  for (const wrap of document.querySelectorAll(".boardwrap")) {
    const r = wrap.getBoundingClientRect();
    const scale = Math.max(0.2, Math.min(r.width, r.height) / 640);
    wrap.style.setProperty("--scale", scale);
  }
}

function relabel() {
  translatePage();
  S.names = S.names.map((n, i) => (i === S.seat ? t("you") : n));
  render();
  viewer.redraw();
}

$("lang").value = language();
$("lang").addEventListener("change", (e) => { setLanguage(e.target.value); relabel(); });
$("panel-on").checked = S.panelOn;
$("panel-on").addEventListener("change", (e) => togglePanel(e.target.checked));
$("tab-table").addEventListener("click", () => showTab("table"));
$("tab-viewer").addEventListener("click", () => showTab("viewer"));
window.addEventListener("resize", fit);
document.body.classList.toggle("nopanel", !S.panelOn);
setLanguage(language());
translatePage();
const opened = /viewer=(\d+)/.exec(location.hash);
showTab(opened ? "viewer" : "table");
if (opened) viewer.open(Number(opened[1]), null);
status(t("waiting"));
connect();
const resized = new ResizeObserver(fit);
document.querySelectorAll(".boardwrap").forEach((w) => resized.observe(w));
