// `choose`: a player decides inside an effect (the cards an opponent makes
// them discard, the order of the cards put back on a deck, the card taken
// from a deck), as moves the agents see like any other. Compiled into a
// Choice (described_program.h) that Op::Choose names.
#include "model/describe/choice_compiler.h"

#include <algorithm>
#include <cstdlib>
#include <set>

#include "model/describe/description_compiler.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

namespace {

const std::set<std::string, std::less<>>& choiceKeys() {
  static const std::set<std::string, std::less<>> keys = {"id", "from", "to", "count", "top", "by",
                                                         "of", "up_to", "order", "when"};
  return keys;
}

// `by` / `of`: the subject ("player") or the next player ("opponent").
bool readWho(Compiler& c, const ChoiceArg& a, bool& opponent) {
  if (a.text == "player" || a.text == "opponent") {
    opponent = a.text == "opponent";
    return true;
  }
  c.error(a.where, "expected 'player' or 'opponent' for '" + a.key + "', got '" + a.text + "'" +
                       validation::didYouMean(a.text, {"player", "opponent"}));
  return false;
}

bool readFlag(Compiler& c, const ChoiceArg& a, bool& flag) {
  if (a.text == "true" || a.text == "false") {
    flag = a.text == "true";
    return true;
  }
  c.error(a.where, "expected true or false for '" + a.key + "', got '" + a.text + "'");
  return false;
}

}  // namespace

std::vector<ChoiceArg> scalarArgs(Compiler& c, const YAML::Node& map, const std::string& op, const std::string& keys) {
  std::vector<ChoiceArg> out;
  if (!map.IsMap()) {
    c.error(c.m_r.loc(map), "expected a map for '" + op + "' (" + keys + ", ...), got " + yaml::NodeReader::describe(map));
    return out;
  }
  for (const auto& e : c.m_r.entries(map, op)) {
    if (!e.value.IsScalar()) {
      c.error(e.valueLoc, "expected a single value for '" + e.key + "', got " + yaml::NodeReader::describe(e.value));
      continue;
    }
    out.push_back({e.key, e.value.Scalar(), e.valueLoc});
  }
  return out;
}

std::vector<ChoiceArg> choiceArgs(Compiler& c, const YAML::Node& map) { return scalarArgs(c, map, "choose", "from, to, count"); }

std::vector<ChoiceArg> choiceArgs(const Effect& e) {
  std::vector<ChoiceArg> out;
  for (const Field& f : e.args) out.push_back({f.key, f.text, e.origin.at(f.key)});
  return out;
}

int chooseSpec(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where) {
  // A choice waits for a move: an action's effects (or a card's, which an
  // action plays) can wait; setup and the triggers run between moves.
  if (c.m_currentAction < 0 && !c.m_inCardEffects) {
    c.error(where, "'choose' waits for a player's move: only an action's or a card's effects can choose "
                   "(not setup or triggers)");
    return -1;
  }
  bool bad = false;
  Choice ch;
  ch.id = "choose";
  ch.where = where;
  bool hasFrom = false, hasTo = false;
  for (const ChoiceArg& a : args) {
    if (a.key == "id") {
      if (a.text.empty() || a.text.find(' ') != std::string::npos)
        bad = true, c.error(a.where, "expected one word for the choice's 'id' (its moves' name), got '" + a.text + "'");
      else
        ch.id = a.text;
    } else if (a.key == "from") {
      ch.from = c.zoneRef(YAML::Node(), a.text, a.where);
      hasFrom = true;
    } else if (a.key == "to") {
      ch.to = c.zoneRef(YAML::Node(), a.text, a.where);
      hasTo = true;
    } else if (a.key == "count") {
      ch.count = c.expressionText(a.text, a.where);
    } else if (a.key == "top") {
      ch.top = c.expressionText(a.text, a.where);
    } else if (a.key == "when") {
      ch.when = c.conditionText(a.text, a.where);
      bad = bad || ch.when < 0;
    } else if (a.key == "by") {
      bad = !readWho(c, a, ch.byOpponent) || bad;
    } else if (a.key == "of") {
      bad = !readWho(c, a, ch.ofOpponent) || bad;
    } else if (a.key == "up_to") {
      bad = !readFlag(c, a, ch.upTo) || bad;
    } else if (a.key == "order") {
      bad = !readFlag(c, a, ch.order) || bad;
    } else {
      bad = true;
      c.error(a.where, "unknown key '" + a.key + "' in 'choose' (known: id, from, to, count, top, by, of, up_to, "
                       "order, when)" + validation::didYouMean(a.key, choiceKeys()));
    }
  }
  if (!hasFrom || !hasTo) {
    c.error(where, "'choose' needs 'from' and 'to' (the zones the cards are picked from and go to)");
    return -1;
  }
  const bool counted = std::any_of(args.begin(), args.end(), [](const ChoiceArg& a) { return a.key == "count"; });
  if (!counted) ch.count = c.expressionText("1", where);
  const bool topped = std::any_of(args.begin(), args.end(), [](const ChoiceArg& a) { return a.key == "top"; });
  if (bad || ch.from < 0 || ch.to < 0 || ch.count < 0 || (topped && ch.top < 0)) return -1;
  c.m_zoneFilled[static_cast<std::size_t>(ch.to)] = true;
  c.m_p.choices.push_back(std::move(ch));
  return static_cast<int>(c.m_p.choices.size()) - 1;
}

void dealEffect(Compiler& c, const yaml::MapEntry& op) {
  const YAML::Node& v = op.value;
  if (!v.IsMap()) {
    c.error(op.valueLoc, "expected a map for 'deal' (from, to, count, players), got " + yaml::NodeReader::describe(v));
    return;
  }
  int from = -1, to = -1, count = -1, others = 0;
  bool bad = false;
  for (const auto& e : c.m_r.entries(v, "deal")) {
    if (e.key == "from") {
      from = c.zoneRef(e.value, c.scalar(e.value, "'from'"), e.valueLoc);
    } else if (e.key == "to") {
      to = c.zoneRef(e.value, c.scalar(e.value, "'to'"), e.valueLoc);
    } else if (e.key == "count") {
      count = c.expression(e.value, "'count'");
      bad = bad || count < 0;
    } else if (e.key == "players") {
      const std::string who = c.scalar(e.value, "'players'");
      if (who == "all" || who == "opponents") {
        others = who == "opponents" ? 1 : 0;
      } else {
        bad = true;
        c.error(e.valueLoc, "expected 'all' or 'opponents' for 'players', got '" + who + "'" +
                                validation::didYouMean(who, {"all", "opponents"}));
      }
    } else {
      bad = true;
      c.m_r.unknownKey(e, "deal (known: from, to, count, players)");
    }
  }
  if (!v["from"] || !v["to"]) {
    c.error(op.valueLoc, "'deal' needs 'from' and 'to' (the pile dealt from and each player's zone dealt to)");
    return;
  }
  if (to >= 0 && !c.m_p.zones[static_cast<std::size_t>(to)].perPlayer) {
    c.error(c.m_r.loc(v["to"]), "'deal' gives each player cards: 'to' must be a zone per player");
    return;
  }
  if (!v["count"]) count = c.expressionText("1", op.valueLoc);
  if (bad || from < 0 || to < 0 || count < 0) return;
  c.m_zoneFilled[static_cast<std::size_t>(to)] = true;
  if (static_cast<int>(c.m_p.code.size()) < kMaxCode) c.m_p.code.push_back({Op::Deal, from, to, count, others});
}

void revealEffect(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where) {
  int zone = -1, top = -1;
  bool opponent = false, bad = false, hasZone = false;
  SourceLocation zoneAt = where, ofAt = where;
  for (const ChoiceArg& a : args) {
    if (a.key == "zone") {
      zone = c.zoneRef(YAML::Node(), a.text, a.where);
      hasZone = true;
      zoneAt = a.where;
      bad = bad || zone < 0;
    } else if (a.key == "of") {
      bad = !readWho(c, a, opponent) || bad;
      ofAt = a.where;
    } else if (a.key == "top") {
      char* end = nullptr;
      const double n = std::strtod(a.text.c_str(), &end);
      if (!a.text.empty() && end && *end == '\0' && !(n >= 1)) {
        bad = true;
        c.error(a.where, "expected a number of cards of at least 1 for 'top', got '" + a.text + "'");
        continue;
      }
      top = c.expressionText(a.text, a.where);
      bad = bad || top < 0;
    } else {
      bad = true;
      c.error(a.where, "unknown key '" + a.key + "' in 'reveal' (known: zone, of, top)" +
                           validation::didYouMean(a.key, {"zone", "of", "top"}));
    }
  }
  if (!hasZone) {
    c.error(where, "'reveal' needs 'zone' (the zone whose cards the player sees)");
    return;
  }
  if (bad) return;
  const Zone& z = c.m_p.zones[static_cast<std::size_t>(zone)];
  if (opponent && !z.perPlayer) {
    c.error(ofAt, "'of: opponent' needs a zone per player; '" + z.id + "' is the game's");
    return;
  }
  if (z.visibility == Visibility::Everyone || (z.visibility == Visibility::Owner && z.perPlayer && !opponent)) {
    c.error(zoneAt, "'reveal' of '" + z.id + "' shows nothing: the player already sees it");
    return;
  }
  if (static_cast<int>(c.m_p.code.size()) < kMaxCode) c.m_p.code.push_back({Op::Reveal, zone, top, opponent ? 1 : 0, 0});
}

}  // namespace wb::model::describe
