// `balance assumptions FILE`: which assumed values decide the verdict
// (simulation/assumptions). Plays the shipped ruleset and every alternative
// of every value marked `assumed` on the same seeds, and prints the change of
// each headline conclusion with its 95% interval, the assumptions ranked by
// their largest significant change (Holm-corrected), in words the ones that
// reverse or create a conclusion, the ones that change nothing detectable with
// the size the games could have detected, and the marks no alternative can be
// played for. --json: data/schema/assumptions-result.md.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/assumptions/assumption_runner.h"
#include "simulation/assumptions/assumptions_json.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance assumptions FILE [--games N] [--agents A] [--seed S] [--json PATH|-] [run options]\n\n"
    "Which assumed values decide the verdict. Every value the ruleset marks `assumed`\n"
    "(no public source) is played with its alternatives against the shipped value on\n"
    "the SAME game seeds (common random numbers): the parameter's `alternatives: [..]`\n"
    "when the YAML declares them, else a bool's other value, an enum's other choices,\n"
    "a number one step each way inside its declared range. A mark on a card, effect,\n"
    "die or the whole ruleset is a reading in words: it is listed as having no\n"
    "alternative to play (give the reading a parameter with alternatives to test it).\n\n"
    "For each alternative: the change of each headline conclusion (first-side win rate\n"
    "of decided games, each seat's win rate, mean length, the shares of timeouts,\n"
    "adjudicated, nobody-wins and drawn games; the faction ranking with Kendall's tau)\n"
    "with its 95% interval (Newcombe / Welch; conservative with common seeds) and a\n"
    "p-value; Holm's correction over every test of the run; '*' marks a significant\n"
    "change. Assumptions are ranked by their largest significant change (rates in\n"
    "points, length as a share of the shipped mean); those that change nothing are\n"
    "listed with the change the games could have detected (80% power).\n\n";

// The assumptions command's own option; the shared run options follow in their own block of --help.
const OptionTable& assumptionsTable() {
  static const OptionTable table{
      {.name = "--json", .meta = "PATH|-",
       .help = "the result document (data/schema/assumptions-result.md);\n"
               "identical for any --threads and under mpirun"},
  };
  return table;
}

const char* kExitText = "exit: 0 ok (whatever the findings), 1 the ruleset has problems, 2 usage error\n";

std::atomic<sim::AssumptionRunner*> g_runner{nullptr};
extern "C" void onAssumptionsInterrupt(int) {
  if (auto* r = g_runner.load()) r->cancel();
}

std::string pct(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", 100 * x);
  return b;
}
std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.2f", x);
  return b;
}
std::string signedText(double x, bool rate) {
  char b[32];
  std::snprintf(b, sizeof b, "%+.1f", rate ? 100 * x : x);
  return b;
}

std::string changeText(const sim::AssumptionChange& c) {
  std::ostringstream s;
  const auto v = [&](double x) { return c.isRate ? pct(x) + "%" : num(x); };
  s << v(c.shipped) << " -> " << v(c.alternative) << "  " << signedText(c.delta, c.isRate) << " ["
    << signedText(c.ci.lo, c.isRate) << ", " << signedText(c.ci.hi, c.isRate) << "]" << (c.significant ? "*" : "");
  return s.str();
}

void printAlternative(std::ostream& out, const sim::AlternativeResult& alt) {
  out << "      = " << alt.value << ":";
  if (!alt.error.empty()) {
    out << " could not be played: " << alt.error << "\n";
    return;
  }
  out << "\n";
  for (const auto& c : alt.changes)
    out << "          " << std::left << std::setw(48) << c.label << std::right << changeText(c) << "\n";
  if (!alt.factions.order.empty()) {
    char tau[32];
    std::snprintf(tau, sizeof tau, "%.2f", alt.factions.tau);
    out << "          " << std::left << std::setw(48) << "faction ranking (descriptive)" << "tau " << tau << ", top "
        << alt.factions.top << ", bottom " << alt.factions.bottom << "\n";
  }
}

void printResult(std::ostream& out, const sim::AssumptionsResult& r, const std::string& file) {
  std::size_t playable = 0, alternatives = 0;
  for (const auto& a : r.assumptions) {
    playable += a.value.playable() ? 1 : 0;
    alternatives += a.value.alternatives.size();
  }
  const auto& cfg = r.shipped.config;
  out << "assumptions of " << file << ": " << r.assumptions.size() << " values marked assumed, " << playable
      << " with alternatives to play (" << alternatives << " alternatives)\n";
  out << "played on the same seeds: " << cfg.games << " games each, seed " << cfg.seed << ", agents ";
  for (std::size_t i = 0; i < cfg.agents.size(); ++i) out << (i ? "," : "") << cfg.agents[i];
  out << ", " << cfg.players << " players; " << r.tests << " tests, Holm-corrected at 5%"
      << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n";
  const sim::FirstSideTest fs = r.shipped.stats.firstSideTest();
  out << "shipped: first side wins " << pct(fs.rate()) << "% [" << pct(fs.ci.lo) << ", " << pct(fs.ci.hi)
      << "] of " << fs.decided << " decided games; mean length " << num(r.shipped.stats.length().mean())
      << " turns; timeouts " << pct(r.shipped.stats.games() ? static_cast<double>(r.shipped.stats.timeouts()) /
                                                                    static_cast<double>(r.shipped.stats.games())
                                                              : 0.0)
      << "%";
  if (!r.shippedFactions.order.empty())
    out << "; top faction " << r.shippedFactions.top << ", bottom " << r.shippedFactions.bottom;
  out << "\n\nranked by the largest significant change (* = significant after Holm; rates in %, changes in points):\n";
  int rank = 0;
  for (std::size_t i : r.ranking) {
    const auto& a = r.assumptions[i];
    out << std::right << std::setw(3) << ++rank << ". " << a.value.path << " = " << a.value.shipped << "  (alternatives: "
        << a.value.source << "; " << a.value.where.toString() << ")  largest change: ";
    if (!a.changesAConclusion())
      out << "none detectable\n";
    else if (a.largestKey == "turns")
      out << "mean length " << signedText(a.largestDelta, false) << " turns (" << pct(a.largestChange)
          << "% of the shipped mean) with " << a.largestValue << "\n";
    else
      out << a.largestKey << " " << signedText(a.largestDelta, true) << " points with " << a.largestValue << "\n";
    for (const auto& alt : a.alternatives) printAlternative(out, alt);
  }
  out << "\nassumptions that change a conclusion:\n";
  bool any = false;
  for (std::size_t i : r.ranking)
    for (const auto& alt : r.assumptions[i].alternatives)
      for (const auto& f : alt.findings) {
        out << "  " << f << "\n";
        any = true;
      }
  if (!any) out << "  none\n";
  out << "\nassumptions that change nothing detectable (the smallest change these games could detect, 80% power):\n";
  any = false;
  for (std::size_t i : r.ranking) {
    const auto& a = r.assumptions[i];
    if (a.changesAConclusion()) continue;
    double firstSide = 0, turns = 0;
    bool played = false;
    for (const auto& alt : a.alternatives)
      for (const auto& c : alt.changes) {
        played = true;
        if (c.key == "first_side") firstSide = std::max(firstSide, c.detectable);
        if (c.key == "turns") turns = std::max(turns, c.detectable);
      }
    if (!played) continue;
    out << "  " << a.value.path << ": first side +-" << pct(firstSide) << " points, length +-" << num(turns) << " turns\n";
    any = true;
  }
  if (!any) out << "  none\n";
  out << "\nmarked assumed, no alternative to play:\n";
  any = false;
  for (const auto& a : r.assumptions) {
    if (a.value.playable()) continue;
    out << "  " << a.value.where.toString() << ": " << a.value.path << ": " << a.value.noAlternative << "\n";
    any = true;
  }
  if (!any) out << "  none\n";
}

// What one `balance assumptions` is asked to do, read and checked before the ruleset is loaded.
struct AssumptionsSettings {
  RunOptions options;
  std::string file;
  std::optional<std::string> json;
};

int readAssumptionsSettings(const std::vector<std::string>& args, ArgParser& parser, AssumptionsSettings& s,
                            const UsageError& usage) {
  std::string error;
  assumptionsTable().declare(parser);
  declareRunOptions(parser);
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give exactly one ruleset FILE");
  if (parser.has("--until-ci"))
    return usage("--until-ci is not for assumptions: every alternative plays the same --games on the same seeds");
  if (!readRunOptions(parser, s.options, error, 500)) return usage(error);
  // Every output is checked before the first game, so a bad path never costs a finished run.
  s.json = parser.value("--json");
  if (s.json && !checkOutputPath("--json", *s.json, error)) return usage(error);
  s.file = parser.positional().front();
  return kExitOk;
}

// Plays every alternative (Ctrl-C cancels the runner: the partial result is printed).
sim::AssumptionsResult playAssumptions(sim::AssumptionRunner& runner, CommandIo& io) {
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    runner.setProgressCallback([&io](const sim::AssumptionsProgress& p) {
      drawProgressBar(io.err, p.gamesDone, p.gamesTotal, p.etaSeconds,
                      std::to_string(p.run + 1) + "/" + std::to_string(p.runs) + " ");
    }, 0.2);
  g_runner.store(&runner);
  auto previous = std::signal(SIGINT, onAssumptionsInterrupt);
  sim::AssumptionsResult result = runner.run();
  std::signal(SIGINT, previous == SIG_ERR ? SIG_DFL : previous);
  g_runner.store(nullptr);
  if (bar) clearProgressBar(io.err);
  return result;
}

int runAssumptions(const std::vector<std::string>& args, CommandIo& io) {
  ArgParser parser;
  AssumptionsSettings s;
  const UsageError usage("assumptions", io);
  if (const int code = readAssumptionsSettings(args, parser, s, usage)) return code;
  int code = kExitOk;
  std::string path;
  auto ruleset = loadRulesetToPlay(s.file, parser, s.options, usage, io, code, &path);
  if (!ruleset) return code;
  sim::AssumptionRunner runner(rulesets::builtinEngines(), *ruleset, s.options.config);
  sim::AssumptionsResult result = playAssumptions(runner, io);
  if (!result.ok()) {
    io.err << "balance assumptions: " << result.error << (result.error.back() == '\n' ? "" : "\n");
    return result.error.find(": error: ") != std::string::npos ? kExitInvalid : kExitUsage;
  }
  result.shipped.ruleset = ruleset->id;
  // A cancelled run prints its partial result and never replaces a file; a
  // file that cannot be written ends the command before the table.
  if (s.json && !writeJsonOutput(io.out, io.err, "assumptions", *s.json, sim::assumptionsToJson(result), !result.cancelled))
    return kExitInvalid;
  if (!(s.json && *s.json == "-")) printResult(io.out, result, path);
  if (result.cancelled) {
    io.err << "balance assumptions: cancelled\n";
    return kExitCancelled;
  }
  return kExitOk;
}

}  // namespace

WB_REGISTER_COMMAND(assumptions, "assumptions",
                    "which assumed values decide the verdict: alternatives played on the same seeds (Holm)",
                    std::string(kSynopsis) + assumptionsTable().help() + "\n" + runOptionsHelp() + "\n" + sim::agentHelp() + "\n" + kExitText, runAssumptions);

}  // namespace wb::app
