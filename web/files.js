// The two file panels: "Open a puzzle file" (the engine's reader, with its
// FILE:LINE errors) and the results viewer (a batch's CSV or JSON Lines
// checked against its puzzles as `npuzzle verify` checks them, each row
// replayable on the board).

import { applyMove, isGoal, toBlankNotation } from './board.js';
import { CancelledError } from './engine.js';

const $ = (id) => document.getElementById(id);

function cell(text, className = '') {
  const td = document.createElement('td');
  td.textContent = text ?? '';
  if (className) td.className = className;
  return td;
}

function headerRow(names) {
  const thead = document.createElement('thead');
  const tr = document.createElement('tr');
  for (const [name, className] of names) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    if (className) th.className = className;
    tr.append(th);
  }
  thead.append(tr);
  return thead;
}

function readFile(input) {
  const file = input.files?.[0];
  if (!file) return Promise.resolve(null);
  return file.text().then((text) => ({ name: file.name, text }));
}

function showErrors(box, title, errors) {
  box.replaceChildren();
  if (errors.length === 0) return;
  const p = document.createElement('p');
  p.textContent = title;
  const ul = document.createElement('ul');
  for (const e of errors) {
    const li = document.createElement('li');
    li.textContent = e;
    ul.append(li);
  }
  box.append(p, ul);
}

// The goal a file's puzzle is played for: the file's `# goal:`, else the
// page's goal, else the other goal when only that one solves it (as the
// desktop game does).
function goalFor(page, fileGoal, tiles, rows, cols) {
  if (fileGoal) return fileGoal;
  const goal = page.currentGoal();
  if (page.boardSolvable(tiles, rows, cols, goal)) return goal;
  const other = goal === 'blank-last' ? 'blank-first' : 'blank-last';
  return page.boardSolvable(tiles, rows, cols, other) ? other : goal;
}

export function initFiles(page) {
  initOpen(page);
  initViewer(page);
}

// ---------------------------------------------------------------- open

function initOpen(page) {
  const file = $('open-file');
  const text = $('open-text');
  const size = $('open-size');
  const errors = $('errors');
  const list = $('puzzle-list');

  async function open(name, content) {
    errors.replaceChildren();
    list.replaceChildren();
    let parsed;
    try {
      await page.engine.ready;
      parsed = await page.engine.call('parsePuzzles', [content, name, size.value.trim()]);
    } catch (err) {
      if (!(err instanceof CancelledError)) showErrors(errors, 'The file could not be read:', [err.message]);
      return;
    }
    const bad = parsed.puzzles.filter((p) => !p.tiles);
    const good = parsed.puzzles.filter((p) => p.tiles);
    const problems = bad.map((p) => p.error);
    if (parsed.error) problems.push(parsed.error);
    const tooBig = good.filter((p) => p.rows > page.maxSide || p.cols > page.maxSide);
    for (const p of tooBig) {
      problems.push(`${name}:${p.line}: ${p.rows}x${p.cols} is larger than the page plays (${page.maxSide}x${page.maxSide})`);
    }
    if (parsed.puzzles.length === 0) problems.push(`${name}: no puzzle in this file`);
    showErrors(errors, `${problems.length} problem${problems.length === 1 ? '' : 's'} in ${name}:`, problems);

    const playable = good.filter((p) => !tooBig.includes(p));
    if (playable.length === 0) return;
    const table = document.createElement('table');
    table.append(headerRow([['ID'], ['Line', 'num'], ['Size'], ['']]));
    const body = document.createElement('tbody');
    for (const p of playable) {
      const tr = document.createElement('tr');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Play';
      button.setAttribute('aria-label', `Play puzzle ${p.id}`);
      button.addEventListener('click', () => {
        for (const row of body.children) row.classList.toggle('current', row === tr);
        playPuzzle(p);
      });
      const action = document.createElement('td');
      action.append(button);
      tr.append(cell(p.id), cell(String(p.line), 'num'), cell(`${p.rows}x${p.cols}`), action);
      body.append(tr);
    }
    table.append(body);
    list.append(table);
    body.firstElementChild.classList.add('current');
    playPuzzle(playable[0]);

    function playPuzzle(p) {
      const goal = goalFor(page, parsed.goal, p.tiles, p.rows, p.cols);
      const more = playable.length > 1 ? ` (puzzle ${playable.indexOf(p) + 1} of ${playable.length})` : '';
      page.play(p.tiles, p.rows, p.cols, goal, `Opened ${p.id} from ${name}:${p.line}${more}, goal ${goal}.`);
    }
  }

  file.addEventListener('change', async () => {
    const f = await readFile(file);
    if (f) open(f.name, f.text);
  });
  $('open-paste').addEventListener('click', () => open('pasted', text.value));
}

// ---------------------------------------------------------------- viewer

function initViewer(page) {
  const puzzlesInput = $('viewer-puzzles');
  const resultsInput = $('viewer-results');
  const puzzlesText = $('viewer-puzzles-text');
  const resultsText = $('viewer-results-text');
  const goalSelect = $('viewer-goal');
  const summary = $('viewer-summary');
  const box = $('results');
  const LIMIT = 2000;

  function say(text, error = false) {
    summary.textContent = text;
    summary.className = `viewer-summary${error ? ' error' : ''}`;
  }

  async function check() {
    const pf = (await readFile(puzzlesInput)) ?? (puzzlesText.value.trim() ? { name: 'puzzles', text: puzzlesText.value } : null);
    const rf = (await readFile(resultsInput)) ?? (resultsText.value.trim() ? { name: 'results', text: resultsText.value } : null);
    box.replaceChildren();
    if (!pf || !rf) {
      say(!pf && !rf ? 'Choose a puzzle file and its results.' : !pf ? 'Choose the puzzle file too.' : 'Choose the results file too.');
      return;
    }
    say(`Checking ${rf.name} against ${pf.name}…`);
    let view;
    try {
      await page.engine.ready;
      view = await page.engine.call('view', [pf.text, pf.name, rf.text, rf.name, goalSelect.value || null, null]);
    } catch (err) {
      if (!(err instanceof CancelledError)) say(`The files could not be checked: ${err.message}`, true);
      return;
    }
    const { puzzles, results } = view;
    if (results.error) {
      say(`${rf.name}: ${results.error}`, true);
      return;
    }
    const goal = goalSelect.value || puzzles.goal || 'blank-last';
    const rows = results.rows;
    const failed = rows.filter((r) => r.check).length;
    const skipped = rows.filter((r) => !r.check && (r.status === 'limit' || r.status === 'cancelled')).length;
    const passed = rows.length - failed - skipped;
    say(
      `${rf.name} (${results.format === 'jsonl' ? 'JSON Lines' : 'CSV'}, goal ${goal}): ${rows.length} rows, ` +
        `${passed} check, ${failed} fail${skipped ? `, ${skipped} skipped` : ''}.`,
      failed > 0,
    );

    const table = document.createElement('table');
    table.append(
      headerRow([['ID'], ['Status'], ['Length', 'num'], ['Nodes', 'num'], ['Seconds', 'num'], ['Check'], ['']]),
    );
    const body = document.createElement('tbody');
    for (const r of rows.slice(0, LIMIT)) {
      const tr = document.createElement('tr');
      const checkText = r.check
        ? `✗ ${r.check}`
        : r.status === 'limit' || r.status === 'cancelled'
          ? '– skipped'
          : '✓ checks';
      const checkClass = r.check ? 'check-bad' : checkText.startsWith('–') ? 'check-skip' : 'check-ok';
      const action = document.createElement('td');
      const puzzle = r.puzzle >= 0 ? puzzles.puzzles[r.puzzle] : null;
      if (puzzle?.tiles && puzzle.rows <= page.maxSide && puzzle.cols <= page.maxSide) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Replay';
        button.setAttribute('aria-label', `Replay row ${r.id}`);
        button.addEventListener('click', () => {
          for (const row of body.children) row.classList.toggle('current', row === tr);
          replay(r, puzzle, goal, rf.name);
        });
        action.append(button);
      }
      tr.dataset.id = r.id ?? '';
      tr.append(
        cell(r.id),
        cell(r.status),
        cell(r.length === null || r.length === undefined || r.length === '' ? '' : String(r.length), 'num'),
        cell(r.expanded === null || r.expanded === undefined ? '' : Number(r.expanded).toLocaleString('en'), 'num'),
        cell(r.seconds === null || r.seconds === undefined ? '' : Number(r.seconds).toFixed(3), 'num'),
        cell(checkText, checkClass),
        action,
      );
      body.append(tr);
    }
    table.append(body);
    box.append(table);
    if (rows.length > LIMIT) {
      const p = document.createElement('p');
      p.className = 'small muted';
      p.textContent = `Showing the first ${LIMIT} of ${rows.length} rows; the counts above are of all of them.`;
      box.append(p);
    }
  }

  // Plays a row's solution on the board, after replaying it here: the page
  // says whether it reaches the goal, beside the engine's check.
  function replay(r, puzzle, goal, resultsName) {
    const { tiles, rows, cols } = puzzle;
    const solution = String(r.solution ?? '');
    if (r.status !== 'optimal' && r.status !== 'solved') {
      page.play(tiles, rows, cols, goal, `Row ${r.id} (${resultsName}:${r.line}) is ${r.status}: no moves to replay.`);
      return;
    }
    if (solution.startsWith('@')) {
      page.play(tiles, rows, cols, goal, `Row ${r.id}: its moves are in a side file (${solution.slice(1)}), which the page cannot read.`);
      return;
    }
    const moves = toBlankNotation(solution);
    if (moves === null) {
      page.play(tiles, rows, cols, goal, `Row ${r.id}: its moves could not be read.`);
      return;
    }
    const board = tiles.slice();
    let legal = true;
    for (const m of moves) legal = legal && applyMove(board, rows, cols, m);
    const reaches = legal && isGoal(board, rows, cols, goal);
    const verdict = r.check ? `fails the check: ${r.check}` : 'checks';
    const mine = !legal ? 'has an illegal move' : reaches ? 'reaches the goal' : 'does not reach the goal';
    page.play(
      tiles,
      rows,
      cols,
      goal,
      `Replaying row ${r.id} (${resultsName}:${r.line}): ${moves.length} moves, ${mine}; the row ${verdict}.`,
      moves,
      {
        optimal: r.status === 'optimal',
        note: `From ${resultsName}, row ${r.id}: ${r.status}${r.algorithm ? `, ${r.algorithm}` : ''}${r.heuristic ? ` with ${r.heuristic}` : ''}.`,
      },
    );
    page.togglePlay();
  }

  $('viewer-check').addEventListener('click', check);
  for (const input of [puzzlesInput, resultsInput]) {
    input.addEventListener('change', () => {
      if (puzzlesInput.files?.length && resultsInput.files?.length) check();
    });
  }
  goalSelect.addEventListener('change', () => {
    if (box.childElementCount > 0) check();
  });
}
