// Sowing shown as it happens: the library's events of a move (Game.playSowing, one
// object per step: lap, lift, drop, store, pass, capture, seize, pause) replayed on the
// board drawn before the move, the hand travelling from pit to pit with the seeds it
// holds, at the speed the player sets. Skip (the button, Escape, or a click on the
// board) shows the end at once. No rules here: every step is the library's.
//
// While a move is shown, document.body.dataset.sowing is 'true' and each pit's
// data-count is the count the animation shows.

import { el, drawSeeds } from './board.js';

const $ = (id) => document.getElementById(id);

// The count drawn on pit `index` of `player` (board.js keeps it outside the pit's control).
function countOf(svg, player, index) {
  return svg.querySelector(`g.pit-text[data-player="${player}"][data-pit="${index}"] text.count`)
    || { textContent: '' };
}

// How long each kind of step lasts, in seeds' time.
const WEIGHT = { lap: 0.5, lift: 1.5, drop: 1, store: 1, pass: 0.5, capture: 2, seize: 2, pause: 2 };

let generation = 0;   // bumped by stop(): an animation of an older generation ends
let skipping = false;
let wake = null;      // resolves the step being waited for (a skip does not wait)

export function setUp() {
  $('skip').addEventListener('click', skip);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isRunning()) { e.preventDefault(); skip(); }
  });
  window.__animated = 0; // moves shown step by step (the browser test reads it)
}

// Shows the end of the move under way at once.
export function skip() {
  if (!isRunning()) return;
  skipping = true;
  if (wake) wake();
}

export function isRunning() {
  return document.body.dataset.sowing === 'true';
}

// Ends the animation under way (a new board is drawn): it resolves `false`.
export function stop() {
  generation++;
  if (wake) wake();
  finish();
}

function finish() {
  document.body.dataset.sowing = 'false';
  $('skip').disabled = true;
  skipping = false;
}

function delay() {
  return Number($('speed').value);
}

function sleep(ms) {
  if (skipping || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(t); wake = null; resolve(); };
  });
}

// Shows `events` on `svg` (drawn from `before`, the state before the move, with the
// geometry `geo` of board.js). Resolves `true` when the move has been shown (or
// skipped), `false` when stop() ended it for a new board.
export async function animate(svg, geo, before, events) {
  const mine = ++generation;
  skipping = false;
  if (!events.length || delay() === 0) return true;
  const pits = { S: [...before.pits[0]], N: [...before.pits[1]] };
  const stores = before.stores ? { S: before.stores[0], N: before.stores[1] } : null;
  let hand = before.in_hand || 0;
  document.body.dataset.sowing = 'true';
  window.__animated++;
  $('skip').disabled = false;
  for (const g of svg.querySelectorAll('g.pit.legal')) g.classList.remove('legal');
  svg.querySelector('g.choices')?.remove();

  // The hand: a disc with the count of seeds it holds, moving from pit to pit.
  const handG = el('g', { class: 'hand', 'aria-hidden': 'true' }, svg);
  el('circle', { r: 26, class: 'hand-bg' }, handG);
  const handText = el('text', { y: 10, class: 'hand-count' }, handG);
  let handAt = null;
  const moveHand = (x, y, ms) => {
    handG.style.transition = handAt ? `transform ${Math.max(0, Math.min(ms, 400))}ms ease-out` : 'none';
    handG.style.transform = `translate(${x}px, ${y - 46}px)`;
    handAt = [x, y];
  };
  const showHand = () => {
    handText.textContent = String(hand);
    handG.style.opacity = hand > 0 ? '1' : '0';
  };

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
    countOf(svg, player, index).textContent = String(n);
    drawSeeds(g, 0, 0, n);
    return g;
  };
  const showStore = (player) => {
    const g = svg.querySelector(`g.store[data-player="${player}"]`);
    if (!g || !stores) return null;
    const n = stores[player];
    g.dataset.count = String(n);
    g.querySelector('text.store-count').textContent = String(n);
    const s = geo.store(player);
    drawSeeds(g, s.x, s.y, n, Math.min(s.w, s.h) / 2 - 12);
    return g;
  };
  const at = (player, index) => geo.pit(player, index);

  let laps = 0;
  for (const e of events) {
    if (mine !== generation) { handG.remove(); return false; }
    if (skipping) break;
    // Long relays (Omweso, Rio Kadalis) go faster the longer they get.
    const pace = delay() / (1 + 0.35 * Math.max(0, laps - 1));
    let wait = pace * (WEIGHT[e.kind] || 1);
    switch (e.kind) {
      case 'lap': {
        laps++;
        const p = at(e.player, e.pit);
        moveHand(p.x, p.y, pace);
        light(pitOf(e.player, e.pit), 'sowing-here');
        break;
      }
      case 'lift': {
        pits[e.player][e.pit] -= e.seeds;
        hand += e.seeds;
        const p = at(e.player, e.pit);
        moveHand(p.x, p.y, pace);
        light(showPit(e.player, e.pit), 'sowing-here');
        break;
      }
      case 'drop': {
        pits[e.player][e.pit] += 1;
        hand -= 1;
        const p = at(e.player, e.pit);
        moveHand(p.x, p.y, pace);
        light(showPit(e.player, e.pit), 'sowing-here');
        break;
      }
      case 'store': {
        stores[e.player] += 1;
        hand -= 1;
        const s = geo.store(e.player);
        moveHand(s.x, s.y, pace);
        light(showStore(e.player), 'sowing-here');
        break;
      }
      case 'pass':
        light(pitOf(e.player, e.pit), 'sowing-passed');
        break;
      case 'capture':
        pits[e.player][e.pit] -= e.seeds;
        if (stores) stores[e.to] += e.seeds;
        light(showPit(e.player, e.pit), 'sowing-taken');
        showStore(e.to);
        break;
      case 'seize': {
        pits[e.player][e.pit] -= e.seeds;
        hand += e.seeds;
        const p = at(e.player, e.pit);
        moveHand(p.x, p.y, pace);
        light(showPit(e.player, e.pit), 'sowing-taken');
        break;
      }
      case 'pause':
        light(pitOf(e.player, e.pit), 'sowing-here');
        break;
      default:
        wait = 0;
        break;
    }
    showHand();
    await sleep(wait);
  }
  handG.remove();
  if (mine !== generation) return false;
  light(null);
  finish();
  return true;
}

// The final sweep of an ended game: the seeds each player takes from their row fly to
// their store (`totals`, the outcome's), pit by pit. Resolves when done or skipped.
export async function sweep(svg, geo, state, totals) {
  if (!state.stores || !totals || delay() === 0) return;
  const mine = ++generation;
  document.body.dataset.sowing = 'true';
  $('skip').disabled = false;
  const stores = { S: state.stores[0], N: state.stores[1] };
  for (const [player, i] of [['S', 0], ['N', 1]]) {
    for (let k = 0; k < state.pits[i].length; k++) {
      if (skipping || mine !== generation) break;
      const n = state.pits[i][k];
      if (!n) continue;
      const g = svg.querySelector(`g.pit[data-player="${player}"][data-pit="${k}"]`);
      g.dataset.count = '0';
      countOf(svg, player, k).textContent = '0';
      drawSeeds(g, 0, 0, 0);
      stores[player] = Math.min(totals[i], stores[player] + n);
      const sg = svg.querySelector(`g.store[data-player="${player}"]`);
      sg.dataset.count = String(stores[player]);
      sg.querySelector('text.store-count').textContent = String(stores[player]);
      const s = geo.store(player);
      drawSeeds(sg, s.x, s.y, stores[player], Math.min(s.w, s.h) / 2 - 12);
      await sleep(Math.min(delay(), 200));
    }
  }
  if (mine === generation) finish();
}
