#include "model/describe/expression_interval.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb::model::describe {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const Interval kAll{-kInf, kInf};

Interval hull(std::initializer_list<double> v) {
  Interval r{kInf, -kInf};
  for (double x : v) {
    if (std::isnan(x)) return kAll;
    r.lo = std::min(r.lo, x);
    r.hi = std::max(r.hi, x);
  }
  return r;
}

// Recursion depth is bounded by kMaxExpressionDepth (the parser's bound).
Interval walk(const ExprNode& n, const std::function<Interval(std::string_view)>& rangeOf) {
  using K = ExprNode::Kind;
  switch (n.kind) {
    case K::Number: return {n.number, n.number};
    case K::Name: return rangeOf(n.name);
    case K::Negate: {
      const Interval a = walk(n.args[0], rangeOf);
      return {-a.hi, -a.lo};
    }
    case K::Add: {
      const Interval a = walk(n.args[0], rangeOf), b = walk(n.args[1], rangeOf);
      return {a.lo + b.lo, a.hi + b.hi};
    }
    case K::Subtract: {
      const Interval a = walk(n.args[0], rangeOf), b = walk(n.args[1], rangeOf);
      return {a.lo - b.hi, a.hi - b.lo};
    }
    case K::Multiply: {
      const Interval a = walk(n.args[0], rangeOf), b = walk(n.args[1], rangeOf);
      return hull({a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi});
    }
    case K::Divide: {
      const Interval a = walk(n.args[0], rangeOf), b = walk(n.args[1], rangeOf);
      if (b.lo <= 0 && b.hi >= 0) return hull({a.lo, a.hi, 0.0, -kInf, kInf});
      return hull({a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi});
    }
    case K::Call: {
      std::vector<Interval> args;
      for (const auto& a : n.args) args.push_back(walk(a, rangeOf));
      if (args.empty()) return kAll;
      if (n.name == "min" || n.name == "max") {
        Interval r = args[0];
        for (const auto& a : args) {
          r.lo = n.name == "min" ? std::min(r.lo, a.lo) : std::max(r.lo, a.lo);
          r.hi = n.name == "min" ? std::min(r.hi, a.hi) : std::max(r.hi, a.hi);
        }
        return r;
      }
      const Interval a = args[0];
      if (n.name == "ceil") return {std::ceil(a.lo), std::ceil(a.hi)};
      if (n.name == "floor") return {std::floor(a.lo), std::floor(a.hi)};
      if (n.name == "round") return {std::round(a.lo), std::round(a.hi)};
      if (n.name == "abs") {
        if (a.lo >= 0) return a;
        if (a.hi <= 0) return {-a.hi, -a.lo};
        return {0, std::max(-a.lo, a.hi)};
      }
      return kAll;
    }
  }
  return kAll;
}

}  // namespace

Interval intervalOf(const Expression& e, const std::function<Interval(std::string_view)>& rangeOf) {
  return walk(e.root(), rangeOf);
}

bool canHold(Interval l, Compare op, Interval r) {
  switch (op) {
    case Compare::Less: return l.lo < r.hi;
    case Compare::LessEqual: return l.lo <= r.hi;
    case Compare::Equal: return l.lo <= r.hi && r.lo <= l.hi;
    case Compare::NotEqual: return !(l.lo == l.hi && r.lo == r.hi && l.lo == r.lo);
    case Compare::GreaterEqual: return l.hi >= r.lo;
    case Compare::Greater: return l.hi > r.lo;
    case Compare::NonZero: return !(l.lo == 0 && l.hi == 0);
  }
  return true;
}

}  // namespace wb::model::describe
