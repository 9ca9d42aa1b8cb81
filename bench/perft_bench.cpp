// Perft speed on the classic positions, and, where a `stockfish` binary is found on PATH (or
// given as the first argument), the ratio against Stockfish's `go perft` measured in the
// same run. Usage: perft_bench [stockfish-path]
#include <fmt/format.h>
#include <array>
#include <chrono>
#include <cstdio>
#include <string>

#include "vireo/board/perft.h"

namespace {

struct Case {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t expected;
};

constexpr std::array<Case, 3> CASES = {{
    {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661},
}};

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Runs `go perft` in Stockfish and returns its wall time, or a negative value if it failed.
double stockfish_seconds(const std::string& sf, const Case& c) {
  std::string cmd =
      fmt::format("printf 'position fen {}\\ngo perft {}\\nquit\\n' | {} 2>/dev/null", c.fen, c.depth, sf);
  auto start = std::chrono::steady_clock::now();
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  char buf[512];
  std::uint64_t nodes = 0;
  while (fgets(buf, sizeof buf, p)) {
    unsigned long long n = 0;
    if (sscanf(buf, "Nodes searched: %llu", &n) == 1) nodes = n;
  }
  const double s = seconds_since(start);
  pclose(p);
  return nodes == c.expected ? s : -1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string sf = argc > 1 ? argv[1] : "";
  if (sf.empty() && std::system("command -v stockfish >/dev/null 2>&1") == 0) sf = "stockfish";
  if (sf.empty() && std::system("test -x /usr/games/stockfish") == 0) sf = "/usr/games/stockfish";

  double vireo_total = 0, sf_total = 0;
  std::uint64_t nodes_total = 0;
  bool all_right = true;
  fmt::print("{:<10} {:>5} {:>12} {:>9} {:>10} {:>10} {:>7}\n", "position", "depth", "nodes", "Vireo s", "Vireo Mnps",
             "SF Mnps", "ratio");
  for (const Case& c : CASES) {
    vireo::Position pos;
    (void)pos.set_fen(c.fen);
    auto start = std::chrono::steady_clock::now();
    std::uint64_t n = vireo::perft(pos, c.depth);
    const double s = seconds_since(start);
    all_right &= n == c.expected;
    vireo_total += s;
    nodes_total += n;
    const double sf_s = sf.empty() ? -1 : stockfish_seconds(sf, c);
    if (sf_s > 0) sf_total += sf_s;
    fmt::print("{:<10} {:>5} {:>12} {:>9.3f} {:>10.1f} {:>10} {:>7}\n", c.name, c.depth, n, s, n / s / 1e6,
               sf_s > 0 ? fmt::format("{:.1f}", n / sf_s / 1e6) : "-",
               sf_s > 0 ? fmt::format("{:.2f}", sf_s / s) : "-");
  }
  fmt::print("total: {} nodes, Vireo {:.1f} Mnps", nodes_total, nodes_total / vireo_total / 1e6);
  if (sf_total > 0)
    fmt::print(", Stockfish {:.1f} Mnps, Vireo/Stockfish speed ratio {:.2f}", nodes_total / sf_total / 1e6,
               sf_total / vireo_total);
  fmt::print("\n{}\n", all_right ? "all counts correct" : "WRONG COUNTS");
  return all_right ? 0 : 1;
}
