// The page's side of worker.js: engine calls as promises, progress as
// callbacks, and cancel() (terminate the worker, start a fresh one).

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export class Engine {
  constructor(workerUrl = new URL('worker.js', import.meta.url)) {
    this.workerUrl = workerUrl;
    this.nextId = 1;
    this.start();
  }

  // A new worker; `ready` resolves to {version, heuristics} once the engine
  // is loaded, or rejects with why it could not be.
  start() {
    this.pending = new Map();
    this.worker = new Worker(this.workerUrl);
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(event.message || 'the engine worker failed');
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.ready = this.call('hello');
    this.ready.catch(() => {});
  }

  receive(message) {
    const p = this.pending.get(message.id);
    if (!p) return;
    if ('progress' in message) {
      p.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    if (message.ok) {
      p.resolve(message.result);
    } else {
      p.reject(new Error(message.error));
      // The engine failed inside: its state is unknown, so a fresh one
      // serves the next calls (and the calls still queued, again).
      if (message.fatal) this.restart();
    }
  }

  // Runs engine operation `op` (see worker.js) in the worker.
  call(op, args = [], onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress, op, args });
      this.worker.postMessage({ id, op, args });
    });
  }

  // The engine's API as promises, run in the worker:
  //   solve(tiles, rows, cols, options): options are goal ('blank-last' or
  //     'blank-first'), heuristic ('auto', 'linear-conflict', 'pdb:663' ...),
  //     algorithm ('ida', 'astar', 'phased'), timeLimit (s), maxNodes,
  //     notation ('blank', 'tile', 'vim'); a heuristic whose
  //     tables are missing has them built first (progress: {building,
  //     fraction}), then the search reports {expanded, bound, seconds}.
  //     Resolves to {status, length, lowerBound, moves, expanded, generated,
  //     seconds, heuristic, explanation, solvableFor}.
  //   generate(rows, cols, goal, seed, walk), replay(tiles, rows, cols, goal,
  //     moves), info(tiles, rows, cols, goal).
  async solve(tiles, rows, cols, options = {}, onProgress = null) {
    const request = { heuristic: 'auto', algorithm: 'ida', goal: 'blank-last', ...options, tiles, rows, cols };
    if (request.algorithm !== 'phased') {
      const prepared = await this.call('prepare', [request.heuristic, rows, cols, request.goal], onProgress);
      if (prepared.error) throw new Error(prepared.error);
    }
    return this.call('solve', [request], onProgress);
  }

  generate(rows, cols, goal = 'blank-last', seed = 0, walk = 0) {
    return this.call('generate', [rows, cols, goal, seed, walk]);
  }

  replay(tiles, rows, cols, goal, moves) {
    return this.call('replay', [tiles, rows, cols, goal, moves]);
  }

  info(tiles, rows, cols, goal = 'blank-last') {
    return this.call('info', [tiles, rows, cols, goal]);
  }

  get busy() {
    return this.pending.size > 0;
  }

  // Stops whatever the worker is doing: its calls reject with
  // CancelledError, and a fresh worker (engine reloaded, table cache
  // restored) takes its place.
  cancel() {
    this.worker.terminate();
    const pending = this.pending;
    this.start();
    for (const p of pending.values()) p.reject(new CancelledError());
  }

  // After a failure: a fresh worker; calls still pending are sent again.
  restart() {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.start();
    for (const p of pending) {
      if (p.op === 'hello') continue;
      this.pending.set(this.nextId, p);
      this.worker.postMessage({ id: this.nextId++, op: p.op, args: p.args });
    }
  }
}
