# Checks a distributed or checkpointed `balance` run against the one-process
# result. Run by CTest as `cmake -D... -P distributed_check.cmake`:
#   BALANCE   the balance program            ARGS   the command, words split by "|", without --threads/--json
#   WORK      a scratch folder               THREADS  --threads of the checked run (default 1)
#   RANKS     0: one process, else mpirun -np RANKS (oversubscribed; as root through
#             OMPI_ALLOW_RUN_AS_ROOT*, set by the test)    MPIEXEC  the launcher
#   KILL_AFTER  > 0: the checked run first dies after that many chunks
#             (WB_TEST_KILL_AFTER_CHUNKS) on rank KILL_RANK, with --checkpoint; it must
#             fail, leave the checkpoint, and the same command must resume to the same JSON.
#   OUTPUT    the option naming the result file (default --json; `report` uses --out, its
#             .json report)
#   VOLATILE  "|"-separated fields that name the invocation rather than a result (the
#             report's date, the command line reproducing it, a sweep's thread count), also ignored
# The JSON documents must be identical but for timings (elapsed_s, games_per_s).
cmake_minimum_required(VERSION 3.22)
string(REPLACE "|" ";" ARGS "${ARGS}")
if(NOT THREADS)
  set(THREADS 1)
endif()
if(NOT OUTPUT)
  set(OUTPUT --json)
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(strip_timings path out)
  file(READ ${path} text)
  string(REGEX REPLACE "\"(elapsed_s|games_per_s)\": [^,\n]*" "\"\\1\": T" text "${text}")
  if(VOLATILE)
    string(REGEX REPLACE "\"(${VOLATILE})\": (\"[^\"]*\"|[^,\n]*)" "\"\\1\": S" text "${text}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND ${BALANCE} ${ARGS} --threads 1 ${OUTPUT} ${WORK}/reference.json
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the reference run failed (${rc}): ${err}")
endif()

set(launch)
if(RANKS GREATER 0)
  set(launch ${MPIEXEC} --oversubscribe -np ${RANKS})
endif()
set(checked ${launch} ${BALANCE} ${ARGS} --threads ${THREADS} ${OUTPUT} ${WORK}/checked.json)
if(KILL_AFTER GREATER 0)
  list(APPEND checked --checkpoint ${WORK}/run.ckpt --checkpoint-every 0)
  if(NOT KILL_RANK)
    set(KILL_RANK 0)
  endif()
  # Killing rank 1: rank 0 only hands out work, so rank 1 surely gets its chunks.
  set(root_plays 1)
  if(KILL_RANK GREATER 0)
    set(root_plays 0)
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env WB_TEST_KILL_AFTER_CHUNKS=${KILL_AFTER} WB_TEST_KILL_RANK=${KILL_RANK}
                          WB_TEST_ROOT_PLAYS=${root_plays} ${checked}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(rc EQUAL 0 OR EXISTS ${WORK}/checked.json)
    message(FATAL_ERROR "the killed run did not die before the end (${rc}), or wrote a result: ${err}")
  endif()
  if(NOT EXISTS ${WORK}/run.ckpt)
    message(FATAL_ERROR "the killed run left no checkpoint: ${err}")
  endif()
  if(RANKS GREATER 0 AND NOT err MATCHES "no result was written")
    message(FATAL_ERROR "the ranks left alive did not say the run is incomplete: ${err}")
  endif()
  message(STATUS "killed as planned (${rc}); resuming from the checkpoint")
endif()
execute_process(COMMAND ${checked} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the checked run failed (${rc}): ${err}")
endif()
strip_timings(${WORK}/reference.json want)
strip_timings(${WORK}/checked.json got)
if(NOT want STREQUAL got)
  execute_process(COMMAND diff ${WORK}/reference.json ${WORK}/checked.json OUTPUT_VARIABLE d)
  message(FATAL_ERROR "the results differ:\n${d}")
endif()
string(LENGTH "${got}" n)
message(STATUS "identical JSON but timings (${n} bytes)")
