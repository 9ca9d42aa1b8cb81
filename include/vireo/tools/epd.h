// `vireo epd`: runs test suites in EPD (WAC, Bratko-Kopec, ...) through the engine that plays,
// and says which positions it solves and how fast.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "vireo/engine/engine.h"

namespace vireo {

// One EPD line: a position and what solves it. `best` (bm): playing any of them solves it;
// `avoid` (am): playing none of them does. Moves may be written in SAN or UCI.
struct EpdPosition {
  std::string fen;
  std::string id;  // the `id` operation, or the line number
  std::vector<Move> best, avoid;
  bool solved_by(Move m) const;
};

// Parses a line (4 FEN fields, then `opcode operands;` operations); the error names what is
// wrong: a bad FEN, a move that is not legal there, no bm or am.
std::variant<EpdPosition, std::string> parse_epd(std::string_view line, int line_number);

struct EpdResult {
  Move played;
  bool solved = false;
  // When the engine's best move became a solving one and stayed one, in ms; -1: never.
  TimePoint solved_after_ms = -1;
  int depth = 0;
  std::uint64_t nodes = 0;
  TimePoint ms = 0;
};

// Searches the position under `limits` with `engine` (its listeners are replaced).
EpdResult run_epd_position(Engine& engine, const EpdPosition& p, const Limits& limits);

// The command line: vireo epd FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--csv].
inline constexpr const char* EPD_USAGE = "FILE [--movetime MS | --depth N | --nodes N] [--threads N] [--csv]";
int epd_main(const std::vector<std::string>& args);

}  // namespace vireo
