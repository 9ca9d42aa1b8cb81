#include "vireo/cli/cli.h"

#include <fmt/format.h>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <vector>

#include "vireo/book/book_learn.h"
#include "vireo/tools/bench.h"
#include "vireo/tools/datagen.h"
#include "vireo/tools/epd.h"
#include "vireo/tools/makebook.h"
#include "vireo/tools/stats.h"
#include "vireo/tools/tree.h"
#include "vireo/tools/tunables.h"
#include "vireo/tools/usage.h"
#include "vireo/uci/uci.h"
#include "vireo/util/platform.h"
#include "vireo/util/version.h"

namespace vireo::cli {

std::string find_default_book(const char* argv0) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir = executable_path(argv0).parent_path();
  // Beside the executable, in a source tree's books/ above a build directory, and installed.
  // Last, the source tree the executable was built from, wherever its build folder is.
  const fs::path candidates[] = {dir / "vireo.bin",
                                 dir / "books" / "vireo.bin",
                                 dir.parent_path() / "books" / "vireo.bin",
                                 dir.parent_path() / "share" / "vireo" / "vireo.bin",
                                 fs::path(VIREO_INSTALL_BOOK),
                                 fs::path(VIREO_SOURCE_BOOK)};
  for (const auto& c : candidates)
    if (fs::is_regular_file(c, ec)) return c.string();
  return "";
}

namespace {

constexpr const char* BOOK_USAGE = "learn --show FILE";
constexpr const char* BENCH_USAGE = "[DEPTH [THREADS]]";

// `vireo book learn --show FILE`: what book learning has learned.
int book_main(const std::vector<std::string>& args) {
  if (args.size() != 3 || args[0] != "learn" || args[1] != "--show")
    return usage_error("book", "the only book command is 'learn --show FILE'", BOOK_USAGE);
  BookLearning learning;
  if (auto err = learning.load(args[2])) {
    std::fprintf(stderr, "book: error: %s\n", err->c_str());
    return 1;
  }
  for (const std::string& line : describe_learning(learning)) std::printf("%s\n", line.c_str());
  return 0;
}

void print_help(std::FILE* to) {
  fmt::print(
      to,
      "usage: vireo [SUBCOMMAND]\n"
      "With no subcommand Vireo speaks UCI on stdin and stdout (for GUIs and tournament managers).\n"
      "  bench [DEPTH [THREADS]]  search the bench positions (default depth {}, 1 thread);\n"
      "                           prints nodes and nodes/second\n"
      "  makebook ...             build a Polyglot opening book from PGN games (vireo makebook --help)\n"
      "  book learn --show FILE   list what book learning has learned\n"
      "  datagen ...              play self-play games and record training positions (vireo datagen --help)\n"
      "  epd FILE ...             run a test suite: [--movetime MS | --depth N | --nodes N] [--threads N] [--csv]\n"
      "  stats [DEPTH] ...        search statistics over the bench positions: [--csv] [--svg FILE] [--hce]\n"
      "  tree ...                 draw a small search's tree, or compare node counts: [--fen FEN] [--moves M...]\n"
      "                           [--depth 1-5] [--nodes N] [--dot|--svg|--html FILE] [--max-drawn N] [--compare]\n"
      "  tunables                 the search's tunable constants, in OpenBench's SPSA format\n"
      "  help                     this list; vireo SUBCOMMAND --help: that subcommand's usage\n"
      "  --version                the version, as `id name` gives it\n",
      BENCH_DEFAULT_DEPTH);
}

// Each line to stdout whole and at once, whichever thread prints it.
void print_line(const std::string& line) {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

// bench as the UCI command runs it; the UCI parser's refusal is a usage error.
int bench_main(const std::vector<std::string>& args) {
  const std::string command = args.empty() ? "bench" : fmt::format("bench {}", fmt::join(args, " "));
  if (const uci::Command c = uci::parse(command); const auto* e = std::get_if<uci::ParseError>(&c))
    return usage_error("bench", e->message, BENCH_USAGE);
  uci::Session session(print_line);
  session.handle(command);
  return 0;
}

struct Subcommand {
  const char* name;
  const char* usage;
  int (*run)(const std::vector<std::string>&);
};

constexpr Subcommand SUBCOMMANDS[] = {
    {"bench", BENCH_USAGE, bench_main}, {"makebook", MAKEBOOK_USAGE, makebook_main},
    {"book", BOOK_USAGE, book_main},    {"datagen", DATAGEN_USAGE, datagen_main},
    {"epd", EPD_USAGE, epd_main},       {"stats", STATS_USAGE, stats_main},
    {"tree", TREE_USAGE, tree_main},    {"tunables", TUNABLES_USAGE, tunables_main},
};

bool asks_help(const std::string& arg) { return arg == "--help" || arg == "-h"; }

// `vireo SUBCOMMAND ...`: the subcommand's exit status.
int run_subcommand(const std::vector<std::string>& args) {
  const std::string& sub = args[0];
  if (sub == "help" || asks_help(sub)) {
    print_help(stdout);
    return 0;
  }
  if (sub == "--version" || sub == "version") {
    std::printf("Vireo %s\n", version());
    return 0;
  }
  for (const Subcommand& c : SUBCOMMANDS) {
    if (sub != c.name) continue;
    if (args.size() == 2 && asks_help(args[1])) {
      std::printf("usage: vireo %s %s\n", c.name, c.usage);
      return 0;
    }
    return c.run({args.begin() + 1, args.end()});
  }
  std::fprintf(stderr, "vireo: unknown subcommand '%s'\n", sub.c_str());
  print_help(stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty()) return run_subcommand(args);
  uci::Session session(print_line, find_default_book(argv[0]));
  for (std::string line; std::getline(std::cin, line);)
    if (!session.handle(line)) return 0;
  return 0;
}

}  // namespace vireo::cli
