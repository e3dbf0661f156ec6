#!/usr/bin/python3
"""Plays npuzzle-play in a real X window on a virtual display and takes screenshots.

Starts Xvfb, runs the game with a fixed seed and an empty table cache, and
drives it with real input events (xdotool: mouse clicks on tiles, keys), in
the four states the README shows: the start, mid-game, a hint, and solved
by the Solve button. It finds the board in each screenshot by its colours,
checks basic facts about the pixels (the window is not blank, the board has
its tiles, the hint highlights one tile, the solved banner is there) and
writes the PNGs cropped to the window.

Usage: scripts/game_screenshots.py [--build build] [--out docs]
Needs: xvfb, xdotool, imagemagick (import), python3-pil (scripts/setup.sh).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(*args, env=None):
    return subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout.strip()


class Game:
    def __init__(self, binary, display, args, cache):
        self.env = dict(os.environ, DISPLAY=display, XDG_CACHE_HOME=cache, XDG_RUNTIME_DIR=cache)
        self.proc = subprocess.Popen([binary, *args], env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        self.window = self.wait_for_title("npuzzle \u2014", 60)
        run("xdotool", "mousemove", "--window", self.window, "20", "60", env=self.env)
        run("xdotool", "windowfocus", "--sync", self.window, env=self.env)
        time.sleep(0.8)

    def title(self):
        return run("xdotool", "getwindowname", self.window, env=self.env)

    def wait_for_title(self, text, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            out = subprocess.run(["xdotool", "search", "--name", text], capture_output=True, text=True,
                                 env=self.env).stdout.split()
            if out:
                return out[0]
            if self.proc.poll() is not None:
                raise SystemExit(f"npuzzle-play exited ({self.proc.returncode}): {self.proc.stderr.read()}")
            time.sleep(0.2)
        raise SystemExit(f"no window titled '{text}' within {seconds} s")

    def geometry(self):
        out = run("xdotool", "getwindowgeometry", "--shell", self.window, env=self.env)
        values = dict(line.split("=") for line in out.splitlines())
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def screenshot(self):
        with tempfile.NamedTemporaryFile(suffix=".png") as f:
            run("import", "-window", "root", f.name, env=self.env)
            x, y, w, h = self.geometry()
            return Image.open(f.name).convert("RGB").crop((x, y, x + w, y + h))

    def click(self, x, y):
        run("xdotool", "mousemove", "--window", self.window, str(x), str(y), "click", "1", env=self.env)
        time.sleep(0.4)

    def key(self, *names):
        for name in names:
            run("xdotool", "key", "--window", self.window, name, env=self.env)
            time.sleep(0.3)

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


def find_board(image, rows, cols):
    """The board's grid (left, top, cell) from the tray's colour: the
    commonest colour that is neither the window's background nor the tiles'."""
    counts = Counter(image.getdata()).most_common(4)
    background = counts[0][0]
    # The tray is the darker of the next two big colours (the tiles are lighter).
    tray = min((c for c, _ in counts[1:3]), key=sum)
    xs, ys = [], []
    w, h = image.size
    pixels = image.load()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            if pixels[x, y] == tray:
                xs.append(x)
                ys.append(y)
    left, right, top, bottom = min(xs) + 4, max(xs) - 4, min(ys) + 4, max(ys) - 4
    cell = min((right - left) / cols, (bottom - top) / rows)
    return background, tray, left, top, cell


def cell_centre(board, row, col):
    _, _, left, top, cell = board
    return int(left + (col + 0.5) * cell), int(top + (row + 0.5) * cell)


def blank_cell(image, board, rows, cols):
    tray = board[1]
    found = [(r, c) for r in range(rows) for c in range(cols) if image.getpixel(cell_centre(board, r, c)) == tray]
    assert len(found) == 1, f"expected one blank cell, found {found}"
    return found[0]


def count_colour_near(image, colour, box, tolerance=40):
    region = image.crop(box)
    return sum(1 for p in region.getdata() if sum(abs(a - b) for a, b in zip(p, colour)) <= tolerance)


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        check.failed += 1


check.failed = 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--out", default=os.path.join(ROOT, "docs"))
    parser.add_argument("--display", default=":98")
    args = parser.parse_args()
    binary = os.path.join(args.build, "npuzzle-play")
    os.makedirs(args.out, exist_ok=True)
    cache = tempfile.mkdtemp(prefix="npuzzle-play-")
    xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.5)
        game = Game(binary, args.display, ["--seed", "7"], cache)
        try:
            shots = play(game)
        finally:
            game.close()
        # A rectangle from a file: 6x8 (npuzzle gen's format), small numbers stay readable.
        puzzle = os.path.join(cache, "six_by_eight.txt")
        subprocess.run([os.path.join(args.build, "npuzzle"), "gen", "--size", "6x8", "--count", "1", "--seed", "3"],
                       check=True, stdout=open(puzzle, "w"))
        game = Game(binary, args.display, [puzzle], cache)
        try:
            image = game.screenshot()
            board = find_board(image, 6, 8)
            blank_cell(image, board, 6, 8)
            check("6x8" in game.title(), "a 6x8 puzzle opens from a file")
            shots["play_6x8"] = image
        finally:
            game.close()
    finally:
        xvfb.terminate()
        xvfb.wait(10)
        shutil.rmtree(cache, ignore_errors=True)
    for name, image in shots.items():
        path = os.path.join(args.out, name + ".png")
        # A 64-colour palette keeps each picture small; the window has few colours anyway.
        image.quantize(colors=64).save(path, optimize=True)
        print(f"wrote {path} ({os.path.getsize(path) // 1024} KiB)")
    if check.failed:
        sys.exit(f"{check.failed} checks failed")


def play(game):
    shots = {}
    image = game.screenshot()
    colours = len(set(image.getdata()))
    check(colours > 20, f"the window is not blank ({colours} colours)")
    board = find_board(image, 4, 4)
    _, tray, left, top, cell = board
    check(cell > 60, f"the board fills the window (cells of {cell:.0f} px)")
    row, col = blank_cell(image, board, 4, 4)
    check("0 moves" in game.title(), "no moves yet: " + game.title())
    shots["play_start"] = image

    # Mid-game: a multi-tile click along the blank's row, one along its
    # column, then keys (Tatham's direction: the tile moves the arrow's way).
    far_col = 0 if col >= 2 else 3
    game.click(*cell_centre(board, row, far_col))
    moved = abs(far_col - col)
    check(f"{moved} moves" in game.title(), f"one click slid {moved} tiles: " + game.title())
    far_row = 0 if row >= 2 else 3
    game.click(*cell_centre(board, far_row, far_col))
    game.key("Left", "Up", "Right")
    image = game.screenshot()
    check(image.getpixel(cell_centre(board, row, col)) != tray, "the blank has moved")
    shots["play_mid"] = image

    # Hint: the first one on 4x4 builds pdb:663 in the background.
    game.key("h")
    asked = time.time()
    deadline = asked + 120
    tables = os.path.join(game.env["XDG_CACHE_HOME"], "npuzzle")
    while time.time() < deadline:
        if os.path.isdir(tables) and len([f for f in os.listdir(tables) if f.endswith(".pdb")]) >= 3:
            break
        time.sleep(0.5)
    print(f"info the hint table's files were written {time.time() - asked:.1f} s after the first hint")
    time.sleep(2.5)
    game.key("h")
    time.sleep(1.5)
    image = game.screenshot()
    board_box = (int(left), int(top), int(left + 4 * cell), int(top + 4 * cell))
    # The hint's outline is drawn in the palette's Highlight colour: the only
    # saturated colour on an idle board.
    saturated = sum(1 for p in image.crop(board_box).getdata() if max(p) - min(p) > 80)
    check(saturated > 4 * cell, f"one tile is highlighted ({saturated} highlighted pixels)")
    shots["play_hint"] = image

    # Solve: Ctrl+Enter, then the solution plays move by move.
    game.key("ctrl+Return")
    game.wait_for_title("solved", 180)
    time.sleep(0.8)
    image = game.screenshot()
    banner = image.crop((int(left + cell), int(top + 1.5 * cell), int(left + 3 * cell), int(top + 2.5 * cell)))
    saturated = sum(1 for p in banner.getdata() if max(p) - min(p) > 80)
    check(saturated > 0.5 * banner.size[0] * banner.size[1], "the solved banner covers the board's middle")
    shots["play_solved"] = image
    return shots


if __name__ == "__main__":
    main()
