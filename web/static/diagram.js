// The rules pages' diagrams (rules/<game>.html, made by web/src/rules.rs): each
// <figure class="diagram" data-variant data-position data-move> is drawn by the game
// page's own board (board.js) from the library's position, and, with a move, the board
// after the library played it, the move's pits marked.
import init, { Game } from './mancala_web.js';
import { drawBoard } from './board.js';

function board(parent, state, direction, last, label) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  parent.appendChild(svg);
  drawBoard(svg, { state, direction, layout: 'wide', legal: null, mine: () => false, last, hint: null, choices: null, counts: null });
  // A picture, not controls.
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  for (const g of svg.querySelectorAll('[role], [tabindex]')) {
    g.removeAttribute('role');
    g.removeAttribute('tabindex');
    g.removeAttribute('aria-label');
    g.removeAttribute('aria-disabled');
  }
  return svg;
}

async function main() {
  await init();
  for (const f of document.querySelectorAll('figure.diagram')) {
    const boards = f.querySelector('.boards');
    const { variant, position, move } = f.dataset;
    let game;
    try {
      game = Game.fromPasted(variant, position);
      const info = JSON.parse(game.pageInfo());
      const before = JSON.parse(game.state());
      board(boards, before, info.direction, null, `The board: ${before.notation}`);
      if (move) {
        const played = JSON.parse(game.playSowing(move)).move;
        const after = JSON.parse(game.state());
        const history = JSON.parse(game.history());
        const arrow = document.createElement('p');
        arrow.className = 'diagram-move';
        arrow.textContent = `${before.to_move === 'S' ? 'South' : 'North'} plays ${played} →`;
        boards.appendChild(arrow);
        board(boards, after, info.direction, history[history.length - 1],
          `After ${played}: ${after.notation}`);
        boards.classList.add('two');
      }
    } catch (e) {
      const p = document.createElement('p');
      p.className = 'diagram-error';
      p.textContent = `This diagram could not be drawn: ${e.message}`;
      boards.appendChild(p);
    } finally {
      if (game) game.free();
    }
  }
  document.body.dataset.diagrams = 'ready';
}

main().catch((e) => { document.body.dataset.diagrams = 'ready'; throw e; });
