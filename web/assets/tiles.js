// Tiles on the page: each is an <svg> placing a face the page defines once
// (the server's tile set, inlined in index.html).

const HONOR = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };

/** mjai (`5mr`, `E`, `?`) to mpsz (`0m`, `1z`); null for a hidden tile. */
export function mpsz(pai) {
  if (!pai || pai === "?") return null;
  if (HONOR[pai]) return HONOR[pai];
  if (pai.length === 3 && pai[2] === "r") return "0" + pai[1];
  return pai;
}

/** The same kind (a red five and a plain five are one kind). */
export function sameKind(a, b) {
  const x = mpsz(a), y = mpsz(b);
  if (!x || !y) return false;
  const n = (m) => (m[0] === "0" ? "5" : m[0]) + m[1];
  return n(x) === n(y);
}

/**
 * One tile as an element: `pai` in mjai, `opts.size` "l", "m", "s" or "xs",
 * `opts.side` laid sideways, `opts.faded`, `opts.back`.
 */
export function tile(pai, opts = {}) {
  const el = document.createElement("span");
  el.className = `tile ${opts.size || "m"}` + (opts.side ? " side" : "") + (opts.faded ? " faded" : "");
  const id = opts.back || !mpsz(pai) ? "tback" : "t" + mpsz(pai);
  el.innerHTML = `<svg viewBox="0 0 30 40" aria-hidden="true"><use href="#${id}"/></svg>`;
  if (mpsz(pai)) el.dataset.pai = pai;
  return el;
}

/** A row of tiles (mjai strings), as an element. */
export function row(pais, opts = {}) {
  const r = document.createElement("span");
  r.className = "row";
  for (const p of pais) r.append(tile(p, opts));
  return r;
}
