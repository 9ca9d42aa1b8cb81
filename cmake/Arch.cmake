# Maps VIREO_ARCH to compiler flags, the USE_PEXT / USE_POPCNT defines, and the CPU features the
# start-up check (src/cpu_check.cpp) requires: a native build runs where it was built, unchecked.
#
# PEXT is only a win where the CPU implements it in hardware: AMD Zen 1 and Zen 2 (family 0x17)
# microcode it at ~250 cycles, so `native` leaves it off there and magic multiplication is used.

set(VIREO_ARCH_FLAGS "")
set(VIREO_ARCH_DEFINES "")
set(VIREO_CPU_FEATURES "")

function(vireo_cpu_is_zen12 out)
  set(${out} FALSE PARENT_SCOPE)
  if(EXISTS /proc/cpuinfo)
    file(STRINGS /proc/cpuinfo vendor LIMIT_COUNT 1 REGEX "^vendor_id")
    file(STRINGS /proc/cpuinfo family LIMIT_COUNT 1 REGEX "^cpu family")
    if(vendor MATCHES "AuthenticAMD" AND family MATCHES ": 23$")
      set(${out} TRUE PARENT_SCOPE)
    endif()
  endif()
endfunction()

if(VIREO_ARCH STREQUAL "native")
  set(VIREO_ARCH_FLAGS -march=native)
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -march=native)
  check_cxx_source_compiles("
    #ifndef __BMI2__
    #error no bmi2
    #endif
    int main() { return 0; }" VIREO_NATIVE_HAS_BMI2)
  check_cxx_source_compiles("
    #ifndef __POPCNT__
    #error no popcnt
    #endif
    int main() { return 0; }" VIREO_NATIVE_HAS_POPCNT)
  unset(CMAKE_REQUIRED_FLAGS)
  vireo_cpu_is_zen12(zen12)
  if(VIREO_NATIVE_HAS_BMI2 AND NOT zen12)
    list(APPEND VIREO_ARCH_DEFINES USE_PEXT)
  endif()
  if(VIREO_NATIVE_HAS_POPCNT)
    list(APPEND VIREO_ARCH_DEFINES USE_POPCNT)
  endif()
elseif(VIREO_ARCH STREQUAL "x86-64-avx512")
  set(VIREO_ARCH_FLAGS -march=x86-64-v4 -mtune=generic)
  set(VIREO_ARCH_DEFINES USE_PEXT USE_POPCNT)
  set(VIREO_CPU_FEATURES popcnt sse4.2 avx2 bmi2 avx512f avx512bw avx512dq avx512vl)
elseif(VIREO_ARCH STREQUAL "x86-64-bmi2")
  set(VIREO_ARCH_FLAGS -march=haswell)
  set(VIREO_ARCH_DEFINES USE_PEXT USE_POPCNT)
  set(VIREO_CPU_FEATURES popcnt sse4.2 avx2 bmi2)
elseif(VIREO_ARCH STREQUAL "x86-64-popcnt")
  set(VIREO_ARCH_FLAGS -march=x86-64 -msse4.2 -mpopcnt)
  set(VIREO_ARCH_DEFINES USE_POPCNT)
  set(VIREO_CPU_FEATURES popcnt sse4.2)
elseif(VIREO_ARCH STREQUAL "x86-64")
  set(VIREO_ARCH_FLAGS -march=x86-64)
else()
  message(FATAL_ERROR "Unknown VIREO_ARCH '${VIREO_ARCH}' (native, x86-64-avx512, x86-64-bmi2, x86-64-popcnt, x86-64)")
endif()
message(STATUS "Vireo CPU target: ${VIREO_ARCH} (defines: ${VIREO_ARCH_DEFINES})")
