// `balance report FILE [--sweep PATH=FROM:TO:STEP]... --out report.html|.pdf|.csv|.json`:
// plays the ruleset (and any sweeps) and writes a balance report to share
// (app/report): identity and content hash, setup and the command reproducing
// it, win rates with intervals and charts, first-player advantage, game
// length, the entity table with outliers flagged, dice questions, sweep curves
// with balance points and every `assumed` mark.
#include <atomic>
#include <filesystem>
#include <utility>
#include <memory>
#include <vector>
#include <ostream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "app/report/data_report_writers.h"
#include "app/report/html_report_writer.h"
#include "app/report/pdf_report_writer.h"
#include "app/report/report_builder.h"
#include "app/report/report_request.h"
#include "model/core/atomic_file.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/assumptions/assumption_runner.h"
#include "simulation/ladder/ladder.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance report FILE --out REPORT.(html|pdf|csv|json) [--sweep PATH=FROM:TO:STEP]...\n"
    "                      [--metric M] [--target X] [run options]\n\n"
    "Plays the ruleset and writes a balance report: the ruleset's name, version and content\n"
    "hash (FNV-1a 64 of its canonical YAML, after --set); the setup (agents, games, seed,\n"
    "threads, program version, date) and the exact commands reproducing it; win rates per\n"
    "seat, agent and faction with 95% intervals and charts; first-player advantage; game\n"
    "length; the per-entity table with outliers flagged; the ruleset's dice questions with\n"
    "their distributions; sweep curves with their bands and balance points; every value\n"
    "marked `assumed`.\n\n";

// The report command's own options; the shared run options follow in their own block of --help.
const OptionTable& reportTable() {
  static const OptionTable table = [] {
    OptionTable t{
        {.name = "--out", .meta = "PATH",
         .help = ".html/.htm: one self-contained file (inline SVG charts)\n"
                 ".pdf: A4 pages (needs the GUI build, -DWB_BUILD_GUI=ON)\n"
                 ".csv: section,item,metric,value,ci_lo,ci_hi,n rows\n"
                 ".json: the same numbers as one document"},
        {.name = "--sweep", .meta = "PATH=FROM:TO:STEP",
         .help = "a sweep of PATH (also PATH=V1,V2,...); repeatable;\n"
                 "each point plays --games games with the same seeds",
         .repeatable = true},
        {.name = "--metric", .meta = "M", .help = "the sweeps' metric (see balance sweep --help)"},
        {.name = "--target", .type = OptionType::Number, .meta = "X",
         .help = "the sweeps' target (see balance sweep --help)"},
        {.name = "--impact", .meta = "IDS|all",
         .help = "a causal impact section for these entities (balance impact:\n"
                 "restricted play and grant, paired on common random numbers)"},
        {.name = "--impact-games", .type = OptionType::Int, .meta = "N",
         .help = "pairs per entity and measure for --impact (default 200)", .min = 1, .max = kMaxGames,
         .fallback = 200, .rangeError = "--impact-games must be at least 1"},
        {.name = "--ladder", .meta = "AGENTS",
         .help = "a skill ladder of these agents (balance ladder) for the section\n"
                 "\"How robust are these conclusions?\" (HTML); without it the\n"
                 "section names the command that produces one"},
        {.name = "--ladder-games", .type = OptionType::Int, .meta = "N",
         .help = "games per pairing and per agent alone for --ladder (default 100)", .min = 1, .max = kMaxGames,
         .fallback = 100, .rangeError = "--ladder-games must be at least 1"},
        {.name = "--assumptions", .type = OptionType::Switch,
         .help = "the section \"Which assumptions decide the verdict\" (balance\n"
                 "assumptions); the run is always tabulated by setup condition\n"
                 "for \"Which setups decide the game\""},
        {.name = "--assumptions-games", .type = OptionType::Int, .meta = "N",
         .help = "games per alternative for --assumptions (default 200)", .min = 1, .max = kMaxGames,
         .fallback = 200, .rangeError = "--assumptions-games must be at least 1"},
    };
    t.helpColumn(22);
    return t;
  }();
  return table;
}

const char* kExitText =
    "exit: 0 ok, 1 the ruleset has problems or the report cannot be written, 2 usage error,\n"
    "130 cancelled (Ctrl-C: no report is written, an existing one is kept)\n";

std::string extensionOf(const std::string& path) {
  auto dot = path.find_last_of('.');
  auto slash = path.find_last_of('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// What one `balance report` is asked to do, read and checked before the ruleset is loaded.
struct ReportSettings {
  RunOptions options;
  std::string file, out, ext;
  std::vector<sim::SweepAxis> sweeps;
  double target = -1;  // < 0: the metric's fair value
  std::optional<std::string> metric, impact, ladder;
  std::optional<std::uint64_t> impactGames;
  std::uint64_t ladderGames = 100, assumptionsGames = 200;
  bool assumptions = false;
};

// --out: a name the report can be written as (.html, .pdf where the GUI build writes PDF, .csv, .json).
bool readOut(const ArgParser& parser, ReportSettings& s, const UsageError& usage, CommandIo& io) {
  auto out = parser.value("--out");
  if (!out || out->empty()) return usage("--out REPORT.html|.pdf|.csv|.json is required"), false;
  s.out = *out;
  s.ext = extensionOf(s.out);
  if (s.ext != "html" && s.ext != "htm" && s.ext != "pdf" && s.ext != "csv" && s.ext != "json")
    return usage("--out " + s.out + ": the name must end in .html, .pdf, .csv or .json"), false;
  if (s.ext == "pdf" && !pdfReportsAvailable()) {
    std::string why;
    writePdfReport(ReportData{}, s.out, why);
    io.err << "balance report: " << why << "\n";
    return false;
  }
  return true;
}

// --sweep PATH=FROM:TO:STEP or PATH=V1,V2,...; false with the error.
bool readSweeps(const std::vector<std::string>& specs, std::vector<sim::SweepAxis>& sweeps, std::string& error) {
  for (const auto& spec : specs) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0)
      return (error = "--sweep expects PATH=FROM:TO:STEP or PATH=V1,V2,..., got '" + spec + "'", false);
    sim::SweepAxis axis;
    axis.path = spec.substr(0, eq);
    const std::string values = spec.substr(eq + 1);
    auto parsed = values.find(':') != std::string::npos ? sim::parseSweepRange(values, error)
                                                        : sim::parseSweepValues(values, error);
    if (!parsed) return (error = "--sweep " + spec + ": " + error, false);
    axis.values = *parsed;
    sweeps.push_back(axis);
  }
  return true;
}

int readReportSettings(const std::vector<std::string>& args, ArgParser& parser, ReportSettings& s,
                       const UsageError& usage, CommandIo& io) {
  std::string error;
  reportTable().declare(parser);
  declareRunOptions(parser);
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give exactly one ruleset file");
  if (!readOut(parser, s, usage, io)) return kExitUsage;
  if (!readRunOptions(parser, s.options, error)) return usage(error);
  if (!checkOutputPath("--out", s.out, error)) return usage(error);
  if (!readSweeps(parser.values("--sweep"), s.sweeps, error) || !reportTable().check(parser, error))
    return usage(error);
  s.target = reportTable().number(parser, "--target", s.target);
  if (parser.has("--target") && !(s.target >= 0.0 && s.target <= 1.0)) return usage("--target is a win rate between 0 and 1");
  s.metric = parser.value("--metric");
  s.impact = parser.value("--impact");
  if (parser.has("--impact-games")) s.impactGames = static_cast<std::uint64_t>(reportTable().integer(parser, "--impact-games"));
  s.ladder = parser.value("--ladder");
  s.ladderGames = static_cast<std::uint64_t>(reportTable().integer(parser, "--ladder-games"));
  s.assumptions = parser.has("--assumptions");
  s.assumptionsGames = static_cast<std::uint64_t>(reportTable().integer(parser, "--assumptions-games"));
  s.file = parser.positional().front();
  return kExitOk;
}

// The request for the report builder (as the workbench's File > Export Report
// makes it), every sweep checked before anything is played.
int makeRequest(const ReportSettings& s, const std::vector<std::string>& args, const model::Ruleset& ruleset,
                ReportRequest& request, const UsageError& usage) {
  std::string error;
  request = makeReportRequest(s.file, s.options.config, s.options.sets);
  request.sweeps = s.sweeps;
  request.target = s.target;
  if (s.metric) {
    auto parsed = sim::parseSweepMetric(*s.metric, error);
    if (!parsed) return usage(error);
    request.metric = *parsed;
  }
  if (s.impact) {
    std::string item;
    for (char ch : *s.impact + ",") {
      if (ch != ',') item += ch;
      else if (!item.empty()) request.impactEntities.push_back(std::exchange(item, std::string()));
    }
    if (request.impactEntities.empty()) return usage("--impact expects entity ids or all");
  }
  if (s.impactGames) request.impactGames = *s.impactGames;
  request.run.conditions = true;  // "Which setups decide the game": tallies only, the numbers stay the same
  request.command = "balance report";
  for (const auto& a : args) request.command += " " + shellQuote(a);
  for (const auto& axis : request.sweeps) {
    sim::SweepConfig c;
    c.axes = {axis};
    c.run = request.run;
    c.metric = request.metric;
    c.target = request.target;
    if (!sim::SweepRunner(rulesets::builtinEngines(), ruleset, c).validate(error)) return usage("--sweep: " + error);
  }
  return kExitOk;
}

// The skill ladder of "How robust are these conclusions?", checked before anything is played.
struct ReportLadder {
  std::unique_ptr<sim::Game> game;
  sim::LadderConfig config;
};

int prepareLadder(const ReportSettings& s, const model::Ruleset& ruleset, const sim::RunConfig& run,
                  ReportLadder& ladder, const UsageError& usage, CommandIo& io) {
  std::string error;
  std::vector<std::string> agents;
  if (!sim::splitAgentList(*s.ladder, agents, error)) return usage("--ladder: " + error);
  if (agents.size() < 2) return usage("--ladder expects at least two agents, e.g. random,greedy,planner");
  model::Diagnostics diags;
  ladder.game = rulesets::builtinEngines().compile(ruleset, diags);
  if (!ladder.game) {
    io.err << diags.format();
    return kExitInvalid;
  }
  ladder.config.agents = agents;
  ladder.config.run = run;
  ladder.config.run.games = s.ladderGames;
  ladder.config.run.untilCi = 0;
  ladder.config.run.conditions = false;  // the report's own run tallies the setups, the ladder's games need not
  ladder.config.selfPlayGames = s.ladderGames;
  if (!sim::LadderRunner(*ladder.game, ladder.config).validate(error)) return usage("--ladder: " + error);
  return kExitOk;
}

int cancelledReport(const ReportSettings& s, CommandIo& io) {
  io.err << "balance report: cancelled; no report written"
         << (std::filesystem::exists(s.out) ? " (" + s.out + " kept as it was)" : "") << "\n";
  return kExitCancelled;
}

// Plays the run, the sweeps and the sections asked for into `data`.
int playReport(const ReportSettings& s, const model::Ruleset& ruleset, const ReportRequest& request,
               ReportLadder& ladder, InterruptScope& interrupt, ReportData& data, CommandIo& io) {
  ReportBuilder builder(rulesets::builtinEngines(), ruleset, request);
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    builder.setProgressCallback([&io](const ReportProgress& p) {
      drawProgressBar(io.err, p.gamesDone, p.gamesTotal, p.etaSeconds, p.stage + " ");
    });
  std::string error;
  interrupt.watch(builder);
  const bool built = builder.build(data, error);
  interrupt.unwatch();
  if (bar) clearProgressBar(io.err);
  if (builder.cancelled() || interrupt.interrupted()) return cancelledReport(s, io);
  if (!built) {
    io.err << "balance report: " << error << (!error.empty() && error.back() == '\n' ? "" : "\n");
    return builder.cancelled() || error.find(": error: ") != std::string::npos ? kExitInvalid : kExitUsage;
  }
  if (ladder.game) {
    if (bar) io.err << "ladder: " << ladder.config.agents.size() << " agents, " << s.ladderGames << " games per pairing\n";
    sim::LadderRunner runner(*ladder.game, ladder.config);
    interrupt.watch(runner);
    data.ladder = runner.run();
    interrupt.unwatch();
    if (data.ladder->cancelled || interrupt.interrupted()) return cancelledReport(s, io);
    if (!data.ladder->ok()) return io.err << "balance report: --ladder: " << data.ladder->error << "\n", kExitInvalid;
  }
  if (s.assumptions) {
    sim::RunConfig config = request.run;
    config.games = s.assumptionsGames;
    config.untilCi = 0;
    config.conditions = false;
    if (bar) io.err << "assumptions: " << s.assumptionsGames << " games per alternative\n";
    data.assumptions = sim::AssumptionRunner(rulesets::builtinEngines(), ruleset, config).run();
    if (!data.assumptions->ok())
      return io.err << "balance report: --assumptions: " << data.assumptions->error << "\n", kExitInvalid;
    data.assumptions->shipped.ruleset = ruleset.id;
  }
  return kExitOk;
}

// Writes the report in the format of --out's extension and says what it holds.
int writeReport(const ReportSettings& s, const ReportData& data, CommandIo& io) {
  std::string error;
  if (s.ext == "pdf") {
    if (!writePdfReport(data, s.out, error)) return io.err << "balance report: " << error << "\n", kExitInvalid;
  } else {
    const std::string text = s.ext == "csv" ? csvReport(data) : s.ext == "json" ? jsonReport(data) : htmlReport(data);
    if (!model::writeFileAtomically(s.out, text, &error))
      return io.err << "balance report: cannot write " << s.out << ": " << error << "\n", kExitInvalid;
  }
  const auto& stats = data.run.stats;
  io.out << "wrote " << s.out << ": " << data.rulesetName << " (hash " << data.contentHash << "), " << stats.games()
         << " games, " << data.sweeps.size() << " sweep" << (data.sweeps.size() == 1 ? "" : "s") << ", "
         << data.dice.size() << " dice questions, " << data.assumed.size() << " assumed values\n";
  return kExitOk;
}

int runReport(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  ReportSettings s;
  const UsageError usage("report", io);
  if (const int code = readReportSettings(args, parser, s, usage, io)) return code;
  int code = kExitOk;
  auto ruleset = loadRulesetToPlay(s.file, parser, s.options, usage, io, code);
  if (!ruleset) return code;
  ReportRequest request;
  if (const int c = makeRequest(s, args, *ruleset, request, usage)) return c;
  ReportLadder ladder;
  if (s.ladder)
    if (const int c = prepareLadder(s, *ruleset, request.run, ladder, usage, io)) return c;
  ReportData data;
  if (const int c = playReport(s, *ruleset, request, ladder, interrupt, data, io)) return c;
  return writeReport(s, data, io);
}

}  // namespace

WB_REGISTER_COMMAND(report, "report", "write a balance report (HTML, PDF, CSV or JSON) with charts and sweeps",
                    std::string(kSynopsis) + reportTable().help() + "\n" + runOptionsHelp() + "\n" + sim::agentHelp() + "\n" + kExitText, runReport);

}  // namespace wb::app
