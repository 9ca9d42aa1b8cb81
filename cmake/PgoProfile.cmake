# Runs the instrumented engine's bench to record a fresh profile (cmake/Pgo.cmake). An engine
# that cannot run on this machine leaves no profile, and the build goes on without one.
file(REMOVE_RECURSE "${PROFILE_DIR}")
file(MAKE_DIRECTORY "${PROFILE_DIR}")
execute_process(COMMAND "${ENGINE}" bench RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  file(REMOVE_RECURSE "${PROFILE_DIR}")
  file(MAKE_DIRECTORY "${PROFILE_DIR}")
  message(WARNING "PGO: the instrumented engine's bench failed here (${rc}: ${err}); building without a profile")
endif()
file(TOUCH "${STAMP}")
