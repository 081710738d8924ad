// `balance sweep FILE --param PATH --values ... | --range FROM:TO:STEP
// [--param2 PATH --values2 ... | --range2 ...]`: what-if sweeps with common
// random numbers (simulation/sweep/sweep_runner.h). Prints a table per point
// and the balance point where the metric crosses the target; --json writes
// every point (data/schema/sweep-result.md).
#include <atomic>
#include <cmath>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/output_paths.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/sweep/sweep_result_json.h"
#include "simulation/sweep/sweep_runner.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance sweep FILE --param PATH (--values V1,V2,... | --range FROM:TO:STEP)\n"
    "                     [--param2 PATH (--values2 ... | --range2 ...)]\n"
    "                     [--metric M] [--target X] [--json PATH|-] [run options]\n\n"
    "Plays the ruleset at every value of PATH (a numeric value, e.g. cards.meteor_strike.cost\n"
    "or parameters.starting_health) with the SAME game seeds at every point (common random\n"
    "numbers), so differences between points are the change, not noise. Prints per point the\n"
    "metric with its 95% interval, games and timeouts, then the balance point: the value\n"
    "where the metric crosses the target, by linear interpolation, with an interval from\n"
    "where the 95% bounds cross it ('<' / '>' mark an end beyond the swept range) -- only\n"
    "when the crossing is clear of noise (a point's interval below the target and one\n"
    "above). Otherwise 'not crossed in range', or 'no detectable effect in this range' with\n"
    "the games per value that would detect a 2-point effect. With --param2 the sweep is a\n"
    "grid: one row and one balance point (along PATH) per value of PATH2.\n\n";

// The sweep's own options; the shared run options follow in their own block of --help.
const OptionTable& sweepTable() {
  static const OptionTable table{
      {.name = "--param", .meta = "PATH", .help = "the value to sweep (required)"},
      {.name = "--values", .meta = "V1,V2,...", .help = "the values of PATH to play"},
      {.name = "--range", .meta = "FROM:TO:STEP", .help = "the values FROM, FROM+STEP, ... up to TO"},
      {.name = "--param2", .meta = "PATH2", .help = "a second value: a grid, one row per value of PATH2"},
      {.name = "--values2", .meta = "V1,V2,...", .help = "the values of PATH2 to play"},
      {.name = "--range2", .meta = "FROM:TO:STEP", .help = "the values of PATH2 as a range"},
      {.name = "--metric", .meta = "M",
       .help = "default: follows what is swept. A value of an entity (cards.X.cost)\n"
               "-> impact:X, that entity's causal restricted-play lift (an impact\n"
               "experiment at every value: 2 x --games games; target 0 points); a\n"
               "global parameter -> first_side, the share of the games one side\n"
               "won that the side of seat 0 won (target 1/sides). Also\n"
               "impact:ID[:grant] | first_side | seat:K (from 0) or \"Seat N\" (from 1)\n"
               "| first_player | agent:SPEC | faction:ID\n"
               "| use:ID[:acquired|played|triggered] (uses per game,\n"
               "default what it does most) | diversity[:KIND] (effective number of\n"
               "entities of a kind in use; both with intervals over groups of games,\n"
               "no balance point without --target)"},
      {.name = "--target", .type = OptionType::Number, .meta = "X",
       .help = "the value to find (default: the metric's fair value)"},
      {.name = "--json", .meta = "PATH|-", .help = "every point with its full run document, and the balance points"},
  };
  return table;
}

const char* kExitText =
    "exit: 0 ok, 1 the ruleset has problems or an output cannot be written, 2 usage error (bad flags, unknown path,\n"
    "bad values), 130 cancelled (Ctrl-C: the partial result is printed)\n";

bool readAxis(const ArgParser& parser, const std::string& param, const std::string& values, const std::string& range,
              sim::SweepAxis& axis, std::string& error) {
  axis.path = *parser.value(param);
  if (parser.has(values) == parser.has(range)) {
    error = "give " + param + " exactly one of " + values + " or " + range;
    return false;
  }
  auto parsed = parser.has(values) ? sim::parseSweepValues(*parser.value(values), error)
                                   : sim::parseSweepRange(*parser.value(range), error);
  if (!parsed) {
    error = (parser.has(values) ? values : range) + ": " + error;
    return false;
  }
  axis.values = *parsed;
  return true;
}

void printResult(std::ostream& out, const sim::SweepResult& r) {
  const auto& c = r.config;
  out << r.ruleset << ": sweep of " << c.axes[0].path;
  if (c.axes.size() > 1) out << " x " << c.axes[1].path;
  out << ", " << c.run.games << " games per point, seed " << c.run.seed << " (same seeds at every point), agents ";
  for (std::size_t i = 0; i < c.run.agents.size(); ++i) out << (i ? "," : "") << c.run.agents[i];
  out << ", " << c.run.players << " players\n";
  const bool impact = c.metric.isImpact();
  const bool use = c.metric.isUse();
  out << "metric: " << c.metric.label() << " (" << c.metric.spec() << "), target "
      << (impact ? signedPointsText(c.effectiveTarget()) + " points"
                 : use ? (c.target >= 0 ? numberText(c.target, 3) : std::string("none (give --target)"))
                       : percentText(c.effectiveTarget()) + "%")
      << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n";
  if (impact)
    out << "(each value: " << c.run.games << " pairs of games on common random numbers, one seat "
        << (c.metric.grant ? "given " : "denied ") << c.metric.id << "; lift in win-rate points, agents "
        << agentsText(c.run.agents) << ")\n";
  out << "\n";
  std::size_t w1 = std::max<std::size_t>(8, c.axes[0].path.size());
  std::size_t w2 = c.axes.size() > 1 ? std::max<std::size_t>(8, c.axes[1].path.size()) : 0;
  if (w2) out << std::setw(static_cast<int>(w2)) << c.axes[1].path << "  ";
  out << std::setw(static_cast<int>(w1)) << c.axes[0].path
      << (impact ? "     lift  95% CI            pairs  acq/game  timeouts\n"
                 : use ? "     value  95% CI            games  timeouts\n"
                       : "  win rate  95% CI          games  timeouts\n");
  for (const auto& p : r.points) {
    std::ostringstream row;
    if (w2) row << std::setw(static_cast<int>(w2)) << numberText(p.values[1]) << "  ";
    row << std::setw(static_cast<int>(w1)) << numberText(p.values[0]) << "  ";
    if (impact) {
      row << std::setw(7) << signedPointsText(p.rate()) << "  " << std::left << std::setw(16) << signedIntervalText(p.ci)
          << std::right << std::setw(7) << p.metric.games << std::setw(10) << numberText(p.acquiredPerGame, 2);
    } else if (use) {
      row << std::setw(10) << numberText(p.rate(), 3) << "  " << std::left << std::setw(16)
          << ("[" + numberText(p.ci.lo, 3) + ", " + numberText(p.ci.hi, 3) + "]") << std::right << std::setw(7)
          << p.metric.games;
    } else {
      row << std::setw(7) << percentText(p.rate()) << "%  " << std::left << std::setw(14) << intervalText(p.ci)
          << std::right << std::setw(7) << p.metric.games;
    }
    row << std::setw(10) << p.result.stats.timeouts() << "\n";
    out << row.str();
  }
  out << "\n";
  const bool complete = r.points.size() == r.columns() * std::max<std::size_t>(1, c.axes.size() > 1 ? c.axes[1].values.size() : 1);
  for (const auto& curve : r.curves) {
    out << "balance point";
    if (c.axes.size() > 1) out << " at " << c.axes[1].path << " = " << numberText(curve.value2);
    out << ": " << balancePointText(curve.balance, c.axes[0].path, c.axes[0].values) << "\n";
  }
  if (!complete) out << "(sweep incomplete: balance points only for finished rows)\n";
  out << "elapsed " << numberText(r.elapsedSeconds, 2) << " s\n";
}

// What one `balance sweep` is asked to do, read and checked before the ruleset is loaded.
struct SweepSettings {
  RunOptions options;
  sim::SweepConfig config;  // axes and target; run and metric once the ruleset is loaded
  std::string file;
  std::optional<std::string> json, metric;
};

// The target of --target: a win rate, or a number >= 0 for use and diversity (numbers per game, not rates).
bool checkTarget(const std::optional<std::string>& metricText, double target, std::string& error) {
  std::string ignored;
  const auto m = metricText ? sim::parseSweepMetric(*metricText, ignored) : std::nullopt;
  if (m && m->isUse()) {
    if (target >= 0.0 && std::isfinite(target)) return true;
    error = "--target of a use or diversity metric is a number >= 0";
    return false;
  }
  if (target >= 0.0 && target <= 1.0) return true;
  error = "--target is a win rate between 0 and 1";
  return false;
}

int readSweepSettings(const std::vector<std::string>& args, ArgParser& parser, SweepSettings& s,
                      const UsageError& usage) {
  std::string error;
  sweepTable().declare(parser);
  declareRunOptions(parser);
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give exactly one ruleset file");
  if (!parser.has("--param")) return usage("--param PATH is required");
  if (!readRunOptions(parser, s.options, error)) return usage(error);
  s.file = parser.positional().front();
  s.config.axes.resize(1);
  if (!readAxis(parser, "--param", "--values", "--range", s.config.axes[0], error)) return usage(error);
  if (parser.has("--param2")) {
    s.config.axes.resize(2);
    if (!readAxis(parser, "--param2", "--values2", "--range2", s.config.axes[1], error)) return usage(error);
  } else if (parser.has("--values2") || parser.has("--range2")) {
    return usage("--values2 / --range2 need --param2");
  }
  if (!sweepTable().check(parser, error)) return usage(error);
  s.metric = parser.value("--metric");
  s.config.target = sweepTable().number(parser, "--target", s.config.target);
  if (parser.has("--target") && !checkTarget(s.metric, s.config.target, error)) return usage(error);
  s.json = parser.value("--json");
  if (s.json && !checkOutputPath("--json", *s.json, error)) return usage(error);
  return kExitOk;
}

// Plays the sweep (a progress bar on a terminal) and prints it, writes --json.
int playSweep(sim::SweepRunner& sweep, const SweepSettings& s, InterruptScope& interrupt, CommandIo& io) {
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    sweep.setProgressCallback([&io](const sim::SweepProgress& p) {
      drawProgressBar(io.err, p.gamesDone, p.gamesTotal, p.etaSeconds,
                      "point " + std::to_string(std::min(p.pointsDone + 1, p.pointsTotal)) + "/" + std::to_string(p.pointsTotal) + " ");
    }, 0.2);
  interrupt.watch(sweep);
  sim::SweepResult result = sweep.run();
  interrupt.unwatch();
  if (interrupt.interrupted()) result.cancelled = true;
  if (bar) clearProgressBar(io.err);
  if (!result.ok()) {
    io.err << "balance sweep: " << result.error << (result.error.back() == '\n' ? "" : "\n");
    // Compile errors of a point are the ruleset's problems; everything else is usage.
    return result.error.find(": error: ") != std::string::npos ? kExitInvalid : kExitUsage;
  }
  return writeAndPrint("sweep", s.json, result.cancelled, [&] { return sim::sweepResultToJson(result); },
                       [&](std::ostream& out) { printResult(out, result); }, io);
}

int runSweep(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  SweepSettings s;
  const UsageError usage("sweep", io);
  if (const int code = readSweepSettings(args, parser, s, usage)) return code;
  int code = kExitOk;
  auto ruleset = loadRulesetToPlay(s.file, parser, s.options, usage, io, code);
  if (!ruleset) return code;
  s.config.run = s.options.config;
  s.config.metric = sim::defaultSweepMetric(s.config.run);
  std::string error;
  if (s.metric) {
    auto parsed = sim::parseSweepMetric(*s.metric, error);
    if (!parsed) return usage(error);
    s.config.metric = *parsed;
  }
  sim::SweepRunner sweep(rulesets::builtinEngines(), *ruleset, s.config);
  if (!sweep.validate(error)) return usage(error);
  return playSweep(sweep, s, interrupt, io);
}

}  // namespace

WB_REGISTER_COMMAND(sweep, "sweep", "what-if sweep of one or two values; balance point where the win rate is fair",
                    std::string(kSynopsis) + sweepTable().help() + "\n" + runOptionsHelp() + "\n" + sim::agentHelp() +
                        "\n" + kExitText,
                    runSweep);

}  // namespace wb::app
