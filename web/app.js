// The page: the game (board.js) drawn and driven, the solver and the files
// through the engine's worker (engine.js, worker.js).

import { Game, applyMove, boardError, fromBlankNotation, goalTiles, isGoal, solvable } from './board.js';
import { CancelledError, Engine } from './engine.js';
import { solutionSvg } from './svg.js';
import { initFiles } from './files.js';

const $ = (id) => document.getElementById(id);

const el = {
  engineStatus: $('engine-status'),
  rows: $('rows'),
  cols: $('cols'),
  goal: $('goal'),
  newGame: $('new-game'),
  reset: $('reset'),
  undo: $('undo'),
  redo: $('redo'),
  moves: $('moves'),
  clicks: $('clicks'),
  time: $('time'),
  shape: $('shape'),
  board: $('board'),
  status: $('status'),
  hint: $('hint'),
  solve: $('solve'),
  cancel: $('cancel'),
  method: $('method'),
  progress: $('progress'),
  length: $('length'),
  optimality: $('optimality'),
  solution: $('solution'),
  solutionNote: $('solution-note'),
  playback: $('playback'),
  solutionBox: $('solution-box'),
  noSolution: $('no-solution'),
  stepBack: $('step-back'),
  play: $('play'),
  step: $('step'),
  speed: $('speed'),
  speedValue: $('speed-value'),
  position: $('position'),
  notation: $('notation'),
  copyMoves: $('copy-moves'),
  downloadSvg: $('download-svg'),
  shareLink: $('share-link'),
  shareSolve: $('share-solve'),
  copyLink: $('copy-link'),
  version: $('version'),
};

const MAX_SIDE = 10;
const engine = new Engine();
let engineInfo = null;  // {version, heuristics} once loaded

let game = new Game(goalTiles(4, 4, 'blank-last'), 4, 4, 'blank-last');
let tileEls = new Map();  // tile number -> its button
let boardShape = '';      // "RxC" the tile buttons were made for

// The solution shown in the solver panel: {start, rows, cols, goal, moves
// (blank notation), states (board keys after each prefix), optimal, ...}.
// Playback follows the board: its position is where the current board is
// among `states`; a board off the path leaves it "stale".
let solution = null;
let playTimer = null;
let searching = null;     // null | 'solve' | 'hint' (a search is under way)
let gameNumber = 0;       // bumped by every new board: a search's late answer for an old one is dropped
let hintTile = null;      // the tile a hint points at
let statusKind = '';

// ---------------------------------------------------------------- helpers

const key = (tiles) => tiles.join(',');

function setStatus(text, kind = '') {
  el.status.textContent = text;
  el.status.className = `status ${kind}`;
  statusKind = kind;
}

function setProgress(text, kind = '') {
  el.progress.textContent = text;
  el.progress.className = `progress ${kind}`;
}

function formatCount(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(0)} k`;
  return String(n);
}

function formatSeconds(s) {
  if (s < 0.01) return `${(s * 1000).toFixed(1)} ms`;
  if (s < 10) return `${s.toFixed(2)} s`;
  return `${s.toFixed(1)} s`;
}

function formatClock(seconds) {
  const s = Math.floor(seconds);
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  const two = (x) => String(x).padStart(2, '0');
  return h > 0 ? `${h}:${two(m % 60)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

const DIRECTION_WORD = { u: 'down', d: 'up', l: 'right', r: 'left' };  // tile's way for a blank letter
const ARROW = { u: '↓', d: '↑', l: '→', r: '←' };

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---------------------------------------------------------------- the board

function buildTiles() {
  const { rows, cols } = game;
  el.board.style.setProperty('--rows', rows);
  el.board.style.setProperty('--cols', cols);
  el.board.replaceChildren();
  tileEls = new Map();
  const n = rows * cols;
  for (let t = 1; t < n; t++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = t >= 100 ? 'tile big' : 'tile';
    b.tabIndex = -1;
    b.dataset.tile = String(t);
    const face = document.createElement('span');
    face.className = 'face';
    face.textContent = String(t);
    b.append(face);
    el.board.append(b);
    tileEls.set(t, b);
  }
  boardShape = `${rows}x${cols}`;
}

// Draws the board as the game has it. `animate` false places tiles at once.
function renderBoard(animate = true) {
  if (boardShape !== `${game.rows}x${game.cols}`) {
    buildTiles();
    animate = false;
  }
  const { rows, cols, tiles } = game;
  const target = goalTiles(rows, cols, game.goal);
  el.board.style.setProperty('--slide', animate ? `${slideMs()}ms` : '0ms');
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i];
    if (t === 0) continue;
    const b = tileEls.get(t);
    const r = Math.floor(i / cols);
    const c = i % cols;
    b.style.setProperty('--r', r);
    b.style.setProperty('--c', c);
    b.classList.toggle('home', target[i] === t);
    const movable = !game.won && game.slideFor(i) !== null;
    b.classList.toggle('movable', movable);
    b.classList.toggle('hinted', hintTile === t);
    b.setAttribute('aria-label', `${t}, row ${r + 1}, column ${c + 1}${movable ? ', can slide' : ''}`);
  }
  el.board.classList.toggle('won', game.won);
  el.board.setAttribute(
    'aria-label',
    `Board, ${rows} by ${cols}, goal ${game.goal}. ` +
      Array.from({ length: rows }, (_, r) =>
        `Row ${r + 1}: ${tiles.slice(r * cols, (r + 1) * cols).map((t) => (t === 0 ? 'blank' : t)).join(' ')}.`,
      ).join(' '),
  );
}

function slideMs() {
  if (playTimer) return Math.min(160, Math.round(800 / Number(el.speed.value)));
  return 110;
}

function renderCounts() {
  el.moves.textContent = String(game.moves);
  el.clicks.textContent = String(game.clicks);
  el.time.textContent = formatClock(game.elapsed());
  el.shape.textContent = `${game.rows}x${game.cols}, ${game.goal}`;
  el.undo.disabled = !game.canUndo || Boolean(playTimer);
  el.redo.disabled = !game.canRedo || Boolean(playTimer);
}

function renderShare() {
  const params = new URLSearchParams();
  params.set('board', game.tiles.join(','));
  if (game.rows !== game.cols) params.set('size', `${game.rows}x${game.cols}`);
  if (game.goal !== 'blank-last') params.set('goal', game.goal);
  let query = params.toString().replaceAll('%2C', ',');
  if (el.shareSolve.checked) query += '&solve';
  el.shareLink.value = `${location.origin}${location.pathname}?${query}`;
}

function renderSolver() {
  const busy = searching !== null;
  el.hint.disabled = busy || game.won || !engineInfo;
  el.solve.disabled = busy || game.won || !engineInfo;
  el.cancel.disabled = !busy;
  el.method.textContent = engineInfo ? planFor(game.rows, game.cols).describe : '';

  const pos = solutionPosition();
  const usable = solution && pos >= 0;
  el.playback.disabled = !solution;
  el.solutionBox.hidden = !solution;
  el.noSolution.hidden = Boolean(solution);
  el.step.disabled = !usable || pos >= solution.moves.length || game.won;
  el.stepBack.disabled = !usable || pos <= 0;
  el.play.disabled = !usable || (pos >= solution.moves.length && !playTimer);
  el.play.textContent = playTimer ? 'Pause' : 'Play';
  el.position.textContent = solution ? `${Math.max(pos, 0)} / ${solution.moves.length}` : '0 / 0';
  if (solution && pos < 0) {
    el.solutionNote.textContent = 'The board has left this solution’s path: undo back to it, or solve again.';
  } else if (solution) {
    el.solutionNote.textContent = solution.note;
  }
}

function render(animate = true) {
  if (hintTile !== null && !hintStillValid()) hintTile = null;
  renderBoard(animate);
  renderCounts();
  renderShare();
  renderSolver();
}

// ---------------------------------------------------------------- the game

function afterInput(moved) {
  if (!moved) return;
  render(true);
  if (game.won) {
    const how = game.assisted ? ' with the solver’s help' : '';
    setStatus(
      `Solved${how}: ${game.moves} moves, ${game.clicks} clicks, ${formatClock(game.elapsed())}.`,
      'win',
    );
  } else if (statusKind === 'win' || statusKind === 'error') {
    setStatus('');
  }
}

// A new board to play: the solution, hint and playback of the old one go.
function startGame(tiles, rows, cols, goal, message = '') {
  stopPlayback();
  gameNumber++;
  if (searching) engine.cancel();
  game = new Game(tiles, rows, cols, goal);
  el.rows.value = String(rows);
  el.cols.value = String(cols);
  el.goal.value = goal;
  clearSolution();
  hintTile = null;
  setProgress('');
  setStatus(message);
  render(false);
}

async function newGame(rows = Number(el.rows.value), cols = Number(el.cols.value), goal = el.goal.value) {
  if (searching) engine.cancel();
  try {
    await engine.ready;
    let tiles = null;
    // A random board may be the goal itself (1 in 12 on 2x2): draw again.
    for (let i = 0; i < 20 && (!tiles || isGoal(tiles, rows, cols, goal)); i++) {
      tiles = await engine.call('generate', [rows, cols, goal, randomSeed(), 0]);
      if (!Array.isArray(tiles) || boardError(tiles, rows, cols)) throw new Error('the engine gave no board');
    }
    startGame(tiles, rows, cols, goal);
  } catch (err) {
    if (err instanceof CancelledError) return;
    setStatus(`No new game: ${err.message}`, 'error');
  }
}

function onBoardClick(event) {
  const b = event.target.closest('.tile');
  if (!b || playTimer) return;
  const t = Number(b.dataset.tile);
  const index = game.tiles.indexOf(t);
  afterInput(game.click(index));
}

const KEY_DIRECTION = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

function onKey(event) {
  const target = event.target;
  const typing =
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) &&
    target.id !== 'share-link';
  if (typing) return;
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    const k = event.key.toLowerCase();
    if (k === 'z' && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if (k === 'y' || (k === 'z' && event.shiftKey)) {
      event.preventDefault();
      redo();
    }
    return;
  }
  if (event.altKey || event.metaKey || event.ctrlKey) return;
  const dir = KEY_DIRECTION[event.key];
  if (dir) {
    event.preventDefault();
    if (playTimer) return;
    afterInput(game.key(dir));
  } else if ((event.key === 'h' || event.key === 'H') && !el.hint.disabled) {
    runSearch('hint');
  }
}

function undo() {
  if (playTimer || !game.canUndo) return;
  game.undo();
  render(true);
  if (statusKind === 'win') setStatus('');
}

function redo() {
  if (playTimer || !game.canRedo) return;
  game.redo();
  afterInput(true);
}

// ---------------------------------------------------------------- the solver

// How the page solves an R x C board: optimal IDA* up to 16 cells, the
// phased solver above (a solution, not a shortest one).
//
// Pattern databases the page builds on first use (then kept in IndexedDB):
// each makes its shape's optimal searches take seconds at most.
const TABLES = {
  '4x4': { spec: 'pdb:663', name: 'the 6-6-3 pattern database' },
  '2x8': { spec: 'pdb:2x8-654', name: 'the 6-5-4 pattern database' },
  '8x2': { spec: 'pdb:8x2-654', name: 'the 6-5-4 pattern database' },
};
// Shapes whose 'auto' the engine cannot serve: on 2x6 and 6x2 it picks a
// 3x4 partition and throws (the command line aborts the same way), so the
// page asks for linear-conflict there.
const AUTO_FAILS = new Set(['2x6', '6x2']);

function planFor(rows, cols) {
  const cells = rows * cols;
  const shape = `${rows}x${cols}`;
  if (cells > 16) {
    return {
      heuristic: 'auto',
      algorithm: 'phased',
      optimal: false,
      describe: `${shape} has more than 16 cells: Solve finds a solution with the phased solver, not a shortest one.`,
    };
  }
  const table = TABLES[shape];
  if (table) {
    return {
      heuristic: table.spec,
      algorithm: 'ida',
      optimal: true,
      describe: `Shortest solutions: IDA* with ${table.name} (built on first use, then kept in this browser).`,
    };
  }
  const heuristic = AUTO_FAILS.has(shape) ? 'linear-conflict' : 'auto';
  return {
    heuristic,
    algorithm: 'ida',
    optimal: true,
    describe: `Shortest solutions: IDA* with ${heuristic === 'auto' ? `the engine’s best heuristic for ${shape}` : heuristic}.`,
  };
}

function clearSolution() {
  stopPlayback();
  solution = null;
  el.length.textContent = '';
  el.solution.textContent = '';
  el.optimality.hidden = true;
  el.optimality.textContent = '';
  el.solutionNote.textContent = '';
}

function solutionPosition() {
  if (!solution) return -1;
  if (solution.rows !== game.rows || solution.cols !== game.cols || solution.goal !== game.goal) return -1;
  return solution.index.get(key(game.tiles)) ?? -1;
}

// Shows `moves` (blank notation) from `start` as the current solution.
function setSolution(start, rows, cols, goal, moves, info) {
  stopPlayback();
  const states = [start.slice()];
  const board = start.slice();
  for (const m of moves) {
    if (!applyMove(board, rows, cols, m)) break;
    states.push(board.slice());
  }
  const index = new Map();
  // The last visit of a board wins: a path through a board twice plays on.
  states.forEach((s, i) => index.set(key(s), i));
  solution = { start: start.slice(), rows, cols, goal, moves, states, index, ...info };
  el.length.textContent = String(moves.length);
  el.solution.textContent = moves;
  el.optimality.hidden = false;
  el.optimality.textContent = info.optimal ? 'optimal' : 'not optimal';
  el.optimality.className = `badge ${info.optimal ? 'optimal' : 'not-optimal'}`;
  el.solutionNote.textContent = info.note ?? '';
  renderSolver();
}

function hintStillValid() {
  const pos = solutionPosition();
  if (pos < 0 || pos >= solution.moves.length) return false;
  return hintTile === tileMovedBy(solution.moves[pos]);
}

function tileMovedBy(letter) {
  const b = game.blank;
  const probe = game.tiles.slice();
  if (!applyMove(probe, game.rows, game.cols, letter)) return null;
  return probe[b];
}

function showHint() {
  const pos = solutionPosition();
  if (pos < 0 || pos >= solution.moves.length) return false;
  const letter = solution.moves[pos];
  hintTile = tileMovedBy(letter);
  const left = solution.moves.length - pos;
  const how = solution.optimal ? 'optimal' : 'not proven optimal';
  setStatus(`Hint: slide ${hintTile} ${DIRECTION_WORD[letter]}. The goal is ${left} move${left === 1 ? '' : 's'} away (${how}).`);
  const b = tileEls.get(hintTile);
  if (b) b.dataset.arrow = ARROW[letter];
  render(false);
  return true;
}

function setSearching(task) {
  searching = task;
  renderSolver();
}

// Solve (task 'solve') or Hint (task 'hint') for the board as it is now.
async function runSearch(task) {
  if (searching || !engineInfo) return;
  if (solution && solutionPosition() >= 0) {
    // The board is on a known solution's path: nothing to search.
    if (task === 'hint') showHint();
    else setProgress('The solution below already covers this board.');
    return;
  }
  if (game.solved) {
    setSolution(game.tiles, game.rows, game.cols, game.goal, '', { optimal: true, note: 'The board is already solved.' });
    setStatus('The board is already solved.');
    return;
  }
  const number = gameNumber;
  const start = game.tiles.slice();
  const { rows, cols, goal } = game;
  const plan = planFor(rows, cols);
  setSearching(task);
  setProgress('Starting…');
  try {
    const prep = await engine.call('prepare', [plan.heuristic, rows, cols, goal], (p) => {
      const pct = Math.floor(p.fraction * 100);
      setProgress(`Building the ${rows}x${cols} table: ${pct}%`);
    });
    if (prep.error) {
      setProgress(`The ${rows}x${cols} table could not be built: ${prep.error}`, 'error');
      return;
    }
    if (prep.built.length > 0) setProgress(`The ${rows}x${cols} table is built and saved in this browser. Searching…`);
    else setProgress('Searching…');
    const request = {
      tiles: start,
      rows,
      cols,
      goal,
      heuristic: plan.heuristic,
      algorithm: plan.algorithm,
      timeLimit: 0,
      maxNodes: 0,
      notation: 'blank',
    };
    const onProgress = (p) => {
      const bound = plan.algorithm === 'phased' ? '' : `bound ${p.bound}, `;
      setProgress(`Searching: ${bound}${formatCount(p.expanded)} nodes, ${formatSeconds(p.seconds)}`);
    };
    let result;
    try {
      result = await engine.call('solve', [request], onProgress);
    } catch (err) {
      if (err instanceof CancelledError || request.heuristic !== 'auto') throw err;
      // The engine failed under 'auto' (an exception out of WebAssembly):
      // a fresh worker, and linear-conflict, which every shape has.
      console.warn(`npuzzle: solve with heuristic auto failed (${err.message}); retrying with linear-conflict`);
      request.heuristic = 'linear-conflict';
      result = await engine.call('solve', [request], onProgress);
    }
    if (number === gameNumber) showResult(task, start, rows, cols, goal, plan, result);
  } catch (err) {
    if (number !== gameNumber) return;  // a new board cancelled it
    if (err instanceof CancelledError) setProgress('Cancelled.');
    else setProgress(`The engine failed: ${err.message}`, 'error');
  } finally {
    setSearching(null);
  }
}

function showResult(task, start, rows, cols, goal, plan, r) {
  const stats = r.expanded > 0 ? `${formatCount(r.expanded)} nodes, ${formatSeconds(r.seconds)}` : formatSeconds(r.seconds);
  const heuristic = r.heuristic || plan.heuristic;
  switch (r.status) {
    case 'optimal':
    case 'solved': {
      const moves = String(r.moves ?? '');
      const optimal = r.status === 'optimal';
      const method = plan.algorithm === 'phased' ? `phased solver, ${heuristic}` : `IDA*, ${heuristic}`;
      let note = optimal
        ? `Shortest: no solution has fewer moves (${method}).`
        : `Not optimal: the ${plan.algorithm === 'phased' ? 'phased solver' : 'search'} finds a solution, not a shortest one` +
          (r.lowerBound > 0 ? `; the shortest has at least ${r.lowerBound} moves` : '') + ` (${method}).`;
      if (r.notice) note += ` ${r.notice}`;
      setSolution(start, rows, cols, goal, moves, { optimal, note, heuristic, algorithm: plan.algorithm });
      setProgress(`${optimal ? 'Optimal' : 'Solved'}: ${moves.length} moves (${stats}).`);
      if (key(game.tiles) !== key(start) && solutionPosition() < 0) {
        setStatus('The board changed during the search: this solution is for the board the search started from.');
      } else if (task === 'hint') {
        showHint();
      } else {
        setStatus(`${moves.length} moves${optimal ? ', optimal' : ', not optimal'}. Press Play to watch them.`);
      }
      break;
    }
    case 'unsolvable': {
      const other = r.solvableFor ? ` It is solvable for ${r.solvableFor}.` : '';
      setProgress(`This board cannot reach the ${goal} goal.${other}`, 'error');
      break;
    }
    case 'limit':
      setProgress(`Stopped at a limit: the shortest solution has at least ${r.lowerBound} moves (${stats}).`, 'error');
      break;
    case 'cancelled':
      setProgress('Cancelled.');
      break;
    default:
      setProgress(`No solution (${r.status}): ${r.explanation || r.notice || 'the engine gave no reason'}`, 'error');
  }
}

// ---------------------------------------------------------------- playback

function stopPlayback() {
  if (playTimer) {
    clearInterval(playTimer);
    playTimer = null;
  }
}

function stepForward() {
  const pos = solutionPosition();
  if (pos < 0 || pos >= solution.moves.length) return false;
  const moved = game.solverMove(solution.moves[pos]);
  afterInput(moved);
  return Boolean(moved);
}

function stepBack() {
  const pos = solutionPosition();
  if (pos <= 0) return;
  const letter = solution.moves[pos - 1];
  const last = game.done[game.done.length - 1];
  if (last && last.letter === letter && last.count === 1) {
    game.undo();
    render(true);
  } else {
    const back = { u: 'd', d: 'u', l: 'r', r: 'l' }[letter];
    const wasWon = game.won;
    if (wasWon) game.undo();
    else afterInput(game.solverMove(back));
    render(true);
  }
  if (statusKind === 'win') setStatus('');
}

function togglePlay() {
  if (playTimer) {
    stopPlayback();
    renderSolver();
    renderCounts();
    return;
  }
  if (solutionPosition() < 0) return;
  hintTile = null;
  const tick = () => {
    if (!stepForward() || solutionPosition() >= solution.moves.length) {
      stopPlayback();
      render(false);
    }
  };
  playTimer = setInterval(tick, 1000 / Number(el.speed.value));
  tick();
  renderSolver();
  renderCounts();
}

function onSpeed() {
  const v = Number(el.speed.value);
  el.speedValue.textContent = `${v} move${v === 1 ? '' : 's'}/s`;
  if (playTimer) {
    clearInterval(playTimer);
    playTimer = null;
    togglePlay();
  }
}

async function downloadSvg() {
  if (!solution) return;
  const { start, rows, cols, goal, moves } = solution;
  const secondsPerMove = 1 / Number(el.speed.value);
  let text = '';
  try {
    text = await engine.call('svg', [start, rows, cols, goal, moves, secondsPerMove]);
  } catch (err) {
    if (err instanceof CancelledError) return;
  }
  if (!text) text = solutionSvg(start, rows, cols, moves, secondsPerMove);
  download(`npuzzle-${rows}x${cols}-${moves.length}-moves.svg`, text, 'image/svg+xml');
}

// ---------------------------------------------------------------- links

// ?board=T1,T2,…[&size=RxC][&goal=blank-first][&solve]
function boardFromLink() {
  const q = new URLSearchParams(location.search);
  if (!q.has('board')) return null;
  const text = q.get('board').trim();
  const tiles = text.split(/[\s,]+/).filter((s) => s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : NaN));
  let rows;
  let cols;
  const size = q.get('size');
  if (size) {
    const m = /^\s*(\d+)\s*(?:[xX]\s*(\d+))?\s*$/.exec(size);
    if (!m) return { error: `size=${size}: write RxC, for example 3x4` };
    rows = Number(m[1]);
    cols = Number(m[2] ?? m[1]);
  } else {
    const k = Math.round(Math.sqrt(tiles.length));
    if (k * k !== tiles.length) {
      return { error: `board= has ${tiles.length} numbers: a square board has k*k; give &size=RxC for a rectangle` };
    }
    rows = cols = k;
  }
  if (tiles.some((t) => Number.isNaN(t))) return { error: 'board= takes numbers separated by commas' };
  const goal = q.get('goal') ?? 'blank-last';
  if (goal !== 'blank-last' && goal !== 'blank-first') return { error: `goal=${goal}: blank-last or blank-first` };
  const error = boardError(tiles, rows, cols);
  if (error) return { error: `board=: ${error}` };
  return { tiles, rows, cols, goal, solve: q.has('solve') };
}

// ---------------------------------------------------------------- start

function fillSizes() {
  for (const select of [el.rows, el.cols]) {
    for (let n = 2; n <= MAX_SIDE; n++) select.add(new Option(String(n), String(n)));
  }
  el.rows.value = '4';
  el.cols.value = '4';
}

function wire() {
  el.board.addEventListener('click', onBoardClick);
  document.addEventListener('keydown', onKey);
  el.newGame.addEventListener('click', () => newGame());
  el.rows.addEventListener('change', () => newGame());
  el.cols.addEventListener('change', () => newGame());
  el.goal.addEventListener('change', () => newGame());
  el.reset.addEventListener('click', () => {
    stopPlayback();
    const { start, rows, cols, goal } = game;
    const keep = solution;
    startGame(start, rows, cols, goal);
    if (keep) {
      solution = keep;
      setSolution(keep.start, keep.rows, keep.cols, keep.goal, keep.moves, keep);
    }
    render(false);
  });
  el.undo.addEventListener('click', undo);
  el.redo.addEventListener('click', redo);
  el.hint.addEventListener('click', () => runSearch('hint'));
  el.solve.addEventListener('click', () => runSearch('solve'));
  el.cancel.addEventListener('click', () => {
    engine.cancel();
    setStatus('');
  });
  el.play.addEventListener('click', togglePlay);
  el.step.addEventListener('click', () => {
    stopPlayback();
    stepForward();
    renderSolver();
  });
  el.stepBack.addEventListener('click', () => {
    stopPlayback();
    stepBack();
    renderSolver();
  });
  el.speed.addEventListener('input', onSpeed);
  el.copyMoves.addEventListener('click', async () => {
    if (!solution) return;
    const ok = await copyText(fromBlankNotation(solution.moves, el.notation.value));
    setProgress(ok ? `Copied ${solution.moves.length} moves (${el.notation.value} notation).` : 'Copying was refused: select the moves and copy them.');
  });
  el.downloadSvg.addEventListener('click', downloadSvg);
  el.shareSolve.addEventListener('change', renderShare);
  el.copyLink.addEventListener('click', async () => {
    const ok = await copyText(el.shareLink.value);
    setStatus(ok ? 'Link copied.' : 'Copying was refused: select the link and copy it.');
  });
  el.shareLink.addEventListener('focus', () => el.shareLink.select());
  setInterval(() => {
    if (game.startedAt !== null && !game.won) el.time.textContent = formatClock(game.elapsed());
  }, 250);
}

// What the file panels (files.js) need of the page.
const page = {
  engine,
  maxSide: MAX_SIDE,
  currentGoal: () => el.goal.value,
  // Plays a board from a file; moves (blank notation) are shown as its solution.
  play(tiles, rows, cols, goal, message, moves = null, info = {}) {
    startGame(tiles, rows, cols, goal, message);
    if (moves !== null) setSolution(tiles, rows, cols, goal, moves, { optimal: false, note: '', ...info });
    el.board.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  },
  togglePlay,
  boardSolvable: (tiles, rows, cols, goal) => solvable(tiles, rows, cols, goal),
};

async function main() {
  fillSizes();
  wire();
  onSpeed();
  const link = boardFromLink();
  if (link && !link.error) {
    startGame(link.tiles, link.rows, link.cols, link.goal);
  } else {
    render(false);
    if (link?.error) setStatus(`This link’s board cannot be opened: ${link.error}`, 'error');
  }
  initFiles(page);
  try {
    engineInfo = await engine.ready;
    el.engineStatus.textContent = `Engine ready${engineInfo.version ? ` (npuzzle ${engineInfo.version})` : ''}.`;
    el.version.textContent = engineInfo.version ? `npuzzle ${engineInfo.version}.` : '';
  } catch (err) {
    el.engineStatus.textContent = `The engine could not be loaded: ${err.message}`;
    el.engineStatus.classList.add('error');
    renderSolver();
    return;
  }
  if (link && !link.error) {
    renderSolver();
    if (!solvable(link.tiles, link.rows, link.cols, link.goal)) {
      const other = link.goal === 'blank-last' ? 'blank-first' : 'blank-last';
      const forOther = solvable(link.tiles, link.rows, link.cols, other);
      setStatus(
        `This board cannot reach the ${link.goal} goal${forOther ? `; it can reach ${other} (add or remove &goal=blank-first)` : ''}.`,
        'error',
      );
    }
    if (link.solve) await runSearch('solve');
  } else {
    await newGame();
  }
}

main();
