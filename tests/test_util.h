// Helpers shared by the test files: positions from FEN, reading the perft suites under tests/data,
// scratch files, Polyglot books written entry by entry.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <iterator>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "vireo/board/position.h"
#include "vireo/search/timeman.h"

namespace vireo::test {

// The position of a FEN the test relies on; a bad FEN fails the test, naming the error.
inline Position from_fen(const std::string& fen) {
  Position pos;
  auto err = pos.set_fen(fen);
  INFO(fen << ": " << err.value_or(""));
  REQUIRE_FALSE(err.has_value());
  return pos;
}

// Search limits of a fixed depth.
inline Limits depth_limit(int d) {
  Limits l;
  l.depth = d;
  return l;
}

struct PerftCase {
  std::string fen;
  std::vector<std::uint64_t> counts;  // counts[d - 1] = perft(d)
};

// Lines of the form `FEN ;D1 n ;D2 n ...`.
inline std::vector<PerftCase> load_perft_suite(const std::string& name) {
  std::ifstream in(std::string(VIREO_TEST_DATA_DIR) + "/" + name);
  if (!in) throw std::runtime_error("cannot open test data " + name);
  std::vector<PerftCase> out;
  for (std::string line; std::getline(in, line);) {
    auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    PerftCase c{line.substr(0, semi), {}};
    std::istringstream rest(line.substr(semi));
    for (std::string tok; std::getline(rest, tok, ';');) {
      if (tok.empty()) continue;
      std::istringstream f(tok);
      std::string depth;
      std::uint64_t n = 0;
      f >> depth >> n;
      c.counts.push_back(n);
    }
    out.push_back(c);
  }
  return out;
}

// This test process's own scratch folder, made empty at first use and removed at exit. ctest runs
// each test case in its own process and PIDs are reused (a container's small PID space runs
// through them within one CI run), so the folder's name adds a random number to the PID, and a
// folder left by an earlier process cannot hand a test files it did not write.
class ScratchFolder {
 public:
  ScratchFolder()
      : dir_(std::filesystem::temp_directory_path() /
             ("vireo-test-" + std::to_string(::getpid()) + "-" + std::to_string(std::random_device{}()))) {
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return dir_; }

 private:
  std::filesystem::path dir_;
};

// A file `name` in the process's scratch folder; nothing is there before a test writes it, unless
// an earlier test case of the same process did.
inline std::filesystem::path temp_path(const std::string& name) {
  static const ScratchFolder folder;
  return folder.path() / name;
}

// temp_path(name) with no file there: for a test that writes `name` and must not find an
// earlier test case's file when the whole binary runs in one process.
inline std::string fresh_temp_path(const std::string& name) {
  const auto path = temp_path(name);
  std::filesystem::remove(path);
  return path.string();
}

// A whole file's bytes ("" when it cannot be read).
inline std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A FIFO `name` in the scratch folder, made afresh: a file whose open blocks until a writer
// comes, which the loaders must refuse.
inline std::filesystem::path make_fifo(const std::string& name) {
  const std::filesystem::path fifo = temp_path(name);
  std::filesystem::remove(fifo);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  return fifo;
}

// What `load` (which opens `fifo`) returns; a load still waiting after 5 s fails the test, and
// is let through by opening and closing the FIFO's writing end, so the test ends rather than hangs.
inline std::optional<std::string> load_without_blocking(const std::filesystem::path& fifo,
                                                        const std::function<std::optional<std::string>()>& load) {
  auto result = std::async(std::launch::async, load);
  if (result.wait_for(std::chrono::seconds(5)) == std::future_status::timeout) {
    FAIL_CHECK("the load blocked on the FIFO " << fifo);
    const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (writer >= 0) ::close(writer);
  }
  return result.get();
}

// A Polyglot book entry as the file holds it (book.h).
struct RawEntry {
  std::uint64_t key;
  std::uint16_t move, weight;
  std::uint32_t learn;
};

inline void write_book(const std::filesystem::path& path, const std::vector<RawEntry>& entries) {
  std::ofstream out(path, std::ios::binary);
  for (const RawEntry& e : entries) {
    unsigned char b[16];
    for (int i = 0; i < 8; ++i) b[i] = (unsigned char)(e.key >> (56 - 8 * i));
    b[8] = (unsigned char)(e.move >> 8), b[9] = (unsigned char)e.move;
    b[10] = (unsigned char)(e.weight >> 8), b[11] = (unsigned char)e.weight;
    for (int i = 0; i < 4; ++i) b[12 + i] = (unsigned char)(e.learn >> (24 - 8 * i));
    out.write(reinterpret_cast<char*>(b), 16);
  }
}

}  // namespace vireo::test
