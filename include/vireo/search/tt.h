// Transposition table: buckets of three entries in one 32-byte slot, replaced by depth and
// age, shared by the search threads without locks. Mate and tablebase scores are stored relative to the node, not the
// root, so a mate found through a transposition at another ply still reports the right distance.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "vireo/board/types.h"
#include "vireo/eval/score.h"

namespace vireo {

enum Bound : std::uint8_t { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

// A score with this bound answers a search with this window: it is exact, or a bound beyond it.
constexpr bool decides(int score, Bound bound, int alpha, int beta) {
  return bound == BOUND_EXACT || (bound == BOUND_LOWER && score >= beta) || (bound == BOUND_UPPER && score <= alpha);
}

struct TTData {
  Move move;
  int score = SCORE_NONE;
  int eval = SCORE_NONE;
  int depth = 0;
  Bound bound = BOUND_NONE;
  bool pv = false;  // the position has been on a principal variation (TT-PV), and is kept so

  bool decides(int alpha, int beta) const { return vireo::decides(score, bound, alpha, beta); }
};

class TranspositionTable {
 public:
  static constexpr std::size_t MAX_MB = 65536;

  TranspositionTable();
  // Returns false, keeping the current table, when the memory cannot be had.
  bool resize(std::size_t mb);
  void clear();
  void new_search() { generation_ = std::uint8_t((generation_ + GENERATION_STEP) & GENERATION_MASK); }

  // Fills `out` and returns true on a hit; the score is converted back to this node's ply.
  bool probe(Key key, int ply, TTData& out) const;
  void store(Key key, int ply, Move move, int score, int eval, int depth, Bound bound, bool pv);
  void prefetch(Key key) const { __builtin_prefetch(bucket_of(key)); }

  // Permille of a sample of entries written in this search, for UCI's `hashfull`.
  int hashfull() const;
  std::size_t size_mb() const { return mb_; }

 private:
  // An entry as the search reads it.
  struct Entry {
    std::uint16_t key16 = 0;
    std::uint16_t move = 0;
    std::int16_t score = 0;
    std::int16_t eval = 0;
    std::int8_t depth = 0;
    std::uint8_t gen_bound = 0;  // generation (top 5 bits), pv flag, bound (2 bits)
  };
  // Threads read and write buckets without locks, so an entry may be torn: the data of one
  // write with the key of another. Each entry's data is one 64-bit word and its key is kept
  // XOR-ed with a hash of that word, so a torn entry fails the key check and reads as a miss,
  // never as another position's move or score.
  struct alignas(32) Bucket {
    std::atomic<std::uint64_t> data[3];
    std::atomic<std::uint64_t> checks;  // entry i's key16 ^ fold(data[i]) in bits 16i..16i+15
  };
  static Entry load(const Bucket& b, int i);
  static void save(Bucket& b, int i, const Entry& e);
  static_assert(sizeof(Bucket) == 32);
  static constexpr std::uint8_t GENERATION_STEP = 8;
  static constexpr std::uint8_t GENERATION_MASK = 0xF8;

  Bucket* bucket_of(Key key) const {
    // The high half of key * count maps keys evenly onto any bucket count, no modulo needed.
    __extension__ using u128 = unsigned __int128;
    return &table_[std::size_t(u128(key) * count_ >> 64)];
  }
  int age(const Entry& e) const {
    return ((generation_ - (e.gen_bound & GENERATION_MASK)) & GENERATION_MASK) / GENERATION_STEP;
  }

  struct FreeDeleter {
    void operator()(Bucket* p) const;
  };
  std::unique_ptr<Bucket[], FreeDeleter> table_;
  std::size_t count_ = 0;
  std::size_t mb_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace vireo
