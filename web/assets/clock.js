// The turn time limit's countdown: the time the person has left for their
// open decision (its base time, then their bank), from the `clock` the
// server sends with the decision. The server plays for the seat when both
// run out; the page only shows them.

import { t } from "./i18n.js";

let timer = null;

/**
 * Counts `clock` ({base_ms, bank_ms, starts_in_ms?}, from `at`, the
 * message's arrival in `performance.now()` time; now when absent) down in
 * `box`; null hides it. Until `starts_in_ms` has passed (the pause after a
 * round's result) the clock stands still.
 */
export function showClock(box, clock, at) {
  clearInterval(timer);
  timer = null;
  box.hidden = !clock;
  if (!clock) return;
  const start = (at ?? performance.now()) + (clock.starts_in_ms || 0);
  const secs = (ms) => Math.ceil(ms / 1000);
  const tick = () => {
    const spent = Math.max(0, performance.now() - start);
    const base = Math.max(0, clock.base_ms - spent);
    const bank = Math.max(0, clock.bank_ms - Math.max(0, spent - clock.base_ms));
    box.textContent = base > 0 ? t("clock_base", { base: secs(base), bank: secs(bank) }) : t("clock_bank", { bank: secs(bank) });
    box.classList.toggle("bank", base <= 0);
    if (base <= 0 && bank <= 0) { clearInterval(timer); timer = null; }
  };
  tick();
  timer = setInterval(tick, 200);
}
