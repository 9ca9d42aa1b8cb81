#include "vireo/tools/epd.h"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>

#include <fmt/format.h>

#include "vireo/board/movegen.h"
#include "vireo/board/pgn.h"
#include "vireo/tools/usage.h"
#include "vireo/util/files.h"

namespace vireo {

namespace {

std::vector<std::string> split_ws(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace((unsigned char)s[i])) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace((unsigned char)s[j])) ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// A move as suites write it: SAN (with its !, ?, + and # marks) or UCI.
Move parse_suite_move(const Position& pos, const std::string& text) {
  if (const Move m = parse_san(pos, text)) return m;
  return parse_uci_move(pos, text);
}

// Some published suites set a move's check or quality mark apart ("bm Qd1 + ;", as in a common
// copy of the Bratko-Kopec test): a token of marks alone belongs to the move before it.
bool is_mark_only(const std::string& token) { return token.find_first_not_of("+#!?") == std::string::npos; }

std::string unquote(std::string s) {
  if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
  return s;
}

}  // namespace

bool EpdPosition::solved_by(Move m) const {
  if (!m) return false;
  if (!best.empty() && std::find(best.begin(), best.end(), m) == best.end()) return false;
  return std::find(avoid.begin(), avoid.end(), m) == avoid.end();
}

std::variant<EpdPosition, std::string> parse_epd(std::string_view line, int line_number) {
  const std::vector<std::string> head = split_ws(line.substr(0, line.find(';')));
  if (head.size() < 4) return std::string("fewer than the four FEN fields");
  EpdPosition p;
  p.fen = fmt::format("{} {} {} {} 0 1", head[0], head[1], head[2], head[3]);
  p.id = fmt::format("line {}", line_number);
  Position pos;
  if (auto err = pos.set_fen(p.fen)) return "bad FEN: " + *err;

  // The operations: the first one starts after the four FEN fields, each ends with ';'.
  std::size_t at = 0;
  for (int field = 0; field < 4; ++field) {
    while (at < line.size() && std::isspace((unsigned char)line[at])) ++at;
    while (at < line.size() && !std::isspace((unsigned char)line[at])) ++at;
  }
  std::string_view rest = line.substr(at);
  while (!rest.empty()) {
    const std::size_t end = rest.find(';');
    const std::vector<std::string> op = split_ws(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    if (op.empty()) continue;
    if (op[0] == "id" && op.size() > 1) {
      std::string id = op[1];
      for (std::size_t i = 2; i < op.size(); ++i) id += " " + op[i];
      p.id = unquote(id);
    } else if (op[0] == "bm" || op[0] == "am") {
      for (std::size_t i = 1; i < op.size(); ++i) {
        if (i > 1 && is_mark_only(op[i])) continue;
        const Move m = parse_suite_move(pos, op[i]);
        if (!m) return fmt::format("{} move '{}' is not a legal move in this position", op[0], op[i]);
        (op[0] == "bm" ? p.best : p.avoid).push_back(m);
      }
    }
  }
  if (p.best.empty() && p.avoid.empty()) return std::string("no bm or am operation");
  return p;
}

EpdResult run_epd_position(Engine& engine, const EpdPosition& p, const Limits& limits) {
  Position pos;
  pos.set_fen(p.fen);
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  EpdResult r;
  // When the engine's choice last turned into a solving move (-1: it does not solve now).
  TimePoint solving_since = 0;
  SearchListeners listeners;
  listeners.on_info = [&](const SearchInfo& info) {
    if (info.pv.empty() || info.multipv != 1) return;
    if (!p.solved_by(info.pv.front()))
      solving_since = -1;
    else if (solving_since < 0)
      solving_since = info.time_ms;
    r.depth = info.depth;
    r.nodes = info.nodes;
    r.ms = info.time_ms;
  };
  engine.set_listeners(listeners, [&](const SearchResult& result) {
    std::lock_guard lock(m);
    r.played = result.best;
    r.nodes = std::max(r.nodes, result.nodes);
    done = true;
    cv.notify_all();
  });
  engine.new_game();
  engine.set_position(pos);
  const TimePoint start = now_ms();
  engine.go(limits, SearchSettings{});
  {
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return done; });
  }
  r.ms = std::max(r.ms, now_ms() - start);
  r.solved = p.solved_by(r.played);
  if (r.solved) r.solved_after_ms = std::max<TimePoint>(solving_since, 0);
  return r;
}

namespace {

struct EpdArgs {
  std::string file;
  Limits limits;
  bool csv = false;
  int threads = 1;
};

std::optional<std::string> parse_args(const std::vector<std::string>& args, EpdArgs& a) {
  int limits = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& key = args[i];
    if (key == "--csv") {
      a.csv = true;
      continue;
    }
    if (key.rfind("--", 0) != 0) {
      if (!a.file.empty()) return fmt::format("one EPD file only, not also '{}'", key);
      a.file = key;
      continue;
    }
    if (i + 1 >= args.size()) return fmt::format("{} needs a value", key);
    long long v = 0;
    const std::string& text = args[++i];
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || v < 1)
      return fmt::format("{} needs a positive number, not '{}'", key, text);
    if (key == "--threads") {
      if (v > 1024) return fmt::format("--threads takes 1 to 1024, not {}", v);
      a.threads = int(v);
      continue;
    }
    ++limits;
    if (key == "--movetime")
      a.limits.movetime = v;
    else if (key == "--depth")
      a.limits.depth = int(std::min<long long>(v, MAX_PLY - 1));
    else if (key == "--nodes")
      a.limits.nodes = std::uint64_t(v);
    else
      return fmt::format("unknown option '{}'", key);
  }
  if (a.file.empty()) return std::string("an EPD file is needed");
  if (limits > 1) return std::string("one of --movetime, --depth, --nodes");
  if (limits == 0) a.limits.movetime = 1000;
  return std::nullopt;
}

std::string san_list(const Position& pos, const std::vector<Move>& moves) {
  std::string out;
  for (Move m : moves) {
    if (!out.empty()) out += ' ';
    out += to_san(pos, m);
  }
  return out;
}

}  // namespace

int epd_main(const std::vector<std::string>& args) {
  EpdArgs a;
  if (auto err = parse_args(args, a)) return usage_error("epd", *err, EPD_USAGE);
  std::ifstream in;
  if (auto err = open_input_file(in, a.file, "EPD file")) {
    std::fprintf(stderr, "epd: error: %s\n", err->c_str());
    return 1;
  }
  std::vector<EpdPosition> suite;
  int line_number = 0, skipped = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    auto parsed = parse_epd(line, line_number);
    if (auto* err = std::get_if<std::string>(&parsed)) {
      std::fprintf(stderr, "epd: %s:%d: %s; skipped\n", a.file.c_str(), line_number, err->c_str());
      ++skipped;
    } else {
      suite.push_back(std::get<EpdPosition>(parsed));
    }
  }

  Engine engine;
  if (auto err = engine.set_threads(a.threads)) {
    std::fprintf(stderr, "epd: error: %s\n", err->c_str());
    return 1;
  }
  int solved = 0;
  TimePoint total_ms = 0;
  if (a.csv) std::printf("id,played,expected,solved,solved_after_ms,depth,nodes,ms\n");
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const EpdPosition& p = suite[i];
    const EpdResult r = run_epd_position(engine, p, a.limits);
    Position pos;
    pos.set_fen(p.fen);
    const std::string expected = p.best.empty() ? "not " + san_list(pos, p.avoid) : san_list(pos, p.best);
    const std::string played = r.played ? to_san(pos, r.played) : "(none)";
    solved += r.solved;
    total_ms += r.ms;
    if (a.csv)
      std::printf("\"%s\",%s,\"%s\",%d,%lld,%d,%llu,%lld\n", p.id.c_str(), played.c_str(), expected.c_str(), r.solved,
                  (long long)r.solved_after_ms, r.depth, (unsigned long long)r.nodes, (long long)r.ms);
    else
      std::printf("%4zu %-24s %-10s played %-8s expected %-16s %s\n", i + 1, p.id.c_str(),
                  r.solved ? "solved" : "not solved", played.c_str(), expected.c_str(),
                  r.solved ? fmt::format("after {:.2f} s", r.solved_after_ms / 1000.0).c_str() : "");
    std::fflush(stdout);
    std::fprintf(stderr, "\repd: %zu/%zu, %d solved", i + 1, suite.size(), solved);
  }
  std::fprintf(stderr, "\n");
  const std::string summary = fmt::format("{} of {} solved ({:.1f}%), {:.1f} s in all{}", solved, suite.size(),
                                          suite.empty() ? 0.0 : 100.0 * solved / suite.size(), total_ms / 1000.0,
                                          skipped ? fmt::format("; {} lines skipped", skipped) : "");
  if (a.csv)
    std::fprintf(stderr, "epd: %s\n", summary.c_str());
  else
    std::printf("%s\n", summary.c_str());
  return 0;
}

}  // namespace vireo
