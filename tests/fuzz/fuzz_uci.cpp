// UCI handling: a fresh engine is fed the input as lines. Every command must be handled with
// at most one error line, and the engine must come out able to stop and quit. Searches are
// bounded by nodes so that each input finishes quickly; commands that only cost time (bench,
// deep perft, huge hash tables) are left out.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <variant>

#include "vireo/uci/uci.h"

namespace {

// The line to hand the engine, or "" to leave it out.
std::string bounded(const std::string& line) {
  const vireo::uci::Command c = vireo::uci::parse(line);
  if (std::holds_alternative<vireo::uci::cmd::Bench>(c)) return "";
  if (const auto* go = std::get_if<vireo::uci::cmd::Go>(&c)) {
    if (go->perft_depth > 3) return "";
    // Drop infinite and ponder (they wait for a stop that may never come) and cap the nodes.
    std::istringstream in(line);
    std::string out, tok;
    while (in >> tok)
      if (tok != "infinite" && tok != "ponder") out += tok + " ";
    return out + "nodes 2000";
  }
  if (const auto* opt = std::get_if<vireo::uci::cmd::SetOption>(&c)) {
    std::string name = opt->name;
    for (char& ch : name) ch = char(std::tolower((unsigned char)ch));
    if (name == "hash") return "";
  }
  return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  std::atomic<int> errors{0};
  vireo::uci::Session session([&](const std::string& out) {
    if (out.rfind("info string error:", 0) == 0) ++errors;
  });
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line);) {
    const std::string fed = bounded(line);
    if (fed.empty()) continue;
    errors = 0;
    const bool go_on = session.handle(fed);
    if (errors > 1) std::abort();
    if (!go_on) break;
  }
  session.handle("stop");
  session.handle("isready");
  return 0;
}
