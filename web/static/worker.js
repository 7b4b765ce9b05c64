// The engine's worker: searches the page's game (rebuilt from its variant, start and
// moves) with the library's engine, so that the page stays responsive. `search` finds
// the engine's move; `analyse` evaluates the position and each of its legal moves.
import init, { Engine, Game } from './mancala_web.js';

const ready = init();
const engines = new Map();

function engine(spec, variant, seed) {
  const key = `${spec}|${variant}`;
  let e = engines.get(key);
  if (!e) {
    e = new Engine(spec, variant, seed);
    engines.set(key, e);
  }
  return e;
}

self.onmessage = async (event) => {
  const { id, kind, variant, start, moves, spec, each, seed } = event.data;
  try {
    await ready;
    const game = Game.fromMoves(variant, start, moves.join(' '));
    const t0 = performance.now();
    const report = JSON.parse(engine(spec, variant, seed).search(game));
    report.wall_ms = performance.now() - t0;
    let values = null;
    if (kind === 'analyse') values = JSON.parse(engine(each, variant, seed).evaluateMoves(game));
    game.free();
    self.postMessage({ id, report, moves: values });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
