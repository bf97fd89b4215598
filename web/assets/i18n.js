// Every word on the page in English and simplified Chinese. The choice is
// remembered (localStorage); yaku are named in romaji with the chosen
// language beside them; tiles by their names in the chosen language.

const WORDS = {
  en: {
    title: "tenpai", table: "Table", viewer: "Viewer", thinking: "Thinking",
    lobby: "Lobby", closing: "The server is shutting down: the game stops here",
    server_table: "The server's table", open_table: "Open a table", rules: "Rules", length: "Length",
    east_only: "East only", east_south: "East and South", kind_person: "Person", kind_mc: "Monte Carlo AI",
    kind_baseline: "Baseline AI", kind_random: "Random AI", kind_cmd: "Bot", bot: "Bot: {name}",
    think_ms: "Monte Carlo thinking (ms)", delay_ms: "AI move shown (ms)",
    see_hands: "Spectators see every hand of finished games",
    turn_base: "Time per decision (s, 0: no limit)", turn_bank: "Time bank per game (s)",
    clock_base: "Time {base} s + {bank} s", clock_bank: "Bank {bank} s",
    notice_timed_out: "{name} ran out of time: their turn was played for them",
    notice_timed_out_you: "Time ran out: your turn was played for you", open_button: "Open the table", tables: "Tables",
    col_table: "Table", col_game: "Game", game_over_short: "over", game_playing: "playing", game_waiting: "waiting",
    seat_open: "open", seat_here: "here", seat_away: "away", seat_covered: "covered", seat_ai: "AI",
    links_for: "Table {id}: give each person their own link", spectators: "Spectators",
    show_panel: "Thinking panel", language: "Language",
    east: "East", south: "South", west: "West", north: "North",
    round: "{wind} {n}", honba: "{n} honba", kyoutaku: "{n} riichi sticks",
    tiles_left: "{n} tiles left", dora: "Dora", ura: "Ura dora",
    you: "You", turn: "{name}'s turn", your_turn: "Your turn",
    discard: "Discard", riichi: "Riichi", tsumo: "Tsumo", ron: "Ron", chi: "Chi", pon: "Pon",
    kan: "Kan", pass: "Pass", nine_terminals: "Nine terminals", cancel: "Cancel",
    daiminkan: "Kan", ankan: "Kan", kakan: "Kan",
    choose: "Choose", riichi_pick: "Riichi: choose the discard (Esc cancels)",
    recommended: "Recommended (a): {what}",
    shanten: "{n}-shanten", tenpai: "Ready (tenpai)", complete: "Complete",
    accepts: "accepts {tiles} ({n} left)", waits: "waits {tiles} ({n} left)",
    no_yaku: "no yaku: {tiles}", nothing_wins: "nothing that wins",
    discards_best: "Discards, best first", hand: "Hand",
    mc: "Monte Carlo: {n} rollouts", mc_running: "Monte Carlo: {n} rollouts…",
    no_search: "No search needed", choice: "Choice", rank: "Rank ±95%", win: "Win", deal_in: "Deal-in",
    points: "Points", points_n: "{n} points", by_mc: "Monte Carlo", by_baseline: "Baseline AI", by_players: "AI player",
    round_end: "End of the round", win_by: "{name} wins", tsumo_win: "tsumo", ron_from: "ron from {name}",
    han_fu: "{han} han {fu} fu", han: "{han} han", yakuman: "Yakuman",
    draw_exhaustive: "Exhaustive draw", draw_nine_terminals: "Abortive draw: nine terminals",
    draw_four_winds: "Abortive draw: four winds", draw_four_riichi: "Abortive draw: four riichi",
    draw_four_kans: "Abortive draw: four kans", draw_triple_ron: "Abortive draw: triple ron",
    ready: "ready", not_ready: "not ready", furiten: "furiten", nagashi: "nagashi mangan",
    ok: "OK", next: "Next", game_over: "Final standings", place: "Place", name: "Player",
    score: "Score", result: "Result", review_game: "Review my game", open_viewer: "Open in the viewer",
    new_game: "New game", reviewing: "Reviewing: {done} of {total} decisions",
    open_log: "Open a log", open_review: "Open a review", all_hands: "All hands",
    seat_view: "{wind}'s view", prev_round: "Previous round", next_round: "Next round",
    prev: "Previous action", next_action: "Next action", step: "Step {n} of {m}",
    played: "Played: {what}", best: "AI: {what}", mistake: "Mistake (loss {loss})",
    agrees: "Agrees with the AI", reviewed: "Reviewed: {agreed} of {n} decisions agree with the AI; mistakes: {mistakes}",
    no_log: "Open a log (tenhou.net/6, mjai or mjlog) or finish a game to view it.",
    refused: "The engine refused an event: {why}", warning: "Note: {why}", connection_lost: "Connection lost: reconnecting…",
    replaced: "This seat is played in another tab or on another device: reload to play it here",
    replaced_short: "Played elsewhere",
    error: "Error: {why}", waiting: "Waiting for the table…", watching: "Watching four AI players",
    spectating: "Spectating", waiting_people: "Waiting for {names} to take their seat", away: "{names} left the table",
    covered: "An AI plays for {names} until they come back", notice_left: "{name} left: an AI plays their seat in {secs} s unless they come back",
    notice_covered: "{name} is away: an AI plays their seat until they come back", notice_back: "{name} is back",
    log_written: "Log written to {file}", keys: "Keys: ←/→ select, Enter discard, d drawn tile, i riichi, t tsumo, r ron, c chi, p pon, k kan, n pass, a recommended, h panel",
    decision_at: "Decision: {round}", rounds: "Rounds", timeline: "Decisions",
  },
  zh: {
    title: "tenpai", table: "牌桌", viewer: "牌谱", thinking: "思考",
    lobby: "大厅", closing: "服务器正在关闭：对局到此为止",
    server_table: "服务器的牌桌", open_table: "开一桌", rules: "规则", length: "长度",
    east_only: "东风战", east_south: "半庄（东南）", kind_person: "玩家", kind_mc: "蒙特卡洛AI",
    kind_baseline: "基础AI", kind_random: "随机AI", kind_cmd: "机器人", bot: "机器人：{name}",
    think_ms: "蒙特卡洛思考时间（毫秒）", delay_ms: "AI出牌显示时间（毫秒）",
    see_hands: "观战者可看已结束对局的所有手牌",
    turn_base: "每步思考时间（秒，0为不限）", turn_bank: "每场备用时间（秒）",
    clock_base: "时间 {base}秒 + {bank}秒", clock_bank: "备用时间 {bank}秒",
    notice_timed_out: "{name}超时：已自动代其操作",
    notice_timed_out_you: "时间已到：已自动代你操作", open_button: "开桌", tables: "牌桌列表",
    col_table: "牌桌", col_game: "对局", game_over_short: "已结束", game_playing: "进行中", game_waiting: "等待中",
    seat_open: "空位", seat_here: "在座", seat_away: "离开", seat_covered: "AI代打", seat_ai: "AI",
    links_for: "第{id}桌：把各自的链接发给每位玩家", spectators: "观战",
    show_panel: "思考面板", language: "语言",
    east: "东", south: "南", west: "西", north: "北",
    round: "{wind}{n}局", honba: "{n}本场", kyoutaku: "供托{n}根",
    tiles_left: "余{n}张", dora: "宝牌", ura: "里宝牌",
    you: "你", turn: "轮到{name}", your_turn: "轮到你",
    discard: "打牌", riichi: "立直", tsumo: "自摸", ron: "荣和", chi: "吃", pon: "碰",
    kan: "杠", pass: "跳过", nine_terminals: "九种九牌", cancel: "取消",
    daiminkan: "杠", ankan: "暗杠", kakan: "加杠",
    choose: "选择", riichi_pick: "立直：选择要打的牌（Esc 取消）",
    recommended: "推荐（a）：{what}",
    shanten: "{n}向听", tenpai: "听牌", complete: "和了形",
    accepts: "进张 {tiles}（余{n}张）", waits: "听 {tiles}（余{n}张）",
    no_yaku: "无役：{tiles}", nothing_wins: "无可和之牌",
    discards_best: "打牌（最佳在前）", hand: "手牌",
    mc: "蒙特卡洛：{n}次模拟", mc_running: "蒙特卡洛：{n}次模拟…",
    no_search: "无需搜索", choice: "选择", rank: "顺位 ±95%", win: "和了", deal_in: "放铳",
    points: "得点", points_n: "{n}点", by_mc: "蒙特卡洛", by_baseline: "基准AI", by_players: "AI 玩家",
    round_end: "本局结束", win_by: "{name}和了", tsumo_win: "自摸", ron_from: "{name}放铳",
    han_fu: "{han}番{fu}符", han: "{han}番", yakuman: "役满",
    draw_exhaustive: "荒牌流局", draw_nine_terminals: "流局：九种九牌",
    draw_four_winds: "流局：四风连打", draw_four_riichi: "流局：四家立直",
    draw_four_kans: "流局：四杠散了", draw_triple_ron: "流局：三家和",
    ready: "听牌", not_ready: "未听", furiten: "振听", nagashi: "流局满贯",
    ok: "确定", next: "继续", game_over: "终局排名", place: "名次", name: "玩家",
    score: "点数", result: "成绩", review_game: "复盘我的对局", open_viewer: "在牌谱中打开",
    new_game: "新对局", reviewing: "复盘中：{done}/{total}",
    open_log: "打开牌谱", open_review: "打开复盘", all_hands: "全部手牌",
    seat_view: "{wind}家视角", prev_round: "上一局", next_round: "下一局",
    prev: "上一步", next_action: "下一步", step: "第{n}步，共{m}步",
    played: "实际：{what}", best: "AI：{what}", mistake: "失误（损失{loss}）",
    agrees: "与AI一致", reviewed: "复盘：{n}个决策中{agreed}个一致，{mistakes}个失误",
    no_log: "打开牌谱（tenhou.net/6、mjai 或 mjlog），或下完一局后查看。",
    refused: "引擎拒绝了一个事件：{why}", warning: "注意：{why}", connection_lost: "连接中断：正在重连…",
    replaced: "此座位已在另一个标签页或设备上进行：重新加载即可在此继续",
    replaced_short: "已在别处进行",
    error: "错误：{why}", waiting: "等待牌桌…", watching: "观看四个AI对局",
    spectating: "旁观中", waiting_people: "等待{names}入座", away: "{names}已离开牌桌",
    covered: "{names}回来之前由AI代打", notice_left: "{name}已离开：{secs}秒后由AI代打，除非其返回",
    notice_covered: "{name}不在：由AI代打，直到其返回", notice_back: "{name}已返回",
    log_written: "牌谱已保存到 {file}", keys: "按键：←/→ 选牌，Enter 打出，d 摸到的牌，i 立直，t 自摸，r 荣和，c 吃，p 碰，k 杠，n 跳过，a 推荐，h 面板",
    decision_at: "决策：{round}", rounds: "局", timeline: "决策",
  },
};

// Yaku: romaji (the library's names), and the Chinese beside them.
const YAKU = {
  riichi: ["Riichi", "立直"], ippatsu: ["Ippatsu", "一发"], menzen_tsumo: ["Menzen tsumo", "门前清自摸和"],
  pinfu: ["Pinfu", "平和"], tanyao: ["Tanyao", "断幺九"], iipeikou: ["Iipeikou", "一杯口"],
  yakuhai_haku: ["Yakuhai haku", "役牌 白"], yakuhai_hatsu: ["Yakuhai hatsu", "役牌 发"],
  yakuhai_chun: ["Yakuhai chun", "役牌 中"], seat_wind: ["Jikaze", "自风"], round_wind: ["Bakaze", "场风"],
  rinshan: ["Rinshan kaihou", "岭上开花"], chankan: ["Chankan", "抢杠"], haitei: ["Haitei raoyue", "海底捞月"],
  houtei: ["Houtei raoyui", "河底捞鱼"], double_riichi: ["Double riichi", "两立直"], chiitoitsu: ["Chiitoitsu", "七对子"],
  chanta: ["Chanta", "混全带幺九"], ittsu: ["Ittsu", "一气通贯"], sanshoku_doujun: ["Sanshoku doujun", "三色同顺"],
  sanshoku_doukou: ["Sanshoku doukou", "三色同刻"], toitoi: ["Toitoi", "对对和"], sanankou: ["Sanankou", "三暗刻"],
  sankantsu: ["Sankantsu", "三杠子"], shousangen: ["Shousangen", "小三元"], honroutou: ["Honroutou", "混老头"],
  ryanpeikou: ["Ryanpeikou", "二杯口"], junchan: ["Junchan", "纯全带幺九"], honitsu: ["Honitsu", "混一色"],
  chinitsu: ["Chinitsu", "清一色"], renhou: ["Renhou", "人和"], kokushi: ["Kokushi musou", "国士无双"],
  suuankou: ["Suuankou", "四暗刻"], daisangen: ["Daisangen", "大三元"], shousuushii: ["Shousuushii", "小四喜"],
  daisuushii: ["Daisuushii", "大四喜"], tsuuiisou: ["Tsuuiisou", "字一色"], chinroutou: ["Chinroutou", "清老头"],
  ryuuiisou: ["Ryuuiisou", "绿一色"], chuuren: ["Chuuren poutou", "九莲宝灯"], suukantsu: ["Suukantsu", "四杠子"],
  tenhou: ["Tenhou", "天和"], chiihou: ["Chiihou", "地和"], dora: ["Dora", "宝牌"], aka_dora: ["Aka dora", "赤宝牌"],
  ura_dora: ["Ura dora", "里宝牌"],
};
const YAKU_EN = {
  riichi: "ready declaration", ippatsu: "one-shot", menzen_tsumo: "closed self-draw", pinfu: "no-points hand",
  tanyao: "all simples", iipeikou: "pure double sequence", yakuhai_haku: "white dragon", yakuhai_hatsu: "green dragon",
  yakuhai_chun: "red dragon", seat_wind: "seat wind", round_wind: "round wind", rinshan: "after a kan",
  chankan: "robbing a kan", haitei: "last draw", houtei: "last discard", double_riichi: "double ready",
  chiitoitsu: "seven pairs", chanta: "outside hand", ittsu: "pure straight", sanshoku_doujun: "mixed triple sequence",
  sanshoku_doukou: "triple triplets", toitoi: "all triplets", sanankou: "three concealed triplets",
  sankantsu: "three kans", shousangen: "little three dragons", honroutou: "all terminals and honors",
  ryanpeikou: "twice pure double sequence", junchan: "terminals in each set", honitsu: "half flush",
  chinitsu: "full flush", renhou: "blessing of man", kokushi: "thirteen orphans", suuankou: "four concealed triplets",
  daisangen: "big three dragons", shousuushii: "little four winds", daisuushii: "big four winds",
  tsuuiisou: "all honors", chinroutou: "all terminals", ryuuiisou: "all green", chuuren: "nine gates",
  suukantsu: "four kans", tenhou: "blessing of heaven", chiihou: "blessing of earth", dora: "bonus tile",
  aka_dora: "red five", ura_dora: "hidden bonus tile",
};

const LIMITS = {
  en: { mangan: "Mangan", haneman: "Haneman", baiman: "Baiman", sanbaiman: "Sanbaiman", "kazoe yakuman": "Kazoe yakuman", yakuman: "Yakuman", "double yakuman": "Double yakuman", "triple yakuman": "Triple yakuman" },
  zh: { mangan: "满贯", haneman: "跳满", baiman: "倍满", sanbaiman: "三倍满", "kazoe yakuman": "累计役满", yakuman: "役满", "double yakuman": "双倍役满", "triple yakuman": "三倍役满" },
};

function initialLanguage() {
  const saved = localStorage.getItem("tenpai.lang");
  if (saved && WORDS[saved]) return saved;
  return (navigator.language || "").startsWith("zh") ? "zh" : "en";
}
let lang = initialLanguage();

export function language() { return lang; }
export function setLanguage(l) {
  if (!WORDS[l]) return;
  lang = l;
  localStorage.setItem("tenpai.lang", l);
  document.documentElement.lang = l === "zh" ? "zh-CN" : "en";
}

/** The word `key` in the chosen language, `{name}` parts filled from `args`. */
export function t(key, args = {}) {
  const s = WORDS[lang][key] ?? WORDS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (args[k] ?? ""));
}

/** A yaku: romaji, with the chosen language's name beside it. */
export function yakuName(key) {
  const y = YAKU[key];
  if (!y) return key;
  return lang === "zh" ? `${y[0]} ${y[1]}` : `${y[0]} (${YAKU_EN[key] ?? ""})`;
}

export function limitName(name) {
  return LIMITS[lang][name] ?? name;
}

const WIND_KEYS = { E: "east", S: "south", W: "west", N: "north" };
export function windName(w) { return t(WIND_KEYS[w] ?? w); }

const SUITS = { en: { m: "Man", p: "Pin", s: "Sou" }, zh: { m: "万", p: "饼", s: "条" } };
const HONORS = {
  en: ["East", "South", "West", "North", "White", "Green", "Red"],
  zh: ["东", "南", "西", "北", "白", "发", "中"],
};
const ZH_NUM = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** A tile's name from its mpsz (`5m`, `0p`, `7z`). */
export function tileName(mpsz) {
  const n = Number(mpsz[0]);
  const s = mpsz[1];
  if (s === "z") return HONORS[lang][n - 1] ?? mpsz;
  const red = n === 0;
  const k = red ? 5 : n;
  if (lang === "zh") return `${red ? "赤" : ""}${ZH_NUM[k]}${SUITS.zh[s]}`;
  return `${red ? "Red " : ""}${k} ${SUITS.en[s]}`;
}

/** Fills every element with a `data-t` attribute with its word. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
}
