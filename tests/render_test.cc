// npuzzle render end to end (build/npuzzle through the shell). Pictures are
// read back by decoders independent of how they were written: GIFs by
// Pillow (tests/gif_frames.py, python3-pil: frame count, loop, delays, and
// the frames composited as a viewer shows them), PNGs by libgd's reader,
// SVGs by Python's XML parser. The boards in them are checked against the
// puzzle and its goal: each cell's colour is computed here from the board
// (blank, tile, tile at home, moving tile), with colours the test sets
// itself, and the numbers' glyphs are matched between the start board and
// the goal.
#include <gd.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "cli_support.h"
#include "core/board.h"

namespace npuzzle {
namespace {

const std::string kPython = NPUZZLE_PYTHON3;
const std::string kGifFrames = std::string(NPUZZLE_SOURCE_DIR) + "/tests/gif_frames.py";

// The seed's 45-move puzzle (blank-last): its optimal length is 45.
constexpr const char* kSeed45 = "4\n 9  2  8 11\n 0  5 13  7\n15  1  4 10\n 3 14  6 12\n";
const std::vector<std::uint32_t> kSeed45Tiles = {9, 2, 8, 11, 0, 5, 13, 7, 15, 1, 4, 10, 3, 14, 6, 12};

// Colours set on the command line, so that expectations do not come from the theme's code.
constexpr const char* kColours =
    "--colour frame=#503020 --colour blank=#101010 --colour tile=#e0e0e0 --colour home=#40c040 "
    "--colour moving=#ffa000";
constexpr std::uint32_t kBlank = 0x101010, kTile = 0xe0e0e0, kHome = 0x40c040, kMoving = 0xffa000;

// render/layout.h's geometry, as --help and the README describe the picture: a frame of
// max(3, T/10) around cells of T pixels, a caption strip of max(16, 2T/5) under them.
int pad_of(int tile) { return std::max(3, tile / 10); }
int caption_of(int tile) { return std::max(16, tile * 2 / 5); }

class Image {
 public:
  explicit Image(const std::string& png) {
    if (std::FILE* f = std::fopen(png.c_str(), "rb")) {
      im_ = gdImageCreateFromPng(f);
      std::fclose(f);
    }
  }
  ~Image() {
    if (im_) gdImageDestroy(im_);
  }
  bool ok() const { return im_ != nullptr; }
  int width() const { return gdImageSX(im_); }
  int height() const { return gdImageSY(im_); }
  std::uint32_t rgb(int x, int y) const {
    const int c = gdImageGetPixel(im_, x, y);
    return static_cast<std::uint32_t>(gdImageRed(im_, c) << 16 | gdImageGreen(im_, c) << 8 | gdImageBlue(im_, c));
  }
  // A cell's face as text, for comparing glyphs.
  std::string crop(int x0, int y0, int size) const {
    std::string s;
    for (int y = y0; y < y0 + size; ++y) {
      for (int x = x0; x < x0 + size; ++x) s += std::to_string(rgb(x, y)) + ",";
    }
    return s;
  }

 private:
  gdImagePtr im_ = nullptr;
};

struct Gif {
  int frames = 0;
  int loop = -1;
  int width = 0, height = 0;
  std::vector<int> delays;
};

class Render : public Cli {
 protected:
  // Decodes `gif` with Pillow; saves frames `indices` as DIR/frame_I.png.
  Gif decode(const std::string& gif, const std::string& indices = "") {
    const CliResult r = shell(quote(kPython) + " " + quote(kGifFrames) + " " + quote(gif) + " " + quote(dir_) + " " + indices);
    EXPECT_EQ(r.code, 0) << r.err << "\n(python3-pil is needed: scripts/setup.sh installs it)";
    Gif g;
    std::smatch m;
    if (std::regex_search(r.out, m, std::regex(R"("frames": (\d+), "loop": (\d+|null), "width": (\d+), "height": (\d+), "delays": \[([^\]]*)\])"))) {
      g.frames = std::stoi(m[1]);
      g.loop = m[2] == "null" ? -1 : std::stoi(m[2]);
      g.width = std::stoi(m[3]);
      g.height = std::stoi(m[4]);
      std::stringstream list(m[5].str());
      for (std::string d; std::getline(list, d, ',');) g.delays.push_back(std::stoi(d));
    } else {
      ADD_FAILURE() << "unexpected decoder output: " << r.out;
    }
    return g;
  }

  // The files in the test's directory, but the shell's captures.
  std::set<std::string> files() const {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      if (name != "stdout.txt" && name != "stderr.txt") names.insert(name);
    }
    return names;
  }

  // A colour at the top middle of cell `cell`'s face, above the number.
  static std::uint32_t face_colour(const Image& im, int cell, int cols, int tile) {
    const int pad = pad_of(tile);
    return im.rgb(pad + (cell % cols) * tile + tile / 2, pad + (cell / cols) * tile + tile / 5);
  }
};

TEST_F(Render, GifHasOneFramePerMoveAndShowsStartAndGoal) {
  spit(path("seed.txt"), kSeed45);
  const int tile = 32;
  const CliResult r = npuzzle("render -i " + quote(path("seed.txt")) + " -o " + quote(path("out.gif")) +
                              " --heuristic linear-conflict --tile-size 32 --mark-home --delay 200 --start-pause 700 "
                              "--final-pause 1500 " + kColours);
  ASSERT_EQ(r.code, 0) << r.err;
  const Gif gif = decode(path("out.gif"), "0 -1");
  EXPECT_EQ(gif.frames, 45 + 1);
  EXPECT_EQ(gif.loop, 0);  // forever
  EXPECT_EQ(gif.width, 2 * pad_of(tile) + 4 * tile);
  EXPECT_EQ(gif.height, 2 * pad_of(tile) + 4 * tile + caption_of(tile));
  ASSERT_EQ(gif.delays.size(), 46u);
  EXPECT_EQ(gif.delays.front(), 700);
  EXPECT_EQ(gif.delays.back(), 1500);
  for (std::size_t i = 1; i + 1 < gif.delays.size(); ++i) EXPECT_EQ(gif.delays[i], 200) << "frame " << i;

  const Image first(path("frame_0.png"));
  const Image last(path("frame_45.png"));
  ASSERT_TRUE(first.ok() && last.ok());
  for (int cell = 0; cell < 16; ++cell) {
    const std::uint32_t t = kSeed45Tiles[cell];
    const std::uint32_t want = t == 0 ? kBlank : t == static_cast<std::uint32_t>(goal_tile(cell, 16, Goal::kBlankLast)) ? kHome : kTile;
    EXPECT_EQ(face_colour(first, cell, 4, tile), want) << "start, cell " << cell << " (tile " << t << ")";
  }
  // The goal: the blank last, every tile at home but the one that just moved,
  // which stands beside the blank's cell (15) in the moving colour.
  int moving = 0;
  for (int cell = 0; cell < 16; ++cell) {
    const std::uint32_t c = face_colour(last, cell, 4, tile);
    if (cell == 15) {
      EXPECT_EQ(c, kBlank);
    } else if (c == kMoving) {
      ++moving;
      EXPECT_TRUE(cell == 11 || cell == 14) << cell;
    } else {
      EXPECT_EQ(c, kHome) << "goal, cell " << cell;
    }
  }
  EXPECT_EQ(moving, 1);
}

TEST_F(Render, GifNumbersStandWhereTheBoardSays) {
  // Without --mark-home, tile t's face looks the same wherever it stands:
  // its picture in the start frame must equal its picture in the goal frame.
  spit(path("seed.txt"), kSeed45);
  const int tile = 32;
  ASSERT_EQ(npuzzle("render -i " + quote(path("seed.txt")) + " -o " + quote(path("out.gif")) +
                    " --heuristic linear-conflict --tile-size 32 " + kColours).code, 0);
  decode(path("out.gif"), "0 -1");
  const Image first(path("frame_0.png"));
  const Image last(path("frame_45.png"));
  ASSERT_TRUE(first.ok() && last.ok());
  const int pad = pad_of(tile);
  auto face = [&](const Image& im, int cell) { return im.crop(pad + (cell % 4) * tile, pad + (cell / 4) * tile, tile); };
  std::set<std::string> distinct;
  int compared = 0;
  for (int cell = 0; cell < 16; ++cell) {
    const std::uint32_t t = kSeed45Tiles[cell];
    if (t == 0) continue;
    const int home = goal_position(static_cast<int>(t), 16, Goal::kBlankLast);
    if (face_colour(last, home, 4, tile) == kMoving) continue;  // highlighted in the goal frame
    EXPECT_EQ(face(first, cell), face(last, home)) << "tile " << t;
    distinct.insert(face(first, cell));
    ++compared;
  }
  EXPECT_EQ(compared, 14);
  EXPECT_EQ(distinct.size(), 14u);  // the faces differ by their numbers, so the check has teeth
}

TEST_F(Render, SmoothAddsInBetweenFrames) {
  spit(path("b.txt"), "3\n1 2 3\n4 5 6\n7 8 0\n");
  const CliResult r = npuzzle("render -i " + quote(path("b.txt")) + " --moves ullr -o " + quote(path("s.gif")) +
                              " --smooth 2 --delay 300 --tile-size 24 " + kColours);
  ASSERT_EQ(r.code, 0) << r.err;
  const Gif gif = decode(path("s.gif"), "0 1 3");
  EXPECT_EQ(gif.frames, 4 * 3 + 1);
  ASSERT_EQ(gif.delays.size(), 13u);
  for (std::size_t i = 1; i + 1 < gif.delays.size(); ++i) EXPECT_EQ(gif.delays[i], 100) << i;
  // Tile 6 slides down from cell 5 to cell 8. A third of the way, the top of
  // cell 5 is the blank's already and the top of cell 8 is the moving tile's.
  const Image start(path("frame_0.png"));
  const Image third(path("frame_1.png"));
  const Image landed(path("frame_3.png"));
  ASSERT_TRUE(start.ok() && third.ok() && landed.ok());
  EXPECT_EQ(face_colour(start, 5, 3, 24), kTile);
  EXPECT_EQ(face_colour(start, 8, 3, 24), kBlank);
  EXPECT_EQ(face_colour(third, 5, 3, 24), kBlank);
  EXPECT_EQ(face_colour(third, 8, 3, 24), kMoving);
  EXPECT_EQ(face_colour(landed, 5, 3, 24), kBlank);
  EXPECT_EQ(face_colour(landed, 8, 3, 24), kMoving);
}

TEST_F(Render, PngSizeFollowsTheOptionsAndTheBlankDiffersFromATile) {
  spit(path("b.txt"), "3 4\n1 2 3 4\n5 6 0 8\n9 10 7 11\n");
  for (int tile : {20, 40, 100}) {
    const std::string out = path("b" + std::to_string(tile) + ".png");
    const CliResult r = npuzzle("render -i " + quote(path("b.txt")) + " -o " + quote(out) +
                                " --tile-size " + std::to_string(tile));
    ASSERT_EQ(r.code, 0) << r.err;
    const Image im(out);
    ASSERT_TRUE(im.ok());
    EXPECT_EQ(im.width(), 2 * pad_of(tile) + 4 * tile);
    EXPECT_EQ(im.height(), 2 * pad_of(tile) + 3 * tile + caption_of(tile));
    EXPECT_NE(face_colour(im, 6, 4, tile), face_colour(im, 5, 4, tile)) << "blank (cell 6) vs tile 6";
    EXPECT_EQ(face_colour(im, 5, 4, tile), face_colour(im, 0, 4, tile));  // two ordinary tiles
  }
  // --frame last: the goal; --no-caption: no strip.
  ASSERT_EQ(npuzzle("render -i " + quote(path("b.txt")) + " -o " + quote(path("g.png")) +
                    " --frame last --no-caption --tile-size 40 " + kColours).code, 0);
  const Image goal(path("g.png"));
  ASSERT_TRUE(goal.ok());
  EXPECT_EQ(goal.height(), 2 * pad_of(40) + 3 * 40);
  EXPECT_EQ(face_colour(goal, 11, 4, 40), kBlank);
}

TEST_F(Render, SheetHoldsEveryKthBoard) {
  spit(path("b.txt"), "3\n1 2 3\n4 5 6\n7 8 0\n");
  const int tile = 20;
  // 7 moves, every 3rd: boards 0, 3, 6 and the last, 7.
  const CliResult r = npuzzle("render -i " + quote(path("b.txt")) + " --moves uulldrr -o " + quote(path("s.png")) +
                              " --sheet strip --every 3 --tile-size 20");
  ASSERT_EQ(r.code, 0) << r.err;
  const Image im(path("s.png"));
  ASSERT_TRUE(im.ok());
  const int w = 2 * pad_of(tile) + 3 * tile, h = 2 * pad_of(tile) + 3 * tile + caption_of(tile), gap = pad_of(tile);
  EXPECT_EQ(im.width(), 4 * (w + gap) + gap);
  EXPECT_EQ(im.height(), h + 2 * gap);
  ASSERT_EQ(npuzzle("render -i " + quote(path("b.txt")) + " --moves uulldrr -o " + quote(path("g.png")) +
                    " --sheet grid --columns 3 --tile-size 20").code, 0);
  const Image grid(path("g.png"));
  EXPECT_EQ(grid.width(), 3 * (w + gap) + gap);
  EXPECT_EQ(grid.height(), 3 * (h + gap) + gap);  // 8 boards in rows of 3
}

TEST_F(Render, SvgIsXmlWithOneElementPerTile) {
  spit(path("seed.txt"), kSeed45);
  auto count_tiles = [&](const std::string& svg) {
    const CliResult r = shell(quote(kPython) + " -c " +
                              quote("import sys, xml.dom.minidom as m\n"
                                    "d = m.parse(sys.argv[1])\n"
                                    "g = [e for e in d.getElementsByTagName('g') if e.getAttribute('class') == 'tile']\n"
                                    "print(len(g), len(d.getElementsByTagName('animateTransform')))") +
                              " " + quote(svg));
    EXPECT_EQ(r.code, 0) << r.err;
    return r.out;
  };
  ASSERT_EQ(npuzzle("render -i " + quote(path("seed.txt")) + " -o " + quote(path("a.svg")) +
                    " --heuristic linear-conflict --smooth 1").code, 0);
  const std::string animated = count_tiles(path("a.svg"));
  EXPECT_EQ(animated.substr(0, animated.find(' ')), "15");
  EXPECT_NE(animated, "15 0\n");  // tiles move
  // A sheet: boards 0, 10, 20, 30, 40 and 45.
  ASSERT_EQ(npuzzle("render -i " + quote(path("seed.txt")) + " -o " + quote(path("s.svg")) +
                    " --heuristic linear-conflict --sheet grid --every 10").code, 0);
  EXPECT_EQ(count_tiles(path("s.svg")), "90 0\n");
  ASSERT_EQ(npuzzle("render -i " + quote(path("seed.txt")) + " -o " + quote(path("f.svg")) + " --moves r --frame 1").code, 0);
  EXPECT_EQ(count_tiles(path("f.svg")), "15 0\n");
}

TEST_F(Render, DrawsARowOfABatchResultWithoutSolving) {
  // A batch over three 3x3 puzzles; the row drawn must be the one asked for,
  // its frames its length + 1.
  spit(path("in.txt"), "a 1 2 3 4 5 6 7 0 8\nb 4 1 3 0 2 6 7 5 8\nc 1 2 3 4 5 6 0 7 8\n");
  ASSERT_EQ(npuzzle("batch -i " + quote(path("in.txt")) + " -o " + quote(path("out.csv")) +
                    " --threads 1 --notation tile --no-progress").code, 0);
  std::map<std::string, int> length;
  for (const Row& row : read_csv(slurp(path("out.csv")))) length[row[kId]] = std::stoi(row[kLength]);
  ASSERT_EQ(length.size(), 3u);
  CliResult r = npuzzle("render -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")) +
                        " --id b -o " + quote(path("b.gif")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(decode(path("b.gif")).frames, length["b"] + 1);
  r = npuzzle("render -i " + quote(path("in.txt")) + " -r " + quote(path("out.csv")) + " --row 3 -o " +
              quote(path("c.gif")));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(decode(path("c.gif")).frames, length["c"] + 1);
  // A tampered row is refused, as verify would.
  std::string csv = slurp(path("out.csv"));
  const auto at = csv.find("\nb,");
  ASSERT_NE(at, std::string::npos);
  const auto end = csv.find('\n', at + 1);
  csv.replace(end - 1, 1, csv[end - 1] == 'U' ? "D" : "U");
  spit(path("bad.csv"), csv);
  r = npuzzle("render -i " + quote(path("in.txt")) + " -r " + quote(path("bad.csv")) + " --id b -o " +
              quote(path("x.gif")));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_FALSE(fs::exists(path("x.gif")));
}

TEST_F(Render, AnAlreadySolvedBoardIsOneFrame) {
  spit(path("b.txt"), "2\n1 2\n3 0\n");
  ASSERT_EQ(npuzzle("render -i " + quote(path("b.txt")) + " -o " + quote(path("o.gif"))).code, 0);
  EXPECT_EQ(decode(path("o.gif")).frames, 1);
}

TEST_F(Render, ErrorsExitTwoAndLeaveNoFile) {
  spit(path("ok.txt"), "3\n1 2 3\n4 5 6\n7 0 8\n");
  spit(path("bad.txt"), "3\n1 2 3\n4 5 6\n7 8 8\n");
  spit(path("unsolvable.txt"), "3\n2 1 3\n4 5 6\n7 8 0\n");
  const std::set<std::string> before = files();
  const std::string out = quote(path("o.gif"));
  struct Case {
    std::string args, message;
  } cases[] = {
      {"-i " + quote(path("bad.txt")) + " -o " + out, "bad.txt:"},
      {"-i " + quote(path("missing.txt")) + " -o " + out, "missing.txt"},
      {"-i " + quote(path("unsolvable.txt")) + " -o " + out, "unsolvable"},
      {"-i " + quote(path("ok.txt")) + " -o " + quote(path("no/such/dir/o.gif")), "cannot write"},
      {"-i " + quote(path("ok.txt")) + " -o " + quote(path("o.jpg")), "unknown picture type"},
      {"-i " + quote(path("ok.txt")) + " -o " + quote(path("o")), "unknown picture type"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --moves rrx", "letter 'x' at 3"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --moves dd", "off the board"},
      {"-i " + quote(path("ok.txt")) + " -o " + quote(path("o.png")) + " --frame 9", "--frame 9"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --tile-size 5", "--tile-size"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --theme neon", "unknown theme"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --sheet grid", "sheet"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --colour tile=red", "colour"},
      {"-i " + quote(path("ok.txt")) + " -o " + out + " --font " + quote(path("none.ttf")), "none.ttf"},
  };
  for (const Case& c : cases) {
    const CliResult r = npuzzle("render " + c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_EQ(files(), before) << c.args;  // no picture, no temporary file
  }
  // An output that is a directory is refused too, and left alone.
  fs::create_directory(path("d.gif"));
  EXPECT_EQ(npuzzle("render -i " + quote(path("ok.txt")) + " -o " + quote(path("d.gif"))).code, 2);
  EXPECT_TRUE(fs::is_directory(path("d.gif")));
}

}  // namespace
}  // namespace npuzzle
