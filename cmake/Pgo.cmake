# Profile-guided optimisation and link-time optimisation of the engine.
#
# With VIREO_PGO on, the build first makes an instrumented copy of the engine in
# <build>/pgo-instrumented (this same project, configured with VIREO_PGO_GENERATE), runs its
# `bench` to record where the time goes, and compiles vireo_core and the engine with that
# profile. Profiles are matched by object path below each build folder (-fprofile-prefix-path),
# which is the same in both builds. The profile is made again only when the instrumented engine
# was relinked, i.e. when a source changed.
#
# It needs GCC (clang's profiles need llvm-profdata) and an engine that runs on the build
# machine: a cross build, a sanitizer build or a debug build goes without it, and if the
# instrumented engine cannot run here (a CPU level above this machine's), the engine is built
# without a profile and the build says so.
#
# PGO is off unless asked for: on 2026-12-07 (GCC 12.2, AMD EPYC with AVX-512, main `9a44f75`)
# the profiled engine searched 10.8 % fewer nodes a second than the same engine with LTO alone
# (docs/build-speed.md); LTO stays on.
include(CheckCXXCompilerFlag)
include(CheckIPOSupported)

set(VIREO_PGO_GENERATE "" CACHE PATH "Internal: build an instrumented engine that writes its profile to this folder")
mark_as_advanced(VIREO_PGO_GENERATE)

set(pgo_possible OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT CMAKE_CROSSCOMPILING AND VIREO_SANITIZE STREQUAL ""
   AND CMAKE_BUILD_TYPE STREQUAL "Release" AND NOT VIREO_BUILD_FUZZERS)
  check_cxx_compiler_flag("-fprofile-prefix-path=${CMAKE_BINARY_DIR}" VIREO_HAS_PROFILE_PREFIX_PATH)
  if(VIREO_HAS_PROFILE_PREFIX_PATH)
    set(pgo_possible ON)
  endif()
endif()
option(VIREO_PGO "Optimise the engine with a profile of its own bench (GCC, native builds)" OFF)
if(VIREO_PGO AND NOT pgo_possible AND NOT VIREO_PGO_GENERATE)
  message(STATUS "VIREO_PGO: not possible with this compiler or build type; building without a profile")
  set(VIREO_PGO OFF CACHE BOOL "" FORCE)
endif()

# LTO lets the compiler inline across files (search into eval, movegen into search). Only the
# engine is linked with it: vireo_core's objects also carry ordinary code (fat LTO objects), which
# the tests and tools link without the cost of a link-time optimisation each.
option(VIREO_LTO "Link-time optimisation of the engine (Release, GCC)" ON)
if(VIREO_LTO AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_BUILD_TYPE STREQUAL "Release"
   AND VIREO_SANITIZE STREQUAL "")
  check_ipo_supported(RESULT vireo_ipo_ok OUTPUT vireo_ipo_why LANGUAGES CXX)
  if(vireo_ipo_ok)
    target_compile_options(vireo_core PRIVATE -flto=auto -ffat-lto-objects)
    target_compile_options(vireo PRIVATE -flto=auto)
    target_link_options(vireo PRIVATE -flto=auto)
  else()
    message(STATUS "VIREO_LTO: not supported here (${vireo_ipo_why}); building without it")
  endif()
endif()

set(pgo_common -fprofile-prefix-path=${CMAKE_BINARY_DIR} -fprofile-update=prefer-atomic)
if(VIREO_PGO_GENERATE)
  target_compile_options(vireo_core PUBLIC -fprofile-generate=${VIREO_PGO_GENERATE} ${pgo_common})
  target_link_options(vireo_core PUBLIC -fprofile-generate=${VIREO_PGO_GENERATE})
elseif(VIREO_PGO)
  include(ExternalProject)
  # The outer build waits for this one, so it may use every core (make's jobserver does not
  # reach through `cmake --build`).
  cmake_host_system_information(RESULT pgo_jobs QUERY NUMBER_OF_LOGICAL_CORES)
  set(pgo_dir "${CMAKE_BINARY_DIR}/pgo-profile")
  set(pgo_build "${CMAKE_BINARY_DIR}/pgo-instrumented")
  ExternalProject_Add(vireo_pgo_instrumented
    SOURCE_DIR "${CMAKE_SOURCE_DIR}"
    BINARY_DIR "${pgo_build}"
    PREFIX "${CMAKE_BINARY_DIR}/pgo-external"
    CMAKE_ARGS -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
               -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER} -DVIREO_PGO=OFF -DVIREO_PGO_GENERATE=${pgo_dir}
               -DVIREO_ARCH=${VIREO_ARCH} -DVIREO_NET=${VIREO_NET} -DVIREO_NNUE_HIDDEN=${VIREO_NNUE_HIDDEN}
               -DVIREO_STATIC=${VIREO_STATIC} -DVIREO_LTO=${VIREO_LTO}
               -DVIREO_BUILD_TESTS=OFF -DVIREO_BUILD_BENCH=OFF
    BUILD_COMMAND ${CMAKE_COMMAND} --build "${pgo_build}" --target vireo --parallel ${pgo_jobs}
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS "${pgo_build}/vireo"
    INSTALL_COMMAND ""
    LOG_CONFIGURE ON)
  set(pgo_stamp "${pgo_dir}/profile.stamp")
  add_custom_command(OUTPUT "${pgo_stamp}"
    COMMAND "${CMAKE_COMMAND}" -DENGINE=${pgo_build}/vireo -DPROFILE_DIR=${pgo_dir} -DSTAMP=${pgo_stamp}
            -P "${CMAKE_CURRENT_SOURCE_DIR}/cmake/PgoProfile.cmake"
    DEPENDS "${pgo_build}/vireo" vireo_pgo_instrumented "${CMAKE_CURRENT_SOURCE_DIR}/cmake/PgoProfile.cmake"
    COMMENT "PGO: profiling the instrumented engine's bench")
  add_custom_target(vireo_pgo_profile DEPENDS "${pgo_stamp}")
  add_dependencies(vireo_core vireo_pgo_profile)
  # Every object is compiled again when the profile changes.
  get_target_property(core_sources vireo_core SOURCES)
  # Generated sources lie in each build folder, so their paths (part of GCC's check that a
  # profile fits its function) differ between the two builds; they hold no hot code.
  set_source_files_properties("${version_cpp}" "${embedded_net_cpp}" PROPERTIES COMPILE_OPTIONS -fno-profile-use)
  set_source_files_properties(${core_sources} src/main.cpp src/cpu_check.cpp PROPERTIES OBJECT_DEPENDS "${pgo_stamp}")
  # -fprofile-partial-training: code the bench never reaches (the tools, Chess960 castling, the
  # book) is optimised as usual rather than for size.
  target_compile_options(vireo_core PUBLIC -fprofile-use=${pgo_dir} -fprofile-partial-training
                         -Wno-missing-profile ${pgo_common})
  target_link_options(vireo_core PUBLIC -fprofile-use=${pgo_dir})
endif()
