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
  // Appends `count` (at most 32) moves packed two bits each, the first in
  // the lowest bits; the bits of `packed` above 2 * count must be zero.
  void append_packed(std::uint64_t packed, unsigned count) {
    if (count == 0) return;
    const unsigned used = static_cast<unsigned>(size_ % kPerWord);
    if (used == 0) {
      words_.push_back(packed);
    } else {
      words_.back() |= packed << (2 * used);
      if (used + count > kPerWord) words_.push_back(packed >> (2 * (kPerWord - used)));
    }
    size_ += count;
  }
  // Appends `count` copies of `d`, a word at a time.
  void append_run(Direction d, std::uint64_t count) {
    const std::uint64_t pattern = 0x5555555555555555ull * static_cast<std::uint8_t>(d);
    for (; count >= kPerWord; count -= kPerWord) append_packed(pattern, kPerWord);
    if (count > 0) append_packed(pattern >> (2 * (kPerWord - count)), static_cast<unsigned>(count));
  }
  void append(const MoveSequence& other) {
    reserve(size_ + other.size_);
    for (std::uint64_t w = 0; w < other.words_.size(); ++w) {
      const std::uint64_t left = other.size_ - w * kPerWord;
      append_packed(other.words_[w], static_cast<unsigned>(left < kPerWord ? left : kPerWord));
    }
  }
  // Overwrites move i (< size()).
  void set(std::uint64_t i, Direction d) {
    std::uint64_t& word = words_[i / kPerWord];
    const unsigned shift = static_cast<unsigned>(2 * (i % kPerWord));
    word = (word & ~(std::uint64_t{3} << shift)) | (std::uint64_t{static_cast<std::uint8_t>(d)} << shift);
  }
  // Overwrites the `count` (at most 32) moves from i on (i + count <=
  // size()) with `packed` (as in append_packed).
  void set_packed(std::uint64_t i, std::uint64_t packed, unsigned count) {
    const std::uint64_t mask = count == kPerWord ? ~std::uint64_t{0} : (std::uint64_t{1} << (2 * count)) - 1;
    const unsigned shift = static_cast<unsigned>(2 * (i % kPerWord));
    std::uint64_t& low = words_[i / kPerWord];
    low = (low & ~(mask << shift)) | (packed << shift);
    if (shift + 2 * count > 64) {
      std::uint64_t& high = words_[i / kPerWord + 1];
      high = (high & ~(mask >> (64 - shift))) | (packed >> (64 - shift));
    }
  }
  // Keeps the first `count` (<= size()) moves.
  void truncate(std::uint64_t count) {
    size_ = count;
    words_.resize((count + kPerWord - 1) / kPerWord);
    if (count % kPerWord != 0) words_.back() &= (std::uint64_t{1} << (2 * (count % kPerWord))) - 1;
  }
  // The packed words: move i is bits 2*(i%32).. of word i/32; unused bits are zero.
  const std::vector<std::uint64_t>& words() const { return words_; }
  static constexpr std::uint64_t kMovesPerWord = 32;

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

// Removes adjacent pairs of opposite moves, repeatedly, until none is left
// (one pass with a stack, a word at a time). Returns how many moves were
// removed. The result takes every board to the same board as before.
std::uint64_t cancel_inverse_pairs(MoveSequence& moves);

}  // namespace npuzzle
