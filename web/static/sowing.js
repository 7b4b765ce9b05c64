// Sowing shown as it happens: the library's events of a move (Game.playSowing, one
// object per step: lap, lift, drop, store, pass, capture, seize, pause) replayed on the
// board the page drew before the move, seed by seed, at the speed the player sets, with
// a skip (the button, or Escape). No rules here: every step is the library's.
//
// The board's data-notation already names the position after the move (app.js sets it
// when the move is played); while a move is shown, document.body.dataset.sowing is
// 'true', and each pit's data-count is the count the animation shows.

const $ = (id) => document.getElementById(id);

// Milliseconds per seed dropped; 0 shows the result at once.
const SPEEDS = [
  ['0', 'instant'],
  ['40', 'fast'],
  ['120', 'normal'],
  ['350', 'slow'],
  ['1000', 'very slow'],
];

// How long each kind of step lasts, in seeds' time.
const WEIGHT = { lap: 0.5, lift: 2, drop: 1, store: 1, pass: 0.5, capture: 2, seize: 2, pause: 2 };

let generation = 0;   // bumped by stop(): an animation of an older generation ends
let skipping = false;

// Adds the speed control and the skip button to `controls` (the page's control bar).
export function setUp(controls) {
  const label = document.createElement('label');
  label.textContent = 'Sowing ';
  const select = document.createElement('select');
  select.id = 'speed';
  for (const [value, text] of SPEEDS) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    if (text === 'normal') o.selected = true;
    select.appendChild(o);
  }
  label.appendChild(select);
  controls.appendChild(label);
  const skip = document.createElement('button');
  skip.id = 'skip';
  skip.textContent = 'Skip';
  skip.title = 'Show the end of the move at once (Escape)';
  skip.disabled = true;
  skip.addEventListener('click', () => { skipping = true; });
  controls.appendChild(skip);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isRunning()) skipping = true;
  });
  document.body.dataset.sowing = 'false';
  // The marks of the pit being sown, emptied, passed over (kept here with the rest).
  const style = document.createElement('style');
  style.textContent = [
    '.pit.sowing-here .hole { stroke: #e0a526; stroke-width: 4px; }',
    '.pit.sowing-taken .hole { stroke: #c0392b; stroke-width: 4px; }',
    '.pit.sowing-passed .hole { stroke: #8a7755; stroke-width: 2px; stroke-dasharray: 4 3; }',
    '.store.sowing-here .hole { stroke: #e0a526; stroke-width: 4px; }',
  ].join('\n');
  document.head.appendChild(style);
  window.__animated = 0; // moves shown step by step (the browser test reads it)
}

// Whether a move is being shown.
export function isRunning() {
  return document.body.dataset.sowing === 'true';
}

// Ends the animation under way (a new board is drawn): it resolves `false`.
export function stop() {
  generation++;
  finish();
}

function finish() {
  document.body.dataset.sowing = 'false';
  const skip = $('skip');
  if (skip) skip.disabled = true;
  skipping = false;
}

function delay() {
  const select = $('speed');
  return select ? Number(select.value) : 0;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Shows `events` on `svg`, drawn from `before` (the page's state before the move);
// `drawSeeds(g, cx, cy, n)` draws a pit's seeds. Resolves `true` when the move has been
// shown (or skipped), `false` when stop() ended it for a new board.
export async function animate(svg, before, events, drawSeeds) {
  const mine = ++generation;
  if (!events.length || delay() === 0) return true;
  const pits = { S: [...before.pits[0]], N: [...before.pits[1]] };
  const stores = before.stores ? { S: before.stores[0], N: before.stores[1] } : null;
  let hand = before.in_hand || 0;
  document.body.dataset.sowing = 'true';
  window.__animated++;
  $('skip').disabled = false;
  const banner = svg.querySelector('text.banner');
  // No pit is to be clicked while the move is shown.
  for (const g of svg.querySelectorAll('g.pit.legal')) g.classList.remove('legal');
  let lit = null;

  const pitOf = (player, index) =>
    svg.querySelector(`g.pit[data-player="${player}"][data-pit="${index}"]`);
  const light = (g, how) => {
    if (lit) lit.classList.remove('sowing-here', 'sowing-taken', 'sowing-passed');
    lit = g;
    if (g) g.classList.add(how);
  };
  const showPit = (player, index) => {
    const g = pitOf(player, index);
    if (!g) return null;
    const n = pits[player][index];
    g.dataset.count = String(n);
    const label = g.querySelector('text.count');
    if (label) label.textContent = String(n);
    for (const s of g.querySelectorAll('circle.seed')) s.remove();
    drawSeeds(g, 0, 0, n);
    // Seeds are drawn after the labels: keep the labels on top.
    for (const t of g.querySelectorAll('text')) g.appendChild(t);
    return g;
  };
  const showStore = (player) => {
    const g = svg.querySelector(`g.store[data-player="${player}"]`);
    if (!g || !stores) return null;
    const n = stores[player];
    g.dataset.count = String(n);
    const t = g.querySelector('text.store-count');
    if (t) t.textContent = String(n);
    const rect = g.querySelector('rect');
    for (const s of g.querySelectorAll('circle.seed')) s.remove();
    if (rect) {
      const x = Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2;
      const y = Number(rect.getAttribute('y')) + Number(rect.getAttribute('height')) * 0.38;
      drawSeeds(g, x, y, Math.min(n, 20));
    }
    for (const t2 of g.querySelectorAll('text')) g.appendChild(t2);
    return g;
  };
  const say = (what) => {
    if (banner) banner.textContent = `${what}${hand ? ` · ${hand} in hand` : ''}`;
  };

  for (const e of events) {
    if (mine !== generation) return false;
    if (skipping) break;
    switch (e.kind) {
      case 'lap':
        say(e.why === 'relay' ? 'relay' : e.why === 'resow' ? 'sowing the captured seeds'
          : e.why === 'decided' ? 'sowing on' : 'sowing');
        light(pitOf(e.player, e.pit), 'sowing-here');
        break;
      case 'lift':
        pits[e.player][e.pit] -= e.seeds;
        hand += e.seeds;
        light(showPit(e.player, e.pit), 'sowing-here');
        say('lifted');
        break;
      case 'drop':
        pits[e.player][e.pit] += 1;
        hand -= 1;
        light(showPit(e.player, e.pit), 'sowing-here');
        say('sowing');
        break;
      case 'store':
        stores[e.player] += 1;
        hand -= 1;
        light(showStore(e.player), 'sowing-here');
        say('into the store');
        break;
      case 'pass':
        light(pitOf(e.player, e.pit), 'sowing-passed');
        break;
      case 'capture':
        pits[e.player][e.pit] -= e.seeds;
        if (stores) stores[e.to] += e.seeds;
        light(showPit(e.player, e.pit), 'sowing-taken');
        showStore(e.to);
        say(`${e.to === 'S' ? 'South' : 'North'} takes ${e.seeds}`);
        break;
      case 'seize':
        pits[e.player][e.pit] -= e.seeds;
        hand += e.seeds;
        light(showPit(e.player, e.pit), 'sowing-taken');
        say(`captured ${e.seeds}`);
        break;
      case 'pause':
        light(pitOf(e.player, e.pit), 'sowing-here');
        say('a decision');
        break;
      default:
        break;
    }
    await sleep(delay() * (WEIGHT[e.kind] || 1));
  }
  if (mine !== generation) return false;
  light(null);
  finish();
  return true;
}
