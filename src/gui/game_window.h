// The game window: a toolbar (New, Open, size, goal, Undo, Redo, Hint,
// Solve, Cancel, playback speed), the board, the counts and timer above it
// and a status line below it. It wires the model (game rules), the board
// view (drawing, mouse) and the assistant (solver thread) together and
// holds the one piece of state none of them has: whether a search or a
// solution's playback is under way.
#pragma once

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QSlider>
#include <QTimer>

#include "gui/assistant.h"
#include "gui/board_view.h"
#include "gui/game_model.h"

namespace npuzzle::gui {

class GameWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit GameWindow(std::uint64_t seed, QWidget* parent = nullptr);
  // Deletes the widgets before the model they draw (they would otherwise
  // outlive it: Qt deletes children after the members are gone).
  ~GameWindow() override;

  // Loads a puzzle file; on failure shows the error in a dialog (unless
  // `quiet`, for tests) and returns it, keeping the current game.
  QString open_file(const QString& path, bool quiet = false);

  GameModel& model() { return model_; }
  BoardView& board_view() { return *view_; }
  Assistant& assistant() { return assistant_; }
  // The toolbar's actions, for tests and shortcuts.
  QAction& new_action() { return *new_; }
  QAction& undo_action() { return *undo_; }
  QAction& redo_action() { return *redo_; }
  QAction& hint_action() { return *hint_; }
  QAction& solve_action() { return *solve_; }
  QAction& cancel_action() { return *cancel_; }
  QSlider& speed() { return *speed_; }
  QComboBox& size_picker() { return *size_; }
  QComboBox& goal_picker() { return *goal_; }
  QString status_text() const { return status_->text(); }
  // True while a solution is being searched for or played back.
  bool solving() const { return searching_ || playing_; }

  // Starts a new random game of this size for the current goal.
  void new_game(int rows, int cols);
  // Starts a new random game of the same size for `goal` (the goal picker).
  void set_goal(Goal goal);

 private:
  void build_toolbar();
  void slide_key(Direction tile_direction);
  void after_board_change();
  void refresh();
  void set_status(const QString& text);
  void stop_solving(const QString& why);
  void on_answer(const Answer& answer);
  void play_next_move();
  void select_size(int rows, int cols);
  int playback_interval_ms() const;
  // How many moves of the known optimal path lead from its start to the
  // current board, when the board is on it.
  std::optional<std::uint64_t> position_on_known_path() const;
  void show_hint(Direction blank_direction, std::int64_t distance, const QString& how);
  void play(const MoveSequence& moves, const QString& summary);

  GameModel model_;
  Assistant assistant_;
  BoardView* view_ = nullptr;
  QHBoxLayout* controls_ = nullptr;  // the buttons under the board
  QLabel* moves_ = nullptr;
  QLabel* clock_ = nullptr;
  QLabel* state_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* tables_ = nullptr;
  QComboBox* size_ = nullptr;
  QComboBox* goal_ = nullptr;
  QSlider* speed_ = nullptr;
  QAction* new_ = nullptr;
  QAction* open_ = nullptr;
  QAction* undo_ = nullptr;
  QAction* redo_ = nullptr;
  QAction* hint_ = nullptr;
  QAction* solve_ = nullptr;
  QAction* cancel_ = nullptr;
  QTimer tick_;      // the clock and counts
  QTimer playback_;  // one solution move per timeout
  MoveSequence solution_;
  std::uint64_t next_move_ = 0;
  bool searching_ = false;
  bool playing_ = false;
  QString solution_summary_;
  // The last optimal solution a Hint or Solve found: every board on its path
  // has its hint at once, and Solve plays the rest of it without a search.
  struct KnownPath {
    Board start;
    Goal goal = Goal::kBlankLast;
    MoveSequence moves;
    QString method;
  };
  std::optional<KnownPath> known_;
};

}  // namespace npuzzle::gui
