// Semantic checks of a Ruleset (see ruleset_validator.h): everything that can
// be judged on the model alone — id formats, duplicates, ranges, dice, cost
// expressions and dice questions — plus, given the engine's schema, the
// schema checks of schema_checks.cpp. Locations come from each object's Origin,
// so a ruleset built in code (no origins) gets messages without positions.
#include "model/validation/ruleset_validator.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "model/core/scalar.h"
#include "model/validation/dice_question_threshold.h"
#include "model/validation/expression_check.h"
#include "model/validation/schema_checks.h"

namespace wb::model {

SourceLocation offsetLocation(const SourceLocation& valueLoc, int offset) {
  SourceLocation where = valueLoc;
  if (where.column > 0 && offset > 0) where.column += offset;
  return where;
}

namespace {

using validation::CheckContext;

// Ruleset ids: a-z, 0-9, '_' and '-'.
bool isRulesetId(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

// Parameter and die ids are expression names: a letter or '_', then letters, digits, '_'.
bool isName(const std::string& s) {
  if (s.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(s[0])) return false;
  for (char c : s)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

// Entity and question ids appear in paths (`cards.<id>.cost`): letters, digits, '_' and '-'.
bool isEntityId(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
      return false;
  return true;
}

// Remembers where each id was first defined; reports later ones.
class DuplicateIds {
 public:
  explicit DuplicateIds(std::string what) : m_what(std::move(what)) {}
  // False (and an error) if `id` was seen before.
  bool add(const std::string& id, const SourceLocation& where, Diagnostics& out) {
    if (id.empty()) return true;
    auto [it, inserted] = m_first.emplace(id, where);
    if (!inserted) out.error(where, "duplicate " + m_what + " '" + id + "' (first defined at " + it->second.toString() + ")");
    return inserted;
  }

 private:
  std::string m_what;
  std::map<std::string, SourceLocation> m_first;
};

// `id: ""` names nothing: no path, target, --set or report can address it.
void checkNotEmptyId(const std::string& id, const Origin& origin, const std::string& what, Diagnostics& out) {
  if (id.empty() && origin.keys.count("id"))
    out.error(origin.at("id"), "an empty " + what + " id: nothing can address it (paths, --set and targets name things by id)");
}

void checkMetadata(const Ruleset& rs, Diagnostics& out) {
  checkNotEmptyId(rs.id, rs.origin, "ruleset", out);
  if (!rs.id.empty() && !isRulesetId(rs.id))
    out.error(rs.origin.at("id"), "invalid ruleset id '" + rs.id + "' (use a-z, 0-9, '_' and '-')");
  if (rs.version < 1)
    out.error(rs.origin.at("version"), "'version' must be at least 1, got " + std::to_string(rs.version));
  const int lo = rs.players.min, hi = rs.players.max;
  bool rangeOk = true;
  for (auto [key, v] : {std::pair{"min", lo}, std::pair{"max", hi}}) {
    if (v < 1 || v > 16) {
      out.error(rs.origin.at(std::string("players.") + key),
                std::string("'players.") + key + "' must be between 1 and 16, got " + std::to_string(v));
      rangeOk = false;
    }
  }
  if (rangeOk && lo > hi)
    out.error(rs.origin.at("players.min"), "'players.min' (" + std::to_string(lo) +
                                               ") is larger than 'players.max' (" + std::to_string(hi) + ")");
  // `players.default` (the seat count a run starts at, e.g. Zoneplex's 3) lies in the range.
  const bool defaultGiven = rs.origin.keys.count("players.default") > 0 || rs.players.usual != 0;
  if (rangeOk && lo <= hi && defaultGiven && (rs.players.usual < lo || rs.players.usual > hi))
    out.error(rs.origin.at("players.default"), "'players.default' must be between 'players.min' (" +
                                                   std::to_string(lo) + ") and 'players.max' (" +
                                                   std::to_string(hi) + "), got " + std::to_string(rs.players.usual));
}

// `alternatives:` of an assumed parameter: each a value of its type inside its
// range (or one of its choices), none twice; the current value among them is
// a warning.
void checkAlternatives(const Parameter& p, Diagnostics& out) {
  if (p.alternatives.empty()) return;
  const std::string what = "parameter '" + p.id + "'";
  if (p.assumed.empty())
    out.error(p.origin.at("alternatives"), "'alternatives' of " + what +
                                               " without 'assumed': alternatives are other readings of an assumed value");
  for (std::size_t i = 0; i < p.alternatives.size(); ++i) {
    const std::string& text = p.alternatives[i];
    const std::string key = "alternatives." + std::to_string(i);
    const SourceLocation where = p.origin.keys.count(key) ? p.origin.at(key) : p.origin.at("alternatives");
    auto v = p.parse(text);
    std::string problem = v ? p.check(*v) : "expected a " + std::string(toString(p.type)) + " value, got '" + text + "'";
    if (!problem.empty()) {
      out.error(where, "alternative '" + text + "' of " + what + ": " + problem);
      continue;
    }
    // The current value among its alternatives: in the file a slip, but also
    // what `--set` or an edit to one of the other readings makes of it (board
    // size 13 from [13]), which must stay playable: a warning, and `balance
    // assumptions` skips it.
    if (*v == p.value)
      out.warning(where, "alternative '" + text + "' of " + what +
                             " is the current value (default): `balance assumptions` skips it");
    for (std::size_t j = 0; j < i; ++j)
      if (p.parse(p.alternatives[j]) == v) {
        out.error(where, "alternative '" + text + "' of " + what + " is listed twice");
        break;
      }
  }
}

void checkParameters(const Ruleset& rs, Diagnostics& out) {
  DuplicateIds ids("parameter");
  for (const auto& p : rs.parameters) {
    if (!ids.add(p.id, p.origin.loc, out)) continue;
    const std::string what = "parameter '" + p.id + "'";
    if (!isName(p.id))
      out.error(p.origin.loc, "invalid parameter id '" + p.id +
                                  "' (use letters, digits and '_', not starting with a digit)");
    if (p.type == ParameterType::Enum && p.choices.empty())
      out.error(p.origin.at("type"), "enum " + what + " has no choices");
    if (p.type != ParameterType::Enum && !p.choices.empty())
      out.error(p.origin.at("choices"), "'choices' is only for enum parameters, " + what + " is " + toString(p.type));
    if (p.min && p.max && *p.min > *p.max)
      out.error(p.origin.at("min"), "min " + formatNumber(*p.min) + " of " + what + " is larger than its max " +
                                        formatNumber(*p.max));
    if (p.step && !(*p.step > 0))
      out.error(p.origin.at("step"), "step of " + what + " must be positive, got " + formatNumber(*p.step));
    const bool noChoices = p.type == ParameterType::Enum && p.choices.empty();  // reported above
    if (std::string problem = p.check(p.value); !problem.empty() && !noChoices)
      out.error(p.origin.at("default"), problem);
    checkAlternatives(p, out);
  }
}

void checkDice(const Ruleset& rs, Diagnostics& out) {
  DuplicateIds ids("die");
  for (const auto& d : rs.dice) {
    const SourceLocation idLoc = d.origin.at("id");
    checkNotEmptyId(d.id, d.origin, "die", out);
    if (!ids.add(d.id, idLoc, out)) continue;
    const std::string what = "die '" + d.id + "'";
    if (!d.id.empty() && !isName(d.id))
      out.error(idLoc, "invalid die id '" + d.id + "' (use letters, digits and '_', not starting with a digit)");
    if (const Parameter* p = rs.parameter(d.id))
      out.error(idLoc, what + " has the same id as a parameter (defined at " + p->origin.loc.toString() + ")");
    if (d.faces.empty() && d.origin.keys.count("faces")) out.error(d.origin.at("faces"), what + " has no faces");
    for (std::size_t i = 0; i < d.faces.size(); ++i) {
      const DieFace& f = d.faces[i];
      const std::string faceKey = "faces." + std::to_string(i);
      const SourceLocation at = d.origin.keys.count(faceKey) ? d.origin.at(faceKey) : d.origin.at("faces");
      const std::string face = "face " + std::to_string(i + 1) + " of " + what;
      if (f.symbol.empty()) out.error(at, face + " has an empty symbol");
      if (!(f.weight > 0) || !std::isfinite(f.weight))
        out.error(at, face + " has weight " + formatNumber(f.weight) + ", expected a positive number");
      if (!std::isfinite(f.value)) out.error(at, face + " has a value that is not a finite number");
      else if (std::fabs(f.value) > kMaxEngineInteger)
        out.error(at, face + " has value " + formatNumber(f.value) + ", expected at most " +
                          formatNumber(kMaxEngineInteger) + " in magnitude");
    }
  }
}

void checkEntities(const CheckContext& ctx) {
  DuplicateIds ids("id");
  for (Section section : kSections) {
    for (const auto& e : ctx.ruleset.entities(section)) {
      const SourceLocation idLoc = e.origin.at("id");
      ids.add(e.id, idLoc, ctx.out);
      checkNotEmptyId(e.id, e.origin, "entity", ctx.out);
      if (!e.id.empty() && !isEntityId(e.id))
        ctx.out.error(idLoc, "invalid id '" + e.id + "' (use letters, digits, '_' and '-')");
      if (e.count < 0)
        ctx.out.error(e.origin.at("count"), "'count' must be at least 0, got " + std::to_string(e.count));
      else if (e.count > kMaxEntityCount)
        ctx.out.error(e.origin.at("count"), "'count' must be at most " + std::to_string(kMaxEntityCount) + ", got " +
                                                std::to_string(e.count) + " (copies of one entity)");
      const double minCost = ctx.schema ? ctx.schema->minCost : 0.0;
      for (const auto& c : e.costs) {
        const std::string key = c.resource.empty() ? std::string("cost") : "costs." + c.resource;
        const SourceLocation where = e.origin.at(key);
        validation::checkExpressionNames(c.amount, where, ctx.names, ctx.out);
        if (const auto v = c.amount.constantValue(); v && *v < minCost)
          ctx.out.error(where, "'" + key + "' of '" + e.id + "' must be at least " + formatNumber(minCost) + ", got " +
                                   formatNumber(*v));
        else if (v && !(*v <= kMaxEngineInteger))
          ctx.out.error(where, "'" + key + "' of '" + e.id + "' must be at most " + formatNumber(kMaxEngineInteger) +
                                   ", got " + formatNumber(*v));
      }
      if (ctx.schema) validation::checkEntityAgainstSchema(ctx, section, e);
    }
  }
}

void checkDiceQuestions(const CheckContext& ctx) {
  static const std::vector<std::string> kQueries = {"sum", "count", "at_least", "vs", "target", "expression"};
  DuplicateIds ids("dice question");
  for (const auto& q : ctx.ruleset.diceQuestions) {
    ids.add(q.id, q.origin.at("id"), ctx.out);
    checkNotEmptyId(q.id, q.origin, "dice question", ctx.out);
    const std::string what = "dice question '" + q.id + "'";
    if (!q.id.empty() && !isEntityId(q.id))
      ctx.out.error(q.origin.at("id"), "invalid id '" + q.id + "' (use letters, digits, '_' and '-')");
    if (q.query.empty()) continue;  // missing: reported by the loader
    if (std::find(kQueries.begin(), kQueries.end(), q.query) == kQueries.end()) {
      ctx.out.error(q.origin.at("query"), "unknown query '" + q.query + "' in " + what +
                                              " (known: sum, count, at_least, vs, target, expression)");
      continue;
    }
    if (const std::string stale = staleThreshold(ctx.ruleset, q); !stale.empty())
      ctx.out.warning(q.origin.at("at_least"), what + ": " + stale);
    if (q.query == "expression") {
      const Field* expr = q.arg("expression");
      if (!expr)
        ctx.out.error(q.origin.loc, "missing argument 'expression' for query 'expression' in " + what);
      else
        validation::checkTypedValue(ctx, *expr, ArgType::Expression, {}, q.origin, "expression");
    }
  }
}

}  // namespace

void validateRuleset(const Ruleset& ruleset, const EngineSchema* schema, Diagnostics& out) {
  const validation::ExpressionNames names(ruleset, schema);
  const CheckContext ctx{ruleset, schema, names, out};
  checkMetadata(ruleset, out);
  checkParameters(ruleset, out);
  checkDice(ruleset, out);
  checkEntities(ctx);
  checkDiceQuestions(ctx);
  if (schema) {
    validation::checkRequiredParameters(ctx);
    validation::checkParameterOrder(ctx);
  }
  // The engine's own checks assume a well-formed ruleset: run them only then.
  if (schema && schema->check && !out.hasErrors()) schema->check(ruleset, out);
}

}  // namespace wb::model
