// The page: draws what the library says and sends it the player's clicks. No rules
// here: legal moves, playing, status, outcome and notation all come from the
// WebAssembly module (web/src/lib.rs).
import init, { Game, variants } from './mancala_web.js';
import * as Sowing from './sowing.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const T0 = performance.now();

let game = null;       // the library's Game
let state = null;      // its state() JSON, parsed
let variant = '';      // the variant's text
let worker = null;
let request = 0;       // the id of the engine search the page waits for (0: none)
let hintMove = null;
// Every position the board showed, ply by ply (the browser test reads it).
window.__shown = [];
window.__timings = { script_ms: T0, first_board_ms: null, searches: [] };

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function message(text, kind = 'error') {
  const m = $('message');
  m.textContent = text || '';
  m.className = text ? kind : '';
}

function side(s) { return s === 'S' ? 'South' : 'North'; }

function humanSide(s) {
  const h = $('human').value;
  return h === 'both' || h === s;
}

// ---- the board --------------------------------------------------------------

const R = 30, STEP = 76, MARGIN = 22;

// Small dots for the seeds (up to 20 drawn), placed on rings inside the pit.
function drawSeeds(g, cx, cy, n) {
  const shown = Math.min(n, 20);
  for (let i = 0; i < shown; i++) {
    let rr, a;
    if (shown === 1) { rr = 0; a = 0; }
    else if (i < 7) { rr = shown <= 7 ? 10 : 8; a = (i / Math.min(shown, 7)) * 2 * Math.PI; }
    else { rr = 17; a = ((i - 7) / (shown - 7)) * 2 * Math.PI + 0.3; }
    el('circle', { cx: cx + rr * Math.cos(a), cy: cy + rr * Math.sin(a), r: 4, class: 'seed' }, g);
  }
}

function drawPit(svg, x, y, player, index, count, legalHere) {
  const g = el('g', {
    class: 'pit' + (count === null ? ' closed' : '') + (legalHere ? ' legal' : '') +
      (hintMove && hintMove.pit === index && player === state.to_move ? ' hint' : ''),
    'data-player': player, 'data-pit': String(index),
    'data-count': count === null ? 'closed' : String(count),
    'data-legal': legalHere ? 'true' : 'false',
    transform: `translate(${x},${y})`,
  }, svg);
  el('circle', { cx: 0, cy: 0, r: R, class: 'hole' }, g);
  if (count === null) {
    el('path', { d: `M${-R * 0.6},${-R * 0.6} L${R * 0.6},${R * 0.6} M${R * 0.6},${-R * 0.6} L${-R * 0.6},${R * 0.6}`, class: 'sand' }, g);
  } else {
    drawSeeds(g, 0, 0, count);
  }
  const label = el('text', { x: R - 4, y: -R + 8, class: 'count' }, g);
  label.textContent = count === null ? '' : String(count);
  const letter = el('text', { x: 0, y: player === 'S' ? R + 13 : -R - 4, class: 'letter' }, g);
  letter.textContent = String.fromCharCode(97 + index);
  el('title', {}, g).textContent = count === null
    ? `${side(player)}'s pit ${letter.textContent}: closed for this round`
    : `${side(player)}'s pit ${letter.textContent}: ${count}`;
  g.addEventListener('click', () => clickPit(player, index));
}

function drawStore(svg, x, y, h, player, n, name) {
  const g = el('g', { class: 'store', 'data-player': player, 'data-count': String(n) }, svg);
  el('rect', { x: x - R, y, width: 2 * R, height: h, rx: R, class: 'hole' }, g);
  drawSeeds(g, x, y + h * 0.38, Math.min(n, 20));
  const t = el('text', { x, y: y + h - 16, class: 'store-count' }, g);
  t.textContent = String(n);
  const l = el('text', { x, y: player === 'N' ? y - 6 : y + h + 16, class: 'letter' }, g);
  l.textContent = `${side(player)} ${name}`;
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
  if (!shown.length || shown[shown.length - 1].ply !== s.moves.length ||
      shown[shown.length - 1].notation !== s.notation) {
    shown.push({ ply: s.moves.length, notation: s.notation, moves: s.moves.join(' ') });
  }
}

function render() {
  Sowing.stop();
  state = JSON.parse(game.state());
  const svg = $('board');
  svg.replaceChildren();
  const rows = state.rows, n = state.pits[0].length / rows;
  const hasStores = state.stores !== null;
  const cols = n + (hasStores ? 2 : 0);
  const width = cols * STEP + 2 * MARGIN;
  const rowCount = 2 * rows;
  const height = rowCount * STEP + 2 * MARGIN + 34;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  el('rect', { x: 4, y: 4, width: width - 8, height: height - 8, rx: 28, class: 'wood' }, svg);
  if (rows === 2) {
    el('line', { x1: MARGIN, x2: width - MARGIN, y1: 20 + MARGIN + 2 * STEP, y2: 20 + MARGIN + 2 * STEP, class: 'divider' }, svg);
  }
  const legal = new Map();
  if (humanSide(state.to_move) && state.status === 'ongoing' && !request) {
    for (const m of state.legal) {
      if (!legal.has(m.pit)) legal.set(m.pit, []);
      legal.get(m.pit).push(m);
    }
  }
  const x0 = MARGIN + (hasStores ? STEP : 0) + STEP / 2;
  const yRow = (r) => 20 + MARGIN + r * STEP + STEP / 2;
  // Rows from the top: North's outer (Omweso), North's (inner), South's (inner), South's outer.
  for (const player of ['N', 'S']) {
    const pits = state.pits[player === 'S' ? 0 : 1];
    pits.forEach((count, index) => {
      const row = Math.floor(index / n), k = index % n; // row 0: the (inner) row a.., 1: outer i..
      let r, col;
      if (player === 'S') { r = rows === 2 ? 2 + row : 1; col = k; }
      else { r = rows === 2 ? 1 - row : 0; col = n - 1 - k; }
      drawPit(svg, x0 + col * STEP, yRow(r), player, index, count,
        player === state.to_move && legal.has(index));
    });
  }
  if (hasStores) {
    const h = 2 * STEP - 12;
    drawStore(svg, MARGIN + STEP / 2, yRow(0) - STEP / 2 + 6, h, 'N', state.stores[1], state.store_name);
    drawStore(svg, width - MARGIN - STEP / 2, yRow(0) - STEP / 2 + 6, h, 'S', state.stores[0], state.store_name);
  }
  const banner = el('text', { x: width / 2, y: 22, class: 'banner' }, svg);
  banner.textContent = state.status === 'ongoing'
    ? `${side(state.to_move)} to move` + (state.in_hand ? ` · ${state.in_hand} seeds in hand` : '')
    : 'game over';
  mark(state);

  $('turn').textContent = state.status === 'ongoing'
    ? `${state.title} · ${state.variant} · ${side(state.to_move)} to move` +
      (humanSide(state.to_move) ? ' (you)' : ' (engine)') +
      (state.pending ? ` · mid-turn decision at pit ${state.pending}` : '') +
      (state.in_hand ? ` · ${state.in_hand} in hand` : '')
    : `${state.title} · ${state.variant}`;
  $('result').textContent = state.status === 'ongoing' ? '' : state.result;
  $('notation').value = state.notation;
  $('moves').textContent = state.moves.join(' ') || '—';
  const m = state.match;
  $('score').textContent = m
    ? `Match (${m.rules}), game ${m.game}: South ${m.score[0]} – North ${m.score[1]}` +
      (m.winner ? ` · ${side(m.winner)} wins the match` : '')
    : '';
  $('next').hidden = !(m && state.status !== 'ongoing' && !m.winner);
  renderChoices(null);
  linkRules();
  if (window.__timings.first_board_ms === null) {
    window.__timings.first_board_ms = performance.now(); // since the navigation began
  }
}

// ---- the rules pages ----------------------------------------------------------

// The Rules link opens the current game's page (dist/rules/<game>.html, made from
// docs/ by build.sh); a rule the end of the game cites ("(rule 7)") links to its anchor.
function linkRules() {
  const page = `rules/${state.game}.html`;
  $('rules').href = page;
  const result = $('result');
  const text = result.textContent;
  const cited = /rule (K?\d+[a-z]?)/.exec(text);
  if (!cited) return;
  const a = document.createElement('a');
  a.href = `${page}#rule-${cited[1]}`;
  a.target = '_blank';
  a.rel = 'noopener';
  a.textContent = cited[0];
  result.replaceChildren(text.slice(0, cited.index), a, text.slice(cited.index + cited[0].length));
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

// ---- moves ------------------------------------------------------------------

const KIND_WORDS = {
  'counter-clockwise': 'sow counter-clockwise',
  clockwise: 'sow clockwise (reverse capture)',
  split: 'opening split (2 + 1)',
  sow: 'sow',
};

function renderChoices(list) {
  const c = $('choices');
  c.replaceChildren();
  c.hidden = !list;
  if (!list) return;
  const label = document.createElement('span');
  label.textContent = `Pit ${list[0].move[0]}: `;
  c.appendChild(label);
  for (const m of list) {
    const b = document.createElement('button');
    b.textContent = `${m.move} · ${KIND_WORDS[m.kind] || m.kind}`;
    b.dataset.move = m.move;
    b.addEventListener('click', () => playMove(m.move));
    c.appendChild(b);
  }
}

function clickPit(player, index) {
  if (!state || request || Sowing.isRunning()) return;
  if (state.status !== 'ongoing') { message('The game is over: ' + state.result); return; }
  if (!humanSide(state.to_move)) { message(`It is the engine's turn (${side(state.to_move)}).`); return; }
  if (player !== state.to_move) {
    message(`That pit is ${side(player)}'s: ${side(state.to_move)} is to move.`);
    return;
  }
  const here = state.legal.filter((m) => m.pit === index);
  if (here.length > 1) { renderChoices(here); message(''); return; }
  // One move, or none: the library plays it or says why not.
  playMove(here.length ? here[0].move : String.fromCharCode(97 + index));
}

function playMove(text) {
  try {
    if (game.isSlowMove(text)) message(`Move ${text} relays for a long time; playing it exactly…`, 'info');
    const sown = JSON.parse(game.playSowing(text));
    hintMove = null;
    if ($('message').className !== 'info') message('');
    show(sown.events);
  } catch (e) {
    message(e.message);
  }
}

// Shows the move just played: its sowing animated on the board as it was (sowing.js),
// then the board after it.
async function show(events) {
  const before = state;
  mark(JSON.parse(game.state()));
  if (await Sowing.animate($('board'), before, events, drawSeeds)) {
    render();
    afterMove();
  }
}

function afterMove() {
  if (state.status === 'ongoing' && !humanSide(state.to_move)) {
    think('move');
  }
}

// ---- the engine -------------------------------------------------------------

function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = (event) => {
    const { id, report, error } = event.data;
    if (id !== request) return; // a search the page no longer waits for
    const purpose = pending.get(id);
    pending.delete(id);
    request = 0;
    document.body.dataset.thinking = 'false';
    $('thinking').hidden = true;
    if (error) { message('engine: ' + error); render(); return; }
    window.__timings.searches.push(report);
    $('engine-info').textContent =
      `engine: ${report.best ?? '—'} · ${report.score} · depth ${report.depth} · ` +
      `${report.nodes} nodes in ${Math.round(report.wall_ms)} ms` +
      (report.wall_ms > 0 ? ` (${Math.round(report.nodes / report.wall_ms)}k nodes/s)` : '');
    if (purpose === 'hint') {
      hintMove = state.legal.find((m) => m.move === report.best) || null;
      message(report.best ? `Hint: ${report.best} (${report.score})` : 'No hint.', 'info');
      render();
      return;
    }
    if (report.best) {
      try {
        show(JSON.parse(game.playSowing(report.best)).events);
        return;
      } catch (e) { message('engine: ' + e.message); }
    }
    render();
    afterMove();
  };
  worker.onerror = (e) => { message('engine worker: ' + e.message); };
}

const pending = new Map();
let nextId = 1;

function think(purpose) {
  const id = nextId++;
  request = id;
  pending.set(id, purpose);
  document.body.dataset.thinking = 'true';
  $('thinking').hidden = false;
  render();
  worker.postMessage({
    id, variant: game.variant(), start: state.start, moves: state.moves,
    spec: $('level').value, seed: id,
  });
}

function cancelThinking() {
  request = 0;
  document.body.dataset.thinking = 'false';
  $('thinking').hidden = true;
}

// ---- games ------------------------------------------------------------------

function chosenVariant() {
  const typed = $('variant-text').value.trim();
  return typed || $('variant').value;
}

function setGame(g) {
  if (game && game !== g) game.free();
  game = g;
  cancelThinking();
  hintMove = null;
  window.__shown = [];
  message('');
  $('engine-info').textContent = '';
  render();
  afterMove();
}

function newGame() {
  const v = chosenVariant();
  try {
    const g = $('match').checked
      ? Game.newMatch(v, 0, Math.floor(Math.random() * 2 ** 32))
      : new Game(v);
    variant = v;
    setGame(g);
  } catch (e) {
    message(e.message);
  }
}

function undo() {
  cancelThinking();
  try {
    if (game.undo() === undefined) { message('Nothing to undo.', 'info'); render(); return; }
    // Against the engine, back to the player's own turn.
    while (game.moves().length > 0) {
      const s = JSON.parse(game.state());
      if (humanSide(s.to_move) || $('human').value === 'none') break;
      game.undo();
    }
    message('');
  } catch (e) {
    message(e.message);
  }
  hintMove = null;
  render();
  afterMove();
}

function today() {
  const d = new Date();
  const p = (x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function save() {
  const who = (s) => (humanSide(s) ? 'player' : `engine ${$('level').value}`);
  const text = game.gameFile(who('S'), who('N'), today());
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
    message(`Opened ${file.name}: ${state.moves.length} moves.`, 'info');
  } catch (e) {
    message(e.message);
  }
  $('open').value = '';
}

function setUp() {
  try {
    setGame(Game.fromNotation(chosenVariant(), $('paste').value));
  } catch (e) {
    message(e.message);
  }
}

async function main() {
  await init();
  for (const v of variants()) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = v;
    $('variant').appendChild(o);
  }
  Sowing.setUp($('controls'));
  startWorker();
  $('variant').addEventListener('change', () => { $('variant-text').value = ''; newGame(); });
  $('new').addEventListener('click', newGame);
  $('next').addEventListener('click', () => {
    try { game.nextGame(); setGame(game); } catch (e) { message(e.message); }
  });
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', () => {
    if (state.status === 'ongoing' && !request) think('hint');
  });
  $('human').addEventListener('change', () => { render(); if (!request) afterMove(); });
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(state.notation);
      message('Position copied.', 'info');
    } catch {
      $('notation').select();
      message('Select and copy the position above.', 'info');
    }
  });
  $('set').addEventListener('click', setUp);
  $('save').addEventListener('click', save);
  $('open').addEventListener('change', (e) => { if (e.target.files[0]) open(e.target.files[0]); });
  newGame();
  keepOffline();
  document.body.dataset.ready = 'true';
}

main().catch((e) => { message('The page could not start: ' + e); throw e; });
