#include "vireo/uci/command.h"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <climits>

#include "vireo/eval/score.h"

namespace vireo::uci {

std::string printable(const std::string& text) {
  std::string shown = text.substr(0, 40);
  for (char& ch : shown)
    if ((unsigned char)ch < 32 || (unsigned char)ch > 126) ch = '?';
  return shown;
}

namespace {

std::vector<std::string> tokenize(std::string_view line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::string join(const std::vector<std::string>& t, std::size_t from, std::size_t to) {
  std::string s;
  for (std::size_t i = from; i < to && i < t.size(); ++i) s += (s.empty() ? "" : " ") + t[i];
  return s;
}

// Parses a non-negative integer; values too large for any clock saturate instead of failing.
std::optional<long long> parse_count(const std::string& s) {
  long long v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ptr != s.data() + s.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) return s[0] == '-' ? LLONG_MIN / 4 : LLONG_MAX / 4;
  if (ec != std::errc()) return std::nullopt;
  return std::clamp(v, LLONG_MIN / 4, LLONG_MAX / 4);
}

Command parse_setoption(const std::vector<std::string>& t) {
  if (t.size() < 3 || t[1] != "name") return ParseError{"setoption needs 'name <id> [value <x>]'"};
  std::size_t value_at = t.size();
  for (std::size_t i = 2; i < t.size(); ++i)
    if (t[i] == "value") {
      value_at = i;
      break;
    }
  cmd::SetOption s{join(t, 2, value_at), join(t, value_at + 1, t.size())};
  if (s.name.empty()) return ParseError{"setoption needs an option name"};
  return s;
}

Command parse_position(const std::vector<std::string>& t) {
  cmd::SetPosition p;
  std::size_t i = 1;
  if (i < t.size() && t[i] == "startpos") {
    ++i;
  } else if (i < t.size() && t[i] == "fen") {
    std::size_t end = i + 1;
    while (end < t.size() && t[end] != "moves") ++end;
    p.fen = join(t, i + 1, end);
    i = end;
  } else {
    return ParseError{"position needs 'startpos' or 'fen <fen>'"};
  }
  if (i < t.size()) {
    if (t[i] != "moves") return ParseError{fmt::format("unexpected '{}' in position command", t[i])};
    p.moves.assign(t.begin() + long(i) + 1, t.end());
  }
  return p;
}

constexpr std::string_view GO_NUMERIC[] = {"wtime",    "btime", "winc",  "binc", "movestogo",
                                           "movetime", "depth", "nodes", "mate", "perft"};

bool is_go_keyword(const std::string& s) {
  return s == "infinite" || s == "ponder" || s == "searchmoves" ||
         std::find(std::begin(GO_NUMERIC), std::end(GO_NUMERIC), s) != std::end(GO_NUMERIC);
}

// The smallest value of each numeric `go` parameter: what a malformed, missing or negative
// value counts as, so that a limit the GUI meant to give still bounds the search (inside the
// search 0 means "no limit" for movetime, depth, nodes and mate). movestogo bounds nothing and
// is dropped instead; perft is refused whole.
long long smallest_go_value(const std::string& key) {
  const bool clock = key == "wtime" || key == "btime" || key == "winc" || key == "binc";
  return clock ? 0 : 1;
}

void set_go_number(cmd::Go& g, const std::string& key, long long v) {
  Limits& l = g.limits;
  if (key == "wtime")
    l.time[WHITE] = v;
  else if (key == "btime")
    l.time[BLACK] = v;
  else if (key == "winc")
    l.inc[WHITE] = v;
  else if (key == "binc")
    l.inc[BLACK] = v;
  else if (key == "movestogo")
    l.movestogo = int(std::min(v, 10000LL));
  else if (key == "movetime")
    l.movetime = v;
  else if (key == "depth")
    l.depth = int(std::min<long long>(v, MAX_PLY - 1));
  else if (key == "nodes")
    l.nodes = std::uint64_t(v);
  else if (key == "mate")
    l.mate = int(std::min<long long>(v, MAX_PLY / 2));
  else
    g.perft_depth = int(v);
}

// Reads one numeric parameter's value (none: it was missing); returns the warning, if any.
// A negative clock is the GUI's lag overdrawing it and needs none: it reads as empty.
std::optional<std::string> read_go_number(cmd::Go& g, const std::string& key, const std::string* text) {
  const auto v = text ? parse_count(*text) : std::nullopt;
  const long long floor = smallest_go_value(key);
  if (v && (*v >= floor || floor == 0)) {
    set_go_number(g, key, std::max(*v, floor));
    return std::nullopt;
  }
  const std::string what =
      text ? fmt::format("'{}' is not a whole number from {}", printable(*text), floor) : std::string("needs a value");
  if (key == "movestogo") return fmt::format("go movestogo {}; ignored", what);
  set_go_number(g, key, floor);
  return fmt::format("go {} {}; using {}", key, what, floor);
}

// UCI's rule for what an engine does not understand is to ignore it: an unknown parameter is
// named in a warning and left out, a bad value replaced, and the rest still searches, so that
// every `go` ends in a bestmove.
Command parse_go(const std::vector<std::string>& t) {
  cmd::Go g;
  for (std::size_t i = 1; i < t.size(); ++i) {
    const std::string& key = t[i];
    if (key == "infinite") {
      g.limits.infinite = true;
      continue;
    }
    if (key == "ponder") {
      g.limits.ponder = true;
      continue;
    }
    if (key == "searchmoves") {
      while (i + 1 < t.size() && !is_go_keyword(t[i + 1])) g.searchmoves.push_back(t[++i]);
      continue;
    }
    if (!is_go_keyword(key)) {
      g.warnings.push_back(fmt::format("ignoring unknown go parameter '{}'", printable(key)));
      continue;
    }
    // A value that is itself a keyword was left out: the keyword is read next.
    const std::string* value = i + 1 < t.size() && !is_go_keyword(t[i + 1]) ? &t[++i] : nullptr;
    // perft counts moves and answers no bestmove: a bad depth refuses the whole command.
    if (key == "perft") {
      const auto v = value ? parse_count(*value) : std::nullopt;
      if (!v || *v < 1 || *v > 20) return ParseError{"go perft needs a depth from 1 to 20"};
    }
    if (auto warning = read_go_number(g, key, value)) g.warnings.push_back(*warning);
  }
  return g;
}

}  // namespace

Command parse(std::string_view line) {
  const auto t = tokenize(line);
  if (t.empty()) return cmd::Empty{};
  const std::string& c = t[0];
  if (c == "uci") return cmd::Uci{};
  if (c == "isready") return cmd::IsReady{};
  if (c == "ucinewgame") return cmd::NewGame{};
  if (c == "setoption") return parse_setoption(t);
  if (c == "position") return parse_position(t);
  if (c == "go") return parse_go(t);
  if (c == "stop") return cmd::Stop{};
  if (c == "ponderhit") return cmd::PonderHit{};
  if (c == "quit") return cmd::Quit{};
  if (c == "d") return cmd::Display{};
  if (c == "eval") return cmd::Eval{};
  if (c == "book") return cmd::Book{};
  if (c == "bench") {
    cmd::Bench b;
    if (t.size() > 1) {
      auto v = parse_count(t[1]);
      if (!v || *v < 1 || *v > 64) return ParseError{"bench takes an optional depth from 1 to 64"};
      b.depth = int(*v);
    }
    if (t.size() > 2) {
      auto v = parse_count(t[2]);
      if (!v || *v < 1 || *v > 1024) return ParseError{"bench takes an optional thread count from 1 to 1024"};
      b.threads = int(*v);
    }
    return b;
  }
  if (c == "tree") return cmd::Tree{{t.begin() + 1, t.end()}};
  if (c == "debug" || c == "register") return cmd::Empty{};  // accepted, nothing to do
  return ParseError{fmt::format("unknown command '{}'", printable(c))};
}

}  // namespace vireo::uci
