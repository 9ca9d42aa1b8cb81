// Files the user names: checked before they are opened, and written so that a reader never
// sees half a file.
#pragma once

#include <fstream>
#include <optional>
#include <string>
#include <string_view>

namespace vireo {

// Opens `path`, a `what` ("book file"), into `in` for reading; the error says why not: it does
// not exist, cannot be read, or is not a regular file. A FIFO would block the open until a
// writer came, and a folder reads as empty: both are refused before any open.
std::optional<std::string> open_input_file(std::ifstream& in, const std::string& path, std::string_view what,
                                           std::ios::openmode mode = std::ios::in);

// Writes `bytes` to `path` through `path`.tmp, renamed over `path` once complete and flushed:
// a crash leaves the old file, and a reader that has the old file open keeps reading it.
std::optional<std::string> write_file_atomically(const std::string& path, std::string_view bytes,
                                                 std::string_view what);

}  // namespace vireo
