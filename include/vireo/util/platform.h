// What the operating system provides differently on Linux and Windows, behind one interface:
// the rest of Vireo is written in standard C++ and calls these where the standard has no word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace vireo {

// What separates folders in a list of them (SyzygyPath), as in the system's PATH: ':' would
// split a Windows drive letter from its path.
#ifdef _WIN32
inline constexpr char PATH_LIST_SEPARATOR = ';';
#else
inline constexpr char PATH_LIST_SEPARATOR = ':';
#endif

// The machine's physical memory in bytes; 0 where it cannot be told.
std::uint64_t physical_memory_bytes();

// Memory aligned to `alignment` (a power of two), released with free_aligned; null on failure.
void* allocate_aligned(std::size_t alignment, std::size_t bytes);
void free_aligned(void* p);

// Runs `argv[0]` (found on the PATH) with the rest as its arguments, no shell between, so no
// argument needs quoting; true when it ran and exited with status 0.
bool run_program(const std::vector<std::string>& argv);

// Makes standard output write lines ending in "\n" alone, on Windows too, where the C runtime
// would otherwise write "\r\n": a tournament manager that splits the engine's output at "\n"
// (fastchess on Linux driving vireo.exe through Wine) would read "bestmove e2e4\r", an illegal
// move. Windows GUIs and managers read "\n" lines as well. Nothing to do elsewhere.
void use_plain_newlines_on_stdout();

// The running executable's path; where the system cannot say, `argv0` made absolute.
std::filesystem::path executable_path(const char* argv0);

}  // namespace vireo
