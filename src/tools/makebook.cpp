#include "vireo/tools/makebook.h"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "vireo/board/movegen.h"
#include "vireo/board/pgn.h"
#include "vireo/book/book.h"
#include "vireo/engine/engine.h"
#include "vireo/tools/usage.h"
#include "vireo/util/files.h"

namespace vireo {

namespace {

// Every (position, move) of the games within max_ply: the moves the book may keep, and the
// others (the side not collected, moves the result or rating filters leave out), which only
// connect positions when the book's lines are traced from the start.
struct Stat {
  std::uint64_t points = 0;  // 2 per win, 1 per draw, for the side that played the move
  std::uint32_t games = 0;   // counted games in which the move was kept
  std::uint64_t child = 0;   // the key of the position after the move
  bool removed = false;      // pruned, with everything only it leads to
};

struct EntryKey {
  std::uint64_t key;
  std::uint16_t move;
  bool operator==(const EntryKey&) const = default;
};
struct EntryKeyHash {
  std::size_t operator()(const EntryKey& k) const {
    return std::size_t(k.key ^ (std::uint64_t(k.move) * 0x9E3779B97F4A7C15ULL));
  }
};
using StatMap = std::unordered_map<EntryKey, Stat, EntryKeyHash>;

// What the games say: the moves, where games start, and each position's FEN for the search.
struct Collected {
  StatMap moves;
  std::unordered_set<std::uint64_t> roots;
  std::unordered_map<std::uint64_t, std::string> fens;
};

// A move the book writes: counted, not pruned, and with a weight (a move that only lost would
// weigh 0, which means "never play"; it is left out, but the lines below it stay).
bool is_entry(const Stat& s) { return s.games > 0 && !s.removed && s.points > 0; }

int points_for(GameResult r, Color mover) {
  if (r == GameResult::Draw) return 1;
  return (r == GameResult::WhiteWins) == (mover == WHITE) ? 2 : 0;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower((unsigned char)c));
  return s;
}

std::string tag(const PgnGame& g, const char* name) {
  auto it = g.tags.find(name);
  return it == g.tags.end() ? "" : it->second;
}

int elo(const PgnGame& g, Color c) {
  const std::string s = tag(g, c == WHITE ? "WhiteElo" : "BlackElo");
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() ? v : 0;
}

// A game's date against the range: `?` digits stand for whatever makes it fit, so
// "2019.??.??" is inside 2019.06.01..2019.12.31; no date at all fits no range.
bool date_in_range(const std::string& date, const MakeBookOptions& o) {
  if (date.size() != 10 || date.substr(0, 4) == "????") return false;
  std::string low = date, high = date;
  std::replace(low.begin(), low.end(), '?', '0');
  std::replace(high.begin(), high.end(), '?', '9');
  return (o.from_date.empty() || high >= o.from_date) && (o.to_date.empty() || low <= o.to_date);
}

// Why a game is left out, or nothing when it counts.
std::optional<std::string> skip_reason(const PgnGame& g, const MakeBookOptions& o) {
  if (g.result == GameResult::Unknown) return "no result";
  if (o.min_elo && std::min(elo(g, WHITE), elo(g, BLACK)) < o.min_elo) return "a rating below --min-elo or missing";
  if ((!o.from_date.empty() || !o.to_date.empty()) && !date_in_range(tag(g, "Date"), o))
    return "date outside --from/--to or unknown";
  if (!o.event.empty() && lower(tag(g, "Event")).find(lower(o.event)) == std::string::npos)
    return "event not matching --event";
  if (!o.player.empty() && lower(tag(g, "White")).find(lower(o.player)) == std::string::npos &&
      lower(tag(g, "Black")).find(lower(o.player)) == std::string::npos)
    return "no player matching --player";
  return std::nullopt;
}

// Whether the book keeps the moves `mover` played in this game.
bool keeps_side(const PgnGame& g, const MakeBookOptions& o, Color mover) {
  if (o.only_side && *o.only_side != mover) return false;
  if (o.min_elo_side && elo(g, mover) < o.min_elo_side) return false;
  const int points = points_for(g.result, mover);
  if (o.results == MakeBookOptions::Results::WINS) return points == 2;
  if (o.results == MakeBookOptions::Results::WINS_AND_DRAWS) return points >= 1;
  return true;
}

void add_game(const PgnGame& game, const MakeBookOptions& opts, Collected& c, MakeBookStats& out) {
  Position pos;
  (void)pos.set_fen(game.start_fen);  // the reader has already checked it
  c.roots.insert(pos.key());
  const bool verify = opts.verify_depth || opts.verify_nodes;
  for (std::size_t ply = 0; ply < game.moves.size() && int(ply) < opts.max_ply; ++ply) {
    const Move m = game.moves[ply];
    const Color mover = pos.side_to_move();
    const std::uint64_t key = pos.key();
    Stat& s = c.moves[{key, PolyglotBook::encode_move(pos, m)}];
    if (keeps_side(game, opts, mover)) {
      s.points += std::uint64_t(points_for(game.result, mover));
      s.games++;
      out.positions++;
      if (verify && !c.fens.count(key)) c.fens.emplace(key, pos.fen());
    }
    pos.make_move(m);
    s.child = pos.key();
  }
}

void prune_by_counts(StatMap& moves, const MakeBookOptions& o, MakeBookStats& st) {
  for (auto& [k, s] : moves) {
    if (s.games == 0) continue;
    ++st.candidates;
    if (s.games < std::uint32_t(o.min_games))
      ++st.removed_min_games, s.removed = true;
    else if (s.points == 0)
      ++st.removed_no_points;
    else if (s.points * 50 < std::uint64_t(o.min_score) * s.games)
      ++st.removed_min_score, s.removed = true;
  }
}

// Entries whose position no longer lies on a line from a game's start through moves that are
// still there: what hung below a pruned move.
std::uint64_t prune_unreachable(StatMap& moves, const std::unordered_set<std::uint64_t>& roots) {
  std::unordered_map<std::uint64_t, std::vector<std::uint64_t>> children;
  for (const auto& [k, s] : moves)
    if (!s.removed) children[k.key].push_back(s.child);
  std::unordered_set<std::uint64_t> reached(roots.begin(), roots.end());
  std::deque<std::uint64_t> queue(roots.begin(), roots.end());
  while (!queue.empty()) {
    auto it = children.find(queue.front());
    queue.pop_front();
    if (it == children.end()) continue;
    for (std::uint64_t c : it->second)
      if (reached.insert(c).second) queue.push_back(c);
  }
  std::uint64_t removed = 0;
  for (auto& [k, s] : moves)
    if (is_entry(s) && !reached.count(k.key)) ++removed, s.removed = true;
  return removed;
}

// Searches every position that still has entries, on opts.threads threads, and removes the
// moves that score more than the margin below the search's best there.
std::uint64_t prune_by_search(StatMap& moves, const Collected& c, const MakeBookOptions& o, MakeBookStats& st,
                              const std::function<void(const std::string&)>& log) {
  std::unordered_map<std::uint64_t, std::vector<Stat*>> by_position;
  std::unordered_map<const Stat*, std::uint16_t> move_of;
  for (auto& [k, s] : moves)
    if (is_entry(s)) {
      by_position[k.key].push_back(&s);
      move_of[&s] = k.move;
    }
  std::vector<std::uint64_t> keys;
  for (const auto& [key, entries] : by_position) keys.push_back(key);
  std::sort(keys.begin(), keys.end());

  Limits limits;
  limits.depth = o.verify_depth;
  limits.nodes = o.verify_nodes;
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<std::uint64_t> removed{0};
  auto worker = [&] {
    Engine engine;
    for (std::size_t i; (i = next.fetch_add(1)) < keys.size(); done.fetch_add(1)) {
      Position pos;
      if (pos.set_fen(c.fens.at(keys[i]))) continue;
      engine.new_game();
      const int best = engine.search_sync(pos, limits).score;
      // Each move is searched from the same root to the same depth as the best, restricted to
      // it: scores of searches from different roots and depths would differ by more than
      // the margin on their own.
      for (Stat* s : by_position.at(keys[i])) {
        Limits only = limits;
        only.searchmoves = {PolyglotBook::decode_move(pos, move_of.at(s))};
        if (best - engine.search_sync(pos, only).score > o.verify_margin) s->removed = true, removed.fetch_add(1);
      }
    }
  };
  const TimePoint start = now_ms();
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, o.threads); ++t) pool.emplace_back(worker);
  for (std::size_t d; (d = done.load()) < keys.size();) {
    std::this_thread::sleep_for(std::chrono::milliseconds(d ? 1000 : 200));
    const double secs = std::max(1e-3, (now_ms() - start) / 1000.0);
    const std::size_t now = done.load();
    log(fmt::format("verify: {}/{} positions, {:.1f}/s, ETA {:.0f} s", now, keys.size(), now / secs,
                    now ? (keys.size() - now) * secs / now : 0.0));
  }
  for (std::thread& t : pool) t.join();
  st.verified_positions = keys.size();
  st.verify_seconds = (now_ms() - start) / 1000.0;
  log(fmt::format("verify: {} positions in {:.1f} s", keys.size(), st.verify_seconds));
  return removed.load();
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
    if (!is_entry(s)) continue;
    rows.push_back({k.key, s.points, k.move});
    max_points = std::max(max_points, s.points);
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.key != b.key ? a.key < b.key : a.points != b.points ? a.points > b.points : a.move < b.move;
  });
  std::string bytes(rows.size() * 16, '\0');
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    // Weights are 16 bits: scale down only when the largest would not fit, keeping every
    // entry at least 1 so none turns into "never play".
    const std::uint64_t w = max_points > 65535 ? std::max<std::uint64_t>(1, r.points * 65535 / max_points) : r.points;
    unsigned char* buf = reinterpret_cast<unsigned char*>(bytes.data()) + i * 16;
    put_be(buf, r.key, 8);
    put_be(buf + 8, r.move, 2);
    put_be(buf + 10, w, 2);
    put_be(buf + 12, 0, 4);
  }
  // An engine may have the old book open: it keeps reading that one, never a half-written file.
  if (auto err = write_file_atomically(opts.out, bytes, "book file")) return err;
  out.entries = rows.size();
  return std::nullopt;
}

std::optional<long long> parse_number(const std::string& s, long long lo, long long hi) {
  long long v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

bool valid_date(const std::string& d) {
  if (d.size() != 10 || d[4] != '.' || d[7] != '.') return false;
  for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!std::isdigit((unsigned char)d[i])) return false;
  return true;
}

// One option with a value; nullopt when `a` is not one of these.
std::optional<std::optional<std::string>> set_valued(const std::string& a, const std::string& v, MakeBookOptions& o) {
  using R = std::optional<std::optional<std::string>>;
  auto number = [&](auto& field, long long lo, long long hi) -> R {
    if (auto n = parse_number(v, lo, hi)) {
      field = static_cast<std::remove_reference_t<decltype(field)>>(*n);
      return std::optional<std::string>{};
    }
    return std::optional<std::string>{fmt::format("{} needs a number from {} to {}, not '{}'", a, lo, hi, v)};
  };
  auto date = [&](std::string& field) -> R {
    if (!valid_date(v)) return std::optional<std::string>{fmt::format("{} needs a date YYYY.MM.DD, not '{}'", a, v)};
    field = v;
    return std::optional<std::string>{};
  };
  auto text = [&](auto& field) -> R {
    field = v;
    return std::optional<std::string>{};
  };
  if (a == "--pgn") return (o.pgn_files.push_back(v), R{std::optional<std::string>{}});
  if (a == "--out") return text(o.out);
  if (a == "--max-ply") return number(o.max_ply, 1, 1000);
  if (a == "--min-games") return number(o.min_games, 1, 1000000000);
  if (a == "--min-elo") return number(o.min_elo, 1, 5000);
  if (a == "--min-elo-side") return number(o.min_elo_side, 1, 5000);
  if (a == "--from") return date(o.from_date);
  if (a == "--to") return date(o.to_date);
  if (a == "--event") return text(o.event);
  if (a == "--player") return text(o.player);
  if (a == "--min-score") return number(o.min_score, 0, 100);
  if (a == "--verify") return number(o.verify_depth, 1, 64);
  if (a == "--verify-nodes") return number(o.verify_nodes, 1, 1000000000000LL);
  if (a == "--verify-margin") return number(o.verify_margin, 0, 10000);
  if (a == "--threads") return number(o.threads, 1, 1024);
  if (a == "--result") {
    if (v == "win")
      o.results = MakeBookOptions::Results::WINS;
    else if (v == "win-draw")
      o.results = MakeBookOptions::Results::WINS_AND_DRAWS;
    else if (v == "all")
      o.results = MakeBookOptions::Results::ALL;
    else
      return std::optional<std::string>{fmt::format("--result takes win, win-draw or all, not '{}'", v)};
    return std::optional<std::string>{};
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_makebook_args(const std::vector<std::string>& args, MakeBookOptions& opts) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--only-white" || a == "--only-black") {
      opts.only_side = a == "--only-white" ? WHITE : BLACK;
      continue;
    }
    if (a.rfind("--", 0) != 0) return fmt::format("unknown argument '{}'", a);
    const std::string v = i + 1 < args.size() ? args[i + 1] : "";
    auto result = set_valued(a, v, opts);
    if (!result) return fmt::format("unknown argument '{}'", a);
    if (i + 1 >= args.size()) return fmt::format("{} needs a value", a);
    if (*result) return **result;
    ++i;
  }
  if (opts.pgn_files.empty()) return std::string("at least one --pgn file is needed");
  if (opts.out.empty()) return std::string("--out is needed");
  if (!opts.from_date.empty() && !opts.to_date.empty() && opts.from_date > opts.to_date)
    return fmt::format("--from {} is after --to {}", opts.from_date, opts.to_date);
  return std::nullopt;
}

std::optional<std::string> make_book(const MakeBookOptions& opts, MakeBookStats& stats,
                                     const std::function<void(const std::string&)>& log) {
  // Before the games, which can take long to read: the book could not be written at the end.
  std::error_code ec;
  if (std::filesystem::is_directory(opts.out, ec)) return fmt::format("--out '{}' is a folder, not a file", opts.out);
  Collected c;
  for (const std::string& path : opts.pgn_files) {
    std::ifstream in;
    if (auto err = open_input_file(in, path, "PGN file")) return err;
    PgnReader reader(in);
    while (auto item = reader.next()) {
      const std::optional<std::string> reason =
          item->error ? std::optional<std::string>("unreadable") : skip_reason(item->game, opts);
      if (reason) {
        if (item->error) log(fmt::format("{}: {}; game skipped", path, *item->error));
        stats.skipped_games++;
        stats.skipped[*reason]++;
        continue;
      }
      add_game(item->game, opts, c, stats);
      if (++stats.games % 10000 == 0)
        log(fmt::format("{}: {} games, {} distinct moves", path, stats.games, c.moves.size()));
    }
  }
  prune_by_counts(c.moves, opts, stats);
  stats.removed_unreachable = prune_unreachable(c.moves, c.roots);
  if (opts.verify_depth || opts.verify_nodes) {
    stats.removed_verify = prune_by_search(c.moves, c, opts, stats, log);
    stats.removed_unreachable += prune_unreachable(c.moves, c.roots);
  }
  return write_book(c.moves, opts, stats);
}

std::vector<std::string> makebook_summary(const MakeBookStats& s, const MakeBookOptions& o) {
  std::vector<std::string> lines;
  lines.push_back(
      fmt::format("games read: {}, counted {}, skipped {}", s.games + s.skipped_games, s.games, s.skipped_games));
  for (const auto& [reason, n] : s.skipped) lines.push_back(fmt::format("  skipped, {}: {}", reason, n));
  lines.push_back(fmt::format("moves counted: {} (distinct position and move: {})", s.positions, s.candidates));
  lines.push_back(fmt::format("removed, played in fewer than {} games: {}", o.min_games, s.removed_min_games));
  lines.push_back(fmt::format("left out, never scored a point (lines below kept): {}", s.removed_no_points));
  if (o.min_score) lines.push_back(fmt::format("removed, scoring below {}%: {}", o.min_score, s.removed_min_score));
  if (o.verify_depth || o.verify_nodes)
    lines.push_back(
        fmt::format("removed by the search ({}, margin {} cp): {} of {} positions' moves, in {:.1f} s",
                    o.verify_depth ? fmt::format("depth {}", o.verify_depth) : fmt::format("{} nodes", o.verify_nodes),
                    o.verify_margin, s.removed_verify, s.verified_positions, s.verify_seconds));
  lines.push_back(fmt::format("removed, only reachable through removed moves: {}", s.removed_unreachable));
  lines.push_back(fmt::format("entries written: {} to {}", s.entries, o.out));
  return lines;
}

int makebook_main(const std::vector<std::string>& args) {
  MakeBookOptions opts;
  if (auto err = parse_makebook_args(args, opts)) return usage_error("makebook", *err, MAKEBOOK_USAGE);
  MakeBookStats stats;
  auto log = [](const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); };
  if (auto err = make_book(opts, stats, log)) {
    std::fprintf(stderr, "makebook: error: %s\n", err->c_str());
    return 1;
  }
  for (const std::string& line : makebook_summary(stats, opts)) std::fprintf(stderr, "makebook: %s\n", line.c_str());
  return 0;
}

}  // namespace vireo
