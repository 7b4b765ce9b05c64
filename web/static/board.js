// The board's drawing, in SVG scaled by its viewBox: used by the game page (app.js) and
// by the rules pages' diagrams (rules/diagram.js), from the library's state of a
// position (Game.state()). No rules here: what is legal, where a move went and what it
// took all come from the library.

const SVG = 'http://www.w3.org/2000/svg';
export const U = 100;       // one pit's cell, in the viewBox's units
const R = 42;               // a pit's radius
const PAD = 14;             // the wood's margin

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export function sideName(s) { return s === 'S' ? 'South' : 'North'; }

// The letter of pit `index` of its owner (`a` is 0).
export function letter(index) { return String.fromCharCode(97 + index); }

// Seeds as small dots scattered in a disc of radius `spread` (a fixed pattern, so a
// count always looks the same); at most 24 drawn.
export function drawSeeds(g, cx, cy, n, spread = 28) {
  for (const s of g.querySelectorAll('circle.seed')) s.remove();
  const shown = Math.min(n, 24);
  const first = [...g.children].find((c) => c.tagName === 'text' || c.getAttribute('aria-hidden') === 'true') || null;
  for (let i = 0; i < shown; i++) {
    // A sunflower spiral: even, and the same for every pit.
    const r = shown === 1 ? 0 : spread * Math.sqrt((i + 0.5) / shown);
    const a = i * 2.39996 + 0.6;
    const c = el('circle', { cx: cx + r * Math.cos(a), cy: cy + r * Math.sin(a), r: shown > 12 ? 6 : 8, class: 'seed' });
    g.insertBefore(c, first);
  }
}

// Where things are: the layout of a state. `tall` puts the stores above and below the
// rows (narrow screens), `wide` at the ends.
export function geometry(state, layout = 'wide') {
  const rows = state.rows;
  const n = state.pits[0].length / rows;
  const stores = state.stores !== null;
  const tall = layout === 'tall';
  // Omweso's row labels: in a gutter at the left, or on a narrow screen in bands
  // above and below the board.
  const gutter = rows === 2 && !tall ? 70 : 0;
  const storeCols = stores && !tall ? 1 : 0;
  const band = rows === 2 ? (tall ? 30 : 0) : 34; // two-row games: letters above and below
  const storeBand = tall && stores ? 84 : 0;
  const width = 2 * PAD + gutter + (n + 2 * storeCols) * U;
  const top = PAD + storeBand + band;
  const height = top + 2 * rows * U + band + storeBand + PAD;
  const x0 = PAD + gutter + storeCols * U;
  // Rows from the top: North's outer (Omweso), North's (inner), South's (inner), South's outer.
  const pit = (player, index) => {
    const row = Math.floor(index / n), k = index % n;
    let r, col;
    if (player === 'S') { r = rows === 2 ? 2 + row : 1; col = k; }
    else { r = rows === 2 ? 1 - row : 0; col = n - 1 - k; }
    return { x: x0 + col * U + U / 2, y: top + r * U + U / 2, r, col, row };
  };
  const store = (player) => {
    if (!stores) return null;
    if (tall) {
      const y = player === 'N' ? PAD + storeBand / 2 : height - PAD - storeBand / 2;
      return { x: width / 2, y, w: n * U - 20, h: storeBand - 16 };
    }
    const x = player === 'N' ? PAD + gutter + U / 2 : width - PAD - U / 2;
    return { x, y: top + rows * U, w: U - 16, h: 2 * rows * U - 16 };
  };
  return { rows, n, stores, tall: tall && stores, narrow: tall, width, height, top, band, gutter, x0, pit, store };
}

// The direction a lap moves across the screen along a row (+1 right, -1 left), `dir`
// being the lap's ('ccw' or 'cw'). Counter-clockwise, South's row goes right and
// North's left; on Omweso's four rows that is each player's outer row, and the inner
// rows run the other way.
function heading(geo, player, row, dir) {
  // Two-row games: one row each. Omweso: the outer row (row 1) runs as a two-row
  // game's, the inner (row 0) the other way.
  let h = player === 'S' ? 1 : -1;
  if (geo.rows === 2 && row === 0) h = -h;
  return dir === 'cw' ? -h : h;
}

// The pit's name for a screen reader: "your pit c, 3 seeds", "North's inner pit b, 0
// seeds", "South's pit a, closed".
export function pitLabel(state, player, index, count, mine) {
  const n = state.pits[0].length / state.rows;
  const whose = mine ? 'your' : `${sideName(player)}'s`;
  const row = state.rows === 2 ? (index < n ? 'inner ' : 'outer ') : '';
  const what = count === null ? 'closed for this round' : `${count} seed${count === 1 ? '' : 's'}`;
  return `${whose} ${row}pit ${letter(index)}, ${what}`;
}

// Draws `view` on `svg`:
//   state       the library's state (Game.state(), parsed)
//   direction   'ccw' or 'cw' (the variant's, Game.pageInfo())
//   layout      'wide' or 'tall'
//   legal       Map from pit index to its legal moves (the side to move's), or null
//   mine        (player) => whether that side is played from this page (labels say "your")
//   last        the last ply ({from, last} pits, Game.history()), or null
//   hint        {pit, move, kind} or null
//   choices     the moves offered at one pit (drawn on the board), or null
//   counts      {S: [...], N: [...], stores: [s, n]} to draw instead of the state's (the
//               final sweep), or null
// Returns the geometry (pit and store centres, for the sowing's hand).
export function drawBoard(svg, view) {
  const { state } = view;
  const geo = geometry(state, view.layout);
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${geo.width} ${geo.height}`);
  svg.dataset.layout = geo.narrow ? 'tall' : 'wide';
  el('rect', { x: 2, y: 2, width: geo.width - 4, height: geo.height - 4, rx: 36, class: 'wood' }, svg);
  const { rows, n } = geo;
  // The middle line between the players.
  const mid = geo.top + rows * U;
  el('line', { x1: geo.x0 - 6, x2: geo.x0 + n * U + 6, y1: mid, y2: mid, class: 'divider' }, svg);
  const dir = view.direction || 'ccw';
  const pits = view.counts ? [view.counts.S, view.counts.N] : state.pits;

  // The sowing direction: a small arrow in each gap of each row.
  const arrows = el('g', { class: 'arrows', 'aria-hidden': 'true' }, svg);
  for (const player of ['N', 'S']) {
    for (let row = 0; row < rows; row++) {
      const h = heading(geo, player, row, dir);
      const y = geo.pit(player, row * n).y;
      for (let col = 1; col < n; col++) {
        const gx = geo.x0 + col * U;
        el('path', { d: `M${gx - 5 * h},${y - 8} L${gx + 6 * h},${y} L${gx - 5 * h},${y + 8} Z`, class: 'arrow' }, arrows);
      }
    }
  }

  // Omweso: each row named, at its left (two lines), or above and below the board.
  if (rows === 2 && geo.gutter) {
    for (const [player, row, who, which] of [['N', 1, 'North', 'outer'], ['N', 0, 'North', 'inner'], ['S', 0, 'South', 'inner'], ['S', 1, 'South', 'outer']]) {
      const y = geo.pit(player, row * n).y;
      const t = el('text', { x: PAD + geo.gutter / 2, y: y - 4, class: 'row-label' }, svg);
      t.textContent = who;
      el('text', { x: PAD + geo.gutter / 2, y: y + 18, class: 'row-label' }, svg).textContent = which;
    }
  } else if (rows === 2) {
    el('text', { x: geo.width / 2, y: PAD + 20, class: 'row-label' }, svg).textContent = 'North: outer row, then inner row';
    el('text', { x: geo.width / 2, y: geo.height - PAD - 6, class: 'row-label' }, svg).textContent = 'South: inner row, then outer row';
  }

  const last = view.last;
  const texts = el('g', { class: 'texts' });
  for (const player of ['N', 'S']) {
    const row = pits[player === 'S' ? 0 : 1];
    row.forEach((count, index) => {
      const p = geo.pit(player, index);
      const moves = view.legal && player === state.to_move ? view.legal.get(index) : null;
      const mine = view.mine ? view.mine(player) : false;
      const classes = ['pit'];
      if (count === null) classes.push('closed');
      if (moves) classes.push('legal');
      else if (view.legal && player === state.to_move) classes.push('idle');
      const isFrom = last && last.from && last.from.player === player && last.from.pit === index;
      const isEnd = last && last.last && last.last.player === player && last.last.pit === index;
      if (isFrom) classes.push('last-from');
      if (isEnd) classes.push('last-end');
      const hinted = view.hint && player === state.to_move && view.hint.pit === index;
      if (hinted) classes.push('hint');
      let label = pitLabel(state, player, index, count, mine);
      if (isFrom) label += ', the last move was sown from here';
      else if (isEnd) label += ', the last move ended here';
      if (hinted) label += `, hint: ${view.hint.move}`;
      if (moves) label += ', playable';
      const g = el('g', {
        class: classes.join(' '),
        role: 'button',
        tabindex: '-1',
        'aria-label': label,
        'aria-disabled': moves ? 'false' : 'true',
        'data-player': player, 'data-pit': String(index),
        'data-count': count === null ? 'closed' : String(count),
        'data-legal': moves ? 'true' : 'false',
        transform: `translate(${p.x},${p.y})`,
      }, svg);
      el('rect', { x: -U / 2, y: -U / 2, width: U, height: U, class: 'hit' }, g);
      el('circle', { cx: 0, cy: 0, r: R + 4, class: 'focus-ring' }, g);
      el('circle', { cx: 0, cy: 0, r: R, class: 'hole' }, g);
      if (count === null) {
        el('path', { d: `M-24,-24 L24,24 M24,-24 L-24,24`, class: 'sand' }, g);
      }
      if (count !== null) drawSeeds(g, 0, 0, count);
      // The count and the letter, on top of the pit but outside its control: the pit's
      // name (aria-label) says them.
      const shown = el('g', {
        class: 'pit-text', 'aria-hidden': 'true', 'data-player': player, 'data-pit': String(index),
        transform: `translate(${p.x},${p.y})`,
      }, texts);
      // The count in a badge at the pit's top right, the seeds left in sight.
      if (count !== null) {
        el('circle', { cx: 30, cy: -30, r: 22, class: 'badge' }, shown);
        const t = el('text', { x: 30, y: -19, class: 'count' }, shown);
        t.textContent = String(count);
      }
      // The pit's letter: outside the rows on two-row boards, in the cell's corner on
      // Omweso's four rows (so that it belongs to one pit only).
      const lt = rows === 2
        ? el('text', { x: -U / 2 + 8, y: U / 2 - 6, class: 'letter corner' }, shown)
        : el('text', { x: 0, y: player === 'S' ? U / 2 + 26 : -U / 2 - 10, class: 'letter' }, shown);
      lt.textContent = letter(index);
      if (isFrom || isEnd) {
        // Not by colour alone: a small mark in the cell's top corner.
        const mark = el('g', { class: isFrom ? 'mark from' : 'mark end', 'aria-hidden': 'true' }, g);
        if (isFrom) el('path', { d: 'M-46,-46 L-28,-46 L-46,-28 Z' }, mark);
        else el('circle', { cx: -38, cy: -38, r: 8 }, mark);
      }
      if (hinted) {
        const hg = el('g', { class: 'hint-mark', 'aria-hidden': 'true' }, g);
        const kind = view.hint.kind;
        if (kind === 'clockwise' || kind === 'counter-clockwise') {
          const h = heading(geo, player, p.row, kind === 'clockwise' ? 'cw' : 'ccw');
          el('path', { d: `M${-20 * h},-34 L${20 * h},-34 M${12 * h},-41 L${20 * h},-34 L${12 * h},-27`, class: 'hint-arrow' }, hg);
        } else {
          el('path', { d: 'M-34,-44 L-30,-34 L-20,-34 L-28,-28 L-25,-18 L-34,-24 L-43,-18 L-40,-28 L-48,-34 L-38,-34 Z', class: 'hint-star' }, hg);
        }
      }
    });
  }

  svg.appendChild(texts);

  if (geo.stores) {
    const names = state.store_name === 'captured' ? 'captured' : 'store';
    for (const player of ['N', 'S']) {
      const s = geo.store(player);
      const n2 = view.counts ? view.counts.stores[player === 'S' ? 0 : 1] : state.stores[player === 'S' ? 0 : 1];
      const mine = view.mine ? view.mine(player) : false;
      const g = el('g', {
        class: 'store', 'data-player': player, 'data-count': String(n2),
        role: 'img', 'aria-label': `${mine ? 'your' : sideName(player) + "'s"} ${names}, ${n2} seed${n2 === 1 ? '' : 's'}`,
      }, svg);
      el('rect', { x: s.x - s.w / 2, y: s.y - s.h / 2, width: s.w, height: s.h, rx: Math.min(s.w, s.h) / 2, class: 'hole' }, g);
      const t = el('text', { x: s.x, y: s.y + 15, class: 'store-count' }, g);
      t.textContent = String(n2);
      drawSeeds(g, s.x, s.y, n2, Math.min(s.w, s.h) / 2 - 12);
      const l = el('text', {
        x: geo.tall ? s.x - s.w / 2 + 20 : s.x,
        y: geo.tall ? s.y + 9 : (player === 'N' ? s.y - s.h / 2 + 34 : s.y + s.h / 2 - 18),
        class: 'store-label' + (geo.tall ? ' start' : ''),
      }, g);
      l.textContent = sideName(player);
    }
  }

  // The moves offered at one pit, on the board beside it (Omweso's reverse and split).
  if (view.choices && view.choices.length) {
    const layer = el('g', { class: 'choices' }, svg);
    const first = view.choices[0];
    const p = geo.pit(state.to_move, first.pit);
    const up = state.to_move === 'S' ? -1 : 1;   // towards the middle of the board
    view.choices.forEach((m) => {
      let x = p.x, y = p.y + up * 0.5 * U, glyph;
      if (m.kind === 'counter-clockwise' || m.kind === 'clockwise') {
        const h = heading(geo, state.to_move, p.row, m.kind === 'clockwise' ? 'cw' : 'ccw');
        x = p.x + h * 0.55 * U;
        y = p.y;
        glyph = `M${-14 * h},0 L${14 * h},0 M${4 * h},-10 L${14 * h},0 L${4 * h},10`;
      } else {
        x = p.x;
        y = p.y + up * 0.58 * U;
      }
      const g = el('g', {
        class: 'choice' + (view.hint && view.hint.move === m.move ? ' hint' : ''),
        role: 'button', tabindex: '0',
        'aria-label': choiceLabel(m) + (view.hint && view.hint.move === m.move ? ' (the hint)' : ''),
        'data-move': m.move,
        transform: `translate(${x},${y})`,
      }, layer);
      el('circle', { r: 24, class: 'choice-bg' }, g);
      if (glyph) el('path', { d: glyph, class: 'choice-glyph' }, g);
      else el('text', { y: 8, class: 'choice-text' }, g).textContent = '2+1';
    });
  }
  return geo;
}

export function choiceLabel(m) {
  const l = m.move.replace(/[-*]$/, '');
  switch (m.kind) {
    case 'counter-clockwise': return `sow ${l} counter-clockwise`;
    case 'clockwise': return `sow ${l} clockwise (reverse)`;
    case 'split': return `split ${l} (2+1): 2 seeds, then 1`;
    default: return `sow ${l}`;
  }
}
