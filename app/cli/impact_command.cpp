// `balance impact FILE [--entities ID,...|all] [--games N] [--agents ...]`:
// what each entity does to the result, as a cause (simulation/impact): restricted
// play (one seat may not acquire, play or use it) and grant (one seat starts with
// it), each a paired experiment on common random numbers with the treated seat
// rotating, with the win-rate lift, its 95% interval and p-value, printed beside
// the association numbers (used / not used) of the same baseline games. --json
// writes data/schema/impact-result.md.
#include <algorithm>
#include <atomic>
#include <iomanip>
#include <ostream>
#include <set>
#include <sstream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "model/core/atomic_file.h"
#include "model/validation/name_suggestion.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/impact/impact_result_json.h"
#include "simulation/impact/impact_runner.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance impact FILE [--entities ID,...|all] [--games N] [--measure restrict|grant|both]\n"
    "                      [--json PATH|-] [run options]\n\n"
    "What each entity (card, relic, specialty, event) does to the result, as a CAUSE:\n"
    "  restricted play  one seat may not acquire, play or use the entity (while it has\n"
    "                   another legal action); lift = its win rate with access - without\n"
    "  grant            one seat is given the entity from the start (a card in hand, a\n"
    "                   passive or relic active, a specialty assigned); lift = win rate\n"
    "                   granted - not granted\n"
    "Each is a paired experiment on common random numbers: pair k plays game k of the\n"
    "seed once as the baseline and once treated, with the treated seat rotating, so the\n"
    "difference is the entity's doing, not the deal. Printed per entity with its 95%\n"
    "interval and p-value, beside the ASSOCIATION numbers of the baseline games (the win\n"
    "rate of players who used it minus those who did not: not a cause). Entities an\n"
    "engine cannot grant are listed as such. A win is a win by the rules (draws between k\n"
    "sides count 1/k; adjudicated games and timeouts count 0).\n\n";

// The impact command's own options; the shared run options follow in their own block of --help.
const OptionTable& impactTable() {
  static const OptionTable table{
      {.name = "--entities", .meta = "LIST", .help = "entity ids (as in balance run --json), or all (default)"},
      {.name = "--games", .type = OptionType::Int, .meta = "N",
       .help = "pairs per entity and measure (default 500); the baseline games are\n"
               "shared, so E entities cost N (1 + 2E) games",
       .min = 1, .max = kMaxGames, .fallback = 500},
      {.name = "--measure", .meta = "M", .help = "restrict, grant or both (default)"},
      {.name = "--json", .meta = "PATH|-", .help = "the impact document (data/schema/impact-result.md)"},
  };
  return table;
}

const char* kExitText =
    "exit: 0 ok, 1 the ruleset has problems or an output cannot be written, 2 usage error,\n"
    "130 cancelled (Ctrl-C: the partial result is printed)\n";

std::vector<std::string> splitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream s(text);
  std::string item;
  while (std::getline(s, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string measureText(const sim::ImpactMeasure& m) {
  if (!m.measured) return m.note;
  if (m.lift.pairs == 0) return "not played (cancelled)";  // never "0.0 [-100.0, +100.0] p = 1.00"
  std::string out = signedPointsText(m.lift.mean()) + " " + signedIntervalText(m.lift.interval()) + " " + pValueText(m.lift.pValue());
  return out;
}

void printImpact(std::ostream& out, const sim::ImpactResult& r) {
  const auto& c = r.config.run;
  const sim::RunStats& b = r.baseline;
  out << r.ruleset << " (engine " << r.engine << "): impact of " << r.entities.size() << " entit"
      << (r.entities.size() == 1 ? "y" : "ies") << ", " << c.games << " pairs per measure, " << c.players
      << " players, seed " << c.seed << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n";
  out << "agents: " << agentsText(c.agents) << "\n";
  out << "design: each pair plays one game seed twice (common random numbers), once as the baseline and once with\n"
         "one seat treated (the seat rotates); lift = win rate with the entity - without it, in points\n";
  out << "baseline: " << b.games() << " games, " << b.sideWinGames() << " won by one side, " << b.drawnGames() << " drawn, "
      << b.nobodyWinsGames() << " won by nobody, " << b.adjudicatedGames() << " adjudicated, " << b.timeouts()
      << " timeouts at the " << c.maxTurns << "-turn cap\n\n";
  std::size_t width = 8;
  for (const auto& e : r.entities) width = std::max(width, e.id.size() + 2);
  const double games = static_cast<double>(std::max<std::uint64_t>(1, b.games()));
  out << std::left << std::setw(static_cast<int>(width)) << "entity" << std::right << std::setw(9) << "acq/game"
      << std::setw(9) << "used %" << std::setw(10) << "assoc." << "   " << std::left << std::setw(36)
      << "restricted play: lift [95% CI] p" << "grant: lift [95% CI] p" << "\n";
  std::vector<std::string> notes;
  for (const sim::EntityImpact& e : r.entities) {
    const sim::EntityTally t = static_cast<std::size_t>(e.entity) < b.entities().size()
                                   ? b.entities()[static_cast<std::size_t>(e.entity)]
                                   : sim::EntityTally{};
    const std::uint64_t playerGames = t.usedPlayers + t.unusedPlayers;
    std::string assoc = "-";
    if (t.usedPlayers && t.unusedPlayers)
      assoc = signedPointsText(static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) -
                               static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers));
    std::ostringstream row;
    row << std::left << std::setw(static_cast<int>(width)) << e.id << std::right << std::setw(9)
        << numberText(static_cast<double>(t.acquired) / games, 2) << std::setw(8)
        << percentText(playerGames ? static_cast<double>(t.usedPlayers) / static_cast<double>(playerGames) : 0.0) << "%"
        << std::setw(10) << assoc << "   " << std::left << std::setw(36)
        << (e.restricted.measured && e.restricted.restrictedGames == 0 ? std::string("no effect: never restricted")
            : changedNoGame(e.restricted)                                  ? std::string(kNeverPlayedText)
                                                                           : measureText(e.restricted))
        << (e.granted.measured ? measureText(e.granted) : std::string("-")) << "\n";
    out << row.str();
    if (!e.restricted.note.empty() && e.restricted.measured)
      notes.push_back(e.id + ": restricted play: " + e.restricted.note);
    if (!e.granted.measured && !e.granted.note.empty()) notes.push_back(e.id + ": grant: " + e.granted.note);
  }
  out << "\n(acq/game and used % from the baseline games; assoc. = win rate of players who used it - who did not:\n"
         " an ASSOCIATION, not a cause. The lifts are causal: their intervals are 95%.)\n";
  for (const auto& n : notes) out << "  " << n << "\n";
  out << "\nelapsed " << numberText(r.elapsedSeconds, 2) << " s (" << c.threads << " threads)\n";
}

// What one `balance impact` is asked to do, read and checked before the ruleset is loaded.
struct ImpactSettings {
  RunOptions options;
  sim::ImpactConfig config;  // the measures; run and entities once the ruleset is loaded
  std::string file, entities;
  std::optional<std::string> json;
};

int readImpactSettings(const std::vector<std::string>& args, ArgParser& parser, ImpactSettings& s,
                       const UsageError& usage) {
  std::string error;
  impactTable().declare(parser);
  declareRunOptions(parser);  // --games is declared in both: the row here says what it means for impact
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give exactly one ruleset file");
  if (!readRunOptions(parser, s.options, error, 500)) return usage(error);
  if (parser.has("--until-ci")) return usage("--until-ci is not available for impact (give --games)");
  if (auto m = parser.value("--measure")) {
    if (*m == "restrict") s.config.grant = false;
    else if (*m == "grant") s.config.restrict = false;
    else if (*m != "both") return usage("--measure must be restrict, grant or both, got '" + *m + "'");
  }
  s.json = parser.value("--json");
  if (s.json && !checkOutputPath("--json", *s.json, error)) return usage(error);
  s.file = parser.positional().front();
  s.entities = parser.value("--entities").value_or("all");
  return kExitOk;
}

// The entities of --entities (ids, or all) as the engine's indexes; false with the reason.
bool readEntities(const sim::Game& game, const std::string& list, std::vector<int>& out, std::string& error) {
  const auto& ids = game.entityIds();
  if (list == "all") {
    for (std::size_t e = 0; e < ids.size(); ++e) out.push_back(static_cast<int>(e));
    return true;
  }
  const auto given = splitList(list);
  if (given.empty()) return (error = "--entities: an empty list (give entity ids, or all)", false);
  for (const auto& id : given) {
    auto it = std::find(ids.begin(), ids.end(), id);
    if (it == ids.end()) {
      std::string known;
      for (std::size_t k = 0; k < ids.size() && k < 12; ++k) known += (k ? ", " : "") + ids[k];
      const std::set<std::string, std::less<>> all(ids.begin(), ids.end());
      error = "unknown entity '" + id + "'" + model::validation::didYouMean(id, all) + " (known: " + known +
              (ids.size() > 12 ? ", ..." : "") + ")";
      return false;
    }
    const int index = static_cast<int>(it - ids.begin());
    // Measured once: a second copy would play the same games again.
    if (std::find(out.begin(), out.end(), index) != out.end())
      return (error = "--entities: '" + id + "' is given twice", false);
    out.push_back(index);
  }
  return true;
}

// Plays the pairs (a progress bar on a terminal) and prints the table, writes --json.
int playImpact(sim::ImpactRunner& runner, const ImpactSettings& s, const std::string& rulesetId,
               InterruptScope& interrupt, const UsageError& usage, CommandIo& io) {
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    runner.setProgressCallback([&io](const sim::ImpactProgress& p) { drawProgressBar(io.err, p.gamesDone, p.gamesTotal, p.etaSeconds); });
  interrupt.watch(runner);
  sim::ImpactResult result = runner.run();
  interrupt.unwatch();
  if (interrupt.interrupted()) result.cancelled = true;
  if (bar) clearProgressBar(io.err);
  if (!result.ok()) return usage(result.error);
  result.ruleset = rulesetId;
  return writeAndPrint("impact", s.json, result.cancelled, [&] { return sim::impactResultToJson(result); },
                       [&](std::ostream& out) { printImpact(out, result); }, io);
}

int runImpact(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  ImpactSettings s;
  const UsageError usage("impact", io);
  if (const int code = readImpactSettings(args, parser, s, usage)) return code;
  int code = kExitOk;
  auto ruleset = loadRulesetToPlay(s.file, parser, s.options, usage, io, code);
  if (!ruleset) return code;
  s.config.run = s.options.config;
  std::unique_ptr<sim::Game> game = compileForCli(*ruleset, io);
  if (!game) return kExitInvalid;
  std::string error;
  if (!readEntities(*game, s.entities, s.config.entities, error)) return usage(error);
  if (s.config.entities.empty()) return usage("no entities to measure (the engine lists none)");
  sim::ImpactRunner runner(*game, s.config);
  if (!runner.validate(error)) return usage(error);
  return playImpact(runner, s, ruleset->id, interrupt, usage, io);
}

}  // namespace

WB_REGISTER_COMMAND(impact, "impact", "what each card / relic / specialty does to the result (restricted play, grant)",
                    std::string(kSynopsis) + impactTable().help() + "\n" + runOptionsHelp() + "\n" + sim::agentHelp() +
                        "\n" + kExitText,
                    runImpact);

}  // namespace wb::app
