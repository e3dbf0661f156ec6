// The engine's thread. Every engine call runs here, so the page never
// freezes: a search of minutes only keeps this worker busy. The page
// (engine.js) sends {id, op, args} and gets back {id, progress} messages
// while an operation runs, then {id, ok: true, result} or
// {id, ok: false, error}. Cancelling a search is terminating this worker
// and starting a new one (the engine's calls are synchronous: there is no
// other way to stop one).
//
// A classic worker, so that it can load engine/npuzzle.js whichever way
// emscripten wrote it: a plain script defining createNpuzzle (MODULARIZE),
// or an ES module exporting it (EXPORT_ES6).

'use strict';

const ENGINE_URL = 'engine/npuzzle.js';
let M = null;

async function loadEngine() {
  let factory = null;
  try {
    importScripts(ENGINE_URL);
    factory = self.createNpuzzle;
  } catch (err) {
    if (!(err instanceof SyntaxError)) {
      const found = await fetch(ENGINE_URL, { method: 'HEAD' }).then((r) => r.ok, () => false);
      if (!found) {
        throw new Error('The engine is not built: web/engine/npuzzle.js is missing (run scripts/build_web.sh).');
      }
      throw err;
    }
    // An ES module build: `export default createNpuzzle`.
    const mod = await import(new URL(ENGINE_URL, self.location.href).href);
    factory = mod.default ?? mod.createNpuzzle;
  }
  if (typeof factory !== 'function') throw new Error('engine/npuzzle.js does not define createNpuzzle()');
  M = await factory();
  // Restores the pattern databases built earlier (IndexedDB) into /cache.
  if (typeof M.loadCache === 'function') {
    try {
      await M.loadCache();
    } catch (err) {
      // Private windows may refuse IndexedDB: tables are then rebuilt each visit.
      console.warn('npuzzle: the table cache could not be restored:', err);
    }
  }
  const version = M.version || (typeof M.engineVersion === 'function' ? M.engineVersion() : '');
  return { version: String(version ?? ''), heuristics: plain(M.heuristics()) };
}

const ready = loadEngine();
// A failed load is reported by the first call ('hello'); keep it from being
// reported as an unhandled rejection too.
ready.catch(() => {});

// Engine results may hold embind vectors; the page gets plain data.
function plain(x) {
  if (x === null || x === undefined) return x;
  if (typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map(plain);
  if (ArrayBuffer.isView(x)) return Array.from(x);
  if (typeof x.size === 'function' && typeof x.get === 'function') {
    const out = [];
    for (let i = 0; i < x.size(); i++) out.push(plain(x.get(i)));
    if (typeof x.delete === 'function') x.delete();
    return out;
  }
  const out = {};
  for (const [k, v] of Object.entries(x)) if (typeof v !== 'function') out[k] = plain(v);
  return out;
}

// Progress messages are throttled: at most one per 100 ms and per change.
function throttled(send) {
  let last = 0;
  let lastText = '';
  return (p, force = false) => {
    const now = Date.now();
    const text = JSON.stringify(p);
    if (!force && (now - last < 100 || text === lastText)) return;
    last = now;
    lastText = text;
    send(p);
  };
}

const ops = {
  hello: () => ready,

  // Builds the tables `spec` needs for this board shape, if any are missing,
  // and saves them to IndexedDB. Progress: {building: [paths], fraction}.
  async prepare(send, spec, rows, cols, goal) {
    const missing = plain(M.tablesToBuild(spec, rows, cols, goal)) ?? [];
    if (missing.length === 0) return { built: [], error: '' };
    const progress = throttled(send);
    progress({ building: missing, fraction: 0 }, true);
    const error = M.buildTables(spec, rows, cols, goal, (fraction) => {
      progress({ building: missing, fraction: Math.floor(fraction * 100) / 100 });
    });
    if (error) return { built: [], error: String(error) };
    progress({ building: missing, fraction: 1 }, true);
    if (typeof M.saveCache === 'function') {
      try {
        await M.saveCache();
      } catch (err) {
        console.warn('npuzzle: the table cache could not be saved:', err);
      }
    }
    return { built: missing, error: '' };
  },

  solve(send, request) {
    const progress = throttled(send);
    return plain(M.solve({ ...request, onProgress: (p) => progress(plain(p)) }));
  },

  generate: (send, rows, cols, goal, seed, walk) => plain(M.generate(rows, cols, goal, seed, walk)),
  replay: (send, tiles, rows, cols, goal, moves) => plain(M.replay(tiles, rows, cols, goal, moves)),
  info: (send, tiles, rows, cols, goal) => plain(M.info(tiles, rows, cols, goal)),
  parsePuzzles: (send, text, name, size) => plain(M.parsePuzzles(text, name, size)),
  svg: (send, tiles, rows, cols, goal, moves, secondsPerMove) =>
    String(M.svg(tiles, rows, cols, goal, moves, secondsPerMove) ?? ''),

  // The viewer: the puzzles of a file and the check of its results, at once.
  view(send, puzzleText, puzzleName, resultsText, resultsName, goal, notation) {
    const puzzles = plain(M.parsePuzzles(puzzleText, puzzleName, ''));
    const results = plain(M.checkResults(puzzleText, puzzleName, resultsText, resultsName, goal, notation));
    return { puzzles, results };
  },
};

self.onmessage = async (event) => {
  const { id, op, args } = event.data;
  try {
    if (op !== 'hello') await ready;
    const fn = ops[op];
    if (!fn) throw new Error(`unknown operation ${op}`);
    const result = await fn((progress) => self.postMessage({ id, progress }), ...(args ?? []));
    self.postMessage({ id, ok: true, result });
  } catch (err) {
    // A number is a C++ exception that left the WebAssembly (emscripten
    // throws its address); it and a RuntimeError (an abort) leave the
    // engine in an unknown state: the page then starts a fresh worker.
    const fatal = typeof err === 'number' || err instanceof WebAssembly.RuntimeError;
    const error = typeof err === 'number' ? `the engine failed (a C++ exception, ${err})` : String(err?.message ?? err);
    self.postMessage({ id, ok: false, error, fatal });
  }
};
