// The UCI text layer: each input line is parsed into a typed command (testable without
// stdin), validated, then applied to the Engine. All output goes through one sink.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "vireo/engine.h"
#include "vireo/options.h"

namespace vireo::uci {

namespace cmd {
struct Uci {};
struct IsReady {};
struct NewGame {};
struct SetOption { std::string name, value; };
struct SetPosition {
  std::optional<std::string> fen;  // nullopt: startpos
  std::vector<std::string> moves;
};
struct Go {
  Limits limits;                         // searchmoves filled in when the position is known
  std::vector<std::string> searchmoves;
  int perft_depth = 0;                   // `go perft N`
};
struct Stop {};
struct PonderHit {};
struct Quit {};
struct Display {};
struct Eval {};
struct Bench { int depth = 0; };
struct Empty {};
}  // namespace cmd

struct ParseError {
  std::string message;
};

using Command = std::variant<cmd::Uci, cmd::IsReady, cmd::NewGame, cmd::SetOption, cmd::SetPosition, cmd::Go, cmd::Stop,
                             cmd::PonderHit, cmd::Quit, cmd::Display, cmd::Eval, cmd::Bench, cmd::Empty, ParseError>;

Command parse(std::string_view line);

// Formats a score as UCI does: `cp N` or `mate N` (moves, negative when getting mated).
std::string format_score(int score);
std::string format_info(const SearchInfo& info);
std::string format_bestmove(const SearchResult& result);

class Session {
 public:
  using Output = std::function<void(const std::string&)>;

  explicit Session(Output out);
  ~Session();

  // Handles one line; returns false after `quit`.
  bool handle(std::string_view line);
  const Engine& engine() const { return engine_; }

 private:
  void apply(const cmd::Uci&);
  void apply(const cmd::IsReady&);
  void apply(const cmd::NewGame&);
  void apply(const cmd::SetOption&);
  void apply(const cmd::SetPosition&);
  void apply(const cmd::Go&);
  void apply(const cmd::Stop&);
  void apply(const cmd::PonderHit&);
  void apply(const cmd::Display&);
  void apply(const cmd::Eval&);
  void apply(const cmd::Bench&);
  void error(const std::string& message);
  void register_options();

  Output out_;
  Engine engine_;
  OptionRegistry options_;
};

// Runs the UCI loop on stdin/stdout; with arguments, runs them as one command and exits.
int main(int argc, char** argv);

}  // namespace vireo::uci
