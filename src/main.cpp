#include "vireo/uci/uci.h"

int main(int argc, char** argv) { return vireo::uci::main(argc, argv); }
