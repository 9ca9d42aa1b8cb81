# Writes a C++ source defining the bytes of IN as `const unsigned char SYMBOL[]` and its size
# as `SYMBOL_size`: how the network ends up inside the executable.
# Usage: cmake -DIN=file -DOUT=file.cpp -DSYMBOL=name -P EmbedFile.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}" "// Generated from ${IN} by cmake/EmbedFile.cmake; do not edit.\n"
  "extern \"C\" {\n"
  "extern const unsigned char ${SYMBOL}[];\n"
  "extern const unsigned long ${SYMBOL}_size;\n"
  "alignas(64) const unsigned char ${SYMBOL}[] = {${bytes}};\n"
  "const unsigned long ${SYMBOL}_size = ${size};\n"
  "}\n")
