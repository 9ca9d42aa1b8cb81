#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "test_util.h"
#include "vireo/util/files.h"

using namespace vireo;
using vireo::test::temp_path;
namespace fs = std::filesystem;

TEST_CASE("input files: missing, folders and FIFOs are refused before any open", "[files]") {
  std::ifstream in;
  const fs::path missing = temp_path("no-such-file");
  fs::remove(missing);
  CHECK(open_input_file(in, missing.string(), "test file") == "cannot open test file '" + missing.string() + "'");
  const fs::path folder = temp_path("a-folder");
  fs::create_directories(folder);
  CHECK(open_input_file(in, folder.string(), "test file") ==
        "test file '" + folder.string() + "' is not a regular file");
  const fs::path fifo = test::make_fifo("input.fifo");
  const auto err = test::load_without_blocking(fifo, [&] { return open_input_file(in, fifo.string(), "test file"); });
  CHECK(err == "test file '" + fifo.string() + "' is not a regular file");
  CHECK_FALSE(in.is_open());
  const fs::path file = temp_path("regular.txt");
  std::ofstream(file) << "text";
  REQUIRE_FALSE(open_input_file(in, file.string(), "test file"));
  std::string word;
  CHECK((in >> word && word == "text"));
}

TEST_CASE("a file written atomically replaces the old one whole; an open reader keeps the old", "[files]") {
  const fs::path file = temp_path("atomic.txt");
  REQUIRE_FALSE(write_file_atomically(file.string(), "old contents", "test file"));
  std::ifstream reader(file);
  REQUIRE_FALSE(write_file_atomically(file.string(), "new", "test file"));
  CHECK_FALSE(fs::exists(file.string() + ".tmp"));
  std::string word;
  CHECK((reader >> word && word == "old"));
  CHECK(test::file_bytes(file) == "new");
  const fs::path folder = temp_path("atomic-folder");
  fs::create_directories(folder);
  CHECK(write_file_atomically(folder.string(), "x", "test file") == "cannot write test file '" + folder.string() + "'");
  CHECK_FALSE(fs::exists(folder.string() + ".tmp"));
  CHECK(write_file_atomically("/nonexistent-dir/x", "x", "test file").has_value());
}
