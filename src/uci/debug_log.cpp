#include "vireo/uci/debug_log.h"

#include <fmt/format.h>
#include <chrono>
#include <ctime>
#include <filesystem>

namespace vireo::uci {

namespace {

// Local wall-clock time to the millisecond, as a person reading the log compares it with
// what the GUI showed.
std::string timestamp() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm local{};
#ifdef _WIN32
  localtime_s(&local, &seconds);
#else
  localtime_r(&seconds, &local);
#endif
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  return fmt::format("{}.{:03}", text, ms);
}

}  // namespace

std::optional<std::string> DebugLog::open(const std::string& path) {
  std::lock_guard lock(mutex_);
  if (path.empty()) {
    file_.close();
    return std::nullopt;
  }
  // Opening a FIFO for writing would wait for a reader; a folder cannot be written at all.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    return fmt::format("debug log '{}' is not a regular file; keeping the log as it was", path);
  std::ofstream fresh(path, std::ios::app);
  if (!fresh) return fmt::format("cannot open debug log '{}' for writing; keeping the log as it was", path);
  file_ = std::move(fresh);
  return std::nullopt;
}

void DebugLog::write(bool incoming, std::string_view line) {
  std::lock_guard lock(mutex_);
  if (!file_.is_open()) return;
  file_ << timestamp() << (incoming ? " >> " : " << ") << line << '\n';
  file_.flush();
}

}  // namespace vireo::uci
