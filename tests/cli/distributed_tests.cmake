# CTest entries for distributed runs and checkpoints, included from
# tests/CMakeLists.txt. Each compares a run's JSON with the one-process
# `--threads 1` result (distributed_check.cmake); small rulesets, few games.
set(wb_card_dice ${CMAKE_SOURCE_DIR}/data/rulesets/card-dice/card-dice.yaml)
set(wb_run_args run ${wb_card_dice} --games 60 --seed 5)
set(wb_impact_args impact ${wb_card_dice} --entities meteor_strike,veto --games 16 --seed 3)
# first_player: the sweep plays Monte Carlo runs (a cost sweep would default to the impact metric).
set(wb_sweep_args sweep ${wb_card_dice} --param cards.meteor_strike.cost --values 12,18 --games 30 --seed 2
    --metric first_player)
# A tune: one job per racing round, so checkpoints and ranks see many jobs.
set(wb_tune_args tune ${CMAKE_SOURCE_DIR}/data/rulesets/element/element.yaml
    --targets ${CMAKE_SOURCE_DIR}/tests/data/cli/tune/element-length.yaml
    --agents random --verify-agents random --budget 3000 --verify-games 600 --seed 3)

# The assumptions experiment (its runs share their games) and a run tallied by setup condition.
set(wb_element ${CMAKE_SOURCE_DIR}/data/rulesets/element/element.yaml)
set(wb_assumptions_args assumptions ${wb_element} --games 16 --agents random --seed 4 --set parameters.turn_limit=40)
set(wb_conditions_args run ${wb_card_dice} --games 60 --agents random --seed 2 --set parameters.starting_health=5
    --conditions)

# The experiments built of many runs: every pair of agents then each alone; every
# faction against the baseline then the round robin; two revisions; a report that
# plays a run, a sweep, a ladder and the assumptions. Each is one job per run (the
# specialties one per stage), so a kill lands between and inside jobs.
set(wb_elem_master ${CMAKE_SOURCE_DIR}/data/rulesets/elem-master/elem-master.yaml)
set(wb_ladder_args ladder ${wb_card_dice} --agents random,greedy --games 12 --self-games 8 --seed 3)
set(wb_specialties_args specialties ${wb_elem_master} --games 6 --matrix-games 2 --agents random --seed 2)
set(wb_compare_args compare ${wb_card_dice} --vs-set cards.meteor_strike.cost=12 --games 40 --agents random --seed 3)
set(wb_report_args report ${wb_element} --games 20 --agents random --seed 4 --set parameters.turn_limit=40
    --sweep parameters.turn_limit=30,50 --ladder random,greedy --ladder-games 8 --assumptions --assumptions-games 6)
# Games written in the rules language (engine described) through the same seams:
# Market Row with a scripted buyer (hidden decks, determinized MCTS cheaply),
# and the factions of Pig Houses through the specialties experiment.
set(wb_market_row ${CMAKE_SOURCE_DIR}/data/rulesets/market-row/market-row.yaml)
set(wb_described_run_args run ${wb_market_row} --games 40 --agents script:big_money,mcts:iters=20 --seed 6)
set(wb_described_specialties_args specialties ${CMAKE_SOURCE_DIR}/tests/data/described/pig_houses.yaml --games 40
    --matrix-games 10 --agents script:hold_at_15,greedy --seed 2)

# The report's invocation (its date, the command lines reproducing it, the thread
# count its sweep section names) is not a result.
set(wb_report_volatile "date|command|run_command|threads")

function(wb_add_distributed_test name)
  cmake_parse_arguments(T "" "RANKS;THREADS;KILL_AFTER;KILL_RANK;OUTPUT;VOLATILE" "ARGS" ${ARGN})
  string(REPLACE ";" "|" args "${T_ARGS}")  # a list through -D: "|" between the words
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND}
           -DBALANCE=$<TARGET_FILE:balance> "-DARGS=${args}" -DWORK=${CMAKE_CURRENT_BINARY_DIR}/${name}
           -DRANKS=${T_RANKS} -DTHREADS=${T_THREADS} -DKILL_AFTER=${T_KILL_AFTER} -DKILL_RANK=${T_KILL_RANK}
           -DOUTPUT=${T_OUTPUT} "-DVOLATILE=${T_VOLATILE}"
           -DMPIEXEC=${MPIEXEC_EXECUTABLE}
           -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/distributed_check.cmake)
  # CI runs as root (Open MPI refuses root without the first two) in a container,
  # where the shared-memory transport's single-copy reads (CMA, ptrace) are denied.
  set_tests_properties(${name} PROPERTIES TIMEOUT 120
    ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_btl_vader_single_copy_mechanism=none")
endfunction()

# Checkpoints work in every build: die after 3 chunks, resume, same result.
wb_add_distributed_test(checkpoint_kill_resume ARGS ${wb_run_args} THREADS 2 KILL_AFTER 3)
wb_add_distributed_test(checkpoint_kill_resume_sweep ARGS ${wb_sweep_args} KILL_AFTER 20)
wb_add_distributed_test(checkpoint_kill_resume_impact ARGS ${wb_impact_args} KILL_AFTER 5)
wb_add_distributed_test(tune_threads_2 ARGS ${wb_tune_args} THREADS 2)
wb_add_distributed_test(checkpoint_kill_resume_tune ARGS ${wb_tune_args} THREADS 2 KILL_AFTER 12)
wb_add_distributed_test(checkpoint_kill_resume_ladder ARGS ${wb_ladder_args} THREADS 2 KILL_AFTER 10)
wb_add_distributed_test(checkpoint_kill_resume_specialties ARGS ${wb_specialties_args} THREADS 2 KILL_AFTER 10)
wb_add_distributed_test(specialties_threads_2 ARGS ${wb_specialties_args} THREADS 2)
wb_add_distributed_test(checkpoint_kill_resume_compare ARGS ${wb_compare_args} KILL_AFTER 20)
wb_add_distributed_test(checkpoint_kill_resume_described ARGS ${wb_described_run_args} THREADS 2 KILL_AFTER 2)
wb_add_distributed_test(checkpoint_kill_resume_described_specialties ARGS ${wb_described_specialties_args} THREADS 2
                        KILL_AFTER 3)
wb_add_distributed_test(checkpoint_kill_resume_report ARGS ${wb_report_args} THREADS 2 KILL_AFTER 30
                        OUTPUT --out VOLATILE ${wb_report_volatile})

if(WB_WITH_MPI)
  wb_add_distributed_test(mpi_run_2_ranks ARGS ${wb_run_args} RANKS 2 THREADS 2)
  wb_add_distributed_test(mpi_sweep_2_ranks ARGS ${wb_sweep_args} RANKS 2 THREADS 1)
  wb_add_distributed_test(mpi_impact_2_ranks ARGS ${wb_impact_args} RANKS 2 THREADS 2)
  wb_add_distributed_test(mpi_tune_2_ranks ARGS ${wb_tune_args} RANKS 2 THREADS 1)
  wb_add_distributed_test(mpi_assumptions_2_ranks ARGS ${wb_assumptions_args} RANKS 2 THREADS 2)
  wb_add_distributed_test(mpi_conditions_2_ranks ARGS ${wb_conditions_args} RANKS 2 THREADS 1)
  wb_add_distributed_test(mpi_ladder_2_ranks ARGS ${wb_ladder_args} RANKS 2 THREADS 1)
  wb_add_distributed_test(mpi_specialties_2_ranks ARGS ${wb_specialties_args} RANKS 2 THREADS 2)
  wb_add_distributed_test(mpi_compare_2_ranks ARGS ${wb_compare_args} RANKS 2 THREADS 1)
  wb_add_distributed_test(mpi_described_run_2_ranks ARGS ${wb_described_run_args} RANKS 2 THREADS 2)
  wb_add_distributed_test(mpi_described_specialties_2_ranks ARGS ${wb_described_specialties_args} RANKS 2 THREADS 1)
  wb_add_distributed_test(mpi_dead_rank_resume_described ARGS ${wb_described_run_args} RANKS 2 THREADS 1
                          KILL_AFTER 1 KILL_RANK 1)
  wb_add_distributed_test(mpi_report_2_ranks ARGS ${wb_report_args} RANKS 2 THREADS 2 OUTPUT --out
                          VOLATILE ${wb_report_volatile})
  # Rank 1 plays every chunk (rank 0 only hands out work) and dies after some:
  # proof that the ranks share these commands' games (on rank 0 alone nothing
  # would die), and the checkpoint resumes to the one-process result.
  wb_add_distributed_test(mpi_dead_rank_resume_specialties ARGS ${wb_specialties_args} RANKS 2 THREADS 1
                          KILL_AFTER 12 KILL_RANK 1)
  wb_add_distributed_test(mpi_dead_rank_resume_ladder ARGS ${wb_ladder_args} RANKS 2 THREADS 1
                          KILL_AFTER 8 KILL_RANK 1)
  wb_add_distributed_test(mpi_dead_rank_resume_compare ARGS ${wb_compare_args} RANKS 2 THREADS 1
                          KILL_AFTER 20 KILL_RANK 1)
  wb_add_distributed_test(mpi_dead_rank_resume_report ARGS ${wb_report_args} RANKS 2 THREADS 1
                          KILL_AFTER 30 KILL_RANK 1 OUTPUT --out VOLATILE ${wb_report_volatile})
  # Rank 1 dies after one chunk (rank 0 only hands out work then): the run ends
  # with the message, the checkpoint keeps the chunk and the run resumes from it.
  wb_add_distributed_test(mpi_dead_rank_resume ARGS ${wb_run_args} RANKS 2 THREADS 1 KILL_AFTER 1 KILL_RANK 1)
  # Only rank 0 writes a report (PDF in the GUI build).
  set(wb_report_ext html)
  if(WB_BUILD_GUI)
    set(wb_report_ext pdf)
  endif()
  add_test(NAME mpi_report_rank_0_writes COMMAND ${CMAKE_COMMAND}
           -DBALANCE=$<TARGET_FILE:balance> -DMPIEXEC=${MPIEXEC_EXECUTABLE} -DRULESET=${wb_card_dice}
           -DWORK=${CMAKE_CURRENT_BINARY_DIR}/mpi_report_rank_0_writes -DEXT=${wb_report_ext}
           -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/mpi_report_check.cmake)
  set_tests_properties(mpi_report_rank_0_writes PROPERTIES TIMEOUT 120
    ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_btl_vader_single_copy_mechanism=none")
endif()

# Ctrl-C during a tune: exit 130, the best so far marked interrupted, nothing written.
add_test(NAME tune_interrupt COMMAND ${CMAKE_COMMAND} -DBALANCE=$<TARGET_FILE:balance>
         -DRULESET=${wb_card_dice} -DTARGETS=${CMAKE_SOURCE_DIR}/data/tune/card-dice-costs.yaml
         -DWORK=${CMAKE_CURRENT_BINARY_DIR}/tune_interrupt -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/tune_interrupt_check.cmake)
set_tests_properties(tune_interrupt PROPERTIES TIMEOUT 60)

# The Slurm script runs any command that shares its games (here a ladder).
set(wb_slurm_launch env)
if(WB_WITH_MPI)
  set(wb_slurm_launch "${MPIEXEC_EXECUTABLE} --oversubscribe -np 2")
endif()
add_test(NAME slurm_script_any_command COMMAND ${CMAKE_COMMAND} -DBALANCE=$<TARGET_FILE:balance>
         -DSCRIPT=${CMAKE_SOURCE_DIR}/scripts/slurm-balance.sh -DRULESET=${wb_card_dice}
         -DWORK=${CMAKE_CURRENT_BINARY_DIR}/slurm_script_any_command "-DLAUNCH=${wb_slurm_launch}"
         -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/slurm_script_check.cmake)
set_tests_properties(slurm_script_any_command PROPERTIES TIMEOUT 120
  ENVIRONMENT "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1;OMPI_MCA_btl_vader_single_copy_mechanism=none")
