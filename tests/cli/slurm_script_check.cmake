# scripts/slurm-balance.sh runs any command that shares its games: here a
# ladder, its words given as the script's arguments, launched by SRUN instead
# of srun (mpirun -np 2 with MPI, else one process), and the same ladder
# through BALANCE_COMMAND / BALANCE_ARGS. Both write RESULT.json and
# RESULT.ckpt, and the two documents agree but for timings. Run by CTest as
# `cmake -DBALANCE=... -DSCRIPT=... -DRULESET=... -DWORK=... -DLAUNCH="..." -P slurm_script_check.cmake`.
cmake_minimum_required(VERSION 3.22)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(words ${RULESET} --agents random,greedy --games 8 --self-games 4 --seed 2)
execute_process(COMMAND ${CMAKE_COMMAND} -E env BALANCE=${BALANCE} "SRUN=${LAUNCH}" RESULT=${WORK}/a
                        bash ${SCRIPT} ladder ${words}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/a.json OR NOT EXISTS ${WORK}/a.ckpt)
  message(FATAL_ERROR "the script with arguments failed (${rc}): ${out}${err}")
endif()
string(REPLACE ";" " " line "${words}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env BALANCE=${BALANCE} "SRUN=${LAUNCH}" RESULT=${WORK}/b
                        BALANCE_COMMAND=ladder "BALANCE_ARGS=${line}" bash ${SCRIPT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/b.json OR NOT EXISTS ${WORK}/b.ckpt)
  message(FATAL_ERROR "the script through BALANCE_COMMAND failed (${rc}): ${out}${err}")
endif()
foreach(x a b)
  file(READ ${WORK}/${x}.json text)
  string(REGEX REPLACE "\"(elapsed_s|games_per_s)\": [^,\n]*" "\"\\1\": T" ${x} "${text}")
endforeach()
if(NOT a STREQUAL b)
  message(FATAL_ERROR "the two ladders differ")
endif()
execute_process(COMMAND bash ${SCRIPT} validate ${RULESET} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "does not share its games")
  message(FATAL_ERROR "a command that does not share its games was not refused (${rc}): ${err}")
endif()
