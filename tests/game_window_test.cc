// The game window under QTest on the offscreen platform: synthesized mouse
// clicks at tile centres, keys, the toolbar's actions, and the solver
// thread. Ground truth: boards written out by hand from the rules, exhaustive
// BFS distances (tools/bfs.h) for 3x3, and the published optimal length of
// Korf's first instance.
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/ranking.h"
#include "gui/game_window.h"
#include "test_support.h"
#include "tools/bfs.h"

using npuzzle::Board;
using npuzzle::Direction;
using npuzzle::Goal;
using npuzzle::testing::board_of;
using npuzzle::gui::GameWindow;

namespace {

QString dataset(const char* name) { return QString(NPUZZLE_SOURCE_DIR) + "/datasets/" + name; }

int bfs_distance(const Board& board, Goal goal) {
  static const std::vector<std::uint8_t> last = npuzzle::bfs_distances(3, 3, Goal::kBlankLast);
  static const std::vector<std::uint8_t> first = npuzzle::bfs_distances(3, 3, Goal::kBlankFirst);
  return (goal == Goal::kBlankLast ? last : first)[npuzzle::rank_permutation(board.tiles())];
}

}  // namespace

class GameWindowTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  int files_ = 0;

  // A shown window on `board` (through a file, as a player would open it).
  std::unique_ptr<GameWindow> window_on(const std::string& tiles, int rows, int cols,
                                        Goal goal = Goal::kBlankLast) {
    auto window = std::make_unique<GameWindow>(42);
    window->resize(520, 640);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    const QString path = dir_.filePath(QString("board%1.txt").arg(files_++));
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    // The grid format: "R C", then R lines of C tiles.
    std::string text = "# goal: " + std::string(npuzzle::goal_name(goal)) + "\n" + std::to_string(rows) + " " +
                       std::to_string(cols) + "\n";
    const std::vector<std::uint32_t> cells = npuzzle::testing::parse_tiles(tiles);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      text += std::to_string(cells[i]) + ((i + 1) % static_cast<std::size_t>(cols) == 0 ? "\n" : " ");
    }
    file.write(text.c_str());
    file.close();
    const QString error = window->open_file(path, true);
    if (!error.isEmpty()) qWarning() << error;
    return window;
  }

  // A left click at the centre of cell (row, col), then the animation's end.
  static void click(GameWindow& window, int row, int col) {
    QTest::mouseClick(&window.board_view(), Qt::LeftButton, {}, window.board_view().cell_centre(row, col));
    QTRY_VERIFY(!window.model().animating());
  }

  static constexpr const char* kMiddle = " 1 2 3 4   5 0 6 7   8 9 10 11  12 13 14 15";

 private slots:
  void clicksSlideOneTileInEachDirection() {
    struct Case {
      int row, col;
      const char* after;
    };
    const Case cases[] = {
        {1, 2, " 1 2 3 4   5 6 0 7   8 9 10 11  12 13 14 15"},   // tile moves left
        {1, 0, " 1 2 3 4   0 5 6 7   8 9 10 11  12 13 14 15"},   // right
        {0, 1, " 1 0 3 4   5 2 6 7   8 9 10 11  12 13 14 15"},   // down
        {2, 1, " 1 2 3 4   5 9 6 7   8 0 10 11  12 13 14 15"}};  // up
    for (const Case& c : cases) {
      auto window = window_on(kMiddle, 4, 4);
      QVERIFY(window);
      click(*window, c.row, c.col);
      QCOMPARE(window->model().board(), board_of(4, 4, c.after));
      QCOMPARE(window->model().tile_moves(), 1);
      QCOMPARE(window->model().clicks(), 1);
    }
  }

  void clicksSlideSeveralTilesInEachDirection() {
    auto window = window_on(" 1 2 3 4  5 6 7 8  9 10 15 11  13 14 12 0", 4, 4);
    QVERIFY(window);
    click(*window, 3, 0);  // 12 14 13 slide right
    QCOMPARE(window->model().board(), board_of(4, 4, " 1 2 3 4  5 6 7 8  9 10 15 11  0 13 14 12"));
    click(*window, 0, 0);  // 9 5 1 slide down
    QCOMPARE(window->model().board(), board_of(4, 4, " 0 2 3 4  1 6 7 8  5 10 15 11  9 13 14 12"));
    click(*window, 0, 3);  // 2 3 4 slide left
    QCOMPARE(window->model().board(), board_of(4, 4, " 2 3 4 0  1 6 7 8  5 10 15 11  9 13 14 12"));
    click(*window, 2, 3);  // 8 11 slide up
    QCOMPARE(window->model().board(), board_of(4, 4, " 2 3 4 8  1 6 7 11  5 10 15 0  9 13 14 12"));
    QCOMPARE(window->model().tile_moves(), 3 + 3 + 3 + 2);
    QCOMPARE(window->model().clicks(), 4);
  }

  void ignoredClicksChangeNothing() {
    auto window = window_on(kMiddle, 4, 4);
    QVERIFY(window);
    npuzzle::gui::BoardView& view = window->board_view();
    click(*window, 1, 1);  // the blank
    click(*window, 0, 0);  // diagonal
    click(*window, 3, 2);  // off the blank's row and column
    // Outside the grid: the view's corners lie in its margin.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(1, 1));
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() - 2, view.height() - 2));
    // Beyond the last row, in the blank's column.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.cell_centre(1, 1).x(), view.height() - 2));
    QCOMPARE(window->model().board(), board_of(4, 4, kMiddle));
    QCOMPARE(window->model().tile_moves(), 0);
    QCOMPARE(window->model().clicks(), 0);
    QVERIFY(!window->undo_action().isEnabled());
  }

  void clicksDuringAnAnimationAreIgnored() {
    auto window = window_on(kMiddle, 4, 4);
    QVERIFY(window);
    window->board_view().set_slide_milliseconds(600);
    npuzzle::gui::BoardView& view = window->board_view();
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.cell_centre(1, 3));  // 6 and 7 slide left
    QVERIFY(window->model().animating());
    // The blank is now at (1, 3): (0, 3) would be a legal click once the slide ends.
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.cell_centre(0, 3));
    QTest::keyClick(window.get(), Qt::Key_Down);
    const Board expected = board_of(4, 4, " 1 2 3 4   5 6 7 0   8 9 10 11  12 13 14 15");
    QCOMPARE(window->model().board(), expected);
    QTRY_VERIFY(!window->model().animating());
    QCOMPARE(window->model().board(), expected);
    QCOMPARE(window->model().tile_moves(), 2);
    QCOMPARE(window->model().clicks(), 1);
  }

  void keysSlideTheTileTheirWay() {
    auto window = window_on(kMiddle, 4, 4);
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QTest::keyClick(window.get(), Qt::Key_Left);  // 6 moves left
    QTRY_VERIFY(!window->model().animating());
    QCOMPARE(window->model().board(), board_of(4, 4, " 1 2 3 4   5 6 0 7   8 9 10 11  12 13 14 15"));
    QTest::keyClick(window.get(), Qt::Key_W);  // 10 moves up
    QTRY_VERIFY(!window->model().animating());
    QCOMPARE(window->model().board(), board_of(4, 4, " 1 2 3 4   5 6 10 7   8 9 0 11  12 13 14 15"));
    QCOMPARE(window->model().tile_moves(), 2);
  }

  void theWinShowsSolvedAndIgnoresClicks() {
    auto window = window_on(" 1 2 3 4  5 6 7 8  9 10 11 12  0 13 14 15", 4, 4);
    QVERIFY(window);
    QVERIFY(!window->model().won());
    click(*window, 3, 3);  // three tiles home
    QVERIFY(window->model().won());
    QVERIFY(window->status_text().startsWith("Solved in 3 moves (1 clicks)"));
    QVERIFY(!window->solve_action().isEnabled());
    QVERIFY(!window->hint_action().isEnabled());
    click(*window, 3, 0);
    click(*window, 0, 3);
    QTest::keyClick(window.get(), Qt::Key_Right);
    QVERIFY(window->model().won());
    QCOMPARE(window->model().tile_moves(), 3);
    QCOMPARE(window->model().clicks(), 1);
    window->new_action().trigger();
    QVERIFY(!window->model().won());
    QCOMPARE(window->model().tile_moves(), 0);
  }

  void undoAndRedoButtons() {
    auto window = window_on(kMiddle, 4, 4);
    QVERIFY(window);
    click(*window, 1, 3);
    click(*window, 3, 3);
    const Board after = window->model().board();
    QVERIFY(window->undo_action().isEnabled());
    window->undo_action().trigger();
    QTRY_VERIFY(!window->model().animating());
    window->undo_action().trigger();
    QTRY_VERIFY(!window->model().animating());
    QCOMPARE(window->model().board(), board_of(4, 4, kMiddle));
    QCOMPARE(window->model().tile_moves(), 0);
    QVERIFY(!window->undo_action().isEnabled());
    QVERIFY(window->redo_action().isEnabled());
    window->redo_action().trigger();
    QTRY_VERIFY(!window->model().animating());
    window->redo_action().trigger();
    QTRY_VERIFY(!window->model().animating());
    QCOMPARE(window->model().board(), after);
    QCOMPARE(window->model().tile_moves(), 4);
    QCOMPARE(window->model().clicks(), 2);
  }

  void solveReachesTheGoalInTheOptimalNumberOfMoves() {
    // The first of the 3x3 boards 31 moves from the goal (the most there is).
    auto window = std::make_unique<GameWindow>(1);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCOMPARE(window->open_file(dataset("3x3_distance31_blank-last.txt"), true), QString());
    const Board start = window->model().board();
    const int optimal = bfs_distance(start, Goal::kBlankLast);
    QCOMPARE(optimal, 31);
    window->speed().setValue(window->speed().maximum());
    window->solve_action().trigger();
    QVERIFY(window->solving());
    // The board ignores the player while the solver has it.
    const int blank_row = start.blank() / 3;
    click(*window, blank_row, (start.blank() % 3 + 1) % 3);
    QVERIFY(window->solving());
    QTRY_VERIFY_WITH_TIMEOUT(window->model().won(), 30000);
    QTRY_VERIFY(!window->solving());
    QCOMPARE(window->model().tile_moves(), optimal);
    QVERIFY(window->model().assisted());
    QVERIFY2(window->status_text().contains("31 moves, optimal (ida + "), qPrintable(window->status_text()));
    // Undo walks the solution back to the start.
    for (int i = 0; i < optimal; ++i) {
      window->undo_action().trigger();
      QTRY_VERIFY(!window->model().animating());
    }
    QCOMPARE(window->model().board(), start);
  }

  void cancelStopsALongSolveWithinASecond() {
    // Korf's first 15-puzzle with Manhattan distance: 276 million nodes
    // (Korf 1985), seconds of optimal search. (Boards above 16 cells are
    // solved by the phased solver at once, so a long Solve needs a 4x4.)
    auto window = std::make_unique<GameWindow>(1);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCOMPARE(window->open_file(dataset("korf100.txt"), true), QString());
    const Board start = window->model().board();
    window->assistant().set_solve_heuristic(npuzzle::heuristic_spec("manhattan"));
    window->solve_action().trigger();
    QTest::qWait(700);
    QVERIFY(window->solving());
    QVERIFY(window->cancel_action().isEnabled());
    QElapsedTimer clock;
    clock.start();
    window->cancel_action().trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!window->solving(), 1000);
    QVERIFY(clock.elapsed() < 1000);
    QVERIFY(!window->assistant().busy());
    QCOMPARE(window->model().board(), start);
    QVERIFY2(window->status_text().contains("cancelled"), qPrintable(window->status_text()));
    QVERIFY(window->solve_action().isEnabled());
  }

  void hintGivesAMoveOfAShortestSolution() {
    auto window = std::make_unique<GameWindow>(5);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    for (Goal goal : {Goal::kBlankLast, Goal::kBlankFirst}) {
      window->set_goal(goal);
      for (int game = 0; game < 4; ++game) {
        window->new_game(3, 3);
        QCOMPARE(window->model().goal(), goal);
        const int distance = bfs_distance(window->model().board(), goal);
        window->hint_action().trigger();
        QTRY_VERIFY(window->board_view().hint_tile().has_value());
        QVERIFY2(window->status_text().contains(QString("The goal is %1 moves away").arg(distance)),
                 qPrintable(window->status_text()));
        QVERIFY(window->model().slide_tile(window->board_view().hint_direction()));
        QCOMPARE(bfs_distance(window->model().board(), goal), distance - 1);
      }
    }
  }

  void hintOn4x4BuildsItsTableThenAnswers() {
    // Korf's first instance, 57 moves (published), for the blank-first goal.
    auto window = std::make_unique<GameWindow>(1);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCOMPARE(window->open_file(dataset("korf100.txt"), true), QString());
    QCOMPARE(window->model().goal(), Goal::kBlankFirst);
    window->hint_action().trigger();  // starts the table's build when it is missing
    QTRY_VERIFY_WITH_TIMEOUT(!window->assistant().busy(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(window->assistant().hint_tables_ready(4, 4, Goal::kBlankFirst) &&
                                 !window->assistant().building_tables(),
                             120000);
    // A new window knows no earlier solution: its hint searches with the table.
    window = std::make_unique<GameWindow>(1);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCOMPARE(window->open_file(dataset("korf100.txt"), true), QString());
    QElapsedTimer clock;
    clock.start();
    window->hint_action().trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window->board_view().hint_tile().has_value(), 10000);
    qInfo("4x4 hint with its table: %lld ms", static_cast<long long>(clock.elapsed()));
    QVERIFY2(window->status_text().contains("The goal is 57 moves away (optimal; ida + pdb:"),
             qPrintable(window->status_text()));
    // Following the hint: the next one comes from the same solution.
    QVERIFY(window->model().slide_tile(window->board_view().hint_direction()));
    window->hint_action().trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window->board_view().hint_tile().has_value(), 10000);
    QVERIFY2(window->status_text().contains("The goal is 56 moves away"), qPrintable(window->status_text()));
    QVERIFY2(window->status_text().contains("found before"), qPrintable(window->status_text()));
    // Solve plays the rest of it: 56 more moves, 57 in all.
    window->speed().setValue(window->speed().maximum());
    window->solve_action().trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window->model().won(), 20000);
    QCOMPARE(window->model().tile_moves(), 57);
  }

  void boardsTooLargeForOptimalSearchGoToThePhasedSolver() {
    auto window = std::make_unique<GameWindow>(1);
    window->new_game(9, 9);
    window->solve_action().trigger();
    // The phased solver answers at once, says so, and plays.
    QTRY_VERIFY_WITH_TIMEOUT(window->status_text().contains("phased"), 60000);
    QTRY_VERIFY(window->model().tile_moves() > 0);
    window->cancel_action().trigger();
    QTRY_VERIFY(!window->solving());
  }

  void aBadFileSaysWhereAndKeepsTheGame() {
    auto window = std::make_unique<GameWindow>(1);
    const Board before = window->model().board();
    const QString path = dir_.filePath("bad.txt");
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write("3\n1 2 3\n4 5 6\n7 8 9\n");
    file.close();
    const QString error = window->open_file(path, true);
    QVERIFY2(error.startsWith(path + ":"), qPrintable(error));
    QVERIFY2(error.contains("out of range"), qPrintable(error));
    QCOMPARE(window->model().board(), before);
  }
};

QTEST_MAIN(GameWindowTest)
#include "game_window_test.moc"
