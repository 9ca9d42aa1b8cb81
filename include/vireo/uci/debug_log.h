// `Debug Log File`: the whole UCI conversation, both ways, each line with the time it passed,
// appended to a file. It is how a user shows what a GUI and the engine said to each other.
#pragma once

#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace vireo::uci {

class DebugLog {
 public:
  // Logs to `path` from now on, appending; "" stops logging. A file that cannot be written
  // (a folder, a FIFO, no permission) is refused and the log stays as it was.
  std::optional<std::string> open(const std::string& path);
  // A line the GUI sent (`incoming`) or the engine wrote; a no-op while no file is open.
  // Safe from any thread: the search thread writes its own lines.
  void write(bool incoming, std::string_view line);

 private:
  std::mutex mutex_;
  std::ofstream file_;
};

}  // namespace vireo::uci
