#include "vireo/makebook.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fmt/format.h>
#include <fstream>
#include <unordered_map>

#include "vireo/book.h"
#include "vireo/pgn.h"

namespace vireo {

namespace {

struct Stat {
  std::uint64_t points = 0;  // 2 per win, 1 per draw, for the side that played the move
  std::uint32_t games = 0;
};

struct EntryKey {
  std::uint64_t key;
  std::uint16_t move;
  bool operator==(const EntryKey&) const = default;
};
struct EntryKeyHash {
  std::size_t operator()(const EntryKey& k) const { return std::size_t(k.key ^ (std::uint64_t(k.move) * 0x9E3779B97F4A7C15ULL)); }
};
using StatMap = std::unordered_map<EntryKey, Stat, EntryKeyHash>;

int points_for(GameResult r, Color mover) {
  if (r == GameResult::Draw) return 1;
  return (r == GameResult::WhiteWins) == (mover == WHITE) ? 2 : 0;
}

void add_game(const PgnGame& game, const MakeBookOptions& opts, StatMap& stats, MakeBookStats& out) {
  Position pos;
  (void)pos.set_fen(game.start_fen);  // the reader has already checked it
  for (std::size_t ply = 0; ply < game.moves.size() && int(ply) < opts.max_ply; ++ply) {
    const Move m = game.moves[ply];
    const Color mover = pos.side_to_move();
    if (!opts.only_side || *opts.only_side == mover) {
      Stat& s = stats[{pos.key(), PolyglotBook::encode_move(pos, m)}];
      s.points += std::uint64_t(points_for(game.result, mover));
      s.games++;
      out.positions++;
    }
    pos.make_move(m);
  }
}

void put_be(unsigned char* p, std::uint64_t v, int bytes) {
  for (int i = bytes - 1; i >= 0; --i, v >>= 8) p[i] = (unsigned char)(v & 0xFF);
}

std::optional<std::string> write_book(const StatMap& stats, const MakeBookOptions& opts, MakeBookStats& out) {
  struct Row {
    std::uint64_t key, points;
    std::uint16_t move;
  };
  std::vector<Row> rows;
  std::uint64_t max_points = 0;
  for (const auto& [k, s] : stats) {
    // Moves that only ever lost, or were seen too rarely, are left out.
    if (s.points == 0 || s.games < std::uint32_t(opts.min_games)) continue;
    rows.push_back({k.key, s.points, k.move});
    max_points = std::max(max_points, s.points);
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.key != b.key ? a.key < b.key : a.points != b.points ? a.points > b.points : a.move < b.move;
  });
  std::ofstream file(opts.out, std::ios::binary | std::ios::trunc);
  if (!file) return fmt::format("cannot write book file '{}'", opts.out);
  for (const Row& r : rows) {
    // Weights are 16 bits: scale down only when the largest would not fit, keeping every
    // entry at least 1 so none turns into "never play".
    const std::uint64_t w = max_points > 65535 ? std::max<std::uint64_t>(1, r.points * 65535 / max_points) : r.points;
    unsigned char buf[16];
    put_be(buf, r.key, 8);
    put_be(buf + 8, r.move, 2);
    put_be(buf + 10, w, 2);
    put_be(buf + 12, 0, 4);
    file.write(reinterpret_cast<const char*>(buf), 16);
  }
  if (!file) return fmt::format("error writing book file '{}'", opts.out);
  out.entries = rows.size();
  return std::nullopt;
}

std::optional<int> parse_positive(const std::string& s) {
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 1) return std::nullopt;
  return v;
}

}  // namespace

std::optional<std::string> parse_makebook_args(const std::vector<std::string>& args, MakeBookOptions& opts) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (a == "--pgn" || a == "--out" || a == "--max-ply" || a == "--min-games") {
      auto v = value();
      if (!v) return fmt::format("{} needs a value", a);
      if (a == "--pgn") opts.pgn_files.push_back(*v);
      else if (a == "--out") opts.out = *v;
      else if (auto n = parse_positive(*v)) (a == "--max-ply" ? opts.max_ply : opts.min_games) = *n;
      else return fmt::format("{} needs a positive integer, not '{}'", a, *v);
    } else if (a == "--only-white" || a == "--only-black") {
      opts.only_side = a == "--only-white" ? WHITE : BLACK;
    } else {
      return fmt::format("unknown argument '{}'", a);
    }
  }
  if (opts.pgn_files.empty()) return std::string("at least one --pgn file is needed");
  if (opts.out.empty()) return std::string("--out is needed");
  return std::nullopt;
}

std::optional<std::string> make_book(const MakeBookOptions& opts, MakeBookStats& stats,
                                     const std::function<void(const std::string&)>& log) {
  StatMap map;
  for (const std::string& path : opts.pgn_files) {
    std::ifstream in(path);
    if (!in) return fmt::format("cannot open PGN file '{}'", path);
    PgnReader reader(in);
    while (auto item = reader.next()) {
      if (item->error || item->game.result == GameResult::Unknown) {
        if (item->error) log(fmt::format("{}: {}; game skipped", path, *item->error));
        stats.skipped_games++;
        continue;
      }
      add_game(item->game, opts, map, stats);
      if (++stats.games % 10000 == 0) log(fmt::format("{}: {} games, {} distinct entries", path, stats.games, map.size()));
    }
  }
  return write_book(map, opts, stats);
}

int makebook_main(const std::vector<std::string>& args) {
  MakeBookOptions opts;
  if (auto err = parse_makebook_args(args, opts)) {
    std::fprintf(stderr, "makebook: %s\nusage: vireo makebook --pgn games.pgn [--pgn more.pgn] --out book.bin "
                 "[--max-ply N] [--min-games N] [--only-white|--only-black]\n", err->c_str());
    return 2;
  }
  MakeBookStats stats;
  auto log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  if (auto err = make_book(opts, stats, log)) {
    std::fprintf(stderr, "makebook: %s\n", err->c_str());
    return 1;
  }
  std::fprintf(stderr, "makebook: %llu games read, %llu skipped, %llu positions counted, %llu entries written to %s\n",
               (unsigned long long)stats.games, (unsigned long long)stats.skipped_games,
               (unsigned long long)stats.positions, (unsigned long long)stats.entries, opts.out.c_str());
  return 0;
}

}  // namespace vireo
