// The UCI commands as typed values: each input line is parsed into one (or a ParseError), so
// that parsing is tested without stdin and bad input is refused in one place; the Session
// (uci.h) then applies it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "vireo/search/timeman.h"

namespace vireo::uci {

namespace cmd {
struct Uci {};
struct IsReady {};
struct NewGame {};
struct SetOption {
  std::string name, value;
};
struct SetPosition {
  std::optional<std::string> fen;  // nullopt: startpos
  std::vector<std::string> moves;
};
struct Go {
  Limits limits;  // searchmoves filled in when the position is known
  std::vector<std::string> searchmoves;
  int perft_depth = 0;                // `go perft N`
  std::vector<std::string> warnings;  // parameters ignored, and why
};
struct Stop {};
struct PonderHit {};
struct Quit {};
struct Display {};
struct Eval {};
struct Bench {
  int depth = 0;
  int threads = 1;
};
struct Book {};
// The search-tree explorer from the current position (arguments as tree.h's TREE_USAGE).
struct Tree {
  std::vector<std::string> args;
};
struct Empty {};
}  // namespace cmd

struct ParseError {
  std::string message;
};

using Command = std::variant<cmd::Uci, cmd::IsReady, cmd::NewGame, cmd::SetOption, cmd::SetPosition, cmd::Go, cmd::Stop,
                             cmd::PonderHit, cmd::Quit, cmd::Display, cmd::Eval, cmd::Bench, cmd::Book, cmd::Tree,
                             cmd::Empty, ParseError>;

Command parse(std::string_view line);

// Input echoed in a message: cut short, control and non-ASCII bytes shown as '?'.
std::string printable(const std::string& text);

}  // namespace vireo::uci
