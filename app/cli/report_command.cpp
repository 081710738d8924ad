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

const char* kUsage =
    "usage: balance report FILE --out REPORT.(html|pdf|csv|json) [--sweep PATH=FROM:TO:STEP]...\n"
    "                      [--metric M] [--target X] [run options]\n\n"
    "Plays the ruleset and writes a balance report: the ruleset's name, version and content\n"
    "hash (FNV-1a 64 of its canonical YAML, after --set); the setup (agents, games, seed,\n"
    "threads, program version, date) and the exact commands reproducing it; win rates per\n"
    "seat, agent and faction with 95% intervals and charts; first-player advantage; game\n"
    "length; the per-entity table with outliers flagged; the ruleset's dice questions with\n"
    "their distributions; sweep curves with their bands and balance points; every value\n"
    "marked `assumed`.\n\n"
    "  --out PATH          .html/.htm: one self-contained file (inline SVG charts)\n"
    "                      .pdf: A4 pages (needs the GUI build, -DWB_BUILD_GUI=ON)\n"
    "                      .csv: section,item,metric,value,ci_lo,ci_hi,n rows\n"
    "                      .json: the same numbers as one document\n"
    "  --sweep PATH=FROM:TO:STEP   a sweep of PATH (also PATH=V1,V2,...); repeatable;\n"
    "                      each point plays --games games with the same seeds\n"
    "  --metric M, --target X      the sweeps' metric and target (see balance sweep --help)\n"
    "  --impact IDS|all    a causal impact section for these entities (balance impact:\n"
    "                      restricted play and grant, paired on common random numbers)\n"
    "  --impact-games N    pairs per entity and measure for --impact (default 200)\n"
    "  --ladder AGENTS     a skill ladder of these agents (balance ladder) for the section\n"
    "                      \"How robust are these conclusions?\" (HTML); without it the\n"
    "                      section names the command that produces one\n"
    "  --ladder-games N    games per pairing and per agent alone for --ladder (default 100)\n"
    "  --assumptions       the section \"Which assumptions decide the verdict\" (balance\n"
    "                      assumptions); the run is always tabulated by setup condition\n"
    "                      for \"Which setups decide the game\"\n"
    "  --assumptions-games N  games per alternative for --assumptions (default 200)\n\n";

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

int runReport(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  declareRunOptions(parser);
  parser.option("--out").option("--sweep", true).option("--metric").option("--target").option("--impact")
      .option("--impact-games").option("--ladder").option("--ladder-games").option("--assumptions-games");
  parser.flag("--assumptions");
  std::string error;
  auto usage = [&](const std::string& message) {
    io.err << "balance report: " << message << " (see balance report --help)\n";
    return kExitUsage;
  };
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give exactly one ruleset file");
  auto out = parser.value("--out");
  if (!out || out->empty()) return usage("--out REPORT.html|.pdf|.csv|.json is required");
  const std::string ext = extensionOf(*out);
  if (ext != "html" && ext != "htm" && ext != "pdf" && ext != "csv" && ext != "json")
    return usage("--out " + *out + ": the name must end in .html, .pdf, .csv or .json");
  if (ext == "pdf" && !pdfReportsAvailable()) {
    std::string why;
    writePdfReport(ReportData{}, *out, why);
    io.err << "balance report: " << why << "\n";
    return kExitUsage;
  }
  RunOptions options;
  if (!readRunOptions(parser, options, error)) return usage(error);
  if (!checkOutputPath("--out", *out, error)) return usage(error);

  ReportRequest request;
  for (const auto& spec : parser.values("--sweep")) {
    auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0) return usage("--sweep expects PATH=FROM:TO:STEP or PATH=V1,V2,..., got '" + spec + "'");
    sim::SweepAxis axis;
    axis.path = spec.substr(0, eq);
    const std::string values = spec.substr(eq + 1);
    auto parsed = values.find(':') != std::string::npos ? sim::parseSweepRange(values, error)
                                                        : sim::parseSweepValues(values, error);
    if (!parsed) return usage("--sweep " + spec + ": " + error);
    axis.values = *parsed;
    request.sweeps.push_back(axis);
  }
  if (parser.has("--target")) {
    if (!parser.doubleValue("--target", request.target, error)) return usage(error);
    if (!(request.target >= 0.0 && request.target <= 1.0)) return usage("--target is a win rate between 0 and 1");
  }

  std::string path;
  if (!resolveRulesetPath(parser.positional().front(), path, error)) return usage(error);
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) return kExitInvalid;
  if (!checkOutputsApart("report", parser, rulesetInputs(*ruleset), io)) return kExitUsage;
  if (!applySets(*ruleset, options.sets, io)) return kExitUsage;
  if (!finishRunOptions(options, *ruleset, error)) return usage(error);
  {
    // The fields shared with the workbench's File > Export Report (report_request.h).
    ReportRequest shared = makeReportRequest(parser.positional().front(), options.config, options.sets);
    shared.sweeps = std::move(request.sweeps);
    shared.target = request.target;
    request = std::move(shared);
  }
  if (auto m = parser.value("--metric")) {
    auto parsed = sim::parseSweepMetric(*m, error);
    if (!parsed) return usage(error);
    request.metric = *parsed;
  }
  if (auto ids = parser.value("--impact")) {
    std::string item;
    for (char ch : *ids + ",") {
      if (ch != ',') item += ch;
      else if (!item.empty()) request.impactEntities.push_back(std::exchange(item, std::string()));
    }
    if (request.impactEntities.empty()) return usage("--impact expects entity ids or all");
  }
  if (parser.has("--impact-games")) {
    long long n = 0;
    if (!parser.intValue("--impact-games", n, error) || n < 1) return usage("--impact-games must be at least 1");
    request.impactGames = static_cast<std::uint64_t>(n);
  }
  // The skill ladder of "How robust are these conclusions?" (checked before anything is played).
  std::vector<std::string> ladderAgents;
  long long ladderGames = 100;
  if (auto list = parser.value("--ladder")) {
    if (!sim::splitAgentList(*list, ladderAgents, error)) return usage("--ladder: " + error);
    if (ladderAgents.size() < 2) return usage("--ladder expects at least two agents, e.g. random,greedy,planner");
  }
  if (parser.has("--ladder-games")) {
    if (!parser.intValue("--ladder-games", ladderGames, error) || ladderGames < 1)
      return usage("--ladder-games must be at least 1");
  }
  std::unique_ptr<sim::Game> ladderGame;
  sim::LadderConfig ladderConfig;
  if (!ladderAgents.empty()) {
    model::Diagnostics diags;
    ladderGame = rulesets::builtinEngines().compile(*ruleset, diags);
    if (!ladderGame) {
      io.err << diags.format();
      return kExitInvalid;
    }
    ladderConfig.agents = ladderAgents;
    ladderConfig.run = request.run;
    ladderConfig.run.games = static_cast<std::uint64_t>(ladderGames);
    ladderConfig.run.untilCi = 0;
    ladderConfig.selfPlayGames = static_cast<std::uint64_t>(ladderGames);
    if (!sim::LadderRunner(*ladderGame, ladderConfig).validate(error)) return usage("--ladder: " + error);
  }
  request.run.conditions = true;  // "Which setups decide the game": tallies only, the numbers stay the same
  long long assumptionsGames = 200;
  if (parser.has("--assumptions-games") &&
      (!parser.intValue("--assumptions-games", assumptionsGames, error) || assumptionsGames < 1))
    return usage("--assumptions-games must be at least 1");
  request.command = "balance report";
  for (const auto& a : args) request.command += " " + shellQuote(a);
  // Check every sweep before playing anything.
  for (const auto& axis : request.sweeps) {
    sim::SweepConfig c;
    c.axes = {axis};
    c.run = request.run;
    c.metric = request.metric;
    c.target = request.target;
    if (!sim::SweepRunner(rulesets::builtinEngines(), *ruleset, c).validate(error)) return usage("--sweep: " + error);
  }

  ReportBuilder builder(rulesets::builtinEngines(), *ruleset, request);
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    builder.setProgressCallback([&io](const ReportProgress& p) {
      drawProgressBar(io.err, p.gamesDone, p.gamesTotal, p.etaSeconds, p.stage + " ");
    });
  ReportData data;
  interrupt.watch(builder);
  const bool built = builder.build(data, error);
  interrupt.unwatch();
  if (bar) clearProgressBar(io.err);
  auto cancelled = [&] {
    io.err << "balance report: cancelled; no report written" << (std::filesystem::exists(*out) ? " (" + *out + " kept as it was)" : "")
           << "\n";
    return kExitCancelled;
  };
  if (builder.cancelled() || interrupt.interrupted()) return cancelled();
  if (!built) {
    io.err << "balance report: " << error << (!error.empty() && error.back() == '\n' ? "" : "\n");
    return builder.cancelled() || error.find(": error: ") != std::string::npos ? kExitInvalid : kExitUsage;
  }

  if (ladderGame) {
    if (bar) io.err << "ladder: " << ladderConfig.agents.size() << " agents, " << ladderGames << " games per pairing\n";
    sim::LadderRunner ladder(*ladderGame, ladderConfig);
    interrupt.watch(ladder);
    data.ladder = ladder.run();
    interrupt.unwatch();
    if (data.ladder->cancelled || interrupt.interrupted()) return cancelled();
    if (!data.ladder->ok()) {
      io.err << "balance report: --ladder: " << data.ladder->error << "\n";
      return kExitInvalid;
    }
  }

  if (parser.has("--assumptions")) {
    sim::RunConfig config = request.run;
    config.games = static_cast<std::uint64_t>(assumptionsGames);
    config.untilCi = 0;
    config.conditions = false;
    if (bar) io.err << "assumptions: " << assumptionsGames << " games per alternative\n";
    data.assumptions = sim::AssumptionRunner(rulesets::builtinEngines(), *ruleset, config).run();
    if (!data.assumptions->ok()) {
      io.err << "balance report: --assumptions: " << data.assumptions->error << "\n";
      return kExitInvalid;
    }
    data.assumptions->shipped.ruleset = ruleset->id;
  }

  if (ext == "pdf") {
    if (!writePdfReport(data, *out, error)) {
      io.err << "balance report: " << error << "\n";
      return kExitInvalid;
    }
  } else {
    const std::string text = ext == "csv" ? csvReport(data) : ext == "json" ? jsonReport(data) : htmlReport(data);
    if (!model::writeFileAtomically(*out, text, &error)) {
      io.err << "balance report: cannot write " << *out << ": " << error << "\n";
      return kExitInvalid;
    }
  }
  const auto& s = data.run.stats;
  io.out << "wrote " << *out << ": " << data.rulesetName << " (hash " << data.contentHash << "), " << s.games()
         << " games, " << data.sweeps.size() << " sweep" << (data.sweeps.size() == 1 ? "" : "s") << ", "
         << data.dice.size() << " dice questions, " << data.assumed.size() << " assumed values\n";
  return kExitOk;
}

}  // namespace

WB_REGISTER_COMMAND(report, "report", "write a balance report (HTML, PDF, CSV or JSON) with charts and sweeps",
                    std::string(kUsage) + runOptionsHelp() + "\n" + sim::agentHelp() + "\n" + kExitText, runReport);

}  // namespace wb::app
