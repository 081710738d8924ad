// `balance dice`: exact dice probabilities from the command line (the dice
// lab, simulation/dice). A pool in standard notation and one query, or a
// ruleset's dice questions; a readable table or --json.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <ostream>
#include <set>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "model/core/atomic_file.h"
#include "simulation/core/json_writer.h"
#include "simulation/dice/dice_lab.h"
#include "simulation/dice/dice_report.h"

namespace wb::app {
namespace {

namespace dice = wb::sim::dice;

// Ctrl-C cancels a long evaluation (the lab stops at its next check).
std::atomic<bool> g_cancel{false};
extern "C" void onDiceInterrupt(int) { g_cancel.store(true); }

constexpr int kExitCancelled = 130;  // as a shell reports SIGINT

// Evaluates with Ctrl-C wired to cancel and, on a terminal, a progress bar
// for work of more than about half a second.
bool evaluateWithProgress(const dice::DiceRequest& rq, const model::Ruleset* ruleset, dice::DiceResult& result,
                          dice::DiceError& error, CommandIo& io) {
  dice::DiceControl control;
  g_cancel.store(false);
  control.cancel = &g_cancel;
  const bool bar = &io.err == &std::cerr && ::isatty(STDERR_FILENO) && dice::estimateDiceWork(rq, ruleset) > 5e8;
  if (bar)
    control.progress = [&io](double f) {
      const int filled = static_cast<int>(f * 30);
      char pct[16];
      std::snprintf(pct, sizeof pct, "%3.0f%%", 100 * f);
      io.err << "\r[" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(30 - filled), '.')
             << "] " << pct << "  (Ctrl-C cancels)" << std::flush;
    };
  auto previous = std::signal(SIGINT, onDiceInterrupt);
  const bool ok = dice::evaluateDice(rq, ruleset, result, error, control);
  std::signal(SIGINT, previous == SIG_ERR ? SIG_DFL : previous);
  if (bar) io.err << "\r" << std::string(60, ' ') << "\r" << std::flush;
  return ok;
}

const char* kUsage =
    "usage: balance dice POOL [QUERY] [--at-least X] [--monte-carlo N [--seed S]] [--ruleset FILE] [--json PATH|-]\n"
    "       balance dice --expression EXPR [--ruleset FILE] [--at-least X] ...\n"
    "       balance dice --ruleset FILE [--question ID] [--json PATH|-]\n\n"
    "Exact probabilities of dice rolls (enumeration, no sampling unless --monte-carlo).\n\n"
    "POOL notation:\n"
    "  3d6  2d6+1d8+2  d20-2   dice and constants, added or subtracted\n"
    "  6d10!4kh3               explode on the highest face at most 4 times, keep highest 3\n"
    "                          (! alone: at most 10 times; kh kl keep, dh dl drop)\n"
    "  4d{fire:2,earth,water,air,Z}   named faces with multiplicity;  4dF  Fudge dice\n"
    "  7d[fire_shaman]         a die by id from --ruleset FILE\n\n";

// The queries and options of `balance dice` (--help prints them in two groups).
const OptionTable& diceTable() {
  static const OptionTable table = [] {
    const std::string maxRolls = std::to_string(dice::kMaxTargetRolls);
    OptionTable t{
        {.name = "--sum", .type = OptionType::Switch, .help = "distribution of the sum", .group = "query"},
        {.name = "--count", .meta = "FACE[,FACE]", .help = "how many dice show one of the faces", .group = "query"},
        {.name = "--vs", .meta = "POOL",
         .help = "opposed: highest against highest, ties to B;\n"
                 "distribution of pairs won by POOL minus pairs won by B",
         .group = "query"},
        {.name = "--target", .meta = "\"A:n,B:m|C:k\" --rolls R [--wild FACE [--anchored]]",
         .help = "reach one alternative within R rolls holding optimally;\n"
                 "an anchored wild needs a natural die of the face it completes",
         .group = "query"},
        {.name = "--expression", .meta = "EXPR",
         .help = "distribution of an amount expression (fire * magic) over\n"
                 "the ruleset's dice (d6, d8, ... without a ruleset)",
         .group = "query"},
        // With --target (its line names them).
        {.name = "--rolls", .type = OptionType::Int, .min = 1, .max = dice::kMaxTargetRolls,
         .rangeError = "--rolls must be 1 to " + maxRolls},
        {.name = "--wild"},
        {.name = "--anchored", .type = OptionType::Switch},
        {.name = "--at-least", .type = OptionType::Number, .meta = "X", .help = "also print P(outcome >= X)"},
        {.name = "--monte-carlo", .type = OptionType::Int, .meta = "N",
         .help = "sample N times instead (95% intervals); --seed S (default 1)", .min = 1, .max = 1'000'000'000LL,
         .rangeError = "--monte-carlo must be 1 to 1000000000"},
        {.name = "--seed", .type = OptionType::Int, .min = 0, .fallback = 1,
         .rangeError = "--seed must be non-negative"},
        {.name = "--ruleset", .meta = "FILE", .help = "dice ids and parameters; alone: evaluate its dice_questions"},
        {.name = "--question", .meta = "ID", .help = "only that dice question of --ruleset"},
        {.name = "--json", .meta = "PATH|-",
         .help = "write the result as JSON to PATH, or to stdout instead of the table"},
    };
    t.helpColumn(26).longNamesAbove();
    return t;
  }();
  return table;
}

const char* kClosing =
    "bounds: an exact answer takes at most about 4 s of work and a Monte Carlo run about 60 s\n"
    "(tables of at most 4000000 outcomes); a bigger request is refused with a suggestion. Long\n"
    "work shows progress on a terminal; Ctrl-C cancels it.\n\n"
    "exit: 0 ok, 1 the ruleset or its questions have problems, 2 usage error (bad notation:\n"
    "`balance dice: error at column N: ...`, a request beyond the bounds), 130 cancelled\n";

// Writes `json` to PATH or stdout.
bool emitJson(const std::string& path, const std::string& json, CommandIo& io) {
  if (path == "-") {
    io.out << json << "\n";
    return true;
  }
  std::string error;
  if (!model::writeFileAtomically(path, json + "\n", &error)) {
    io.err << "balance dice: cannot write " << path << ": " << error << "\n";
    return false;
  }
  return true;
}

int runQuestions(const model::Ruleset& ruleset, const std::string& file, const std::optional<std::string>& only,
                 const std::optional<std::string>& jsonPath, CommandIo& io) {
  if (only && std::none_of(ruleset.diceQuestions.begin(), ruleset.diceQuestions.end(),
                           [&](const model::DiceQuestion& q) { return q.id == *only; })) {
    io.err << "balance dice: " << file << " has no dice question '" << *only << "'\n";
    return kExitUsage;
  }
  if (ruleset.diceQuestions.empty()) {
    io.err << "balance dice: " << file << " has no dice_questions\n";
    return kExitUsage;
  }
  int exit = kExitOk;
  sim::JsonWriter json;
  json.beginObject().field("ruleset", ruleset.id).key("questions").beginArray();
  for (const auto& q : ruleset.diceQuestions) {
    if (only && q.id != *only) continue;
    std::string why;
    auto request = dice::requestFromQuestion(q, &why);
    dice::DiceResult result;
    dice::DiceError error;
    if (request && !evaluateWithProgress(*request, &ruleset, result, error, io)) {
      if (error.cancelled) {
        io.err << "balance dice: cancelled\n";
        return kExitCancelled;
      }
      why = error.format();
    }
    if (!why.empty()) {
      model::SourceLocation where = q.origin.loc;
      if (where.file.empty()) where.file = file;
      io.err << where.toString() << ": error: dice question '" << q.id << "': " << why << "\n";
      exit = kExitInvalid;
      continue;
    }
    if (!jsonPath || *jsonPath != "-") io.out << "question " << q.id << ": " << q.name << "\n" << dice::formatDiceText(result, 5) << "\n";
    json.beginObject().field("id", q.id).field("name", q.name);
    json.key("result");
    dice::writeDiceJson(json, result);
    json.endObject();
  }
  json.endArray().endObject();
  if (jsonPath && !emitJson(*jsonPath, json.str(), io)) return kExitInvalid;
  return exit;
}

// The query of `balance dice` (one of --sum, --count, --vs, --target, --expression) into `rq`.
int readQuery(const ArgParser& parser, dice::DiceRequest& rq, const UsageError& usage) {
  int queries = parser.has("--sum") ? 1 : 0;
  if (auto c = parser.value("--count")) {
    ++queries;
    rq.query = dice::DiceQuery::Count;
    std::string cur;
    for (char ch : *c + ",") {
      if (ch == ',') {
        if (!cur.empty()) rq.faces.push_back(cur);
        cur.clear();
      } else if (ch != ' ') {
        cur += ch;
      }
    }
    if (rq.faces.empty()) return usage("--count needs at least one face");
  }
  if (auto v = parser.value("--vs")) {
    ++queries;
    rq.query = dice::DiceQuery::Vs;
    rq.vs = *v;
  }
  if (auto t = parser.value("--target")) {
    ++queries;
    rq.query = dice::DiceQuery::Target;
    rq.target = *t;
  }
  if (auto e = parser.value("--expression")) {
    ++queries;
    rq.query = dice::DiceQuery::Expression;
    rq.expression = *e;
    if (!parser.positional().empty()) return usage("--expression takes no pool");
  }
  if (queries > 1) return usage("choose one query: --sum, --count, --vs, --target or --expression");
  return kExitOk;
}

// The pool, the query and the numbers of the request (after the table's range checks).
int readDiceRequest(const ArgParser& parser, dice::DiceRequest& rq, const UsageError& usage) {
  if (const int code = readQuery(parser, rq, usage)) return code;
  if (rq.query != dice::DiceQuery::Target) {
    for (const char* f : {"--rolls", "--wild", "--anchored"})
      if (parser.has(f)) return usage(std::string(f) + " goes with --target");
  }
  if (parser.has("--anchored") && !parser.has("--wild")) return usage("--anchored needs --wild FACE");
  if (!parser.positional().empty()) rq.pool = parser.positional().front();
  const OptionTable& table = diceTable();
  if (parser.has("--rolls")) rq.rolls = static_cast<int>(table.integer(parser, "--rolls"));
  rq.wild = parser.value("--wild").value_or("");
  rq.anchored = parser.has("--anchored");
  if (parser.has("--at-least")) rq.atLeast = table.number(parser, "--at-least");
  if (parser.has("--monte-carlo")) rq.monteCarlo = table.integer(parser, "--monte-carlo");
  rq.seed = static_cast<std::uint64_t>(table.integer(parser, "--seed"));
  return kExitOk;
}

// Evaluates the request and prints the table (or the JSON); a notation error points at its column.
int evaluateAndPrint(const dice::DiceRequest& rq, const model::Ruleset* ruleset, const std::optional<std::string>& json,
                     CommandIo& io) {
  dice::DiceResult result;
  dice::DiceError derr;
  if (!evaluateWithProgress(rq, ruleset, result, derr, io)) {
    io.err << "balance dice: " << derr.format() << "\n";
    if (derr.cancelled) return kExitCancelled;
    if (derr.column > 0) {
      const std::string& text = derr.field == "vs" ? rq.vs : derr.field == "target" ? rq.target
                                : derr.field == "expression" ? rq.expression : rq.pool;
      io.err << "  " << text << "\n  " << std::string(static_cast<std::size_t>(derr.column - 1), ' ') << "^\n";
    }
    return kExitUsage;
  }
  if (!json || *json != "-") io.out << dice::formatDiceText(result);
  if (json) {
    sim::JsonWriter writer;
    dice::writeDiceJson(writer, result);
    if (!emitJson(*json, writer.str(), io)) return kExitInvalid;
  }
  return kExitOk;
}

int runDice(const std::vector<std::string>& args, CommandIo& io) {
  ArgParser parser;
  std::string error;
  const UsageError usage("dice", io);
  if (!parseOptions(diceTable(), args, parser, error)) return usage(error);
  const auto& pos = parser.positional();
  if (pos.size() > 1) return usage("one pool expected, got " + std::to_string(pos.size()) + " (quote pools with spaces)");

  std::optional<model::Ruleset> ruleset;
  auto rulesetFile = parser.value("--ruleset");
  if (rulesetFile) {
    std::string path;  // a folder is taken as every other command takes it
    if (!resolveRulesetPath(*rulesetFile, path, error)) return usage(error);
    ruleset = loadRulesetForCli(path, io);
    if (!ruleset) return kExitInvalid;
    if (!checkOutputsApart("dice", parser, rulesetInputs(*ruleset), io)) return kExitUsage;
  }
  if (parser.has("--question") && !rulesetFile) return usage("--question needs --ruleset FILE");
  if (pos.empty() && !parser.has("--expression")) {
    if (!ruleset) return usage("no pool given (e.g. balance dice 3d6)");
    return runQuestions(*ruleset, *rulesetFile, parser.value("--question"), parser.value("--json"), io);
  }
  if (parser.has("--question")) return usage("--question evaluates a ruleset question; give no pool with it");
  dice::DiceRequest rq;
  if (const int code = readDiceRequest(parser, rq, usage)) return code;
  return evaluateAndPrint(rq, ruleset ? &*ruleset : nullptr, parser.value("--json"), io);
}

}  // namespace

WB_REGISTER_COMMAND(dice, "dice", "exact dice probabilities: 3d6, 6d10!4kh3, --vs, --target, ruleset questions",
                    std::string(kUsage) + "QUERY (one; --sum by default):\n" + diceTable().help("query") +
                        "\noptions:\n" + diceTable().help("") + "\n" + kClosing,
                    runDice);

}  // namespace wb::app
