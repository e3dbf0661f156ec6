// The game's rules without the page: a board, what a click or a key does to
// it, the counts, the win, undo and redo. The same rules as the desktop game
// (src/gui/game_model.h):
//
// - A click on a tile k cells from the blank in its row or column slides k
//   tiles one cell each toward the blank: k tile moves, one click, one step
//   of undo. A click on the blank or off its row and column does nothing.
// - A key slides the single tile next to the blank in the key's direction
//   (the arrow is the direction the TILE moves, as in most games).
// - A solver move counts as a one-tile click and marks the game assisted.
// - Once won, board input is ignored until a new game; undo and redo still
//   work (an undone win is no longer won).
// - The clock starts at the first move and stops at the win.
//
// Moves are named as the engine's `blank` notation names them: the letter is
// the direction the BLANK moves (u d l r); the tile moves the other way.

export const DIRS = {
  u: [-1, 0],
  d: [1, 0],
  l: [0, -1],
  r: [0, 1],
};
const OPPOSITE = { u: 'd', d: 'u', l: 'r', r: 'l' };

// The goal board: blank-last `1 2 … N-1 0`, blank-first `0 1 … N-1`.
export function goalTiles(rows, cols, goal) {
  const n = rows * cols;
  const tiles = new Array(n);
  for (let i = 0; i < n; i++) tiles[i] = goal === 'blank-first' ? i : (i + 1) % n;
  return tiles;
}

export function isGoal(tiles, rows, cols, goal) {
  const n = rows * cols;
  for (let i = 0; i < n; i++) {
    if (tiles[i] !== (goal === 'blank-first' ? i : (i + 1) % n)) return false;
  }
  return true;
}

// Applies one blank-notation letter in place; returns false (and changes
// nothing) when the move would leave the board.
export function applyMove(tiles, rows, cols, letter) {
  const d = DIRS[letter];
  if (!d) return false;
  const b = tiles.indexOf(0);
  const r = Math.floor(b / cols) + d[0];
  const c = (b % cols) + d[1];
  if (r < 0 || r >= rows || c < 0 || c >= cols) return false;
  const t = r * cols + c;
  tiles[b] = tiles[t];
  tiles[t] = 0;
  return true;
}

// Converts a move string to blank notation. `notation` is 'blank', 'tile',
// 'vim', or null to guess it as docs/contract.md says (H, J or K: vim; else
// any upper case: tile; else blank). Returns null for a letter outside the
// notation's alphabet.
export function toBlankNotation(moves, notation = null) {
  if (!notation) {
    if (/[HJK]/.test(moves)) notation = 'vim';
    else if (/[A-Z]/.test(moves)) notation = 'tile';
    else notation = 'blank';
  }
  const table = {
    blank: { u: 'u', d: 'd', l: 'l', r: 'r' },
    tile: { D: 'u', U: 'd', R: 'l', L: 'r' },
    vim: { J: 'u', K: 'd', L: 'l', H: 'r' },
  }[notation];
  if (!table) return null;
  let out = '';
  for (const ch of moves) {
    const m = table[ch];
    if (!m) return null;
    out += m;
  }
  return out;
}

// The other way: blank-notation moves in `notation`.
export function fromBlankNotation(moves, notation) {
  const table = {
    blank: { u: 'u', d: 'd', l: 'l', r: 'r' },
    tile: { u: 'D', d: 'U', l: 'R', r: 'L' },
    vim: { u: 'J', d: 'K', l: 'L', r: 'H' },
  }[notation];
  let out = '';
  for (const ch of moves) out += table[ch] ?? '?';
  return out;
}

// Checks a board typed by hand or given in a link: `tiles` must hold
// 0 .. rows*cols-1 once each. Returns '' or what is wrong.
export function boardError(tiles, rows, cols) {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 2 || cols < 2) {
    return 'a board has at least 2 rows and 2 columns';
  }
  if (rows > 10 || cols > 10) return 'the page plays boards of at most 10 rows and 10 columns';
  const n = rows * cols;
  if (tiles.length !== n) {
    return `${rows}x${cols} takes ${n} numbers, not ${tiles.length}`;
  }
  const seen = new Array(n).fill(false);
  for (const t of tiles) {
    if (!Number.isInteger(t) || t < 0 || t >= n) return `tile ${t} is out of range 0..${n - 1}`;
    if (seen[t]) return `tile ${t} appears twice`;
    seen[t] = true;
  }
  return '';
}

// Whether `tiles` can reach `goal` (docs/contract.md, "Boards and goals"):
// the permutation's parity must equal the parity of the blank's Manhattan
// distance to its goal cell. The page asks the engine too; this is for the
// moments before the engine is loaded.
export function solvable(tiles, rows, cols, goal) {
  const n = rows * cols;
  const target = goalTiles(rows, cols, goal);
  const where = new Array(n);
  for (let i = 0; i < n; i++) where[target[i]] = i;
  // Permutation p: cell i holds the tile whose goal cell is where[tiles[i]].
  const seen = new Array(n).fill(false);
  let cycles = 0;
  for (let i = 0; i < n; i++) {
    if (seen[i]) continue;
    cycles++;
    for (let j = i; !seen[j]; j = where[tiles[j]]) seen[j] = true;
  }
  const permParity = (n - cycles) & 1;
  const b = tiles.indexOf(0);
  const g = where[0];
  const dist = Math.abs(Math.floor(b / cols) - Math.floor(g / cols)) + Math.abs((b % cols) - (g % cols));
  return permParity === (dist & 1);
}

export class Game {
  constructor(tiles, rows, cols, goal) {
    this.load(tiles, rows, cols, goal);
  }

  // Starts a game on this board: counts, clock and history cleared.
  load(tiles, rows, cols, goal) {
    this.rows = rows;
    this.cols = cols;
    this.goal = goal;
    this.start = tiles.slice();
    this.tiles = tiles.slice();
    this.done = [];    // undo steps: {letter (blank direction), count, bySolver}
    this.undone = [];
    this.moves = 0;    // tiles moved
    this.clicks = 0;   // accepted inputs
    this.assisted = false;
    this.startedAt = null;
    this.finishedAt = null;
    this.won = false;
  }

  reset() {
    this.load(this.start, this.rows, this.cols, this.goal);
  }

  get blank() {
    return this.tiles.indexOf(0);
  }

  get solved() {
    return isGoal(this.tiles, this.rows, this.cols, this.goal);
  }

  // Seconds from the first move to now or to the win; 0 before the first move.
  elapsed(now = performance.now()) {
    if (this.startedAt === null) return 0;
    return ((this.finishedAt ?? now) - this.startedAt) / 1000;
  }

  // The slide a click on cell `index` would make: {letter, count} (the
  // blank moves `count` cells toward the clicked tile), or null.
  slideFor(index) {
    const b = this.blank;
    const br = Math.floor(b / this.cols), bc = b % this.cols;
    const r = Math.floor(index / this.cols), c = index % this.cols;
    if (index === b || index < 0 || index >= this.tiles.length) return null;
    if (r === br) return { letter: c > bc ? 'r' : 'l', count: Math.abs(c - bc) };
    if (c === bc) return { letter: r > br ? 'd' : 'u', count: Math.abs(r - br) };
    return null;
  }

  // A click on cell `index`. Returns the tiles that moved (nearest the old
  // blank first) and where they went, or null when ignored.
  click(index) {
    if (this.won) return null;
    const s = this.slideFor(index);
    if (!s) return null;
    return this._input({ letter: s.letter, count: s.count, bySolver: false });
  }

  // A key: slides the tile next to the blank in `tileDirection`
  // ('up' | 'down' | 'left' | 'right'), if there is one.
  key(tileDirection) {
    if (this.won) return null;
    const letter = { up: 'd', down: 'u', left: 'r', right: 'l' }[tileDirection];
    if (!letter || !this._canMove(letter)) return null;
    return this._input({ letter, count: 1, bySolver: false });
  }

  // One move of a solver's solution (a blank-notation letter).
  solverMove(letter) {
    if (this.won || !this._canMove(letter)) return null;
    return this._input({ letter, count: 1, bySolver: true });
  }

  get canUndo() {
    return this.done.length > 0;
  }

  get canRedo() {
    return this.undone.length > 0;
  }

  undo() {
    const step = this.done.pop();
    if (!step) return null;
    this.undone.push(step);
    const moved = this._slide(OPPOSITE[step.letter], step.count);
    this.moves -= step.count;
    this.clicks -= 1;
    this._updateWin();
    return moved;
  }

  redo() {
    const step = this.undone.pop();
    if (!step) return null;
    this.done.push(step);
    const moved = this._slide(step.letter, step.count);
    this.moves += step.count;
    this.clicks += 1;
    if (step.bySolver) this.assisted = true;
    this._updateWin();
    return moved;
  }

  // The blank-notation moves from the start board to here (undo history).
  history() {
    let s = '';
    for (const step of this.done) s += step.letter.repeat(step.count);
    return s;
  }

  _canMove(letter) {
    const b = this.blank;
    const r = Math.floor(b / this.cols) + DIRS[letter][0];
    const c = (b % this.cols) + DIRS[letter][1];
    return r >= 0 && r < this.rows && c >= 0 && c < this.cols;
  }

  _input(step) {
    if (this.startedAt === null) this.startedAt = performance.now();
    const moved = this._slide(step.letter, step.count);
    this.done.push(step);
    this.undone = [];
    this.moves += step.count;
    this.clicks += 1;
    if (step.bySolver) this.assisted = true;
    this._updateWin();
    return moved;
  }

  _slide(letter, count) {
    const tiles = [];
    for (let i = 0; i < count; i++) {
      const b = this.blank;
      applyMove(this.tiles, this.rows, this.cols, letter);
      tiles.push(this.tiles[b]);
    }
    return { tiles, letter };
  }

  _updateWin() {
    const won = this.solved && (this.done.length > 0 || this.undone.length > 0);
    if (won && !this.won) this.finishedAt = performance.now();
    if (!won) this.finishedAt = null;
    this.won = won;
  }
}
