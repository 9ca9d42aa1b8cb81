// Runs a UCI engine behind pipes (protocol tests, self-play): write lines, read lines
// with a deadline.
#pragma once

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <csignal>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace vireo::test {

class EngineProcess {
 public:
  // Runs `path` with `args` (argv[1] on).
  explicit EngineProcess(const std::string& path, const std::vector<std::string>& args = {}) {
    // The argument vector is built before fork: the child only calls async-signal-safe functions.
    std::vector<char*> argv{const_cast<char*>(path.c_str())};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    int in[2], out[2];
    if (pipe(in) || pipe(out)) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      close(in[1]);
      close(out[0]);
      execv(path.c_str(), argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    std::signal(SIGPIPE, SIG_IGN);
  }
  ~EngineProcess() {
    close(to_);
    close(from_);
    if (!exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }

  // False when the engine is gone (its pipe closed).
  bool send(const std::string& line) {
    std::string s = line + "\n";
    return write(to_, s.data(), s.size()) == ssize_t(s.size());
  }
  pid_t pid() const { return pid_; }
  // True once the engine closed its output: it exited or crashed.
  bool eof() const { return eof_; }

  // The next line, or nullopt when none arrives within `timeout_ms`.
  std::optional<std::string> read_line(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{from_, POLLIN, 0};
      if (poll(&p, 1, int(left)) <= 0) continue;
      char buf[4096];
      const ssize_t n = read(from_, buf, sizeof buf);
      if (n <= 0) {
        eof_ = true;
        return std::nullopt;
      }
      buffer_.append(buf, std::size_t(n));
    }
  }

  // Reads until a line starting with `prefix`; returns it, or nullopt on timeout.
  std::optional<std::string> wait_for(const std::string& prefix, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      auto line = read_line(int(left));
      if (!line) return std::nullopt;
      if (line->rfind(prefix, 0) == 0) return line;
    }
  }

  // Waits for the process to exit; returns its status, or nullopt if it is still running.
  std::optional<int> wait_exit(int timeout_ms) {
    for (int waited = 0; waited <= timeout_ms; waited += 5) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return status;
      }
      usleep(5000);
    }
    return std::nullopt;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  bool exited_ = false;
  bool eof_ = false;
  std::string buffer_;
};

}  // namespace vireo::test
