#include "vireo/util/files.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <system_error>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace vireo {

namespace {

// Pushes what was written to the disk, so that the rename never publishes a file the system
// has not stored yet.
bool sync_to_disk(std::FILE* f) {
  if (std::fflush(f) != 0) return false;
#ifdef _WIN32
  return ::_commit(::_fileno(f)) == 0;
#else
  return ::fsync(::fileno(f)) == 0;
#endif
}

}  // namespace

std::optional<std::string> open_input_file(std::ifstream& in, const std::string& path, std::string_view what,
                                           std::ios::openmode mode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!ec && fs::exists(status) && !fs::is_regular_file(status))
    return fmt::format("{} '{}' is not a regular file", what, path);
  if (!ec) in.open(path, mode | std::ios::in);
  if (ec || !in.is_open()) return fmt::format("cannot open {} '{}'", what, path);
  return std::nullopt;
}

std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes,
                                                 std::string_view what) {
  namespace fs = std::filesystem;
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return fmt::format("cannot write {} '{}'", what, tmp);
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && sync_to_disk(f);
  const bool closed = std::fclose(f) == 0;
  std::error_code ec;
  // filesystem::rename replaces an existing file on every system (std::rename does not on Windows).
  if (written && closed) fs::rename(tmp, path, ec);
  if (!written || !closed || ec) {
    fs::remove(tmp, ec);
    return fmt::format("cannot write {} '{}'", what, path);
  }
  return std::nullopt;
}

}  // namespace vireo
