// The program's command line, above the UCI protocol and the tools: with no arguments Vireo
// speaks UCI on stdin and stdout; with some it runs one subcommand (bench, makebook, book,
// datagen, epd, stats, tree) and exits with its status.
#pragma once

#include <string>

namespace vireo::cli {

// The shipped book, looked for beside the executable and under the install prefix; "" if absent.
std::string find_default_book(const char* argv0);

int main(int argc, char** argv);

}  // namespace vireo::cli
