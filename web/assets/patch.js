// JSON Patch (RFC 6902), the operations the server's updates use (add,
// remove, replace): applied to the copy of the view the page keeps, an
// update gives the view the server would have sent in full. Nothing here
// knows mahjong (the server's side: web/src/patch.rs).

// The keys of a JSON Pointer (RFC 6901): "/seats/1/river/-".
function tokens(path) {
  return path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
}

// Applies `ops` to `doc` (changed in place) and returns it (a replaced
// root is the new document). Throws on a path that does not apply.
export function applyPatch(doc, ops) {
  for (const op of ops) {
    if (op.path === "") { doc = op.value; continue; }
    const keys = tokens(op.path);
    const last = keys.pop();
    let parent = doc;
    for (const k of keys) {
      parent = parent[Array.isArray(parent) ? Number(k) : k];
      if (parent === undefined || parent === null) throw new Error(`patch at ${op.path}: no ${k}`);
    }
    if (Array.isArray(parent)) {
      const i = last === "-" ? parent.length : Number(last);
      if (op.op === "add") parent.splice(i, 0, op.value);
      else if (op.op === "remove") parent.splice(i, 1);
      else parent[i] = op.value;
    } else if (op.op === "remove") {
      delete parent[last];
    } else {
      parent[last] = op.value;
    }
  }
  return doc;
}
