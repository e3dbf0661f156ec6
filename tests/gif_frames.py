#!/usr/bin/python3
"""Decodes an animated GIF with Pillow (python3-pil), an encoder-independent
reader for render_test: prints one JSON object with the frame count, the
loop count, the size and every frame's delay in milliseconds, and saves the
frames named by index (composited, as a viewer shows them) as RGB PNGs.

usage: gif_frames.py FILE.gif [OUTDIR INDEX...]   (INDEX may be -1 for the last)"""
import json
import sys

from PIL import Image, ImageSequence


def main():
    path = sys.argv[1]
    outdir = sys.argv[2] if len(sys.argv) > 2 else None
    with Image.open(path) as im:
        if im.format != "GIF":
            sys.exit(f"{path}: not a GIF ({im.format})")
        frames = im.n_frames
        wanted = {int(i) % frames for i in sys.argv[3:]}
        delays = []
        for index, frame in enumerate(ImageSequence.Iterator(im)):
            delays.append(frame.info.get("duration", 0))
            if outdir is not None and index in wanted:
                frame.convert("RGB").save(f"{outdir}/frame_{index}.png")
        print(json.dumps({"frames": frames, "loop": im.info.get("loop"), "width": im.width,
                          "height": im.height, "delays": delays}))


if __name__ == "__main__":
    main()
