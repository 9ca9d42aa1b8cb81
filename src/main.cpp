#include "vireo/cli/cli.h"
#include "vireo/util/platform.h"

int main(int argc, char** argv) {
  // Before any output, so that every line the engine writes ends the same way on every system.
  vireo::use_plain_newlines_on_stdout();
  return vireo::cli::main(argc, argv);
}
