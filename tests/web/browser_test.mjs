// The page in a real browser: Debian's chromium driven by puppeteer-core.
// Run by scripts/test_web.sh (which serves web/ and sets WEB_URL); alone:
//   WEB_URL=http://127.0.0.1:8000/ node --test tests/web/browser_test.mjs
// Without WEB_URL it serves web/ itself. SCREENSHOT_DIR (default
// build-web/screenshots/) receives page.png, mid-game.png, solved.png,
// korf1.png, viewer.png, viewer-panel.png, phone.png and solution-5x5.svg.
// CHROMIUM overrides /usr/bin/chromium.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import puppeteer from 'puppeteer-core';

import { startServer } from './static_server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const fixtures = path.join(here, 'fixtures');
const shots = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(repo, 'build-web/screenshots'));

let browser;
let server = null;
let base;
let profile;
const problems = [];  // console errors, page errors and failed requests of every page

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  if (process.env.WEB_URL) {
    base = process.env.WEB_URL.endsWith('/') ? process.env.WEB_URL : `${process.env.WEB_URL}/`;
  } else {
    server = await startServer(path.join(repo, 'web'));
    base = server.url;
  }
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'npuzzle-chromium-'));
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
    ],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

async function open(query = '', { width = 1200, height = 900 } = {}) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()} (${page.url()})`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message} (${page.url()})`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.openedAt = Date.now();
  await page.goto(`${base}index.html${query}`, { waitUntil: 'load' });
  await page.waitForFunction(
    () => /Engine ready|could not be loaded/.test(document.getElementById('engine-status').textContent),
    { timeout: 30_000 },
  );
  const status = await text(page, '#engine-status');
  assert.match(status, /Engine ready/, status);
  return page;
}

const text = (page, selector) => page.$eval(selector, (e) => e.textContent);

// Times from opening a page to an answer on it, for results/web.md: printed
// and kept in build-web/screenshots/timings.json.
const timings = {};
function timing(name, page) {
  timings[name] = (Date.now() - page.openedAt) / 1000;
  console.log(`timing: ${name}: ${timings[name].toFixed(2)} s`);
  fs.writeFileSync(path.join(shots, 'timings.json'), JSON.stringify(timings, null, 2));
}

// The board as drawn: tile numbers by cell, 0 for the blank, read from the
// tiles' --r and --c (what the player sees), not from the page's model.
function boardOf(page) {
  return page.$eval('#board', (board) => {
    const rows = Number(board.style.getPropertyValue('--rows'));
    const cols = Number(board.style.getPropertyValue('--cols'));
    const tiles = new Array(rows * cols).fill(0);
    for (const t of board.querySelectorAll('.tile')) {
      const r = Number(t.style.getPropertyValue('--r'));
      const c = Number(t.style.getPropertyValue('--c'));
      tiles[r * cols + c] = Number(t.dataset.tile);
    }
    return { rows, cols, tiles };
  });
}

async function clickTile(page, tile) {
  await page.click(`#board .tile[data-tile="${tile}"]`);
}

async function counts(page) {
  return { moves: Number(await text(page, '#moves')), clicks: Number(await text(page, '#clicks')) };
}

// Blank-notation moves applied here, independently of the page and the engine.
function replay(tiles, rows, cols, moves) {
  const board = tiles.slice();
  const step = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
  for (const [i, m] of [...moves].entries()) {
    const b = board.indexOf(0);
    assert.ok(step[m], `move ${i + 1} '${m}' is not u, d, l or r`);
    const r = Math.floor(b / cols) + step[m][0];
    const c = (b % cols) + step[m][1];
    assert.ok(r >= 0 && r < rows && c >= 0 && c < cols, `move ${i + 1} '${m}' leaves the board`);
    board[b] = board[r * cols + c];
    board[r * cols + c] = 0;
  }
  return board;
}

const goalOf = (n, goal) => Array.from({ length: n }, (_, i) => (goal === 'blank-first' ? i : (i + 1) % n));

async function shot(page, name, options = {}) {
  await page.screenshot({ path: path.join(shots, name), ...options });
}

test('the page loads with a random board and no console errors', async () => {
  const page = await open();
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 15);
  const { rows, cols, tiles } = await boardOf(page);
  assert.deepEqual([rows, cols], [4, 4]);
  assert.deepEqual([...tiles].sort((a, b) => a - b), goalOf(16, 'blank-first'));
  assert.match(await page.$eval('#share-link', (e) => e.value), /\?board=(\d+,){15}\d+$/);
  await shot(page, 'page.png', { fullPage: true });
  await page.close();
  assert.deepEqual(problems, []);
});

test('clicks slide tiles: a multi-tile slide is several moves and one click; undo and redo', async () => {
  const page = await open('?board=1,2,3,4,5,6,7,8,0');
  assert.deepEqual(await counts(page), { moves: 0, clicks: 0 });
  // Tile 7 is two cells left of the blank: one click slides 7 and 8.
  await clickTile(page, 7);
  assert.deepEqual((await boardOf(page)).tiles, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
  assert.deepEqual(await counts(page), { moves: 2, clicks: 1 });
  // Tile 1 is two cells above the blank now: slides 1 and 4 down.
  await clickTile(page, 1);
  assert.deepEqual((await boardOf(page)).tiles, [0, 2, 3, 1, 5, 6, 4, 7, 8]);
  assert.deepEqual(await counts(page), { moves: 4, clicks: 2 });
  // Tile 5 is not in the blank's row or column: nothing happens.
  await clickTile(page, 5);
  assert.deepEqual(await counts(page), { moves: 4, clicks: 2 });
  // Undo takes back a whole click, redo gives it again.
  await page.click('#undo');
  assert.deepEqual((await boardOf(page)).tiles, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
  assert.deepEqual(await counts(page), { moves: 2, clicks: 1 });
  await page.click('#undo');
  assert.deepEqual((await boardOf(page)).tiles, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  assert.deepEqual(await counts(page), { moves: 0, clicks: 0 });
  assert.equal(await page.$eval('#undo', (e) => e.disabled), true);
  await page.click('#redo');
  await page.click('#redo');
  assert.deepEqual((await boardOf(page)).tiles, [0, 2, 3, 1, 5, 6, 4, 7, 8]);
  assert.deepEqual(await counts(page), { moves: 4, clicks: 2 });
  assert.equal(await page.$eval('#redo', (e) => e.disabled), true);
  // Arrow keys move the tile into the blank: ← slides the tile right of it left.
  await page.focus('#board');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual((await boardOf(page)).tiles, [2, 0, 3, 1, 5, 6, 4, 7, 8]);
  await page.keyboard.press('ArrowUp');
  assert.deepEqual((await boardOf(page)).tiles, [2, 5, 3, 1, 0, 6, 4, 7, 8]);
  assert.deepEqual(await counts(page), { moves: 6, clicks: 4 });
  // Ctrl+Z undoes a key's move.
  await page.keyboard.down('Control');
  await page.keyboard.press('z');
  await page.keyboard.up('Control');
  assert.deepEqual((await boardOf(page)).tiles, [2, 0, 3, 1, 5, 6, 4, 7, 8]);
  assert.match(await text(page, '#time'), /^\d+:\d\d$/);
  await new Promise((r) => setTimeout(r, 300));  // the slide's transition
  await shot(page, 'mid-game.png');
  await page.close();
});

test('?board=…&solve solves a 31-move 3x3 board; the moves replay to the goal', async () => {
  const start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
  const page = await open(`?board=${start.join(',')}&solve`);
  await page.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 60_000, polling: 20 });
  timing('3x3, 31 moves: page opened to optimal solution shown', page);
  assert.equal(await text(page, '#length'), '31');
  const moves = await text(page, '#solution');
  assert.match(moves, /^[udlr]{31}$/);
  assert.deepEqual(replay(start, 3, 3, moves), goalOf(9, 'blank-last'));
  assert.match(await text(page, '#optimality'), /^optimal$/);
  // Watch it: play at full speed until the board is solved.
  await page.$eval('#speed', (e) => {
    e.value = '40';
    e.dispatchEvent(new Event('input'));
  });
  await page.click('#play');
  await page.waitForFunction(() => document.getElementById('board').classList.contains('won'), { timeout: 20_000 });
  assert.deepEqual((await boardOf(page)).tiles, goalOf(9, 'blank-last'));
  assert.deepEqual(await counts(page), { moves: 31, clicks: 31 });
  assert.match(await text(page, '#status'), /Solved with the solver’s help: 31 moves/);
  await new Promise((r) => setTimeout(r, 300));
  await shot(page, 'solved.png');
  // Step back undoes the last solver move.
  await page.click('#step-back');
  assert.equal(await text(page, '#position'), '30 / 31');
  await page.close();
});

test("Korf's #1 (blank-first) builds pdb:663 in the worker and solves in 57 moves", async () => {
  const start = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
  const page = await open(`?board=${start.join(',')}&goal=blank-first&solve`);
  const built = page
    .waitForFunction(() => /Building the 4x4 table: \d+%/.test(document.getElementById('progress').textContent), {
      timeout: 30_000,
      polling: 50,
    })
    .then(() => true, () => false);
  await page.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 150_000, polling: 20 });
  timing("Korf's #1 (4x4, 57 moves): page opened to optimal solution shown, pdb:663 built on the way", page);
  assert.equal(await built, true, 'the progress line showed the table build');
  assert.equal(await text(page, '#length'), '57');
  const moves = await text(page, '#solution');
  assert.deepEqual(replay(start, 4, 4, moves), goalOf(16, 'blank-first'));
  // Watch part of it: play, then pause after 20 moves.
  await page.$eval('#speed', (e) => {
    e.value = '12';
    e.dispatchEvent(new Event('input'));
  });
  await page.click('#play');
  await page.waitForFunction(() => parseInt(document.getElementById('position').textContent, 10) >= 20, {
    timeout: 20_000,
    polling: 20,
  });
  await page.click('#play');
  const paused = await text(page, '#position');
  await new Promise((r) => setTimeout(r, 400));
  assert.equal(await text(page, '#position'), paused, 'Pause stops the playback');
  assert.match(paused, /^2\d \/ 57$/);
  assert.equal(await text(page, '#play'), 'Play');
  await shot(page, 'korf1.png');
  await page.close();

  // The table is kept in IndexedDB: a second visit solves without building.
  const again = await open(`?board=${start.join(',')}&goal=blank-first&solve`);
  let sawBuild = false;
  const watch = setInterval(async () => {
    try {
      if (/Building/.test(await text(again, '#progress'))) sawBuild = true;
    } catch {}
  }, 50);
  await again.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 60_000, polling: 20 });
  timing("Korf's #1 again: page opened to optimal solution shown, pdb:663 from IndexedDB", again);
  clearInterval(watch);
  assert.equal(await text(again, '#length'), '57');
  assert.equal(sawBuild, false, 'the second visit rebuilt the table');
  await again.close();
});

test('Hint shows the next move of a shortest solution; Cancel stops a search and the engine goes on', async () => {
  const start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
  const page = await open(`?board=${start.join(',')}`);
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: slide/.test(document.getElementById('status').textContent), { timeout: 30_000 });
  const hint = await text(page, '#status');
  assert.match(hint, /^Hint: slide \d+ (up|down|left|right)\. The goal is 31 moves away \(optimal\)\.$/);
  const moves = await text(page, '#solution');
  const after = replay(start, 3, 3, moves[0]);
  const slid = start[after.indexOf(0)];  // the tile the first move slides
  assert.deepEqual(await page.$$eval('#board .tile.hinted', (ts) => ts.map((t) => Number(t.dataset.tile))), [slid]);
  await clickTile(page, slid);
  assert.deepEqual(await counts(page), { moves: 1, clicks: 1 });
  assert.equal(await text(page, '#position'), '1 / 31');
  assert.equal(await page.$$eval('#board .tile.hinted', (ts) => ts.length), 0);
  // H asks again: the known solution answers at once.
  await page.focus('#board');
  await page.keyboard.press('h');
  assert.match(await text(page, '#status'), /^Hint: slide \d+ (up|down|left|right)\. The goal is 30 moves away/);
  await page.close();

  // A 4x4 blank-last board needs its table: cancel while it is built.
  const board = [2, 3, 4, 8, 1, 6, 7, 12, 5, 10, 11, 0, 9, 13, 14, 15];
  const p2 = await open(`?board=${board.join(',')}`);
  await p2.click('#solve');
  await p2.waitForFunction(() => /Building the 4x4 table/.test(document.getElementById('progress').textContent), {
    timeout: 30_000,
    polling: 50,
  });
  assert.equal(await p2.$eval('#solve', (e) => e.disabled), true);
  await p2.click('#cancel');
  assert.equal(await text(p2, '#progress'), 'Cancelled.');
  assert.equal(await p2.$eval('#cancel', (e) => e.disabled), true);
  assert.equal(await text(p2, '#length'), '');
  // The fresh worker serves the next game and its solve.
  await p2.select('#rows', '3');
  await p2.waitForFunction(() => document.querySelectorAll('#board .tile').length === 11, { timeout: 10_000 });
  const { tiles } = await boardOf(p2);
  await p2.click('#solve');
  await p2.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 30_000 });
  assert.deepEqual(replay(tiles, 3, 4, await text(p2, '#solution')), goalOf(12, 'blank-last'));
  await p2.close();
});

test('5x5 is solved by the phased solver, marked not optimal, and exported as SVG', async () => {
  const page = await open();
  await page.select('#rows', '5');
  await page.select('#cols', '5');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 24, { timeout: 10_000 });
  const { tiles } = await boardOf(page);
  assert.match(await text(page, '#method'), /not a shortest one/);
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 60_000 });
  assert.equal(await text(page, '#optimality'), 'not optimal');
  const moves = await text(page, '#solution');
  assert.equal(String(moves.length), await text(page, '#length'));
  assert.deepEqual(replay(tiles, 5, 5, moves), goalOf(25, 'blank-last'));
  // The animated SVG downloads.
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'npuzzle-downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  await page.click('#download-svg');
  let file = null;
  for (let i = 0; i < 100 && !file; i++) {
    await new Promise((r) => setTimeout(r, 100));
    file = fs.readdirSync(downloads).find((f) => f.endsWith('.svg'));
  }
  assert.ok(file, 'an .svg was downloaded');
  assert.equal(file, `npuzzle-5x5-${moves.length}-moves.svg`);
  const svg = fs.readFileSync(path.join(downloads, file), 'utf8');
  assert.match(svg, /<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<animate/);
  fs.copyFileSync(path.join(downloads, file), path.join(shots, 'solution-5x5.svg'));
  fs.rmSync(downloads, { recursive: true, force: true });
  await page.close();
});

test("the engine's API as promises: solve(tiles, rows, cols, options), replay, info, generate", async () => {
  const page = await open();
  const out = await page.evaluate(async () => {
    const { Engine } = await import('./engine.js');
    const engine = new Engine();
    await engine.ready;
    // The seed's 3x3 with linear conflict, then with auto (exact) in tile notation.
    const r = await engine.solve([8, 1, 3, 4, 0, 2, 7, 6, 5], 3, 3, { heuristic: 'linear-conflict' });
    const tile = await engine.solve([8, 1, 3, 4, 0, 2, 7, 6, 5], 3, 3, { notation: 'tile' });
    const replayed = await engine.replay([8, 1, 3, 4, 0, 2, 7, 6, 5], 3, 3, 'blank-last', r.moves);
    const info = await engine.info([1, 2, 3, 4, 5, 6, 8, 7, 0], 3, 3, 'blank-last');
    const generated = await engine.generate(3, 5, 'blank-first', 7, 0);
    const refused = await engine.solve([1, 2, 3, 0], 2, 2, { heuristic: 'nonsense' });
    return { r, tile, replayed, info, generated, refused };
  });
  assert.equal(out.r.status, 'optimal');
  assert.equal(out.r.length, 14); // the README's board: 14 moves, as npuzzle.solve gives
  assert.equal(out.r.moves.length, 14);
  assert.match(out.tile.moves, /^[UDLR]{14}$/);
  assert.equal(out.replayed.solved, true, JSON.stringify(out.replayed));
  assert.equal(out.info.solvable, false); // two tiles swapped: odd permutation
  assert.equal(out.info.manhattan, 2);
  assert.deepEqual([...out.generated].sort((a, b) => a - b), goalOf(15, 'blank-first'));
  assert.equal(out.refused.status, 'unsupported');
  assert.match(out.refused.explanation, /unknown heuristic 'nonsense'/);
  await page.close();
});

test('an unsolvable board in a link says so; &solve on the goal gives 0 moves', async () => {
  const page = await open('?board=1,2,3,4,5,6,8,7,0&solve');
  await page.waitForFunction(() => /cannot reach/.test(document.getElementById('progress').textContent), { timeout: 30_000 });
  assert.match(await text(page, '#status'), /cannot reach the blank-last goal/);
  assert.equal(await text(page, '#length'), '');
  assert.equal(await text(page, '#solution'), '');
  await page.close();
  // The goal itself: 0 moves.
  const solved = await open('?board=0,1,2,3&goal=blank-first&solve');
  await solved.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 30_000 });
  assert.equal(await text(solved, '#length'), '0');
  assert.equal(await text(solved, '#solution'), '');
  await solved.close();
});

test('a malformed puzzle file shows the FILE:LINE error on the page', async () => {
  const page = await open();
  const input = await page.$('#open-file');
  await input.uploadFile(path.join(fixtures, 'malformed.txt'));
  await page.waitForFunction(() => document.getElementById('errors').textContent !== '', { timeout: 10_000 });
  const errors = await text(page, '#errors');
  assert.match(errors, /malformed\.txt:\d+: duplicate tile 4/);
  // The good puzzle of the file is opened.
  await page.waitForFunction(() => /Opened 1 from malformed\.txt/.test(document.getElementById('status').textContent));
  assert.deepEqual((await boardOf(page)).tiles, [1, 2, 3, 4, 0, 6, 7, 5, 8]);
  // Pasted text is read the same way.
  await page.click('#open-paste-box summary');
  await page.type('#open-text', 'x 1 2 3 4 5 6 7 8 9\n');
  await page.click('#open-paste');
  await page.waitForFunction(() => /pasted:1:/.test(document.getElementById('errors').textContent), { timeout: 10_000 });
  await page.close();
});

test('the viewer checks a batch CSV against its puzzles and replays a row', async () => {
  const page = await open('', { width: 1200, height: 1100 });
  await (await page.$('#viewer-puzzles')).uploadFile(path.join(fixtures, 'puzzles.txt'));
  await (await page.$('#viewer-results')).uploadFile(path.join(fixtures, 'results.csv'));
  await page.waitForFunction(() => document.querySelectorAll('#results tbody tr').length === 6, { timeout: 10_000 });
  const rows = await page.$$eval('#results tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].slice(0, 6).map((td) => td.textContent)),
  );
  assert.deepEqual(rows.map((r) => r[0]), ['a', 'b', 'c', 'd', 'e', 'f']);
  assert.deepEqual(rows.map((r) => r[1]), ['optimal', 'optimal', 'optimal', 'optimal', 'unsolvable', 'optimal']);
  assert.deepEqual(rows.map((r) => r[2]), ['1', '31', '2', '22', '', '5']);
  for (const i of [0, 1, 2, 4, 5]) assert.match(rows[i][5], /^✓ checks$/, `row ${rows[i][0]}: ${rows[i][5]}`);
  assert.match(rows[3][5], /^✗ .*move 22/, rows[3][5]);
  assert.match(await text(page, '#viewer-summary'), /6 rows, 5 check, 1 fail/);

  // Replay row b (31 moves) on the board: it checks and reaches the goal.
  await page.$eval('#speed', (e) => {
    e.value = '40';
    e.dispatchEvent(new Event('input'));
  });
  await page.click('#results tbody tr[data-id="b"] button');
  assert.match(await text(page, '#status'), /Replaying row b .*31 moves, reaches the goal; the row checks/);
  await page.waitForFunction(() => document.getElementById('board').classList.contains('won'), { timeout: 20_000 });
  assert.deepEqual((await boardOf(page)).tiles, goalOf(9, 'blank-last'));
  // Row d's moves leave the board: the page says so.
  await page.click('#results tbody tr[data-id="d"] button');
  assert.match(await text(page, '#status'), /row d .*has an illegal move; the row fails the check/);
  await page.click('#play');  // pause it where it is
  await page.$eval('#results', (e) => e.scrollIntoView());
  await shot(page, 'viewer.png', { fullPage: true });
  await (await page.$('section.viewer')).screenshot({ path: path.join(shots, 'viewer-panel.png') });

  // JSON Lines work the same way (pasted, this time).
  await page.$eval('#viewer-results', (e) => (e.value = ''));
  await page.$eval('#viewer-puzzles', (e) => (e.value = ''));
  await page.click('.viewer details summary');
  await page.$eval('#viewer-puzzles-text', (e, v) => (e.value = v), fs.readFileSync(path.join(fixtures, 'puzzles.txt'), 'utf8'));
  await page.$eval('#viewer-results-text', (e, v) => (e.value = v), fs.readFileSync(path.join(fixtures, 'results.jsonl'), 'utf8'));
  await page.click('#viewer-check');
  await page.waitForFunction(() => /JSON Lines.*6 rows, 6 check, 0 fail/.test(document.getElementById('viewer-summary').textContent), {
    timeout: 10_000,
  });
  await page.close();
});

test('a rectangle, the share link and a phone-width layout', async () => {
  const page = await open('?board=5,1,2,4,0,6,3,7&size=2x4', { width: 390, height: 844 });
  const { rows, cols, tiles } = await boardOf(page);
  assert.deepEqual([rows, cols, tiles], [2, 4, [5, 1, 2, 4, 0, 6, 3, 7]]);
  assert.match(await page.$eval('#share-link', (e) => e.value), /index\.html\?board=5,1,2,4,0,6,3,7&size=2x4$/);
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await page.click('#solve');
  await page.waitForFunction(() => document.getElementById('length').textContent !== '', { timeout: 30_000 });
  assert.deepEqual(replay(tiles, 2, 4, await text(page, '#solution')), goalOf(8, 'blank-last'));
  await shot(page, 'phone.png', { fullPage: true });
  await page.close();
  assert.deepEqual(problems, []);
});
