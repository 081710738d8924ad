// Filling a ReportRequest (report_builder.h) the same way for `balance report`
// and the workbench's File > Export Report: the run, the sweeps with their
// metric, and the command lines that reproduce the report and its run. Also
// the shell quoting and the `balance run` arguments of a RunConfig that the
// command-line tools print (app/cli/run_options.h forwards to these).
#pragma once

#include <string>
#include <vector>

#include "app/report/report_builder.h"
#include "simulation/runner/run_config.h"

namespace wb::app {

// Single-quotes a word for a POSIX shell when it needs it.
std::string shellQuote(const std::string& word);

// The arguments that reproduce a run: "--games 1000 --seed 1 --agents
// greedy,random --players 2 --max-turns 300 --set ..." (threads left out:
// results do not depend on them).
std::string runArguments(const sim::RunConfig& run, const std::vector<std::string>& sets);

// A request for `file` (as the user named it) with `run` (players resolved),
// the `--set` edits already applied, and the default sweep metric of `run`;
// runCommand is the `balance run ... --json -` giving the same run numbers.
// Add sweeps, metric, target and `command` afterwards.
ReportRequest makeReportRequest(const std::string& file, const sim::RunConfig& run,
                                const std::vector<std::string>& sets = {});

// The `balance report FILE --out OUT ...` command equivalent to `request`
// (run options, one --sweep PATH=V1,V2,... per sweep, --metric, --target).
std::string reportCommandLine(const ReportRequest& request, const std::string& out);

}  // namespace wb::app
