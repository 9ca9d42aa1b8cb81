// The UCI text layer: each input line is parsed into a typed command (command.h), validated,
// then applied to the Engine. All output goes through one sink.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "vireo/book/book_player.h"
#include "vireo/engine/engine.h"
#include "vireo/engine/options.h"
#include "vireo/uci/command.h"
#include "vireo/uci/debug_log.h"

namespace vireo::uci {

// Formats a score as UCI does: `cp N` or `mate N` (moves, negative when getting mated).
std::string format_score(int score);
// Moves are written for the search's root position, in Chess960 notation or not (move_to_uci).
// `show_wdl`: add `wdl W D L` (UCI_ShowWDL) after the score.
std::string format_info(const SearchInfo& info, const Position& root, bool chess960, bool show_wdl = false);
std::string format_bestmove(const SearchResult& result, const Position& root, bool chess960);

class Session {
 public:
  using Output = std::function<void(const std::string&)>;

  // `default_book`: the book file OwnBook uses until BookFile names another ("" for none).
  explicit Session(Output out, std::string default_book = "");
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
  void apply(const cmd::Tree&);
  void apply(const cmd::Book&);
  std::optional<BookOffer> offer_book_move(const cmd::Go& c, const Limits& limits);
  void report_book(const BookVerdict& v);
  std::optional<std::string> load_learning(const std::string& file);
  std::optional<std::string> load_network(const std::string& file);
  std::optional<std::string> load_tablebases(const std::string& paths);
  void error(const std::string& message);
  void register_options();
  void register_engine_options();
  void register_book_options();
  void register_evaluation_options();

  DebugLog log_;
  Output out_;  // writes to the GUI and the debug log
  Engine engine_;
  SearchSettings settings_;  // the search options' values, handed over with each `go`
  OptionRegistry options_;
  std::string default_book_;  // the shipped book, BookFile's default
  BookPlayer book_;
  BookSettings book_settings_;  // the book options' values, read at each `go`
  // The offered book move's line, printed when the engine plays it; set before each `go`.
  std::string book_note_;
  std::shared_ptr<const nnue::Network> network_ = nnue::embedded_network();  // EvalFile's net
  std::atomic<bool> chess960_ = false;  // UCI_Chess960; the search thread reads it to print moves
  std::atomic<bool> show_wdl_ = false;  // UCI_ShowWDL, read by the search thread too
};

}  // namespace vireo::uci
