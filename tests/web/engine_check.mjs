// The WebAssembly engine (web/engine/npuzzle.js) in node, against ground
// truth computed here:
//
//   1. every 3x3 board (181,440 per goal): M.solve's length equals the
//      distance a breadth-first search written in this file finds, and its
//      moves replay (here) from the board to the goal;
//   2. Korf's 100 (datasets/korf100.txt, blank-first) with linear-conflict
//      IDA*: lengths against datasets/korf100.tsv, and nodes per second.
//
//   node tests/web/engine_check.mjs [--goal blank-last|blank-first|both]
//        [--heuristic H] [--korf N] [--korf-time-limit S] [--skip-3x3]
//
// --heuristic: the 3x3 sweep's heuristic (default linear-conflict, so that
// the search itself is checked; 'auto' picks the exact table). --korf: how
// many of Korf's instances (default 100; 0 skips them); --korf-time-limit:
// seconds per instance (default 0, none: the full 100 take minutes). Exits 1
// on any mismatch. Prints a closing "N passed, N failed" line.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const goals = { both: ['blank-last', 'blank-first'] }[option('--goal', 'blank-last')] ?? [option('--goal', 'blank-last')];
const heuristic = option('--heuristic', 'linear-conflict');
const korfCount = Number(option('--korf', '100'));
const korfLimit = Number(option('--korf-time-limit', '0'));
const skip3x3 = args.includes('--skip-3x3');

const enginePath = path.join(repo, 'web/engine/npuzzle.js');
if (!fs.existsSync(enginePath)) {
  console.error('engine_check: web/engine/npuzzle.js is missing: run scripts/build_web.sh');
  process.exit(2);
}
const createNpuzzle = createRequire(import.meta.url)(enginePath);
const M = await createNpuzzle();
await M.loadCache?.();

let passed = 0;
let failed = 0;
function fail(message) {
  failed++;
  if (failed <= 20) console.error(`FAIL ${message}`);
}

const STEP = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
// Applies blank-notation moves; returns the board, or null on an illegal move.
function replay(tiles, rows, cols, moves) {
  const board = tiles.slice();
  for (const m of moves) {
    const s = STEP[m];
    if (!s) return null;
    const b = board.indexOf(0);
    const r = Math.floor(b / cols) + s[0];
    const c = (b % cols) + s[1];
    if (r < 0 || r >= rows || c < 0 || c >= cols) return null;
    board[b] = board[r * cols + c];
    board[r * cols + c] = 0;
  }
  return board;
}
const goalOf = (n, goal) => Array.from({ length: n }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % n));
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// A 3x3 board as a number: its tiles as the digits of a base-9 number (< 9^9).
const code = (t) => t.reduce((acc, x) => acc * 9 + x, 0);

// Breadth-first search from the goal over the 3x3 boards: distance of each.
function bfs3x3(goal) {
  const start = goalOf(9, goal);
  const dist = new Map([[code(start), 0]]);
  let frontier = [start];
  for (let d = 0; frontier.length > 0; d++) {
    const next = [];
    for (const board of frontier) {
      const b = board.indexOf(0);
      const r = Math.floor(b / 3);
      const c = b % 3;
      for (const [dr, dc] of Object.values(STEP)) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
        const child = board.slice();
        child[b] = child[nr * 3 + nc];
        child[nr * 3 + nc] = 0;
        const k = code(child);
        if (!dist.has(k)) {
          dist.set(k, d + 1);
          next.push(child);
        }
      }
    }
    frontier = next;
  }
  return dist;
}

const decode = (k) => {
  const t = new Array(9);
  for (let i = 8; i >= 0; i--) {
    t[i] = k % 9;
    k = Math.floor(k / 9);
  }
  return t;
};

if (!skip3x3) {
  for (const goal of goals) {
    let t0 = performance.now();
    const dist = bfs3x3(goal);
    const bfsSeconds = (performance.now() - t0) / 1000;
    if (dist.size !== 181440) fail(`3x3 ${goal}: the BFS reached ${dist.size} boards, not 181440`);
    const target = goalOf(9, goal);
    const histogram = [];
    let expanded = 0;
    let bad = 0;
    t0 = performance.now();
    for (const [k, d] of dist) {
      const tiles = decode(k);
      const r = M.solve({
        tiles, rows: 3, cols: 3, goal, heuristic, algorithm: 'ida', timeLimit: 0, maxNodes: 0, notation: 'blank',
      });
      expanded += r.expanded;
      const moves = String(r.moves ?? '');
      const end = replay(tiles, 3, 3, moves);
      if (r.status !== 'optimal' || r.length !== d || moves.length !== d || !end || !same(end, target)) {
        bad++;
        fail(`3x3 ${goal} ${tiles.join(',')}: engine ${r.status} length ${r.length} moves '${moves}', BFS ${d}`);
      }
      histogram[d] = (histogram[d] ?? 0) + 1;
    }
    const seconds = (performance.now() - t0) / 1000;
    if (bad === 0) passed++;
    console.log(
      `3x3 ${goal}, ${heuristic}: ${dist.size} boards, ${dist.size - bad} match the BFS (diameter ${histogram.length - 1}, ` +
        `${histogram[histogram.length - 1]} boards at it); ${expanded} nodes expanded, ${seconds.toFixed(1)} s ` +
        `(${((dist.size / seconds) | 0)} boards/s); BFS ${bfsSeconds.toFixed(1)} s`,
    );
  }
}

if (korfCount > 0) {
  const lines = fs.readFileSync(path.join(repo, 'datasets/korf100.txt'), 'utf8').split('\n');
  const puzzles = lines
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l)
    .map((l) => l.split(/\s+/).map(Number))
    .map(([id, ...tiles]) => ({ id, tiles }));
  const optimal = new Map();
  const tsv = path.join(repo, 'datasets/korf100.tsv');
  if (fs.existsSync(tsv)) {
    const [header, ...rows] = fs.readFileSync(tsv, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    const cols = header.split('\t');
    const idCol = cols.indexOf('id');
    const lenCol = cols.indexOf('optimal_length');
    for (const row of rows) {
      const f = row.split('\t');
      if (idCol >= 0 && lenCol >= 0) optimal.set(Number(f[idCol]), Number(f[lenCol]));
    }
  }
  let expanded = 0;
  let seconds = 0;
  let solved = 0;
  let limited = 0;
  let bad = 0;
  const wall0 = performance.now();
  for (const { id, tiles } of puzzles.slice(0, korfCount)) {
    const r = M.solve({
      tiles, rows: 4, cols: 4, goal: 'blank-first', heuristic: 'linear-conflict', algorithm: 'ida',
      timeLimit: korfLimit, maxNodes: 0, notation: 'blank',
    });
    expanded += r.expanded;
    seconds += r.seconds;
    if (r.status === 'limit') {
      limited++;
      continue;
    }
    const end = replay(tiles, 4, 4, String(r.moves ?? ''));
    const want = optimal.get(id);
    if (r.status !== 'optimal' || !end || !same(end, goalOf(16, 'blank-first')) || (want !== undefined && r.length !== want)) {
      bad++;
      fail(`Korf #${id}: ${r.status} length ${r.length}, published ${want}`);
    } else {
      solved++;
    }
    if (process.stdout.isTTY) process.stdout.write(`\rKorf #${id}: ${r.length} moves, ${r.expanded} nodes, ${r.seconds.toFixed(1)} s   `);
  }
  if (process.stdout.isTTY) process.stdout.write('\n');
  if (bad === 0) passed++;
  const wall = (performance.now() - wall0) / 1000;
  console.log(
    `Korf's 100 (first ${Math.min(korfCount, puzzles.length)}), linear-conflict IDA* in WebAssembly (node ${process.version}): ` +
      `${solved} optimal and as published, ${limited} at the ${korfLimit} s limit, ${bad} wrong; ` +
      `${expanded} nodes in ${seconds.toFixed(1)} s of search (${wall.toFixed(1)} s wall): ` +
      `${(expanded / seconds / 1e6).toFixed(2)} M nodes/s`,
  );
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
