// The page: draws what the library says and sends it the player's moves. No rules
// here: legal moves, playing, what a move did, the end in words and the notation all
// come from the WebAssembly module (web/src/lib.rs, page.rs, table.rs).
import init, { Game, variantList, variantLabel } from './mancala_web.js';
import { drawBoard, sideName, letter, choiceLabel } from './board.js';
import * as Sowing from './sowing.js';

const $ = (id) => document.getElementById(id);
const T0 = performance.now();

let game = null;       // the library's Game
let state = null;      // its state() JSON, parsed
let info = null;       // its pageInfo() JSON: direction, label, ending
let history = [];      // its history() JSON: each ply with what it did
let geo = null;        // the board's geometry as drawn (board.js)
let worker = null;
let request = 0;       // the id of the engine search the page waits for (0: none)
let hint = null;       // {move, pit, kind, ply, score}
let review = null;     // the ply reviewed (null: the game itself)
let reviewState = null;
let chosenPit = null;  // the pit whose moves are offered (Omweso's choices)
let endingShown = false;
let settings = { human: 'S', level: 'alphabeta:5000n' };
let variants = [];     // the menu's variants with their names
const LEVEL_NAMES = {};

// Every position the board showed, ply by ply (the browser test reads it).
window.__shown = [];
window.__timings = { script_ms: T0, first_board_ms: null, searches: [], perfect: [] };

function message(text, kind = 'error') {
  const m = $('message');
  m.textContent = text || '';
  m.className = text ? kind : '';
}

function announce(text) {
  $('announce').textContent = text;
}

function human(s) {
  return settings.human === 'both' || settings.human === s;
}

function who(s) {
  if (settings.human === 'both') return sideName(s);
  return human(s) ? 'You' : sideName(s);
}

function seedsWord(n) { return `${n} seed${n === 1 ? '' : 's'}`; }

// ---- the board --------------------------------------------------------------

function layout() {
  const wrap = $('board-wrap');
  const width = wrap.clientWidth || 800;
  const s = state;
  const n = s.pits[0].length / s.rows;
  const wide = n * 100 + (s.stores ? 200 : 0) + (s.rows === 2 ? 70 : 0) + 28;
  // Tap targets of at least 44 px: narrow screens put the stores (Omweso's row names)
  // above and below the rows.
  return (width / wide) * 100 < 46 ? 'tall' : 'wide';
}

// The board's data attributes name the library's position `s` (set as soon as a move is
// played, while its sowing is still shown); every position shown is kept for the test.
function mark(s) {
  const svg = $('board');
  svg.dataset.notation = s.notation;
  svg.dataset.status = s.status;
  svg.dataset.toMove = s.to_move;
  svg.dataset.moves = s.moves.join(' ');
  svg.dataset.ply = String(s.moves.length);
  const shown = window.__shown;
  const top = shown[shown.length - 1];
  if (!top || top.ply !== s.moves.length || top.notation !== s.notation) {
    shown.push({ ply: s.moves.length, notation: s.notation, moves: s.moves.join(' ') });
  }
}

function legalMap(s) {
  const legal = new Map();
  if (review === null && human(s.to_move) && s.status === 'ongoing' && !request) {
    for (const m of s.legal) {
      if (!legal.has(m.pit)) legal.set(m.pit, []);
      legal.get(m.pit).push(m);
    }
  }
  return legal;
}

// The board at the end: each player's row swept into their store (the outcome's
// totals), where the game counts seeds.
function sweptCounts(s) {
  const e = info.ending;
  if (!e || !e.totals || !s.stores) return null;
  const zero = (row) => row.map((c) => (c === null ? null : 0));
  return { S: zero(s.pits[0]), N: zero(s.pits[1]), stores: e.totals };
}

// The pit that has the keyboard's focus while the board has it: kept across redraws.
let boardFocus = null;

function focusLost() {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected;
}

function drawCurrent(opts = {}) {
  const s = review === null ? state : reviewState;
  const focusKey = boardFocus;
  const lastPly = review === null ? history[history.length - 1] : history[review - 1];
  const legal = legalMap(s);
  const choices = chosenPit !== null && review === null ? legal.get(chosenPit) : null;
  geo = drawBoard($('board'), {
    state: s,
    direction: info.direction,
    layout: layout(),
    legal: review === null && s.status === 'ongoing' && human(s.to_move) ? legal : null,
    mine: (p) => settings.human !== 'both' && settings.human !== 'none' && human(p),
    last: lastPly || null,
    hint: review === null && hint && hint.ply === s.moves.length ? hint : null,
    choices: choices && choices.length > 1 ? choices : null,
    counts: review === null && s.status !== 'ongoing' && opts.swept !== false ? sweptCounts(s) : null,
  });
  $('board').setAttribute('aria-label', boardLabel(s));
  // One tab stop on the board: the focused pit, or the first playable one.
  const pits = [...$('board').querySelectorAll('g.pit')];
  let stop = null;
  if (focusKey) stop = pits.find((g) => g.dataset.player === focusKey[0] && g.dataset.pit === focusKey[1]);
  if (!stop) stop = pits.find((g) => g.dataset.legal === 'true');
  if (!stop) stop = pits.find((g) => g.dataset.player === s.to_move) || pits[0];
  if (stop) stop.setAttribute('tabindex', '0');
  const choice = $('board').querySelector('g.choice.hint') || $('board').querySelector('g.choice');
  if (choice && opts.focusChoice) choice.focus();
  else if (focusKey && stop && focusLost()) stop.focus();
}

function boardLabel(s) {
  const e = s.status === 'ongoing' ? `${sideName(s.to_move)} to move` : 'the game is over';
  return `The board, ${info.label}: ${e}. Arrow keys move between pits, Enter plays, N starts a new game.`;
}

// ---- what the page says --------------------------------------------------------

function turnText() {
  const s = state;
  if (review !== null) return `Reviewing the position after move ${review} of ${history.length}`;
  if (s.status !== 'ongoing') return info.ending ? info.ending.headline : s.result;
  const last = history[history.length - 1];
  const mover = s.to_move;
  let t;
  if (request && pending.get(request) === 'move') t = `${sideName(mover)} is thinking…`;
  else if (human(mover)) t = settings.human === 'both' ? `${sideName(mover)} to move` : 'Your move';
  else t = `${sideName(mover)} to move`;
  if (last && last.extra) {
    t = human(mover) && settings.human !== 'both' ? 'Extra turn: play again'
      : `Extra turn: ${sideName(mover)} plays again`;
  }
  if (s.pending) {
    const pit = s.pending.replace(/[-*]$/, '');
    t += ` · decide how pit ${pit}'s ${seedsWord(s.in_hand)} go on: counter-clockwise or clockwise`;
  }
  return t;
}

// What the ply did, in words: "South played c, captured 5. Extra turn: play again."
function plyWords(p, full = true) {
  if (!p) return '';
  const i = p.side === 'S' ? 0 : 1;
  let t = `${who(p.side) === 'You' ? 'You' : sideName(p.side)} played ${p.move}`;
  const took = p.captured[i], lost = p.captured[1 - i];
  if (took) t += `, captured ${took}`;
  if (lost) t += `; ${sideName(p.side === 'S' ? 'N' : 'S')} took ${lost}`;
  t += '.';
  if (!full) return t;
  if (p.extra) t += ' Extra turn: play again.';
  if (p.decision) t += ' A decision: which way the seeds in hand go on.';
  return t;
}

function renderPlayers() {
  const s = state;
  const caps = [0, 0];
  for (const p of history) { caps[0] += p.captured[0]; caps[1] += p.captured[1]; }
  const m = s.match;
  for (const [p, i] of [['S', 0], ['N', 1]]) {
    const card = $(`player-${p}`);
    const who = human(p)
      ? (settings.human === 'both' ? 'player' : 'you')
      : `engine, ${LEVEL_NAMES[settings.level] || settings.level}`;
    card.querySelector('.who').textContent = `${sideName(p)} (${who})`;
    const parts = [];
    const totals = s.status !== 'ongoing' && info.ending && info.ending.totals;
    if (totals) parts.push(`total ${totals[i]}`);
    else if (s.stores) parts.push(`${s.store_name === 'captured' ? 'captured' : 'store'} ${s.stores[i]}`);
    // Captures said apart where the store holds more than them (Kalah's sowing) or
    // where there is no store (Omweso).
    if (!s.stores || s.game === 'kalah') parts.push(`captured ${caps[i]}`);
    if (m) parts.push(`match points ${m.score[i]}`);
    card.querySelector('.tally').textContent = parts.join(' · ');
    const toMove = s.status === 'ongoing' && s.to_move === p;
    card.classList.toggle('to-move', toMove);
    card.dataset.toMove = toMove ? 'true' : 'false';
  }
  $('score').textContent = m
    ? `Match (${m.rules}), game ${m.game}: South ${m.score[0]} – North ${m.score[1]}` +
      (m.winner ? ` · ${sideName(m.winner)} wins the match` : '')
    : '';
}

function renderMoves() {
  const list = $('movelist');
  list.replaceChildren();
  $('moves-empty').hidden = history.length > 0;
  // Turns: a player's plies in a row (a Kalah extra turn, an Omweso decision) are one.
  const turns = [];
  history.forEach((p, k) => {
    const t = turns[turns.length - 1];
    if (t && t.side === p.side && (history[k - 1].extra || history[k - 1].decision)) t.plies.push(k);
    else turns.push({ side: p.side, plies: [k] });
  });
  let li = null, number = 0;
  turns.forEach((t, i) => {
    if (i % 2 === 0) {
      number++;
      li = document.createElement('li');
      li.value = number;
      list.appendChild(li);
    }
    const cell = document.createElement('span');
    cell.className = `turn side-${t.side}`;
    const label = document.createElement('span');
    label.className = 'who';
    label.textContent = t.side;
    label.title = sideName(t.side);
    cell.appendChild(label);
    for (const k of t.plies) {
      const p = history[k];
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ply' + (review === k + 1 ? ' current' : '') +
        (review === null && k === history.length - 1 ? ' last' : '');
      b.dataset.ply = String(k + 1);
      const i2 = p.side === 'S' ? 0 : 1;
      let marks = '';
      const notes = [];
      if (p.captured[i2]) { marks += ` ×${p.captured[i2]}`; notes.push(`captured ${p.captured[i2]}`); }
      if (p.captured[1 - i2]) notes.push(`gave ${p.captured[1 - i2]}`);
      if (p.extra) { marks += ' +'; notes.push('extra turn'); }
      if (p.decision) { marks += ' …'; notes.push('then a decision'); }
      // Named by its words (no aria-label): the marks are said in full to screen readers.
      const sr = (text) => { const e = document.createElement('span'); e.className = 'sr-only'; e.textContent = text; return e; };
      const seen = document.createElement('span');
      seen.setAttribute('aria-hidden', 'true');
      seen.textContent = marks;
      b.append(sr(`move ${k + 1}, ${sideName(p.side)}: `), p.move, seen);
      if (notes.length) b.append(sr(`, ${notes.join(', ')}`));
      if (review === k + 1) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => startReview(k + 1));
      cell.appendChild(b);
    }
    li.appendChild(cell);
  });
  const last = list.querySelector('button.current, button.last');
  if (last && last.scrollIntoView) last.scrollIntoView({ block: 'nearest' });
}

function renderResult() {
  const r = $('result');
  r.replaceChildren();
  if (state.status === 'ongoing' || !info.ending) return;
  const e = info.ending;
  r.append(`${e.headline}. ${e.how}`);
  if (e.rule) {
    r.append(' ');
    const a = document.createElement('a');
    a.href = `rules/${state.game}.html#rule-${e.rule}`;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = `(rule ${e.rule})`;
    r.appendChild(a);
  }
}

function renderAnalysis() {
  $('notation').value = (review === null ? state : reviewState).notation;
  $('engine-spec').textContent = `Engine: ${analysisSpec()}`;
  // What the engine said belongs to one position (not after a move or an undo).
  const key = positionKey();
  if ($('engine-info').dataset.key !== key) {
    $('engine-info').textContent = '';
    $('engine-info').dataset.key = '';
    $('move-values').hidden = true;
  }
  renderPerfect();
}

// ---- perfect play -------------------------------------------------------------------

// The perfect-play worker (perfect.js), started on first use: it builds the endgame
// databases of Kalah, Urim and Oware once and keeps them in the browser.
let perfectWorker = null;
let perfectKey = '';
let perfectId = 0;
let perfectSlow = null;

function startPerfect() {
  perfectWorker = new Worker('perfect.js', { type: 'module' });
  perfectWorker.onmessage = (event) => {
    const d = event.data;
    // When each answer came (the browser test: the board plays while the worker builds).
    window.__timings.perfect.push({ kind: d.kind, built: d.built, t: performance.now() });
    if (d.id !== perfectId) return; // a position no longer shown
    const box = $('perfect');
    if (d.kind === 'progress') {
      $('perfect-status').textContent =
        `Building the endgame databases, once: every board of up to ${d.seeds} seeds ` +
        `(${(d.boards / 1e6).toFixed(1)} million boards): ${d.built + 1} of ${d.seeds + 1} done…`;
      return;
    }
    clearTimeout(perfectSlow);
    if (d.kind === 'error') {
      box.dataset.state = 'error';
      $('perfect-value').textContent = 'Perfect play: ' + d.error;
      return;
    }
    showPerfect(d);
  };
  perfectWorker.onerror = (e) => { $('perfect-value').textContent = 'Perfect play: ' + e.message; };
}

function showPerfect(d) {
  const v = d.value, plan = d.plan;
  const box = $('perfect');
  box.dataset.state = v.state;
  box.dataset.south = v.south ? v.south.join(',') : '';
  box.dataset.source = d.built ? 'built' : 'stored';
  box.dataset.buildMs = String(Math.round(d.build_ms));
  box.dataset.readMs = String(Math.round(d.read_ms));
  $('perfect-value').textContent = v.words;
  const body = $('perfect-moves').querySelector('tbody');
  body.replaceChildren();
  for (const m of v.moves) {
    const tr = document.createElement('tr');
    tr.dataset.move = m.move;
    tr.dataset.value = m.lo === null ? '' : `${m.lo},${m.hi}`;
    if (m.best) tr.className = 'best';
    const a = document.createElement('th');
    a.scope = 'row';
    a.textContent = m.move;
    const b = document.createElement('td');
    b.textContent = m.words + (m.best ? ' · best' : '');
    tr.append(a, b);
    body.appendChild(tr);
  }
  $('perfect-moves').hidden = v.moves.length === 0;
  const size = `every board of up to ${plan.seeds} seeds (${(plan.boards / 1e6).toFixed(1)} million boards, ` +
    `${(plan.bytes / 2 ** 20).toFixed(1)} MB)`;
  $('perfect-status').textContent = d.built
    ? `From the endgame databases of ${size}, built in this page in ${(d.build_ms / 1000).toFixed(1)} s and kept in this browser.`
    : `From the endgame databases of ${size}, kept in this browser (read in ${Math.round(d.read_ms)} ms).`;
  $('perfect-note').textContent = v.note || '';
}

// Asks the worker what perfect play gives from the position shown (the game, or the
// position reviewed), when the Analysis panel is open.
function renderPerfect() {
  if ($('analysis').hidden) return;
  const s = review === null ? state : reviewState;
  const box = $('perfect');
  // Said here, without the worker: nothing is built for a position that needs no
  // database (a game without them, the end, too many seeds on the board).
  let without;
  if (review === null) without = game.perfectWithout();
  else {
    const g = Game.fromMoves(s.variant, s.start, s.moves.join(' '));
    without = g.perfectWithout();
    g.free();
  }
  if (without !== undefined) {
    const v = JSON.parse(without);
    perfectKey = '';
    perfectId++;
    clearTimeout(perfectSlow);
    box.dataset.state = v.state;
    box.dataset.south = '';
    $('perfect-value').textContent = v.words;
    $('perfect-moves').hidden = true;
    $('perfect-note').textContent = '';
    if (v.state === 'none') $('perfect-status').textContent = '';
    return;
  }
  const key = `${s.variant}|${s.start}|${s.moves.join(' ')}`;
  if (key === perfectKey) return;
  perfectKey = key;
  if (!perfectWorker) startPerfect();
  perfectId++;
  box.dataset.state = 'working';
  box.dataset.south = '';
  // The answer usually comes at once; say so only if it does not.
  clearTimeout(perfectSlow);
  perfectSlow = setTimeout(() => {
    $('perfect-value').textContent = 'Looking it up…';
    $('perfect-moves').hidden = true;
  }, 150);
  perfectWorker.postMessage({ id: perfectId, variant: s.variant, start: s.start, moves: s.moves });
}

function positionKey() {
  const s = review === null ? state : reviewState;
  return `${s.moves.length}|${s.notation}`;
}

function render(opts = {}) {
  Sowing.stop();
  state = JSON.parse(game.state());
  info = JSON.parse(game.pageInfo());
  history = JSON.parse(game.history());
  if (review !== null && review > history.length) review = null;
  if (chosenPit !== null && (state.status !== 'ongoing' || !state.legal.some((m) => m.pit === chosenPit))) chosenPit = null;
  mark(state);
  drawCurrent(opts);
  $('turn').textContent = turnText();
  // What the last move did, in words ("South played f, captured 6.").
  const lastPly = review === null ? history[history.length - 1] : history[review - 1];
  $('last').textContent = lastPly ? plyWords(lastPly, false) : '';
  renderPlayers();
  renderMoves();
  renderResult();
  renderChoices();
  renderAnalysis();
  $('review').hidden = review === null;
  $('rules').href = `rules/${state.game}.html`;
  $('undo').disabled = review !== null;
  $('hint').disabled = review !== null || state.status !== 'ongoing';
  if (window.__timings.first_board_ms === null) {
    window.__timings.first_board_ms = performance.now(); // since the navigation began
  }
}

// ---- review -------------------------------------------------------------------

function startReview(ply) {
  if (Sowing.isRunning()) Sowing.skip();
  if (ply === history.length && review === null) return;
  if (ply >= history.length) { endReview(); return; }
  try {
    const g = Game.fromMoves(state.variant, state.start, state.moves.slice(0, ply).join(' '));
    reviewState = JSON.parse(g.state());
    g.free();
  } catch (e) { message(e.message); return; }
  review = ply;
  chosenPit = null;
  message('');
  render();
  $('review-text').textContent = `Move ${ply} of ${history.length}: ${plyWords(history[ply - 1])}`;
  announce($('review-text').textContent);
}

function endReview() {
  review = null;
  reviewState = null;
  render();
  announce('Back to the game.');
}

// ---- moves ------------------------------------------------------------------

function renderChoices() {
  const c = $('choices');
  c.replaceChildren();
  const list = chosenPit !== null ? state.legal.filter((m) => m.pit === chosenPit) : [];
  c.hidden = list.length < 2;
  if (list.length < 2) return;
  const label = document.createElement('span');
  label.textContent = `Pit ${letter(chosenPit)}: `;
  c.appendChild(label);
  for (const m of list) {
    const b = document.createElement('button');
    b.type = 'button';
    const hinted = hint && hint.move === m.move && hint.ply === state.moves.length;
    b.textContent = `${m.move} · ${choiceLabel(m)}${hinted ? ' (hint)' : ''}`;
    b.dataset.move = m.move;
    if (hinted) b.classList.add('hint');
    b.addEventListener('click', () => playMove(m.move));
    c.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { chosenPit = null; render(); });
  c.appendChild(cancel);
}

// Why a pit cannot be played now, or null when it can.
function cannotPlay(player) {
  if (review !== null) return 'You are looking at an earlier position: choose "Back to the game" to play.';
  if (Sowing.isRunning()) return 'The last move is still being sown: wait, or press Skip (Escape) to see its end.';
  if (state.status !== 'ongoing') return 'The game is over: ' + (info.ending ? info.ending.headline : state.result) + '. Start a new game to play again.';
  if (request) return `${sideName(state.to_move)} is thinking: wait for its move.`;
  if (!human(state.to_move)) return `It is ${sideName(state.to_move)}'s turn, played by the engine.`;
  if (player !== state.to_move) return `That pit is ${sideName(player)}'s: ${sideName(state.to_move)} is to move.`;
  return null;
}

function clickPit(player, index) {
  if (!state) return;
  const why = cannotPlay(player);
  if (why) { message(why, 'info'); return; }
  const here = state.legal.filter((m) => m.pit === index);
  if (here.length > 1) {
    chosenPit = index;
    // The hint (its direction) stays.
    if (!(hint && hint.ply === state.moves.length)) message('');
    render({ focusChoice: true });
    announce(`Pit ${letter(index)}: ${here.map(choiceLabel).join(', or ')}.`);
    return;
  }
  // One move, or none: the library plays it or says why not.
  playMove(here.length ? here[0].move : letter(index));
}

function playMove(text) {
  if (!text) return;
  const why = cannotPlay(state.to_move);
  if (why) { message(why, 'info'); return; }
  let sown;
  try {
    const slow = game.isSlowMove(text);
    sown = JSON.parse(game.playSowing(text));
    message(slow ? `Move ${sown.move} relays for a long time; it was played exactly.` : '', 'info');
  } catch (e) {
    message(e.message);
    return;
  }
  hint = null;
  chosenPit = null;
  show(sown.events);
}

// Shows the move just played: the header, the move list and the words at once, its
// sowing animated on the board as it was (sowing.js), then the board after it.
async function show(events) {
  const before = state;
  const beforeGeo = geo;
  render({ swept: false });
  // The board as it was before the move, for the animation to start from.
  geo = drawBoard($('board'), {
    state: before, direction: info.direction, layout: layout(),
    legal: null, mine: () => false, last: null, hint: null, choices: null, counts: null,
  });
  void beforeGeo;
  if (boardFocus && focusLost()) {
    const g = $('board').querySelector(`g.pit[data-player="${boardFocus[0]}"][data-pit="${boardFocus[1]}"]`);
    if (g) { g.setAttribute('tabindex', '0'); g.focus(); }
  }
  const p = history[history.length - 1];
  announce(plyWords(p) + (state.status === 'ongoing' ? ` ${turnText()}.` : ''));
  const done = await Sowing.animate($('board'), geo, before, events);
  if (!done) return;
  drawCurrent({ swept: false });
  if (state.status !== 'ongoing' && !endingShown) {
    await Sowing.sweep($('board'), geo, state, info.ending && info.ending.totals);
    drawCurrent();
    openEnding();
    return;
  }
  drawCurrent();
  afterMove();
}

function afterMove() {
  if (review === null && state.status === 'ongoing' && !human(state.to_move) && !request) {
    think('move');
  }
}

// ---- the end --------------------------------------------------------------------

function openEnding() {
  endingShown = true;
  const e = info.ending;
  if (!e) return;
  const you = settings.human === 'S' || settings.human === 'N' ? settings.human : null;
  let title = e.headline;
  if (you && e.winner) title = (e.winner === you ? 'You win! ' : 'You lose. ') + e.headline;
  $('ending-title').textContent = title;
  const how = $('ending-how');
  how.replaceChildren(e.how + ' ');
  if (e.rule) {
    const a = document.createElement('a');
    a.href = `rules/${state.game}.html#rule-${e.rule}`;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = `Rule ${e.rule}`;
    how.appendChild(a);
  }
  $('ending-totals').textContent = e.totals
    ? `South ${e.totals[0]} seeds, North ${e.totals[1]} seeds.` : '';
  const m = state.match;
  $('ending-match').textContent = m
    ? `Match (${m.rules}): South ${m.score[0]} – North ${m.score[1]}` +
      (m.winner ? `. ${sideName(m.winner)} wins the match.` : '.')
    : '';
  const next = !!(m && !m.winner);
  $('next').hidden = !next;
  $('again').hidden = next;
  announce(`${title}. ${e.how}`);
  const d = $('ending');
  if (!d.open) d.showModal();
  (next ? $('next') : $('again')).focus();
}

// ---- the engine -------------------------------------------------------------

const pending = new Map();
let nextId = 1;

function analysisSpec() {
  return settings.level.startsWith('mcts') ? 'alphabeta:400000n' : (
    settings.level === 'alphabeta:2000000n' ? settings.level : 'alphabeta:400000n');
}

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = (event) => {
    const { id, report, moves, error } = event.data;
    const purpose = pending.get(id);
    pending.delete(id);
    if (purpose === 'analyse') { analysed(id, report, moves, error); return; }
    if (id !== request) return; // a search the page no longer waits for
    request = 0;
    document.body.dataset.thinking = 'false';
    if (error) { message('engine: ' + error); render(); return; }
    window.__timings.searches.push(report);
    if (purpose === 'hint') {
      const m = state.legal.find((x) => x.move === report.best);
      hint = m ? { move: m.move, pit: m.pit, kind: m.kind, ply: state.moves.length, score: report.score } : null;
      message(m ? `Hint: play ${hintWords(m)} (${report.score} for ${sideName(state.to_move)}).` : 'No hint.', 'info');
      render();
      return;
    }
    if (report.best) {
      try {
        const sown = JSON.parse(game.playSowing(report.best));
        show(sown.events);
        return;
      } catch (e) { message('engine: ' + e.message); }
    }
    render();
    afterMove();
  };
  worker.onerror = (e) => { message('engine worker: ' + e.message); };
}

function hintWords(m) {
  return m.kind === 'sow' ? `pit ${m.move}` : `${m.move} (${choiceLabel(m)})`;
}

function think(purpose) {
  const id = nextId++;
  request = id;
  pending.set(id, purpose);
  document.body.dataset.thinking = 'true';
  $('turn').textContent = purpose === 'hint' ? 'Looking for a hint…' : `${sideName(state.to_move)} is thinking…`;
  drawCurrent();
  worker.postMessage({
    id, kind: 'search', variant: state.variant, start: state.start, moves: state.moves,
    spec: settings.level, seed: id,
  });
}

function cancelThinking() {
  request = 0;
  document.body.dataset.thinking = 'false';
}

function evaluate() {
  const s = review === null ? state : reviewState;
  if (s.status !== 'ongoing') { $('engine-info').textContent = 'The game is over: nothing to evaluate.'; return; }
  const id = nextId++;
  pending.set(id, 'analyse');
  const key = positionKey();
  $('engine-info').dataset.key = key;
  $('engine-info').textContent = 'Evaluating…';
  $('evaluate').disabled = true;
  worker.postMessage({
    id, kind: 'analyse', variant: s.variant, start: s.start, moves: s.moves,
    spec: analysisSpec(), each: 'alphabeta:20000n', seed: id, key,
  });
  evaluate.key = key;
}

function analysed(id, report, moves, error) {
  $('evaluate').disabled = false;
  const infoEl = $('engine-info');
  if (infoEl.dataset.key !== evaluate.key) return; // the position changed meanwhile
  if (error) { infoEl.textContent = 'engine: ' + error; return; }
  const s = review === null ? state : reviewState;
  infoEl.textContent =
    `${report.score} for ${sideName(s.to_move)} · best ${report.best ?? '—'} · line ${report.pv.join(' ')} · ` +
    `depth ${report.depth}, ${report.nodes.toLocaleString('en')} nodes in ${Math.round(report.wall_ms)} ms`;
  const body = $('move-values').querySelector('tbody');
  body.replaceChildren();
  for (const m of moves) {
    const tr = document.createElement('tr');
    const a = document.createElement('th');
    a.scope = 'row';
    a.textContent = m.move;
    const b = document.createElement('td');
    b.textContent = m.score;
    tr.append(a, b);
    body.appendChild(tr);
  }
  $('move-values').hidden = moves.length === 0;
}

// ---- games ------------------------------------------------------------------

function menuVariant() {
  const typed = $('variant-text').value.trim();
  return typed || $('variant').value;
}

// The New game panel follows the game shown: its variant selected (added to the menu
// when it is not one of the standard ones).
function syncMenu() {
  const v = state.variant;
  const select = $('variant');
  if (![...select.options].some((o) => o.value === v)) {
    const o = document.createElement('option');
    o.value = v;
    try { o.textContent = variantLabel(v); } catch { o.textContent = v; }
    select.appendChild(o);
  }
  select.value = v;
  $('variant-text').value = '';
  $('custom').open = false;
}

function setGame(g) {
  if (game && game !== g) game.free();
  game = g;
  cancelThinking();
  hint = null;
  review = null;
  reviewState = null;
  chosenPit = null;
  endingShown = false;
  window.__shown = [];
  message('');
  $('engine-info').textContent = '';
  const d = $('ending');
  if (d.open) d.close();
  render();
  endingShown = state.status !== 'ongoing';
  syncMenu();
  afterMove();
}

function newGame() {
  const v = menuVariant();
  settings = { human: $('human').value, level: $('level').value };
  try {
    const g = $('match').checked
      ? Game.newMatch(v, 0, Math.floor(Math.random() * 2 ** 32))
      : new Game(v);
    setGame(g);
    announce(`New game: ${info.label}. ${turnText()}.`);
    return true;
  } catch (e) {
    message(e.message);
    return false;
  }
}

function undo() {
  if (Sowing.isRunning()) Sowing.skip();
  cancelThinking();
  try {
    if (game.undo() === undefined) { message('Nothing to undo.', 'info'); render(); return; }
    // Against the engine, back to the player's own turn.
    while (game.moves().length > 0) {
      const s = JSON.parse(game.state());
      if (human(s.to_move) || settings.human === 'none') break;
      game.undo();
    }
    message('');
  } catch (e) {
    message(e.message);
  }
  hint = null;
  chosenPit = null;
  endingShown = false;
  render();
  endingShown = state.status !== 'ongoing';
  announce(`Move taken back. ${turnText()}.`);
  afterMove();
}

function today() {
  const d = new Date();
  const p = (x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function save() {
  const name = (s) => (human(s) ? 'player' : `engine ${settings.level}`);
  const text = game.gameFile(name('S'), name('N'), today());
  window.__lastFile = text;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${state.game}-${today()}.mgn`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function open(file) {
  const text = await file.text();
  try {
    setGame(Game.openFile(text));
    message(`Opened ${file.name}: ${state.moves.length} moves of ${info.label}.`, 'info');
  } catch (e) {
    message(e.message);
  }
  $('open').value = '';
}

// A pasted position is read as a position of the game shown.
function setUp() {
  try {
    setGame(Game.fromPasted(state.variant, $('paste').value));
    message(`Set up: ${info.label}, ${sideName(state.to_move)} to move.`, 'info');
  } catch (e) {
    message(`${e.message} (read as a position of ${state.title})`);
  }
}

// ---- keys ---------------------------------------------------------------------

// Arrow keys move between the pits as they are drawn; Enter or Space plays.
function boardKeys(e) {
  const t = e.target.closest ? e.target.closest('g.pit, g.choice') : null;
  if (!t) return;
  if (t.classList.contains('choice')) {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); playMove(t.dataset.move); return; }
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); chosenPit = null; render(); focusPit(state.to_move, Number(t.dataset.move.charCodeAt(0) - 97)); return; }
    if (e.key.startsWith('Arrow')) {
      e.preventDefault();
      const all = [...$('board').querySelectorAll('g.choice')];
      const i = all.indexOf(t);
      const next = all[(i + (e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? all.length - 1 : 1)) % all.length];
      next.focus();
    }
    return;
  }
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    clickPit(t.dataset.player, Number(t.dataset.pit));
    return;
  }
  const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
  if (!d) return;
  e.preventDefault();
  const s = review === null ? state : reviewState;
  const here = geo.pit(t.dataset.player, Number(t.dataset.pit));
  let best = null;
  for (const g of $('board').querySelectorAll('g.pit')) {
    const p = geo.pit(g.dataset.player, Number(g.dataset.pit));
    if (d[0] && (p.r !== here.r || Math.sign(p.col - here.col) !== d[0])) continue;
    if (d[1] && (p.col !== here.col || Math.sign(p.r - here.r) !== d[1])) continue;
    const dist = Math.abs(p.col - here.col) + Math.abs(p.r - here.r);
    if (!best || dist < best.dist) best = { g, dist };
  }
  void s;
  if (best) {
    for (const g of $('board').querySelectorAll('g.pit')) g.setAttribute('tabindex', '-1');
    best.g.setAttribute('tabindex', '0');
    best.g.focus();
  }
}

function focusPit(player, index) {
  const g = $('board').querySelector(`g.pit[data-player="${player}"][data-pit="${index}"]`);
  if (g) { for (const x of $('board').querySelectorAll('g.pit')) x.setAttribute('tabindex', '-1'); g.setAttribute('tabindex', '0'); g.focus(); }
}

// ---- start ----------------------------------------------------------------------

async function main() {
  await init();
  variants = JSON.parse(variantList());
  const select = $('variant');
  let group = null;
  for (const v of variants) {
    if (!group || group.label !== v.title) {
      group = document.createElement('optgroup');
      group.label = v.title;
      select.appendChild(group);
    }
    const o = document.createElement('option');
    o.value = v.variant;
    o.textContent = v.label;
    group.appendChild(o);
  }
  for (const o of $('level').options) LEVEL_NAMES[o.value] = o.textContent;
  Sowing.setUp();
  startWorker();

  $('new-open').addEventListener('click', () => { syncMenu(); $('new-game').showModal(); $('variant').focus(); });
  $('new-game').addEventListener('close', () => {
    if ($('new-game').returnValue === 'start') newGame();
  });
  $('new-form').addEventListener('submit', (e) => {
    // Refuse a bad variant with the library's words, the panel left open.
    if (e.submitter && e.submitter.value === 'start') {
      try { new Game(menuVariant()).free(); } catch (err) {
        e.preventDefault();
        message(err.message);
        $('variant-text').setCustomValidity(err.message);
        $('variant-text').reportValidity();
        $('variant-text').setCustomValidity('');
      }
    }
  });
  $('ending').addEventListener('close', () => {
    const v = $('ending').returnValue;
    if (v === 'again') { syncMenu(); newGame(); }
    else if (v === 'next') {
      try { game.nextGame(); setGame(game); } catch (e) { message(e.message); }
    }
  });
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', () => {
    if (state.status === 'ongoing' && !request && !Sowing.isRunning()) think('hint');
  });
  $('analysis-open').addEventListener('click', () => {
    const open = $('analysis').hidden;
    $('analysis').hidden = !open;
    $('analysis-open').setAttribute('aria-expanded', String(open));
    if (open) { renderPerfect(); $('analysis-title').scrollIntoView({ block: 'nearest' }); }
  });
  $('evaluate').addEventListener('click', evaluate);
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('notation').value);
      message('Position copied.', 'info');
    } catch {
      $('notation').select();
      message('Select and copy the position above.', 'info');
    }
  });
  $('set').addEventListener('click', setUp);
  $('save').addEventListener('click', save);
  $('open').addEventListener('change', (e) => { if (e.target.files[0]) open(e.target.files[0]); });
  $('typed').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('typed-move').value.trim();
    if (!text) return;
    const why = cannotPlay(state.to_move);
    if (why) { message(why, 'info'); return; }
    $('typed-move').value = '';
    playMove(text);
  });
  $('review-prev').addEventListener('click', () => startReview(Math.max(0, (review ?? history.length) - 1)));
  $('review-next').addEventListener('click', () => startReview((review ?? history.length) + 1));
  $('review-back').addEventListener('click', endReview);
  const board = $('board');
  board.addEventListener('click', (e) => {
    const c = e.target.closest('g.choice');
    if (c) { playMove(c.dataset.move); return; }
    const g = e.target.closest('g.pit');
    if (g) clickPit(g.dataset.player, Number(g.dataset.pit));
  });
  board.addEventListener('keydown', boardKeys);
  board.addEventListener('focusin', (e) => {
    const g = e.target.closest('g.pit');
    if (g) boardFocus = [g.dataset.player, g.dataset.pit];
  });
  board.addEventListener('focusout', (e) => {
    if (e.relatedTarget && !board.contains(e.relatedTarget)) boardFocus = null;
  });
  document.addEventListener('keydown', (e) => {
    if (document.querySelector('dialog[open]')) return;
    if (e.key === 'Escape' && review !== null) endReview();
    // N: the New game panel, from anywhere but a text field.
    const t = e.target;
    const typing = t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA');
    if ((e.key === 'n' || e.key === 'N') && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      $('new-open').click();
    }
  });
  let resized = null;
  window.addEventListener('resize', () => {
    clearTimeout(resized);
    resized = setTimeout(() => { if (state && !Sowing.isRunning()) drawCurrent(); }, 100);
  });
  newGame();
  keepOffline();
  document.body.dataset.ready = 'true';
}

// Offline once loaded, the rules pages included: a service worker keeps the site's files
// (static/sw.js). Served pages only (a file:// page has none).
function keepOffline() {
  if (!('serviceWorker' in navigator) || !location.protocol.startsWith('http')) return;
  navigator.serviceWorker.register('sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then(() => { document.body.dataset.offline = 'ready'; })
    .catch(() => { document.body.dataset.offline = 'unavailable'; });
}

main().catch((e) => { message('The page could not start: ' + e); throw e; });
