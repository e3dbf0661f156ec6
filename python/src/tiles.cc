#include "tiles.h"

#include <Python.h>

#include <cmath>
#include <vector>

namespace npuzzle::python {
namespace py = pybind11;

namespace {

TilesReading failure(std::string message, bool type_error = false) {
  TilesReading r;
  r.error = std::move(message);
  r.type_error = type_error;
  return r;
}

bool is_text(py::handle h) { return PyUnicode_Check(h.ptr()) || PyBytes_Check(h.ptr()) || PyByteArray_Check(h.ptr()); }

std::string repr_of(py::handle h) {
  std::string text = py::repr(h).cast<std::string>();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

// One tile: an integer (anything with __index__) in [0, kMaxCells).
// Returns an error message, empty on success.
std::string read_tile(py::handle h, std::uint32_t& tile, bool& type_error) {
  if (PyBool_Check(h.ptr()) || !PyIndex_Check(h.ptr())) {
    type_error = true;
    return "tile " + repr_of(h) + " is not an integer";
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (value == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || value < 0 || value >= kMaxCells) {
    return "tile " + repr_of(h) + " is out of range (tiles are 0 .. cells-1, 0 the blank)";
  }
  tile = static_cast<std::uint32_t>(value);
  return {};
}

// The items of an iterable as a list; nullopt when it is not iterable.
std::optional<py::list> items_of(py::handle h) {
  if (is_text(h) || !py::isinstance<py::iterable>(h)) return std::nullopt;
  return py::list(py::reinterpret_borrow<py::object>(h));
}

}  // namespace

TilesReading read_tiles(py::handle tiles, std::optional<int> rows, std::optional<int> cols) {
  if (py::isinstance<PyBoard>(tiles)) {
    const PyBoard& b = tiles.cast<const PyBoard&>();
    if ((rows && *rows != b.board.rows()) || (cols && *cols != b.board.cols())) {
      return failure("rows/cols (" + std::to_string(rows.value_or(b.board.rows())) + "x" +
                     std::to_string(cols.value_or(b.board.cols())) + ") disagree with the board's " +
                     size_name(b.board.rows(), b.board.cols()));
    }
    TilesReading r;
    r.board = b.board;
    r.goal = b.goal;
    return r;
  }
  if ((rows && *rows < 2) || (cols && *cols < 2)) {
    return failure("rows and cols must be at least 2");
  }
  py::object source = py::reinterpret_borrow<py::object>(tiles);
  // A NumPy array (or anything array-like): its nested lists of Python ints.
  if (!is_text(tiles) && py::hasattr(tiles, "shape") && py::hasattr(tiles, "tolist")) {
    source = source.attr("tolist")();
  }
  const std::optional<py::list> items = items_of(source);
  if (!items) {
    return failure("tiles must be a sequence of integers or of rows, not " +
                       std::string(Py_TYPE(source.ptr())->tp_name),
                   true);
  }
  if (items->empty()) return failure("no tiles");

  std::vector<std::uint32_t> values;
  int grid_rows = 0;
  int grid_cols = 0;
  bool type_error = false;
  const py::handle first = (*items)[0];
  if (!PyIndex_Check(first.ptr()) && items_of(first)) {
    // A grid: a sequence of rows.
    grid_rows = static_cast<int>(items->size());
    for (std::size_t r = 0; r < items->size(); ++r) {
      const std::optional<py::list> row = items_of((*items)[r]);
      if (!row) return failure("row " + std::to_string(r + 1) + " is not a sequence of integers", true);
      if (r == 0) {
        grid_cols = static_cast<int>(row->size());
      } else if (static_cast<int>(row->size()) != grid_cols) {
        return failure("ragged grid: row " + std::to_string(r + 1) + " has " + std::to_string(row->size()) +
                       " tiles, row 1 has " + std::to_string(grid_cols));
      }
      if (static_cast<std::int64_t>(grid_rows) * grid_cols > kMaxCells) {
        return failure("board exceeds the maximum of " + std::to_string(kMaxCells) + " cells");
      }
      for (py::handle cell : *row) {
        std::uint32_t tile = 0;
        if (std::string e = read_tile(cell, tile, type_error); !e.empty()) return failure(e, type_error);
        values.push_back(tile);
      }
    }
    if ((rows && *rows != grid_rows) || (cols && *cols != grid_cols)) {
      return failure("rows/cols (" + std::to_string(rows.value_or(grid_rows)) + "x" +
                     std::to_string(cols.value_or(grid_cols)) + ") disagree with the grid's " +
                     size_name(grid_rows, grid_cols));
    }
  } else {
    const std::size_t n = items->size();
    if (n > static_cast<std::size_t>(kMaxCells)) {
      return failure(std::to_string(n) + " tiles exceed the maximum of " + std::to_string(kMaxCells) + " cells");
    }
    values.reserve(n);
    for (py::handle cell : *items) {
      std::uint32_t tile = 0;
      if (std::string e = read_tile(cell, tile, type_error); !e.empty()) return failure(e, type_error);
      values.push_back(tile);
    }
    const auto count = static_cast<int>(n);
    if (rows && cols) {
      grid_rows = *rows;
      grid_cols = *cols;
    } else if (rows || cols) {
      const int given = rows ? *rows : *cols;
      if (count % given != 0) {
        return failure(std::to_string(count) + " tiles do not fill " + (rows ? "rows" : "cols") + "=" +
                       std::to_string(given));
      }
      grid_rows = rows ? *rows : count / given;
      grid_cols = cols ? *cols : count / given;
    } else {
      const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(count))));
      if (side * side != count) {
        return failure(std::to_string(count) + " tiles do not make a square board: give rows and cols");
      }
      grid_rows = grid_cols = side;
    }
  }
  if (std::string e = Board::validate(grid_rows, grid_cols, values); !e.empty()) return failure(e);
  TilesReading r;
  r.board = Board(grid_rows, grid_cols, std::move(values));
  return r;
}

Board board_or_raise(py::handle tiles, std::optional<int> rows, std::optional<int> cols, std::optional<Goal>* goal) {
  TilesReading r = read_tiles(tiles, rows, cols);
  if (!r.board) {
    if (r.type_error) throw py::type_error(r.error);
    throw py::value_error("bad board: " + r.error);
  }
  if (goal) *goal = r.goal;
  return std::move(*r.board);
}

}  // namespace npuzzle::python
