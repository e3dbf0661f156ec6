// The board widget: draws a GameModel, scaled to the widget and in the
// palette's colours, turns mouse presses into model clicks, and animates
// each slide. It keeps no game state of its own beyond the animation and
// the hint's highlight.
#pragma once

#include <optional>

#include <QColor>
#include <QPoint>
#include <QRectF>
#include <QVariantAnimation>
#include <QWidget>

#include "gui/game_model.h"

namespace npuzzle::gui {

class BoardView : public QWidget {
  Q_OBJECT

 public:
  BoardView(GameModel& model, QWidget* parent = nullptr);

  // The centre of cell (row, col) in widget coordinates.
  QPoint cell_centre(int row, int col) const;
  // Animates `slide` (already applied to the model) over `milliseconds`,
  // holding the model's input meanwhile; 0 draws the result at once.
  void animate(const Slide& slide, int milliseconds);
  bool animating() const { return animation_.state() == QAbstractAnimation::Running; }
  // Highlights `tile`, which the hint says to slide in `direction`; nullopt clears.
  void set_hint(std::optional<std::uint32_t> tile, Direction direction = Direction::kUp);
  std::optional<std::uint32_t> hint_tile() const { return hint_tile_; }
  Direction hint_direction() const { return hint_direction_; }
  // Board input ignored (while the solver searches or plays).
  void set_locked(bool locked) { locked_ = locked; }
  // Milliseconds a player's slide takes on screen.
  void set_slide_milliseconds(int milliseconds) { slide_ms_ = milliseconds; }

  QSize sizeHint() const override { return {480, 480}; }
  QSize minimumSizeHint() const override { return {160, 160}; }

 signals:
  // The player slid tiles (after the model changed, before the animation ends).
  void slid();
  void animation_finished();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  struct Geometry {
    QRectF board;  // the whole grid
    double cell = 0;
  };
  Geometry geometry() const;
  QRectF tile_rect(const Geometry& g, int row, int col) const;
  // (row, col) under a point, or nullopt outside the grid.
  std::optional<std::pair<int, int>> cell_at(QPointF point) const;

  GameModel& model_;
  QVariantAnimation animation_;
  Slide moving_;  // the tiles in the running animation
  std::optional<std::uint32_t> hint_tile_;
  Direction hint_direction_ = Direction::kUp;
  bool locked_ = false;
  int slide_ms_ = 110;
};

}  // namespace npuzzle::gui
