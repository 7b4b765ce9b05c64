// The engine's worker: searches the page's game (rebuilt from its variant, start and
// moves) with the library's engine, so that the page stays responsive.
import init, { Engine, Game } from './mancala_web.js';

const ready = init();
const engines = new Map();

self.onmessage = async (event) => {
  const { id, variant, start, moves, spec, seed } = event.data;
  try {
    await ready;
    const key = `${spec}|${variant}`;
    let engine = engines.get(key);
    if (!engine) {
      engine = new Engine(spec, variant, seed);
      engines.set(key, engine);
    }
    const game = Game.fromMoves(variant, start, moves.join(' '));
    const t0 = performance.now();
    const report = JSON.parse(engine.search(game));
    report.wall_ms = performance.now() - t0;
    game.free();
    self.postMessage({ id, report });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
