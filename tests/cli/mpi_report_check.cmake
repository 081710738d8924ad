# Under `mpirun -np 2 balance report ... --out R.pdf` both
# ranks wrote the PDF and the job exited 1. Both ranks play the report's games
# now, but only rank 0 prints and writes it (another rank's report goes to a
# scratch folder of its own, removed at the end), so the job exits 0 with one
# report and nothing left beside it. Run by CTest as
# `cmake -DBALANCE=... -DMPIEXEC=... -DWORK=... -DRULESET=... -DEXT=pdf|html -P mpi_report_check.cmake`.
cmake_minimum_required(VERSION 3.22)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${MPIEXEC} --oversubscribe -np 2 ${BALANCE} report ${RULESET} --games 6 --agents random
                        --threads 1 --out ${WORK}/r.${EXT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mpirun -np 2 balance report exited ${rc}: ${out}${err}")
endif()
string(REGEX MATCHALL "wrote " wrote "${out}")
list(LENGTH wrote times)
if(NOT times EQUAL 1)
  message(FATAL_ERROR "expected one 'wrote' line (rank 0), got ${times}: ${out}")
endif()
file(GLOB left RELATIVE ${WORK} ${WORK}/*)
if(NOT left STREQUAL "r.${EXT}")
  message(FATAL_ERROR "expected only r.${EXT} in ${WORK}, found: ${left}")
endif()
