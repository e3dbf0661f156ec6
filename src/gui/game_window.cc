#include "gui/game_window.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QMessageBox>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include "io/reader.h"

namespace npuzzle::gui {

namespace {

// The size picker's boards: squares from 3x3 to 10x10 (past 8x8 optimal
// search has no say), then rectangles.
constexpr std::pair<int, int> kSizes[] = {{3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {8, 8}, {9, 9}, {10, 10},
                                          {2, 4}, {3, 4}, {4, 3}, {3, 5}, {4, 5}, {5, 4}, {4, 6}, {6, 8}};

const char* direction_word(Direction d) {
  switch (d) {
    case Direction::kUp: return "up";
    case Direction::kDown: return "down";
    case Direction::kLeft: return "left";
    case Direction::kRight: return "right";
  }
  return "";
}

QString clock_text(double seconds) {
  const int whole = static_cast<int>(seconds);
  return QString("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QChar('0'));
}

QString q(const std::string& text) { return QString::fromStdString(text); }

// "ida + pdb:663, 0.31 s"
QString method(const Answer& answer) {
  return QString("%1 + %2, %3 s")
      .arg(q(answer.algorithm), q(answer.report.heuristic))
      .arg(answer.report.result.seconds, 0, 'f', 2);
}

}  // namespace

GameWindow::GameWindow(std::uint64_t seed, QWidget* parent) : QMainWindow(parent), model_(seed) {
  setWindowTitle("npuzzle");
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  auto* counts = new QHBoxLayout();
  moves_ = new QLabel(central);
  clock_ = new QLabel(central);
  state_ = new QLabel(central);
  QFont big = font();
  big.setPointSizeF(big.pointSizeF() * 1.25);
  for (QLabel* label : {moves_, clock_, state_}) label->setFont(big);
  state_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  counts->addWidget(moves_);
  counts->addSpacing(24);
  counts->addWidget(clock_);
  counts->addStretch(1);
  counts->addWidget(state_);
  layout->addLayout(counts);
  view_ = new BoardView(model_, central);
  layout->addWidget(view_, 1);
  controls_ = new QHBoxLayout();
  layout->addLayout(controls_);
  status_ = new QLabel(central);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  status_->setMinimumHeight(status_->fontMetrics().lineSpacing() * 2);
  status_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  layout->addWidget(status_);
  setCentralWidget(central);
  // The hint table's build reports in the status bar, which is there from
  // the start, so the board does not jump when it speaks.
  tables_ = new QLabel(this);
  tables_->setIndent(6);
  statusBar()->addWidget(tables_, 1);
  statusBar()->setSizeGripEnabled(false);
  build_toolbar();

  connect(view_, &BoardView::slid, this, &GameWindow::after_board_change);
  connect(view_, &BoardView::animation_finished, this, [this] {
    refresh();
    if (playing_ && next_move_ >= solution_.size()) stop_solving({});
  });
  connect(&assistant_, &Assistant::finished, this, &GameWindow::on_answer);
  connect(&assistant_, &Assistant::progress, this, [this](const QString& text) {
    if (searching_) set_status(text);
  });
  connect(&assistant_, &Assistant::tables_status, this, [this](const QString& text, bool) {
    tables_->setText(text);
  });
  tick_.setInterval(250);
  connect(&tick_, &QTimer::timeout, this, &GameWindow::refresh);
  tick_.start();
  connect(&playback_, &QTimer::timeout, this, &GameWindow::play_next_move);

  select_size(model_.rows(), model_.cols());
  set_status("Click a tile in the blank's row or column to slide it, or use the arrow keys.");
  refresh();
  view_->setFocus();
  resize(560, 680);
}

GameWindow::~GameWindow() {
  playback_.stop();
  delete takeCentralWidget();
}

void GameWindow::build_toolbar() {
  QToolBar* bar = addToolBar("Game");
  bar->setMovable(false);
  bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  new_ = bar->addAction("New", QKeySequence::New, this, [this] { new_game(model_.rows(), model_.cols()); });
  new_->setToolTip("A new random game of this size (Ctrl+N)");
  open_ = bar->addAction("Open\u2026", QKeySequence::Open, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, "Open a puzzle");
    if (!path.isEmpty()) open_file(path);
  });
  open_->setToolTip("Open a puzzle file in any of npuzzle's formats (Ctrl+O)");
  bar->addSeparator();

  size_ = new QComboBox(bar);
  for (auto [rows, cols] : kSizes) size_->addItem(q(size_name(rows, cols)), QPoint(cols, rows));
  size_->setFocusPolicy(Qt::NoFocus);
  size_->setToolTip("Board size (rows x columns)");
  connect(size_, &QComboBox::activated, this, [this](int index) {
    const QPoint shape = size_->itemData(index).toPoint();
    new_game(shape.y(), shape.x());
  });
  bar->addWidget(new QLabel(" Size ", bar));
  bar->addWidget(size_);
  goal_ = new QComboBox(bar);
  goal_->addItem("Blank last", static_cast<int>(Goal::kBlankLast));
  goal_->addItem("Blank first", static_cast<int>(Goal::kBlankFirst));
  goal_->setFocusPolicy(Qt::NoFocus);
  goal_->setToolTip("The goal: 1 2 ... with the blank last (most games), or the blank first and then 1 2 ... (Korf's instances)");
  connect(goal_, &QComboBox::activated, this,
          [this](int index) { set_goal(static_cast<Goal>(goal_->itemData(index).toInt())); });
  bar->addWidget(new QLabel(" Goal ", bar));
  bar->addWidget(goal_);
  bar->addSeparator();

  undo_ = bar->addAction("Undo", QKeySequence::Undo, this, [this] {
    if (solving()) return;
    if (auto slide = model_.undo()) {
      view_->animate(*slide, 90);
      after_board_change();
    }
  });
  redo_ = bar->addAction("Redo", QKeySequence::Redo, this, [this] {
    if (solving()) return;
    if (auto slide = model_.redo()) {
      view_->animate(*slide, 90);
      after_board_change();
    }
  });
  // Hint, Solve, Cancel and the playback speed: buttons under the board.
  const auto add_button = [this](QAction* action) {
    addAction(action);  // its shortcut works wherever the focus is
    auto* button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setFocusPolicy(Qt::NoFocus);
    button->setMinimumWidth(button->fontMetrics().horizontalAdvance(action->text()) + 36);
    controls_->addWidget(button);
  };
  hint_ = new QAction("Hint", this);
  hint_->setShortcut(QKeySequence(Qt::Key_H));
  connect(hint_, &QAction::triggered, this, [this] {
    if (solving() || assistant_.busy() || model_.won()) return;
    if (auto k = position_on_known_path(); k && *k < known_->moves.size()) {
      show_hint(known_->moves[*k], static_cast<std::int64_t>(known_->moves.size() - *k),
                known_->method + ", found before");
      return;
    }
    assistant_.prepare_hint_tables(model_.rows(), model_.cols(), model_.goal());
    view_->set_hint(std::nullopt);
    set_status("Thinking\u2026");
    assistant_.hint(model_.board(), model_.goal());
    refresh();
  });
  hint_->setToolTip("The next move of a shortest solution, and how far the goal is (H)");
  add_button(hint_);
  solve_ = new QAction("Solve", this);
  connect(solve_, &QAction::triggered, this, [this] {
    if (solving() || assistant_.busy() || model_.won()) return;
    view_->set_hint(std::nullopt);
    if (auto k = position_on_known_path(); k && *k < known_->moves.size()) {
      MoveSequence rest;
      for (std::uint64_t i = *k; i < known_->moves.size(); ++i) rest.push_back(known_->moves[i]);
      view_->set_locked(true);
      play(rest, QString("%1 moves, optimal (%2, found before)").arg(rest.size()).arg(known_->method));
      return;
    }
    // On 4x4 the table that makes hints instant makes the next Solve quick too.
    assistant_.prepare_hint_tables(model_.rows(), model_.cols(), model_.goal());
    searching_ = true;
    view_->set_locked(true);
    set_status("Solving\u2026");
    assistant_.solve(model_.board(), model_.goal());
    refresh();
  });
  solve_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  solve_->setToolTip("Let the solver finish the game, move by move (Ctrl+Enter)");
  add_button(solve_);
  cancel_ = new QAction("Cancel", this);
  cancel_->setShortcut(QKeySequence(Qt::Key_Escape));
  connect(cancel_, &QAction::triggered, this, [this] {
    if (searching_) {
      assistant_.cancel();
      set_status("Cancelling\u2026");
    } else if (playing_) {
      stop_solving(QString("Stopped with %1 moves of the solution left.").arg(solution_.size() - next_move_));
    }
  });
  cancel_->setToolTip("Stop the solver (Esc)");
  add_button(cancel_);
  controls_->addStretch(1);
  auto* speed_label = new QLabel("Speed", this);
  speed_label->setToolTip("Solution playback: moves per second");
  controls_->addWidget(speed_label);
  speed_ = new QSlider(Qt::Horizontal, this);
  speed_->setRange(1, 40);
  speed_->setValue(6);
  speed_->setMinimumWidth(50);
  speed_->setMaximumWidth(140);
  speed_->setFocusPolicy(Qt::NoFocus);
  speed_->setToolTip("Solution playback: moves per second");
  connect(speed_, &QSlider::valueChanged, this, [this] {
    if (playing_) playback_.setInterval(playback_interval_ms());
  });
  controls_->addWidget(speed_);

  // Keys slide the tile next to the blank in the key's direction (Tatham's
  // "Fifteen"): Left moves the tile right of the blank to the left.
  const std::pair<Direction, QList<QKeySequence>> keys[] = {
      {Direction::kLeft, {Qt::Key_Left, Qt::Key_A}},
      {Direction::kRight, {Qt::Key_Right, Qt::Key_D}},
      {Direction::kUp, {Qt::Key_Up, Qt::Key_W}},
      {Direction::kDown, {Qt::Key_Down, Qt::Key_S}}};
  for (const auto& [direction, sequences] : keys) {
    auto* action = new QAction(this);
    action->setShortcuts(sequences);
    action->setShortcutContext(Qt::WindowShortcut);
    const Direction d = direction;
    connect(action, &QAction::triggered, this, [this, d] { slide_key(d); });
    addAction(action);
  }
}

int GameWindow::playback_interval_ms() const { return 1000 / speed_->value(); }

void GameWindow::slide_key(Direction tile_direction) {
  if (solving()) return;
  if (auto slide = model_.slide_tile(tile_direction)) {
    view_->animate(*slide, 90);
    after_board_change();
  }
}

void GameWindow::select_size(int rows, int cols) {
  const QPoint shape(cols, rows);
  int index = size_->findData(shape);
  if (index < 0) {
    size_->addItem(q(size_name(rows, cols)), shape);
    index = size_->count() - 1;
  }
  size_->setCurrentIndex(index);
  goal_->setCurrentIndex(goal_->findData(static_cast<int>(model_.goal())));
}

void GameWindow::new_game(int rows, int cols) {
  stop_solving("");
  model_.new_game(rows, cols);
  view_->set_hint(std::nullopt);
  view_->animate({}, 0);
  select_size(rows, cols);
  set_status(QString("New %1 game for the %2 goal.")
                 .arg(q(size_name(rows, cols)), q(std::string(goal_name(model_.goal())))));
  refresh();
}

void GameWindow::set_goal(Goal goal) {
  stop_solving("");
  model_.set_goal(goal);
  view_->set_hint(std::nullopt);
  view_->animate({}, 0);
  select_size(model_.rows(), model_.cols());
  set_status(QString("New %1 game for the %2 goal.")
                 .arg(q(size_name(model_.rows(), model_.cols())), q(std::string(goal_name(model_.goal())))));
  refresh();
}

QString GameWindow::open_file(const QString& path, bool quiet) {
  stop_solving("");
  const LoadResult loaded = model_.load_file(path.toStdString());
  if (!loaded.error.empty()) {
    const QString error = q(loaded.error);
    if (!quiet) QMessageBox::warning(this, "Cannot open the puzzle", error);
    set_status("Could not open " + path + ".");
    return error;
  }
  view_->set_hint(std::nullopt);
  view_->animate({}, 0);
  select_size(model_.rows(), model_.cols());
  QString text = QString("Opened %1: a %2 puzzle for the %3 goal.")
                     .arg(QFileInfo(path).fileName(), q(size_name(model_.rows(), model_.cols())), q(std::string(goal_name(model_.goal()))));
  if (!loaded.notice.empty()) text += " Note: " + q(loaded.notice) + ".";
  set_status(text);
  refresh();
  return {};
}

void GameWindow::after_board_change() {
  view_->set_hint(std::nullopt);
  // A hint still being searched for is for the board before this move.
  if (assistant_.busy() && !searching_) assistant_.cancel();
  if (model_.won() && !playing_) {
    set_status(QString("Solved in %1 moves (%2 clicks), %3. New game: Ctrl+N.")
                   .arg(model_.tile_moves())
                   .arg(model_.clicks())
                   .arg(clock_text(model_.elapsed_seconds())));
  }
  refresh();
}

void GameWindow::set_status(const QString& text) { status_->setText(text); }

void GameWindow::refresh() {
  moves_->setText(QString("Moves: <b>%1</b> &nbsp;(clicks: %2)").arg(model_.tile_moves()).arg(model_.clicks()));
  clock_->setText(QString("Time: <b>%1</b>").arg(clock_text(model_.elapsed_seconds())));
  if (model_.won()) {
    state_->setText(model_.assisted() ? "<b>Solved, with help</b>" : "<b>Solved!</b>");
  } else if (searching_) {
    state_->setText("Solving\u2026");
  } else if (playing_) {
    state_->setText("Playing the solution");
  } else {
    state_->setText(q(size_name(model_.rows(), model_.cols()) + ", " + std::string(goal_name(model_.goal()))));
  }
  // The title says the state too, for the task bar (and scripts that wait for it).
  const QString shape = q(size_name(model_.rows(), model_.cols()));
  setWindowTitle(model_.won() ? QString("npuzzle \u2014 %1 solved").arg(shape)
                              : QString("npuzzle \u2014 %1, %2 moves").arg(shape).arg(model_.tile_moves()));
  const bool idle = !solving() && !model_.animating();
  undo_->setEnabled(idle && model_.can_undo());
  redo_->setEnabled(idle && model_.can_redo());
  hint_->setEnabled(!solving() && !assistant_.busy() && !model_.won());
  solve_->setEnabled(!solving() && !assistant_.busy() && !model_.won());
  cancel_->setEnabled(solving());
}

void GameWindow::stop_solving(const QString& why) {
  if (assistant_.busy()) assistant_.cancel();  // a Solve or a hint for the board being left
  searching_ = false;
  if (playing_) {
    playback_.stop();
    playing_ = false;
    if (model_.won()) {
      set_status("Solved by the solver: " + solution_summary_ + ".");
    } else if (!why.isEmpty()) {
      set_status(why);
    }
  } else if (!why.isEmpty()) {
    set_status(why);
  }
  view_->set_locked(false);
  refresh();
}

void GameWindow::on_answer(const Answer& answer) {
  const SolveResult& result = answer.report.result;
  if (answer.task == Task::kHint) {
    refresh();
    if (answer.start != model_.board() || answer.goal != model_.goal() || solving()) return;  // a stale hint
    if (!answer.refusal.empty()) {
      set_status(q(answer.refusal));
      return;
    }
    if (result.status == Status::kOptimal && !result.moves.empty()) {
      known_ = KnownPath{answer.start, answer.goal, result.moves, method(answer)};
      show_hint(result.moves[0], result.length, method(answer));
    } else if (result.status == Status::kLimit) {
      QString text = QString("No hint within %1 s (%2): the goal is at least %3 moves away.")
                         .arg(result.seconds, 0, 'f', 1)
                         .arg(q(answer.report.heuristic))
                         .arg(result.lower_bound);
      if (assistant_.building_tables()) text += " The hint table is still being built; ask again in a moment.";
      set_status(text);
    } else {
      set_status("No hint: " + q(answer.report.explanation.empty() ? std::string(status_name(result.status))
                                                                    : answer.report.explanation));
    }
    return;
  }

  if (!searching_) {
    refresh();  // a search the player abandoned (a new game, a file): its answer is moot
    return;
  }
  searching_ = false;
  if (!answer.refusal.empty()) {
    stop_solving(q(answer.refusal));
    return;
  }
  if ((result.status == Status::kOptimal || result.status == Status::kSolved) && answer.start == model_.board() &&
      answer.goal == model_.goal()) {
    if (result.status == Status::kOptimal) known_ = KnownPath{answer.start, answer.goal, result.moves, method(answer)};
    play(result.moves, QString("%1 moves, %2 (%3)")
                           .arg(result.length)
                           .arg(result.status == Status::kOptimal ? "optimal" : "not proved optimal")
                           .arg(method(answer)));
    return;
  }
  QString why;
  switch (result.status) {
    case Status::kCancelled: why = "Solve cancelled: play on."; break;
    case Status::kLimit:
      why = QString("The solver stopped (%1) after %2 s; the goal is at least %3 moves away.")
                .arg(q(result.message))
                .arg(result.seconds, 0, 'f', 1)
                .arg(result.lower_bound);
      break;
    default: why = "The solver could not solve this board: " + q(answer.report.explanation) + ".";
  }
  stop_solving(why);
}

std::optional<std::uint64_t> GameWindow::position_on_known_path() const {
  if (!known_ || known_->goal != model_.goal() || known_->start.rows() != model_.rows() ||
      known_->start.cols() != model_.cols()) {
    return std::nullopt;
  }
  Board board = known_->start;
  for (std::uint64_t k = 0;; ++k) {
    if (board == model_.board()) return k;
    if (k == known_->moves.size()) return std::nullopt;
    board.move(known_->moves[k]);
  }
}

void GameWindow::show_hint(Direction blank_direction, std::int64_t distance, const QString& how) {
  const std::uint32_t tile = model_.board().at(model_.board().neighbour(blank_direction));
  const Direction tile_direction = opposite(blank_direction);
  view_->set_hint(tile, tile_direction);
  set_status(QString("Hint: slide %1 %2. The goal is %3 moves away (optimal; %4).")
                 .arg(tile)
                 .arg(direction_word(tile_direction))
                 .arg(distance)
                 .arg(how));
}

void GameWindow::play(const MoveSequence& moves, const QString& summary) {
  solution_summary_ = summary;
  set_status("Solution: " + solution_summary_ + ". Playing it\u2026");
  solution_ = moves;
  next_move_ = 0;
  playing_ = true;
  playback_.setInterval(playback_interval_ms());
  playback_.start();
  refresh();
}

void GameWindow::play_next_move() {
  if (!playing_ || model_.animating()) return;
  if (next_move_ >= solution_.size()) return;  // the last animation ends the playback
  const auto slide = model_.play_solver_move(solution_[next_move_]);
  if (!slide) {
    stop_solving("The solution no longer fits the board; stopped.");
    return;
  }
  ++next_move_;
  view_->animate(*slide, std::min(160, playback_interval_ms() * 3 / 4));
  refresh();
}

}  // namespace npuzzle::gui
