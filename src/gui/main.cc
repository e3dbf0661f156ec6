// npuzzle-play: the game window. `npuzzle-play [FILE]` opens the first
// puzzle of FILE (any of docs/contract.md's formats), else a random 4x4 game.
#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <cstdio>
#include <random>

#include "gui/game_window.h"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName("npuzzle-play");
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "The sliding-tile puzzle game of npuzzle: click a tile in the blank's row or column, or use the arrow "
      "keys and WASD (the key is the direction the tile moves). Hint, Solve, Undo and Redo are in the toolbar.");
  parser.addHelpOption();
  QCommandLineOption seed_option("seed", "Seed the random games (for reproducible screenshots).", "N");
  parser.addOption(seed_option);
  parser.addPositionalArgument("FILE", "A puzzle file to open (the first puzzle in it).", "[FILE]");
  parser.process(app);

  std::uint64_t seed = std::random_device{}();
  if (parser.isSet(seed_option)) {
    bool ok = false;
    seed = parser.value(seed_option).toULongLong(&ok);
    if (!ok) {
      std::fprintf(stderr, "npuzzle-play: --seed expects a number, got '%s'\n", qPrintable(parser.value(seed_option)));
      return 2;
    }
  }
  npuzzle::gui::GameWindow window(seed);
  window.show();
  if (!parser.positionalArguments().isEmpty()) {
    const QString error = window.open_file(parser.positionalArguments().front(), true);
    if (!error.isEmpty()) {
      std::fprintf(stderr, "npuzzle-play: %s\n", qPrintable(error));
      QMessageBox::warning(&window, "Cannot open the puzzle", error);
    }
  }
  return QApplication::exec();
}
