#include "simulation/dice/dice_lab.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <set>

#include "model/core/dice_question.h"
#include "model/core/ruleset.h"
#include "model/expression/expression.h"
#include "simulation/dice/dice_notation.h"
#include "simulation/dice/expression_distribution.h"
#include "simulation/dice/pool_engine.h"

namespace wb::sim::dice {

const char* toString(DiceQuery q) {
  switch (q) {
    case DiceQuery::Sum: return "sum";
    case DiceQuery::Count: return "count";
    case DiceQuery::Vs: return "vs";
    case DiceQuery::Target: return "target";
    case DiceQuery::Expression: return "expression";
  }
  return "sum";
}

std::optional<DiceQuery> diceQueryFromString(std::string_view s) {
  if (s == "sum" || s == "at_least") return DiceQuery::Sum;
  if (s == "count") return DiceQuery::Count;
  if (s == "vs") return DiceQuery::Vs;
  if (s == "target") return DiceQuery::Target;
  if (s == "expression") return DiceQuery::Expression;
  return std::nullopt;
}

std::string DiceError::format() const {
  if (column <= 0) return message;
  std::string where = "error at column " + std::to_string(column);
  if (!field.empty() && field != "pool") where += " of --" + field;
  return where + ": " + message;
}

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

std::string joined(const std::vector<std::string>& items, const char* sep) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? sep : "") + items[i];
  return s;
}

// Drops the last bits of rounding noise (6.999999999999998 -> 7).
double tidy(double v) {
  if (std::abs(v) < 1e-12) return 0.0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.13g", v);
  return std::strtod(buf, nullptr);
}

bool parse(const std::string& text, const char* field, const model::Ruleset* ruleset, Pool& pool, DiceError& error) {
  NotationError ne;
  auto p = parsePool(text, ruleset, &ne);
  if (!p) {
    error = DiceError{field, ne.column, ne.message};
    return false;
  }
  pool = std::move(*p);
  return true;
}

bool fail(DiceError& error, std::string field, std::string message) {
  error = DiceError{std::move(field), 0, std::move(message)};
  return false;
}

// A round number of samples at most n (1, 2 or 5 times a power of ten).
long long roundSamples(double n) {
  if (n < 1) return 0;
  double p = std::pow(10.0, std::floor(std::log10(n)));
  for (double m : {5.0, 2.0, 1.0})
    if (m * p <= n) return static_cast<long long>(m * p);
  return static_cast<long long>(p);
}

// "use Monte Carlo: --monte-carlo 1000000 takes about 2 s" for a draw of `drawCost`.
std::string monteCarloSuggestion(double drawCost, double limit) {
  const long long n = std::min<long long>(1'000'000, roundSamples(limit / std::max(drawCost, 1.0)));
  if (n < 1) return "";
  return "; use Monte Carlo: --monte-carlo " + std::to_string(n) + " takes " +
         aboutSeconds(static_cast<double>(n) * drawCost);
}

// Refuses a Monte Carlo run over the bound: how long it would take and how many samples fit.
bool checkSamples(long long samples, double drawCost, const DiceControl& control, DiceError& error) {
  const double work = static_cast<double>(samples) * drawCost;
  if (work <= control.monteCarloLimit) return true;
  const long long n = roundSamples(control.monteCarloLimit / std::max(drawCost, 1.0));
  std::string message = std::to_string(samples) + " Monte Carlo samples are " + aboutSeconds(work) +
                        " of work (the bound is " + aboutSeconds(control.monteCarloLimit) + ")";
  if (n >= 1) message += "; use at most " + std::to_string(n) + " samples (" + aboutSeconds(static_cast<double>(n) * drawCost) + ")";
  else message += "; one sample alone is over the bound: use fewer dice";
  return fail(error, "", message);
}

// The budget's stop as the lab's error.
bool stopped(const DiceBudget& budget, double drawCost, const DiceControl& control, DiceError& error) {
  if (budget.stop() == DiceBudget::Stop::Cancelled) {
    error = DiceError{"", 0, "cancelled", true};
    return false;
  }
  std::string message = "stopped: " + budget.why();
  if (drawCost > 0) message += monteCarloSuggestion(drawCost, control.monteCarloLimit);
  return fail(error, "", message);
}

bool evaluate(const DiceRequest& rq, const model::Ruleset* ruleset, DiceResult& res, DiceError& error,
              const DiceControl& control) {
  const bool mc = rq.monteCarlo > 0;
  DiceSampler sampler(rq.seed);
  DiceBudget budget(mc ? control.monteCarloLimit : control.exactLimit, control.cancel, control.progress);
  std::string label = "outcome";
  switch (rq.query) {
    case DiceQuery::Sum:
    case DiceQuery::Count: {
      Pool pool;
      if (!parse(rq.pool, "pool", ruleset, pool, error)) return false;
      const double draw = DiceSampler::poolDrawCost(pool);
      if (mc) {
        if (!checkSamples(rq.monteCarlo, draw, control, error)) return false;
        budget.setExpected(static_cast<double>(rq.monteCarlo) * draw);
      } else {
        if (auto why = exactCostProblem(pool, control.exactLimit); !why.empty())
          return fail(error, "", why + monteCarloSuggestion(draw, control.monteCarloLimit));
        budget.setExpected(exactCost(pool));
      }
      if (rq.query == DiceQuery::Sum) {
        res.title = "sum of " + rq.pool;
        label = "sum";
        auto byValue = [](const Face& f) { return f.value; };
        res.pmf = mc ? sampler.pool(pool, byValue, true, rq.monteCarlo, &budget) : sumDistribution(pool, &budget);
      } else {
        if (rq.faces.empty()) return fail(error, "", "a count query needs the faces to count (--count FACE[,FACE])");
        std::set<std::string> known;
        for (const auto& t : pool.terms)
          for (const auto& s : t.die.symbols()) known.insert(s);
        for (const auto& f : rq.faces)
          if (!known.count(f)) return fail(error, "", "face '" + f + "' is on no die of " + rq.pool);
        res.title = "count of " + joined(rq.faces, ",") + " in " + rq.pool;
        label = "count";
        const auto& faces = rq.faces;
        auto hit = [&faces](const Face& f) { return std::find(faces.begin(), faces.end(), f.symbol) != faces.end() ? 1.0 : 0.0; };
        res.pmf = mc ? sampler.pool(pool, hit, false, rq.monteCarlo, &budget) : countDistribution(pool, rq.faces, &budget);
      }
      if (budget.stopped()) return stopped(budget, mc ? 0 : draw, control, error);
      break;
    }
    case DiceQuery::Vs: {
      Pool a, b;
      if (!parse(rq.pool, "pool", ruleset, a, error)) return false;
      if (!parse(rq.vs, "vs", ruleset, b, error)) return false;
      if (rq.vsSums) {
        // The two totals are independent: the difference is A's sum
        // distribution convolved with B's negated (sampled: each sum sampled).
        const double drawA = DiceSampler::poolDrawCost(a), drawB = DiceSampler::poolDrawCost(b);
        if (mc) {
          if (!checkSamples(rq.monteCarlo, drawA + drawB, control, error)) return false;
          budget.setExpected(static_cast<double>(rq.monteCarlo) * (drawA + drawB));
        } else {
          if (auto why = exactCostProblem(a, control.exactLimit); !why.empty())
            return fail(error, "pool", why + monteCarloSuggestion(drawA + drawB, control.monteCarloLimit));
          if (auto why = exactCostProblem(b, control.exactLimit); !why.empty())
            return fail(error, "vs", why + monteCarloSuggestion(drawA + drawB, control.monteCarloLimit));
          budget.setExpected(exactCost(a) + exactCost(b));
        }
        auto byValue = [](const Face& f) { return f.value; };
        const Pmf sumA = mc ? sampler.pool(a, byValue, true, rq.monteCarlo, &budget) : sumDistribution(a, &budget);
        if (budget.stopped()) return stopped(budget, mc ? 0 : drawA, control, error);
        const Pmf sumB = mc ? sampler.pool(b, byValue, true, rq.monteCarlo, &budget) : sumDistribution(b, &budget);
        if (budget.stopped()) return stopped(budget, mc ? 0 : drawB, control, error);
        res.title = "sum of " + rq.pool + " minus sum of " + rq.vs;
        label = "A - B";
        res.pmf = Pmf::convolve(sumA, sumB.negated());
        if (rq.atLeast) {
          res.probabilityLabel = "P(A - B >= " + number(*rq.atLeast) + ")";
          res.probability = res.pmf.atLeast(*rq.atLeast);
        } else {
          res.probabilityLabel = "P(sum of A > sum of B)";
          res.probability = 1.0 - res.pmf.atMost(0.0);
        }
        break;
      }
      if (auto why = opposedProblem(a); !why.empty()) return fail(error, "pool", why);
      if (auto why = opposedProblem(b); !why.empty()) return fail(error, "vs", why);
      const double draw = DiceSampler::opposedDrawCost(a, b);
      if (mc) {
        if (!checkSamples(rq.monteCarlo, draw, control, error)) return false;
        budget.setExpected(static_cast<double>(rq.monteCarlo) * draw);
      } else {
        if (auto why = opposedCostProblem(a, b, control.exactLimit); !why.empty())
          return fail(error, "", why + monteCarloSuggestion(draw, control.monteCarloLimit));
        budget.setExpected(opposedCost(a, b));
      }
      int pairs = std::min(a.diceCount(), b.diceCount());
      res.title = rq.pool + " vs " + rq.vs + ": pairs won by A minus pairs won by B (" + std::to_string(pairs) +
                  " pairs, ties to B)";
      res.pmf = mc ? sampler.opposed(a, b, rq.monteCarlo, &budget) : opposedDistribution(a, b, &budget);
      if (budget.stopped()) return stopped(budget, mc ? 0 : draw, control, error);
      res.probabilityLabel = rq.atLeast ? "P(A - B >= " + number(*rq.atLeast) + ")" : "P(A wins more pairs)";
      res.probability = res.pmf.atLeast(rq.atLeast ? *rq.atLeast : 1.0);
      break;
    }
    case DiceQuery::Target: {
      Pool pool;
      if (!parse(rq.pool, "pool", ruleset, pool, error)) return false;
      if (!pool.singleDieKind() || pool.constant != 0 || pool.hasKeep() || pool.hasExplosion())
        return fail(error, "pool", "a target query rolls dice of one kind (e.g. 7d6 or 7d[fire_shaman])");
      NotationError ne;
      auto alternatives = parseTarget(rq.target, &ne);
      if (!alternatives) {
        error = DiceError{"target", ne.column, ne.message};
        return false;
      }
      TargetSpec spec{*alternatives, rq.rolls, rq.wild, rq.anchored};
      std::string why;
      const DieSpec& die = pool.terms.front().die;
      auto solver = TargetSolver::solve(die, pool.diceCount(), spec, &why, control.exactLimit);
      if (!solver) return fail(error, "target", why + (why.find("of work") != std::string::npos
                                                           ? monteCarloSuggestion(DiceSampler::targetDrawCost(pool.diceCount(), rq.rolls),
                                                                                  control.monteCarloLimit)
                                                           : ""));
      res.title = "reach " + formatTarget(*alternatives) + " with " + rq.pool + " in " + std::to_string(rq.rolls) +
                  (rq.rolls == 1 ? " roll" : " rolls, optimal holds") +
                  (rq.wild.empty() ? "" : ", wild " + rq.wild + (rq.anchored ? " (anchored)" : ""));
      if (mc) {
        const double draw = DiceSampler::targetDrawCost(pool.diceCount(), rq.rolls);
        if (!checkSamples(rq.monteCarlo, draw, control, error)) return false;
        budget.setExpected(static_cast<double>(rq.monteCarlo) * draw);
        res.pmf = sampler.target(die, *solver, rq.monteCarlo, &budget);
        if (budget.stopped()) return stopped(budget, 0, control, error);
      } else {
        res.pmf.add(0, 1 - solver->probability());
        res.pmf.add(1, solver->probability());
        res.pmf.setDenominator(solver->denominator());
      }
      res.policy = solver->firstRollPolicy();
      res.probabilityLabel = "P(target reached)";
      res.probability = res.pmf.probability(1);
      break;
    }
    case DiceQuery::Expression: {
      model::ExpressionError ee;
      auto expr = model::Expression::parse(rq.expression, &ee);
      if (!expr) {
        error = DiceError{"expression", ee.column, ee.message};
        return false;
      }
      std::string why;
      auto binding = bindExpression(*expr, ruleset, &why);
      if (!binding) return fail(error, "expression", why);
      auto bound = compileBound(*expr, *binding, &why);
      if (!bound) return fail(error, "expression", why);
      const double draw = DiceSampler::expressionDrawCost(binding->dice.size(), bound->code.size());
      if (mc) {
        if (!checkSamples(rq.monteCarlo, draw, control, error)) return false;
        budget.setExpected(static_cast<double>(rq.monteCarlo) * draw);
      } else {
        const double cost = expressionCost(*binding, bound->code.size());
        if (binding->jointOutcomes() > kMaxJointOutcomes || cost > control.exactLimit)
          return fail(error, "expression",
                      "too large to enumerate exactly (" + std::string(binding->jointOutcomes() > kMaxJointOutcomes
                                                                           ? "more than " + number(kMaxJointOutcomes) + " joint outcomes"
                                                                           : aboutSeconds(cost) + " of work; the bound is " +
                                                                                 aboutSeconds(control.exactLimit)) +
                          ")" + monteCarloSuggestion(draw, control.monteCarloLimit));
        budget.setExpected(cost);
      }
      auto pmf = mc ? sampler.expression(*expr, *binding, rq.monteCarlo, &why, &budget)
                    : expressionDistribution(*expr, *binding, &why, &budget);
      if (budget.stopped()) return stopped(budget, mc ? 0 : draw, control, error);
      if (!pmf) return fail(error, "expression", why);
      res.pmf = std::move(*pmf);
      res.title = "distribution of " + rq.expression;
      label = rq.expression;
      break;
    }
  }
  if (res.pmf.undefined() > 0)
    return fail(error, "", "the outcome is not a number (infinity minus infinity, or 0 times infinity) with probability " +
                               number(res.pmf.undefined()) + ": the values are too large");
  if (rq.atLeast && rq.query != DiceQuery::Vs && rq.query != DiceQuery::Target) {
    res.probabilityLabel = "P(" + label + " >= " + number(*rq.atLeast) + ")";
    res.probability = res.pmf.atLeast(*rq.atLeast);
  }
  res.mean = tidy(res.pmf.mean());
  res.sd = tidy(res.pmf.sd());
  res.exact = !mc;
  if (mc) {
    res.samples = rq.monteCarlo;
    res.title += " (Monte Carlo, " + std::to_string(rq.monteCarlo) + " samples)";
    res.meanInterval = meanInterval(res.pmf, static_cast<double>(rq.monteCarlo));
    if (res.probability)
      res.probabilityInterval = wilsonInterval(std::round(*res.probability * rq.monteCarlo), static_cast<double>(rq.monteCarlo));
  } else if (res.probability) {
    res.probabilityFraction = res.pmf.fraction(*res.probability);
  }
  if (control.progress) control.progress(1.0);
  return true;
}

}  // namespace

bool evaluateDice(const DiceRequest& request, const model::Ruleset* ruleset, DiceResult& result, DiceError& error,
                  const DiceControl& control) {
  auto start = std::chrono::steady_clock::now();
  result = DiceResult{};
  result.request = request;
  if (request.monteCarlo < 0) return fail(error, "", "the number of Monte Carlo samples must be positive");
  if (request.monteCarlo > 1'000'000'000LL) return fail(error, "", "at most 1e9 Monte Carlo samples");
  if (!evaluate(request, ruleset, result, error, control)) return false;
  result.elapsedMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return true;
}

double estimateDiceWork(const DiceRequest& rq, const model::Ruleset* ruleset) {
  Pool a, b;
  DiceError ignored;
  const bool mc = rq.monteCarlo > 0;
  const double samples = static_cast<double>(rq.monteCarlo);
  switch (rq.query) {
    case DiceQuery::Sum:
    case DiceQuery::Count:
      if (!parse(rq.pool, "pool", ruleset, a, ignored)) return 0;
      return mc ? samples * DiceSampler::poolDrawCost(a) : exactCost(a);
    case DiceQuery::Vs:
      if (!parse(rq.pool, "pool", ruleset, a, ignored) || !parse(rq.vs, "vs", ruleset, b, ignored)) return 0;
      if (rq.vsSums)
        return mc ? samples * (DiceSampler::poolDrawCost(a) + DiceSampler::poolDrawCost(b)) : exactCost(a) + exactCost(b);
      if (!opposedProblem(a).empty() || !opposedProblem(b).empty()) return 0;
      return mc ? samples * (DiceSampler::opposedDrawCost(a, b)) : opposedCost(a, b);
    case DiceQuery::Target:
      if (!parse(rq.pool, "pool", ruleset, a, ignored)) return 0;
      return mc ? samples * DiceSampler::targetDrawCost(a.diceCount(), rq.rolls) : 0;
    case DiceQuery::Expression: {
      auto expr = model::Expression::parse(rq.expression);
      if (!expr) return 0;
      auto binding = bindExpression(*expr, ruleset);
      if (!binding) return 0;
      auto bound = compileBound(*expr, *binding);
      if (!bound) return 0;
      return mc ? samples * DiceSampler::expressionDrawCost(binding->dice.size(), bound->code.size())
                : expressionCost(*binding, bound->code.size());
    }
  }
  return 0;
}

std::optional<DiceRequest> requestFromQuestion(const model::DiceQuestion& q, std::string* error) {
  auto fail = [&](std::string message) -> std::optional<DiceRequest> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  auto kind = diceQueryFromString(q.query);
  if (!kind) return fail("unknown query '" + q.query + "' (sum, count, at_least, vs, target, expression)");
  DiceRequest r;
  r.query = *kind;
  std::set<std::string> allowed;
  switch (*kind) {
    case DiceQuery::Sum: allowed = {"pool", "at_least", "faces"}; break;
    case DiceQuery::Count: allowed = {"pool", "faces", "at_least"}; break;
    case DiceQuery::Vs: allowed = {"pool", "vs", "at_least"}; break;
    case DiceQuery::Target: allowed = {"pool", "target", "rolls", "wild", "anchored"}; break;
    case DiceQuery::Expression: allowed = {"expression", "at_least"}; break;
  }
  allowed.insert({"monte_carlo", "seed"});
  if (allowed.count("at_least")) allowed.insert("at_least_of");  // where the threshold comes from (not read here)
  for (const auto& f : q.args) {
    if (!allowed.count(f.key)) return fail("unknown key '" + f.key + "' for a " + q.query + " question");
    auto text = [&] { return f.isList ? joined(f.items, ",") : f.text; };
    if (f.key == "pool") r.pool = text();
    else if (f.key == "vs") r.vs = text();
    else if (f.key == "target") r.target = f.isList ? joined(f.items, "|") : f.text;
    else if (f.key == "wild") r.wild = f.text;
    else if (f.key == "expression") r.expression = f.text;
    else if (f.key == "faces") {
      if (f.isList) r.faces = f.items;
      else {
        std::string s = f.text, cur;
        for (char c : s + ",") {
          if (c == ',') {
            if (!cur.empty()) r.faces.push_back(cur);
            cur.clear();
          } else if (c != ' ') {
            cur += c;
          }
        }
      }
    } else if (f.key == "at_least") {
      auto v = f.asNumber();
      if (!v) return fail("at_least must be a number, got '" + f.text + "'");
      r.atLeast = *v;
    } else if (f.key == "rolls") {
      auto v = f.asInt();
      if (!v || *v < 1 || *v > kMaxTargetRolls) return fail("rolls must be 1 to " + std::to_string(kMaxTargetRolls));
      r.rolls = static_cast<int>(*v);
    } else if (f.key == "anchored") {
      auto v = f.asBool();
      if (!v) return fail("anchored must be true or false");
      r.anchored = *v;
    } else if (f.key == "monte_carlo") {
      auto v = f.asInt();
      if (!v || *v < 1) return fail("monte_carlo must be a positive integer");
      r.monteCarlo = *v;
    } else if (f.key == "seed") {
      auto v = f.asInt();
      if (!v || *v < 0) return fail("seed must be a non-negative integer");
      r.seed = static_cast<std::uint64_t>(*v);
    }
  }
  if (*kind == DiceQuery::Sum && !r.faces.empty()) r.query = DiceQuery::Count;
  if (q.query == "at_least" && !r.atLeast) return fail("an at_least question needs at_least: N");
  if (r.query == DiceQuery::Count && r.faces.empty()) return fail("a count question needs faces: [FACE, ...]");
  if (r.query == DiceQuery::Vs && r.vs.empty()) return fail("a vs question needs vs: POOL");
  if (r.query == DiceQuery::Target && r.target.empty()) return fail("a target question needs target: \"A:n,B:m|C:k\"");
  if (r.query == DiceQuery::Expression && r.expression.empty()) return fail("an expression question needs expression: ...");
  if (r.query != DiceQuery::Expression && r.pool.empty()) return fail("a " + q.query + " question needs pool: NOTATION");
  return r;
}

}  // namespace wb::sim::dice
