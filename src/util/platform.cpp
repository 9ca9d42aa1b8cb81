#include "vireo/util/platform.h"

#include <cstdlib>
#include <system_error>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#include <malloc.h>
#include <process.h>
#include <windows.h>
#else
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
extern char** environ;
#endif

namespace vireo {

#ifdef _WIN32

std::uint64_t physical_memory_bytes() {
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  return GlobalMemoryStatusEx(&status) ? status.ullTotalPhys : 0;
}

void* allocate_aligned(std::size_t alignment, std::size_t bytes) { return _aligned_malloc(bytes, alignment); }

void use_plain_newlines_on_stdout() { _setmode(_fileno(stdout), _O_BINARY); }

void free_aligned(void* p) { _aligned_free(p); }

bool run_program(const std::vector<std::string>& argv) {
  // The C runtime joins the arguments into one command line: each is quoted so that spaces in
  // a file name survive (names with quotes in them are not expected here).
  std::vector<std::string> quoted;
  for (const std::string& a : argv) quoted.push_back('"' + a + '"');
  std::vector<const char*> args;
  for (const std::string& a : quoted) args.push_back(a.c_str());
  args.push_back(nullptr);
  return _spawnvp(_P_WAIT, argv[0].c_str(), args.data()) == 0;
}

std::filesystem::path executable_path(const char* argv0) {
  wchar_t buffer[32768];
  const DWORD n = GetModuleFileNameW(nullptr, buffer, DWORD(std::size(buffer)));
  if (n > 0 && n < std::size(buffer)) return std::filesystem::path(std::wstring(buffer, n));
  std::error_code ec;
  return std::filesystem::absolute(argv0, ec);
}

#else

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page_size > 0 ? std::uint64_t(pages) * std::uint64_t(page_size) : 0;
}

void* allocate_aligned(std::size_t alignment, std::size_t bytes) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  return std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
}

void free_aligned(void* p) { std::free(p); }

void use_plain_newlines_on_stdout() {}

bool run_program(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0) return false;
  int status = 0;
  return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

std::filesystem::path executable_path(const char* argv0) {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) exe = std::filesystem::absolute(argv0, ec);
  return exe;
}

#endif

}  // namespace vireo
