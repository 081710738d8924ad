#include "app/report/report_request.h"

#include <cstdio>

#include "model/core/scalar.h"

namespace wb::app {

std::string shellQuote(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,:/=+@%") == std::string::npos)
    return word;
  std::string out = "'";
  for (char ch : word) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::string runArguments(const sim::RunConfig& c, const std::vector<std::string>& sets) {
  std::string agents;
  for (std::size_t i = 0; i < c.agents.size(); ++i) agents += (i ? "," : "") + c.agents[i];
  std::string out = "--games " + std::to_string(c.games) + " --seed " + std::to_string(c.seed) + " --agents " +
                    shellQuote(agents) + " --players " + std::to_string(c.players);
  if (c.maxTurns > 0) out += " --max-turns " + std::to_string(c.maxTurns);
  if (c.untilCi > 0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", c.untilCi);
    out += " --until-ci " + std::string(buf);
  }
  for (const auto& s : sets) out += " --set " + shellQuote(s);
  return out;
}

ReportRequest makeReportRequest(const std::string& file, const sim::RunConfig& run, const std::vector<std::string>& sets) {
  ReportRequest request;
  request.file = file;
  request.sets = sets;
  request.run = run;
  request.metric = sim::defaultSweepMetric(run);
  request.runCommand = "balance run " + shellQuote(file) + " " + runArguments(run, sets) + " --json -";
  return request;
}

std::string reportCommandLine(const ReportRequest& request, const std::string& out) {
  std::string command = "balance report " + shellQuote(request.file) + " --out " + shellQuote(out) + " " +
                        runArguments(request.run, request.sets);
  for (const auto& axis : request.sweeps) {
    std::string values;
    for (std::size_t i = 0; i < axis.values.size(); ++i) values += (i ? "," : "") + model::formatNumber(axis.values[i]);
    command += " --sweep " + shellQuote(axis.path + "=" + values);
  }
  if (!request.sweeps.empty()) {
    command += " --metric " + shellQuote(request.metric.spec());
    if (request.target >= 0) command += " --target " + model::formatNumber(request.target);
  }
  if (!request.impactEntities.empty()) {
    std::string ids;
    for (std::size_t i = 0; i < request.impactEntities.size(); ++i) ids += (i ? "," : "") + request.impactEntities[i];
    command += " --impact " + shellQuote(ids) + " --impact-games " + std::to_string(request.impactGames);
  }
  return command;
}

}  // namespace wb::app
