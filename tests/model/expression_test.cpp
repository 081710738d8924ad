// Amount expressions: parsing, names, evaluation, compiled
// evaluation and errors with the column inside the expression.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "model/expression/compiled_expression.h"
#include "model/expression/expression.h"

using wb::model::Expression;
using wb::model::ExpressionError;

namespace {

double eval(const std::string& text, const std::map<std::string, double>& vars = {}) {
  ExpressionError err;
  auto e = Expression::parse(text, &err);
  EXPECT_TRUE(e) << text << ": " << err.column << ": " << err.message;
  if (!e) return NAN;
  return e->evaluate([&](std::string_view n) { return vars.at(std::string(n)); });
}

ExpressionError parseError(const std::string& text) {
  ExpressionError err;
  EXPECT_FALSE(Expression::parse(text, &err)) << text;
  return err;
}

}  // namespace

TEST(Expression, ArithmeticAndPrecedence) {
  EXPECT_EQ(eval("1 + 2 * 3"), 7);
  EXPECT_EQ(eval("(1 + 2) * 3"), 9);
  EXPECT_EQ(eval("10 - 4 - 3"), 3);    // left associative
  EXPECT_EQ(eval("12 / 3 / 2"), 2);
  EXPECT_EQ(eval("-3 + 5"), 2);
  EXPECT_EQ(eval("- -3"), 3);
  EXPECT_EQ(eval("2.5 * 4"), 10);
  EXPECT_EQ(eval("1e2"), 100);
  EXPECT_EQ(eval("7 / 0"), 0);  // division by zero is defined as 0, never a crash
}

TEST(Expression, FunctionsRoundAsTheRulesSay) {
  // Seed 004: "All fractional number amounts are always rounded up".
  EXPECT_EQ(eval("ceil(utility / 3)", {{"utility", 4}}), 2);
  EXPECT_EQ(eval("ceil(2 * utility / 3)", {{"utility", 5}}), 4);
  EXPECT_EQ(eval("floor(7 / 2)"), 3);
  EXPECT_EQ(eval("round(2.5)"), 3);
  EXPECT_EQ(eval("abs(-4)"), 4);
  EXPECT_EQ(eval("min(3, 1, 2)"), 1);
  EXPECT_EQ(eval("max(3, 1, 2)"), 3);
  EXPECT_EQ(eval("max(1, starting_health - 10)", {{"starting_health", 100}}), 90);
}

TEST(Expression, DiceReferencesAndNames) {
  EXPECT_EQ(eval("fire * magic", {{"fire", 4}, {"magic", 5}}), 20);
  EXPECT_EQ(eval("2 * fire", {{"fire", 6}}), 12);
  EXPECT_EQ(eval("earth × magic", {{"earth", 3}, {"magic", 2}}), 6);  // the printed multiplication sign
  auto e = Expression::parse("fire * magic + fire - ceil(utility / 3)");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->names(), (std::vector<std::string>{"fire", "magic", "utility"}));
  EXPECT_FALSE(e->isConstant());
  auto c = Expression::parse("3 * (2 + 4)");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->isConstant());
  EXPECT_EQ(c->constantValue(), 18);
}

TEST(Expression, TreeRecordsStructureAndColumns) {
  auto e = Expression::parse("earth * magic");
  ASSERT_TRUE(e);
  const auto& root = e->root();
  EXPECT_EQ(root.kind, wb::model::ExprNode::Kind::Multiply);
  ASSERT_EQ(root.args.size(), 2u);
  EXPECT_EQ(root.args[0].name, "earth");
  EXPECT_EQ(root.args[1].name, "magic");
  EXPECT_EQ(root.args[1].column, 9);
}

TEST(Expression, CompiledEvaluationMatchesTreeEvaluation) {
  const std::vector<std::string> slots = {"fire", "earth", "magic", "utility"};
  auto slotOf = [&](std::string_view n) {
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (slots[i] == n) return static_cast<int>(i);
    return -1;
  };
  const char* texts[] = {"fire * magic", "2 * fire", "ceil(2 * utility / 3)", "max(fire, earth, magic) - min(1, utility)",
                         "-(fire + earth) * -magic / 2", "floor(fire / 4) + round(earth / 4) + abs(magic - 9)", "42"};
  for (const char* text : texts) {
    auto e = Expression::parse(text);
    ASSERT_TRUE(e) << text;
    ExpressionError err;
    auto compiled = e->compile(slotOf, &err);
    ASSERT_TRUE(compiled) << text << ": " << err.message;
    for (int f = 1; f <= 6; ++f) {
      for (int u = 1; u <= 6; ++u) {
        const double vars[] = {double(f), double(7 - f), double(u), double(u + f)};
        double expected = e->evaluate([&](std::string_view n) { return vars[slotOf(n)]; });
        EXPECT_DOUBLE_EQ(compiled->evaluate(vars), expected) << text;
      }
    }
  }
}

TEST(Expression, CompileReportsUnknownNamesWithColumn) {
  auto e = Expression::parse("fire * fier");
  ASSERT_TRUE(e);
  ExpressionError err;
  auto compiled = e->compile([](std::string_view n) { return n == "fire" ? 0 : -1; }, &err);
  EXPECT_FALSE(compiled);
  EXPECT_EQ(err.column, 8);
  EXPECT_EQ(err.message, "unknown name 'fier'");
}

TEST(Expression, ParseErrorsCarryTheColumn) {
  EXPECT_EQ(parseError(""), (ExpressionError{1, "empty expression"}));
  EXPECT_EQ(parseError("fire *"), (ExpressionError{7, "expected a number, a name or '('"}));
  EXPECT_EQ(parseError("(fire + 2"), (ExpressionError{10, "missing ')'"}));
  EXPECT_EQ(parseError("fire + 2)"), (ExpressionError{9, "unmatched ')'"}));
  EXPECT_EQ(parseError("fire $ 2"), (ExpressionError{6, "unexpected '$'"}));
  EXPECT_EQ(parseError("sqrt(fire)"), (ExpressionError{1, "unknown function 'sqrt' (known: min, max, ceil, floor, round, abs)"}));
  EXPECT_EQ(parseError("ceil(1, 2)"), (ExpressionError{1, "function 'ceil' takes 1 argument, got 2"}));
  EXPECT_EQ(parseError("min(1)"), (ExpressionError{1, "function 'min' takes at least 2 arguments, got 1"}));
  EXPECT_EQ(parseError("2fire"), (ExpressionError{2, "expected an operator after a number"}));
  EXPECT_EQ(parseError("1..2"), (ExpressionError{1, "malformed number '1..2'"}));
}

TEST(Expression, HostileNestingIsAnErrorNotACrash) {
  std::string deep(1000, '(');
  ExpressionError err;
  EXPECT_FALSE(Expression::parse(deep + "1" + std::string(1000, ')'), &err));
  EXPECT_EQ(err.message.rfind("expression nested too deeply", 0), 0u) << err.message;
}

// About 29 KB of unary `+` (the `+` branch skipped the depth
// check) and a flat chain of 51k terms (the limit counted parentheses, not the
// tree) overflowed the stack. Now both are errors; so is text over the length bound.
TEST(Expression, UnaryPlusChainsAndFlatChainsAreBounded) {
  const std::string plus(9000, '+');
  ExpressionError err = parseError(plus + "1");
  EXPECT_EQ(err.message.rfind("expression nested too deeply", 0), 0u) << err.message;
  EXPECT_LE(err.column, wb::model::kMaxExpressionDepth + 2);

  std::string chain = "a";
  for (int i = 0; i < 4000; ++i) chain += "+a";
  err = parseError(chain);
  EXPECT_EQ(err.message.rfind("expression nested too deeply", 0), 0u) << err.message;
  std::string product = "a";
  for (int i = 0; i < 4000; ++i) product += "*a";
  EXPECT_EQ(parseError(product).message.rfind("expression nested too deeply", 0), 0u);

  // Just inside the bound: a chain of kMaxExpressionDepth terms parses and agrees compiled.
  std::string ok = "1";
  for (int i = 1; i < wb::model::kMaxExpressionDepth; ++i) ok += "+1";
  EXPECT_EQ(eval(ok), wb::model::kMaxExpressionDepth);

  err = parseError(std::string(wb::model::kMaxExpressionLength + 1, ' ') + "1");
  EXPECT_EQ(err.message.rfind("expression too long", 0), 0u) << err.message;
}

// The compiled code stored min/max's arity in 8 bits while
// pushing every argument: a heap overflow with more than 255 arguments, and
// wrong values at exactly 256 (`max(100, 0 x 255) + d6` gave 1..6).
TEST(Expression, MinMaxTakeAnyNumberOfArgumentsCompiled) {
  for (int n : {2, 255, 256, 257, 1000, 3000}) {
    std::string maxText = "max(100", minText = "min(-100";
    for (int i = 1; i < n; ++i) {
      maxText += ",x";
      minText += ",x";
    }
    maxText += ")+x";
    minText += ")+x";
    for (const std::string& text : {maxText, minText}) {
      auto e = Expression::parse(text);
      ASSERT_TRUE(e) << n;
      auto c = e->compile([](std::string_view) { return 0; });
      ASSERT_TRUE(c) << n;
      const double x = 3;
      const double expected = text[1] == 'a' ? 103 : -97;
      EXPECT_EQ(c->evaluate(&x), expected) << n;
      EXPECT_EQ(e->evaluate([](std::string_view) { return 3.0; }), expected) << n;
    }
  }
}

TEST(Expression, ConstantsPrintShortest) {
  EXPECT_EQ(Expression::constant(18).text(), "18");
  EXPECT_EQ(Expression::constant(0.5).text(), "0.5");
  EXPECT_EQ(Expression::constant(-3).constantValue(), -3);
  EXPECT_EQ(Expression().text(), "0");
}
