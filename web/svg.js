// An animated SVG of a solution, drawn here when the engine's M.svg gives
// none: every tile is a group whose translate() is animated (SMIL) through
// its position after each move, `secondsPerMove` per move, then the goal is
// held for two seconds and the animation starts again.

import { applyMove } from './board.js';

export function solutionSvg(tiles, rows, cols, moves, secondsPerMove = 0.25) {
  const cell = 60;
  const pad = 6;
  const width = cols * cell + 2 * pad;
  const height = rows * cell + 2 * pad;
  const n = moves.length;
  const hold = 2;
  const total = Math.max(n * secondsPerMove + hold, 0.5);

  // positions[tile] = the cell of that tile after each move (n + 1 entries).
  const board = tiles.slice();
  const positions = new Map();
  for (let i = 0; i < board.length; i++) if (board[i] !== 0) positions.set(board[i], [i]);
  for (const m of moves) {
    applyMove(board, rows, cols, m);
    for (let i = 0; i < board.length; i++) if (board[i] !== 0) positions.get(board[i]).push(i);
  }

  const keyTimes = [];
  for (let k = 0; k <= n; k++) keyTimes.push(((k * secondsPerMove) / total).toFixed(5));
  keyTimes.push('1');

  const fontSize = cell * (rows * cols > 99 ? 0.36 : 0.42);
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>${rows}x${cols} puzzle, ${n} moves</title>`,
    `<rect width="${width}" height="${height}" rx="8" fill="#3b4252"/>`,
  );
  for (const [tile, cells] of [...positions].sort((a, b) => a[0] - b[0])) {
    const xy = (i) => `${pad + (i % cols) * cell},${pad + Math.floor(i / cols) * cell}`;
    const values = cells.map(xy);
    values.push(values[values.length - 1]);
    out.push(`<g transform="translate(${xy(cells[0])})">`);
    if (n > 0) {
      out.push(
        `<animateTransform attributeName="transform" type="translate" dur="${total.toFixed(3)}s" ` +
          `repeatCount="indefinite" keyTimes="${keyTimes.join(';')}" values="${values.join(';')}"/>`,
      );
    }
    out.push(
      `<rect x="2" y="2" width="${cell - 4}" height="${cell - 4}" rx="6" fill="#fbf7ee" stroke="#c9bfa8"/>`,
      `<text x="${cell / 2}" y="${cell / 2}" dy="0.35em" text-anchor="middle" ` +
        `font-family="sans-serif" font-weight="700" font-size="${fontSize.toFixed(1)}" fill="#2e3440">${tile}</text>`,
      '</g>',
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
