# Ctrl-C during `balance tune`: SIGINT after a few seconds stops the
# search; the best proposal so far is printed and written to --json marked
# "interrupted" (a new file; an existing one is kept), the ruleset is not written (--write), and the exit
# code is 130 with "cancelled" on stderr, as for every command.
# Run by CTest as `cmake -DBALANCE=... -DRULESET=... -DTARGETS=... -DWORK=... -P tune_interrupt_check.cmake`.
cmake_minimum_required(VERSION 3.22)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
find_program(TIMEOUT timeout REQUIRED)
execute_process(COMMAND ${TIMEOUT} --preserve-status -s INT 3 ${BALANCE} tune ${RULESET} --targets ${TARGETS}
                        --agents greedy --verify-agents greedy --budget 1000000 --seed 1 --threads 1
                        --json ${WORK}/tune.json --write ${WORK}/patched.yaml
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 130)
  message(FATAL_ERROR "expected exit 130 after Ctrl-C, got ${rc}: ${err}")
endif()
if(NOT out MATCHES "tune verdict interrupted")
  message(FATAL_ERROR "the best proposal so far was not printed as interrupted:\n${out}")
endif()
if(NOT err MATCHES "cancelled \\(interrupted\\); the best proposal so far is not verified and the ruleset was not written")
  message(FATAL_ERROR "no interruption message: ${err}")
endif()
file(READ ${WORK}/tune.json doc)
if(NOT doc MATCHES "\"verdict\": \"interrupted\"")
  message(FATAL_ERROR "the JSON is not marked interrupted:\n${doc}")
endif()
if(EXISTS ${WORK}/patched.yaml)
  message(FATAL_ERROR "an interrupted tune wrote the ruleset")
endif()
message(STATUS "interrupted as expected")
