// `balance compare FILE_A FILE_B` or `balance compare FILE --vs-set PATH=V ...`:
// the A/B comparison of two design revisions (simulation/compare): what changed
// value by value, then both played on the same seeds and the difference of
// every headline metric with its 95% interval and a verdict.
#include <atomic>
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
#include "app/report/text_format.h"
#include "model/core/atomic_file.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/compare/comparison_runner.h"
#include "simulation/results/run_result_json.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance compare FILE_A FILE_B [--json PATH|-] [run options]\n"
    "       balance compare FILE [--a-set PATH=VALUE]... --vs-set PATH=VALUE... [run options]\n\n"
    "The balance patch notes of a revision: lists what changed from A to B, value by value\n"
    "and by path (added / removed cards, tiles, ... once), plays A and B with the same run\n"
    "options and the SAME game seeds, and prints for every headline metric (each seat's win\n"
    "rate, each agent's when the agents differ, each faction's, the draw rate, the timeout\n"
    "rate and the mean game length) A, B, the difference B - A with its 95% interval and\n"
    "'significant' when the interval excludes 0, else 'not significant'.\n\n"
    "With one FILE, A is FILE and B is FILE with the --vs-set edits; --a-set edits A only.\n"
    "--set (a run option) edits both sides, in either form.\n"
    "Intervals: Newcombe's hybrid score interval for win rates, Welch's for the mean\n"
    "length; they treat the runs as independent, which with common seeds is conservative.\n\n";

// The compare command's own options; the shared run options follow in their own block of --help.
const OptionTable& compareTable() {
  static const OptionTable table = [] {
    OptionTable t{
        {.name = "--vs-set", .meta = "PATH=VALUE", .help = "a change for side B (repeatable)", .repeatable = true},
        {.name = "--a-set", .meta = "PATH=VALUE", .help = "a change for side A (repeatable)", .repeatable = true},
        {.name = "--json", .meta = "PATH|-", .help = "changes, both run documents and the differences"},
    };
    t.helpColumn(23);
    return t;
  }();
  return table;
}

const char* kExitText =
    "exit: 0 ok (whatever the verdicts), 1 a ruleset has problems or an output cannot be written, 2 usage error,\n"
    "130 cancelled (Ctrl-C: the partial result is printed)\n";

std::string signedNumber(double x, bool rate) {
  std::string t = rate ? percentText(x) : numberText(x, 2);
  return (x > 0 && t.find_first_not_of("0.") != std::string::npos ? "+" : "") + t;
}

std::string valueText(double x, bool rate) { return rate ? percentText(x) + "%" : numberText(x, 2); }

std::string deltaInterval(const sim::Interval& ci, bool rate) {
  return "[" + signedNumber(ci.lo, rate) + ", " + signedNumber(ci.hi, rate) + "]";
}

void printResult(std::ostream& out, const sim::ComparisonResult& r, const std::string& nameA, const std::string& nameB) {
  out << "A: " << nameA << "\nB: " << nameB << "\n\n";
  out << "changes (A -> B): " << r.changes.size() << "\n";
  for (const auto& c : r.changes) out << "  " << c.describe() << "\n";
  const auto& cfg = r.a.config;
  out << "\nplayed both on the same seeds: " << r.a.stats.games() << " / " << r.b.stats.games() << " games, seed "
      << cfg.seed << ", agents " << agentsText(cfg.agents);  // as `balance run` and the window say them
  out << ", " << cfg.players << " players" << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n\n";
  std::size_t w = 6;
  for (const auto& m : r.metrics) w = std::max(w, m.label.size() + 2);
  out << std::left << std::setw(static_cast<int>(w)) << "metric" << std::right << std::setw(9) << "A" << std::setw(9)
      << "B" << std::setw(9) << "B - A" << "  " << std::left << std::setw(18) << "95% CI" << "verdict\n";
  int significant = 0;
  for (const auto& m : r.metrics) {
    std::ostringstream row;
    row << std::left << std::setw(static_cast<int>(w)) << m.label << std::right << std::setw(9) << valueText(m.a, m.isRate)
        << std::setw(9) << valueText(m.b, m.isRate) << std::setw(9) << signedNumber(m.delta, m.isRate) << "  "
        << std::left << std::setw(18) << deltaInterval(m.ci, m.isRate) << m.verdict() << "\n";
    out << row.str();
    significant += m.significant ? 1 : 0;
  }
  out << "\n" << significant << " of " << r.metrics.size() << " metrics differ significantly at 95%"
      << (r.metrics.empty() ? "" : " (differences of win rates in percentage points)") << "\n";
}

std::string comparisonJson(const sim::ComparisonResult& r, const std::string& nameA, const std::string& nameB) {
  sim::JsonWriter w;
  w.beginObject();
  w.field("a", nameA);
  w.field("b", nameB);
  w.key("changes").beginArray();
  for (const auto& c : r.changes) {
    w.beginObject();
    w.field("path", c.path);
    w.field("kind", model::toString(c.kind));
    w.field("before", c.before);
    w.field("after", c.after);
    w.endObject();
  }
  w.endArray();
  w.key("metrics").beginArray();
  for (const auto& m : r.metrics) {
    w.beginObject();
    w.field("metric", m.key);
    w.field("label", m.label);
    w.field("kind", m.isRate ? "rate" : "mean");
    w.field("a", m.a);
    w.key("a_ci95").beginArray().value(m.ciA.lo).value(m.ciA.hi).endArray();
    w.field("b", m.b);
    w.key("b_ci95").beginArray().value(m.ciB.lo).value(m.ciB.hi).endArray();
    w.field("delta", m.delta);
    w.key("delta_ci95").beginArray().value(m.ci.lo).value(m.ci.hi).endArray();
    w.field("significant", m.significant);
    w.field("verdict", m.verdict());
    w.endObject();
  }
  w.endArray();
  w.key("run_a");
  sim::writeRunResultJson(w, r.a);
  w.key("run_b");
  sim::writeRunResultJson(w, r.b);
  w.field("cancelled", r.cancelled);
  w.endObject();
  return w.str() + "\n";
}

// What one `balance compare` is asked to do, read and checked before the rulesets are loaded.
struct CompareSettings {
  RunOptions options;
  std::vector<std::string> files, aSets, vsSets;
  std::optional<std::string> json;
};

int readCompareSettings(const std::vector<std::string>& args, ArgParser& parser, CompareSettings& s,
                        const UsageError& usage) {
  std::string error;
  compareTable().declare(parser);
  declareRunOptions(parser);
  if (!parser.parse(args, error)) return usage(error);
  s.files = parser.positional();
  if (s.files.empty() || s.files.size() > 2) return usage("give FILE_A FILE_B, or FILE with --vs-set");
  if (s.files.size() == 1 && !parser.has("--vs-set") && !parser.has("--a-set"))
    return usage("with one FILE, give the changes of B with --vs-set PATH=VALUE");
  if (!readRunOptions(parser, s.options, error)) return usage(error);
  s.json = parser.value("--json");
  if (s.json && !checkOutputPath("--json", *s.json, error)) return usage(error);
  s.aSets = parser.values("--a-set");
  s.vsSets = parser.values("--vs-set");
  return kExitOk;
}

// The two sides, loaded, kept apart from the outputs, edited and checked to play one
// engine at one player count; `names` says each with its edits. nullopt with `code`.
std::optional<std::pair<model::Ruleset, model::Ruleset>> loadSides(CompareSettings& s, const ArgParser& parser,
                                                                   const UsageError& usage, CommandIo& io, int& code,
                                                                   std::pair<std::string, std::string>& names) {
  std::string pathA, pathB, error;
  code = kExitUsage;
  const bool two = s.files.size() == 2;
  if (!resolveRulesetPath(s.files[0], pathA, error) || (two && !resolveRulesetPath(s.files[1], pathB, error)))
    return usage(error), std::nullopt;
  code = kExitInvalid;
  auto a = loadRulesetForCli(pathA, io);
  if (!a) return std::nullopt;
  std::optional<model::Ruleset> b = two ? loadRulesetForCli(pathB, io) : a;
  if (!b) return std::nullopt;
  code = kExitUsage;
  std::vector<NamedFile> inputs = rulesetInputs(*a, "the ruleset A");
  if (two)
    for (auto& f : rulesetInputs(*b, "the ruleset B")) inputs.push_back(std::move(f));
  if (!checkOutputsApart("compare", parser, inputs, io)) return std::nullopt;
  if (!applySets(*a, s.options.sets, io) || !applySets(*b, s.options.sets, io)) return std::nullopt;
  if (!applySets(*a, s.aSets, io) || !applySets(*b, s.vsSets, io)) return std::nullopt;
  if (a->engine != b->engine) return usage("A plays engine '" + a->engine + "' and B '" + b->engine + "'"), std::nullopt;
  // Both sides play one player count (the results are paired); when the
  // rulesets' own defaults differ, neither is the answer: the user picks.
  if (!s.options.playersGiven && a->players.initial() != b->players.initial())
    return usage("A plays " + std::to_string(a->players.initial()) + " players by default and B " +
                 std::to_string(b->players.initial()) +
                 " (players.default): both sides play one count; give it with --players"),
           std::nullopt;
  if (!finishRunOptions(s.options, *a, error)) return usage(error), std::nullopt;
  const int players = s.options.config.players;
  if (players < b->players.min || players > b->players.max)
    return usage("--players " + std::to_string(players) + " is outside B's range"), std::nullopt;
  auto describe = [](const std::string& file, const std::vector<std::string>& sets) {
    std::string text = file;
    for (std::size_t i = 0; i < sets.size(); ++i) text += (i ? ", " : " with ") + sets[i];
    return text;
  };
  names = {describe(pathA, s.aSets), describe(two ? pathB : pathA, s.vsSets)};
  code = kExitOk;
  return std::make_pair(std::move(*a), std::move(*b));
}

int runCompare(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  CompareSettings s;
  const UsageError usage("compare", io);
  if (const int code = readCompareSettings(args, parser, s, usage)) return code;
  int code = kExitOk;
  std::pair<std::string, std::string> names;
  auto sides = loadSides(s, parser, usage, io, code, names);
  if (!sides) return code;

  sim::ComparisonRunner cmp(rulesets::builtinEngines(), sides->first, sides->second, s.options.config);
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    cmp.setProgressCallback([&io](const sim::ComparisonProgress& p) {
      drawProgressBar(io.err, p.gamesDone, p.gamesTotal, p.etaSeconds, p.side == 0 ? "A " : "B ");
    }, 0.2);
  interrupt.watch(cmp);
  sim::ComparisonResult result = cmp.run();
  interrupt.unwatch();
  if (interrupt.interrupted()) result.cancelled = true;
  if (bar) clearProgressBar(io.err);
  if (!result.ok()) {
    io.err << "balance compare: " << result.error << (result.error.back() == '\n' ? "" : "\n");
    return result.error.find(": error: ") != std::string::npos ? kExitInvalid : kExitUsage;
  }
  return writeAndPrint(
      "compare", s.json, result.cancelled, [&] { return comparisonJson(result, names.first, names.second); },
      [&](std::ostream& out) { printResult(out, result, names.first, names.second); }, io);
}

}  // namespace

WB_REGISTER_COMMAND(compare, "compare", "A/B comparison of two revisions: what changed and what it does (significance)",
                    std::string(kSynopsis) + compareTable().help() + "\n" + runOptionsHelp() + "\n" + sim::agentHelp() +
                        "\n" + kExitText,
                    runCompare);

}  // namespace wb::app
