// `balance show FILE [PATH]`: print a ruleset's summary, an entity, or one value.
#include <ostream>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "app/cli/run_options.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {
namespace {

void printEntity(const model::Entity& e, model::Section s, std::ostream& out) {
  out << model::toString(s) << "." << e.id << "\n";
  out << "  name:  " << e.name << "\n";
  if (!e.kind.empty()) out << "  kind:  " << e.kind << "\n";
  out << "  count: " << e.count << "\n";
  for (const auto& c : e.costs) out << "  " << (c.resource.empty() ? "cost" : "costs." + c.resource) << ":  " << c.amount.text() << "\n";
  if (!e.tags.empty()) {
    out << "  tags: ";
    for (const auto& t : e.tags) out << " " << t;
    out << "\n";
  }
  if (!e.text.empty()) out << "  text:  " << e.text << "\n";
  for (const auto& p : e.properties) {
    out << "  properties." << p.key << ": ";
    if (p.isList) {
      for (std::size_t i = 0; i < p.items.size(); ++i) out << (i ? ", " : "") << p.items[i];
    } else {
      out << p.text;
    }
    out << "\n";
  }
  for (std::size_t i = 0; i < e.effects.size(); ++i) {
    const auto& eff = e.effects[i];
    out << "  effects." << i << ": " << eff.op;
    for (const auto& a : eff.args) {
      out << "  " << a.key << "=";
      if (a.isList) {
        out << "[";
        for (std::size_t j = 0; j < a.items.size(); ++j) out << (j ? ", " : "") << a.items[j];
        out << "]";
      } else {
        out << a.text;
      }
    }
    out << "\n";
  }
  if (!e.assumed.empty()) out << "  assumed: " << e.assumed << "\n";
}

void printSummary(const model::Ruleset& r, std::ostream& out) {
  out << r.name << " (" << r.id << ", version " << r.version << ")\n";
  out << "  engine:  " << r.engine << "\n";
  out << "  players: " << r.players.min << (r.players.max != r.players.min ? "-" + std::to_string(r.players.max) : "")
      << (r.players.usual > 0 ? " (default " + std::to_string(r.players.usual) + ")" : "") << "\n";
  out << "  parameters:\n";
  for (const auto& p : r.parameters) out << "    " << p.id << " = " << model::toString(p.value) << (p.assumed.empty() ? "" : "  (assumed)") << "\n";
  if (!r.dice.empty()) {
    out << "  dice:\n";
    for (const auto& d : r.dice) {
      out << "    " << d.id << ": [";
      for (std::size_t i = 0; i < d.faces.size(); ++i) out << (i ? ", " : "") << d.faces[i].symbol;
      out << "]\n";
    }
  }
  for (model::Section s : model::kSections) {
    const auto& list = r.entities(s);
    if (list.empty()) continue;
    int copies = 0;
    for (const auto& e : list) copies += e.count;
    out << "  " << model::toString(s) << ": " << list.size() << " (" << copies << " copies)\n";
  }
  if (!r.diceQuestions.empty()) out << "  dice questions: " << r.diceQuestions.size() << "\n";
}

int runShow(const std::vector<std::string>& args, CommandIo& io) {
  ArgParser parser;
  std::string error;
  if (!parser.parse(args, error)) {
    io.err << "balance show: " << error << "\n";
    return kExitUsage;
  }
  const auto& pos = parser.positional();
  if (pos.empty() || pos.size() > 2) {
    io.err << "balance show: usage: balance show FILE|FOLDER [PATH]\n";
    return kExitUsage;
  }
  std::string file;
  if (!resolveRulesetPath(pos[0], file, error)) {  // a ruleset folder names its root file
    io.err << "balance show: " << error << "\n";
    return kExitInvalid;
  }
  auto result = model::loadRuleset(file, rulesets::builtinEngines().schemaLookup());
  io.err << result.diagnostics.format();
  const model::Ruleset& r = result.ruleset;
  // Show what could be read even when the file has problems; the exit code says so.
  const int exit = result.ok() ? kExitOk : kExitInvalid;
  if (pos.size() == 1) {
    printSummary(r, io.out);
    return exit;
  }
  const std::string& path = pos[1];
  // A path naming an entity (`cards.meteor_strike`) prints the whole entity.
  if (auto dot = path.find('.'); dot != std::string::npos && path.find('.', dot + 1) == std::string::npos) {
    if (auto section = model::sectionFromString(path.substr(0, dot))) {
      if (const model::Entity* e = r.entity(*section, path.substr(dot + 1))) {
        printEntity(*e, *section, io.out);
        return exit;
      }
    }
  }
  auto value = model::getPath(r, path, &error);
  if (!value) {
    io.err << "balance show: " << error << "\n";
    return kExitUsage;
  }
  io.out << value->text << "\n";
  return exit;
}

}  // namespace

WB_REGISTER_COMMAND(show, "show", "print a ruleset summary, an entity or one value by path",
                    "usage: balance show FILE|FOLDER [PATH]\n\n"
                    "Without PATH: name, engine, players, parameters, dice and entity counts.\n"
                    "PATH names an entity (cards.meteor_strike) or a value:\n"
                    "  parameters.starting_health   cards.meteor_strike.cost\n"
                    "  cards.meteor_strike.effects.0.amount   dice.fire.faces   players.min\n\n"
                    "exit: 0 ok, 1 the file has problems (listed on stderr), 2 usage error or unknown path\n",
                    runShow);

}  // namespace wb::app
