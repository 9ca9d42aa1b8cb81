# VIREO_SANITIZE applies to every target, so the library, the engine the protocol tests start
# and the tests themselves are all instrumented alike.
if(VIREO_SANITIZE STREQUAL "address")
  # UBSan findings abort like ASan ones, so a test run cannot pass over them.
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
elseif(VIREO_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(NOT VIREO_SANITIZE STREQUAL "")
  message(FATAL_ERROR "VIREO_SANITIZE must be address, thread or empty, not '${VIREO_SANITIZE}'")
endif()

# The fuzz targets steer by coverage, so the code they reach must carry the instrumentation.
if(VIREO_BUILD_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

# Tests that measure memory use know when a sanitizer's allocator holds freed memory back.
if(NOT VIREO_SANITIZE STREQUAL "")
  add_compile_definitions(VIREO_SANITIZED)
endif()
