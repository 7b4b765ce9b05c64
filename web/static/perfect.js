// The perfect-play worker: the endgame databases of Kalah, Urim and Oware, built by the
// library on first use (in memory, on this worker's one thread), kept as their files'
// bytes in the browser's storage (IndexedDB) and read back, checked, on a later visit;
// then what perfect play gives from the page's position. A worker of its own, so that
// neither the board nor the engine waits for a build.
import init, { Game, Perfect } from './mancala_web.js';

const ready = init();
const sets = new Map(); // the databases held, by their rule set's first file and size
let latest = 0;         // the id of the newest request: older ones are not answered
let queue = Promise.resolve();

// ---- the browser's storage ------------------------------------------------------

const STORE = 'files';
let opened = null;

function storage() {
  if (!opened) {
    opened = new Promise((resolve) => {
      let req;
      try { req = indexedDB.open('mancala-databases', 1); } catch { resolve(null); return; }
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null); // no storage (a private window): build each time
    });
  }
  return opened;
}

async function stored(name) {
  const db = await storage();
  if (!db) return null;
  return new Promise((resolve) => {
    const req = db.transaction(STORE).objectStore(STORE).get(name);
    req.onsuccess = () => resolve(req.result ?? null);
    req.onerror = () => resolve(null);
  });
}

async function keep(name, bytes) {
  const db = await storage();
  if (!db) return false;
  return new Promise((resolve) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(bytes, name);
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => resolve(false);
    tx.onabort = () => resolve(false);
  });
}

async function forget(name) {
  const db = await storage();
  if (!db) return;
  db.transaction(STORE, 'readwrite').objectStore(STORE).delete(name);
}

// ---- the databases --------------------------------------------------------------

// The databases of `variant`: those held, else read back from storage as far as they
// are there, else built, each seed count kept as soon as it is built.
async function databases(variant, id) {
  const p = new Perfect(variant);
  const plan = JSON.parse(p.plan());
  const key = `${plan.files[0]}|${plan.seeds}`;
  const held = sets.get(key);
  if (held) { p.free(); return held; }
  const set = { perfect: p, plan, read: 0, built: 0, ms: 0 };
  const t0 = performance.now();
  for (const name of plan.files) {
    const bytes = await stored(name);
    if (!bytes) break;
    try {
      p.pushFile(bytes);
      set.read++;
    } catch {
      // Damaged, or of another version of the library: built again below.
      await forget(name);
      break;
    }
  }
  set.readMs = performance.now() - t0;
  while (!p.isComplete()) {
    const t = performance.now();
    const built = JSON.parse(p.buildNext());
    set.ms += performance.now() - t;
    set.built++;
    self.postMessage({ id, kind: 'progress', built: built.seeds, seeds: plan.seeds, boards: plan.boards });
    await keep(plan.files[built.seeds], p.fileBytes(built.seeds));
  }
  set.plan = JSON.parse(p.plan());
  sets.set(key, set);
  return set;
}

async function answer({ id, variant, start, moves }) {
  if (id !== latest) return; // the page has moved on
  const set = await databases(variant, id);
  const game = Game.fromMoves(variant, start, moves.join(' '));
  try {
    const value = JSON.parse(set.perfect.value(game));
    self.postMessage({
      id, kind: 'value', value, plan: set.plan,
      read: set.read, built: set.built, build_ms: set.ms, read_ms: set.readMs,
    });
  } finally {
    game.free();
  }
}

self.onmessage = (event) => {
  latest = event.data.id;
  // One request at a time, in order (a build awaits the storage between seed counts).
  queue = queue.then(async () => {
    await ready;
    try {
      await answer(event.data);
    } catch (e) {
      self.postMessage({ id: event.data.id, kind: 'error', error: String(e && e.message ? e.message : e) });
    }
  });
};
