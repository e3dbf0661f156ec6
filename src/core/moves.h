// A sequence of blank moves, two bits a move: the solution type of every
// algorithm. A phased solution of a random 1000x1000 board has billions of
// moves; stored this way they take a quarter of a byte each (3 billion
// moves: 750 MB), and lengths and indices are 64-bit throughout.
//
//   MoveSequence moves;
//   moves.push_back(Direction::kUp);
//   for (Direction d : moves) ...
#pragma once

#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <vector>

#include "core/board.h"

namespace npuzzle {

class MoveSequence {
 public:
  MoveSequence() = default;
  MoveSequence(std::initializer_list<Direction> moves) : MoveSequence(moves.begin(), moves.end()) {}
  // Implicit, so that a std::vector<Direction> reads as a sequence.
  MoveSequence(const std::vector<Direction>& moves) : MoveSequence(moves.begin(), moves.end()) {}  // NOLINT
  template <std::input_iterator It>
  MoveSequence(It first, It last) {
    if constexpr (std::random_access_iterator<It>) reserve(static_cast<std::uint64_t>(last - first));
    for (; first != last; ++first) push_back(*first);
  }

  std::uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // The bytes the moves occupy (not counting this object).
  std::uint64_t memory_bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

  Direction operator[](std::uint64_t i) const {
    return static_cast<Direction>((words_[i / kPerWord] >> (2 * (i % kPerWord))) & 3u);
  }
  Direction back() const { return (*this)[size_ - 1]; }

  void reserve(std::uint64_t moves) { words_.reserve((moves + kPerWord - 1) / kPerWord); }
  void clear() {
    words_.clear();
    size_ = 0;
  }
  void push_back(Direction d) {
    if (size_ % kPerWord == 0) words_.push_back(0);
    words_.back() |= std::uint64_t{static_cast<std::uint8_t>(d)} << (2 * (size_ % kPerWord));
    ++size_;
  }
  void pop_back() {
    --size_;
    words_[size_ / kPerWord] &= ~(std::uint64_t{3} << (2 * (size_ % kPerWord)));
    if (size_ % kPerWord == 0) words_.pop_back();
  }
  void append(const MoveSequence& other) {
    reserve(size_ + other.size_);
    for (Direction d : other) push_back(d);
  }

  std::vector<Direction> to_vector() const { return {begin(), end()}; }

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Direction;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Direction;

    const_iterator() = default;
    const_iterator(const MoveSequence* moves, std::uint64_t index) : moves_(moves), index_(index) {}
    Direction operator*() const { return (*moves_)[index_]; }
    const_iterator& operator++() {
      ++index_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++index_;
      return old;
    }
    bool operator==(const const_iterator& other) const { return index_ == other.index_; }

   private:
    const MoveSequence* moves_ = nullptr;
    std::uint64_t index_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  // Unused bits are kept zero, so equal sequences have equal words.
  friend bool operator==(const MoveSequence& a, const MoveSequence& b) {
    return a.size_ == b.size_ && a.words_ == b.words_;
  }

 private:
  static constexpr std::uint64_t kPerWord = 32;
  std::vector<std::uint64_t> words_;
  std::uint64_t size_ = 0;
};

}  // namespace npuzzle
