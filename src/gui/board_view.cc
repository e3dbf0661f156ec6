#include "gui/board_view.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace npuzzle::gui {

namespace {

// The unit step of a tile moving in direction d, as (dx, dy).
QPointF step_of(Direction d) {
  switch (d) {
    case Direction::kUp: return {0, -1};
    case Direction::kDown: return {0, 1};
    case Direction::kLeft: return {-1, 0};
    case Direction::kRight: return {1, 0};
  }
  return {};
}

QColor mix(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                          static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                          static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

QString clock_text(double seconds) {
  const int whole = static_cast<int>(seconds);
  return QString("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QChar('0'));
}

// `font` at `pixels` high, or smaller so that `text` is at most `width` wide.
QFont fitted(QFont font, const QString& text, double pixels, double width) {
  font.setPixelSize(std::max(6, static_cast<int>(pixels)));
  const int wide = QFontMetrics(font).horizontalAdvance(text);
  if (wide > width) font.setPixelSize(std::max(6, static_cast<int>(pixels * width / wide)));
  return font;
}

}  // namespace

BoardView::BoardView(GameModel& model, QWidget* parent) : QWidget(parent), model_(model) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  setFocusPolicy(Qt::StrongFocus);
  animation_.setStartValue(0.0);
  animation_.setEndValue(1.0);
  animation_.setEasingCurve(QEasingCurve::OutCubic);
  connect(&animation_, &QVariantAnimation::valueChanged, this, [this] { update(); });
  connect(&animation_, &QVariantAnimation::finished, this, [this] {
    model_.set_animating(false);
    update();
    emit animation_finished();
  });
}

BoardView::Geometry BoardView::geometry() const {
  const double margin = 10;
  const double cell = std::max(1.0, std::floor(std::min((width() - 2 * margin) / model_.cols(),
                                                        (height() - 2 * margin) / model_.rows())));
  const double w = cell * model_.cols();
  const double h = cell * model_.rows();
  return {QRectF((width() - w) / 2, (height() - h) / 2, w, h), cell};
}

QRectF BoardView::tile_rect(const Geometry& g, int row, int col) const {
  const double gap = std::max(1.0, g.cell * 0.05);
  return QRectF(g.board.left() + col * g.cell + gap / 2, g.board.top() + row * g.cell + gap / 2, g.cell - gap,
                g.cell - gap);
}

QPoint BoardView::cell_centre(int row, int col) const {
  return tile_rect(geometry(), row, col).center().toPoint();
}

std::optional<std::pair<int, int>> BoardView::cell_at(QPointF point) const {
  const Geometry g = geometry();
  if (!g.board.contains(point)) return std::nullopt;
  const int col = std::clamp(static_cast<int>((point.x() - g.board.left()) / g.cell), 0, model_.cols() - 1);
  const int row = std::clamp(static_cast<int>((point.y() - g.board.top()) / g.cell), 0, model_.rows() - 1);
  return std::pair{row, col};
}

void BoardView::animate(const Slide& slide, int milliseconds) {
  if (animating()) {
    animation_.stop();  // a new slide ends the old one where it belongs
    model_.set_animating(false);
  }
  moving_ = slide;
  if (milliseconds <= 0) {
    update();
    emit animation_finished();
    return;
  }
  model_.set_animating(true);
  animation_.setDuration(milliseconds);
  animation_.start();
}

void BoardView::set_hint(std::optional<std::uint32_t> tile, Direction direction) {
  hint_tile_ = tile;
  hint_direction_ = direction;
  update();
}

void BoardView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton || locked_) return;
  const auto cell = cell_at(event->position());
  // Outside the grid is a click the model ignores, like any other.
  const std::optional<Slide> slide = cell ? model_.click(cell->first, cell->second) : model_.click(-1, -1);
  if (!slide) return;
  hint_tile_.reset();
  animate(*slide, slide_ms_);
  emit slid();
}

void BoardView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  const Geometry g = geometry();
  const Board& board = model_.board();
  const bool won = model_.won();

  // The tray: the palette's mid tone, so tiles (Base) stand out in light and dark themes.
  const double radius = std::max(2.0, g.cell * 0.08);
  painter.setPen(Qt::NoPen);
  painter.setBrush(pal.color(QPalette::Mid));
  painter.drawRoundedRect(g.board.adjusted(-4, -4, 4, 4), radius + 2, radius + 2);

  const QColor tile_colour = won ? mix(pal.color(QPalette::Base), pal.color(QPalette::Highlight), 0.35)
                                 : pal.color(QPalette::Base);
  const QColor text_colour = pal.color(QPalette::Text);
  const QColor edge_colour = pal.color(QPalette::Dark);
  const QColor hint_colour = pal.color(QPalette::Highlight);

  // Numbers as large as the widest number allows, so 8x8 and 10x10 stay readable.
  const int digits = static_cast<int>(std::to_string(board.cells() - 1).size());
  QFont font = this->font();
  font.setBold(true);
  font.setPixelSize(std::max(6, static_cast<int>(std::min(g.cell * 0.42, g.cell * 0.78 / (0.62 * digits)))));
  painter.setFont(font);

  const double progress = animating() ? animation_.currentValue().toDouble() : 1.0;
  for (int pos = 0; pos < board.cells(); ++pos) {
    const std::uint32_t tile = board.at(pos);
    if (tile == 0) continue;
    QRectF rect = tile_rect(g, pos / board.cols(), pos % board.cols());
    if (progress < 1.0 && std::find(moving_.tiles.begin(), moving_.tiles.end(), tile) != moving_.tiles.end()) {
      rect.translate(step_of(moving_.tile_direction) * (-(1.0 - progress) * g.cell));
    }
    const bool hinted = hint_tile_ && *hint_tile_ == tile && !won;
    painter.setPen(QPen(hinted ? hint_colour : edge_colour, hinted ? std::max(3.0, g.cell * 0.07) : 1.0));
    painter.setBrush(hinted ? mix(tile_colour, hint_colour, 0.18) : tile_colour);
    const double inset = hinted ? std::max(1.5, g.cell * 0.035) : 0.5;
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), radius, radius);
    painter.setPen(text_colour);
    painter.drawText(rect, Qt::AlignCenter, QString::number(tile));
    if (hinted) {
      // A small arrowhead by the edge the tile will slide toward.
      const QPointF d = step_of(hint_direction_);
      const QPointF tip = rect.center() + d * (rect.width() * 0.42);
      const QPointF base = rect.center() + d * (rect.width() * 0.30);
      const QPointF side(-d.y(), d.x());
      QPainterPath arrow;
      arrow.moveTo(tip);
      arrow.lineTo(base + side * (rect.width() * 0.09));
      arrow.lineTo(base - side * (rect.width() * 0.09));
      arrow.closeSubpath();
      painter.fillPath(arrow, hint_colour);
    }
  }

  if (won) {
    // The solved banner across the middle of the board.
    const double h = std::clamp(g.board.height() * 0.34, 60.0, 180.0);
    const QRectF banner(g.board.left() + g.board.width() * 0.06, g.board.center().y() - h / 2,
                        g.board.width() * 0.88, h);
    QColor fill = pal.color(QPalette::Highlight);
    fill.setAlpha(235);
    painter.setPen(Qt::NoPen);
    painter.setBrush(fill);
    painter.drawRoundedRect(banner, 10, 10);
    painter.setPen(pal.color(QPalette::HighlightedText));
    QFont title = this->font();
    title.setBold(true);
    const QString heading = model_.assisted() ? "Solved, with help" : "Solved!";
    const QString counts = QString("%1 moves \u00b7 %2 clicks \u00b7 %3")
                               .arg(model_.tile_moves())
                               .arg(model_.clicks())
                               .arg(clock_text(model_.elapsed_seconds()));
    painter.setFont(fitted(title, heading, h * 0.36, banner.width() * 0.9));
    painter.drawText(banner.adjusted(0, 0, 0, -h * 0.40), Qt::AlignHCenter | Qt::AlignBottom, heading);
    painter.setFont(fitted(this->font(), counts, h * 0.16, banner.width() * 0.9));
    painter.drawText(banner.adjusted(0, h * 0.62, 0, 0), Qt::AlignHCenter | Qt::AlignTop, counts);
  }
}

}  // namespace npuzzle::gui
